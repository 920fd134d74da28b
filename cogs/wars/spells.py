"""3x3 Wars: the spell phase: removal and reinforcement, counters (打消) and their chain."""

from __future__ import annotations

import itertools
from typing import Any

from bot.engine import (
    Event,
    Seat,
    State,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    AnswerHandler,
    already_targeted,
    card_value,
    destroy_unit,
    event,
    find_unit,
    has_trait,
    other,
    parse_tokens,
    reinforceable,
    shown_cards,
    single,
    split_token,
    take_from_hand,
    tokens_for,
)
from cogs.wars.effects import COUNTER_LOCKS
from cogs.wars.magic import pay_great


def removal_options(state: State, seat: Seat) -> list[str]:
    targets = [u["card"] for u in state["fields"][other(seat)] if not already_targeted(state, u["card"])]
    usable = [c for c in state["hands"][seat] if not C.is_spellbreaker(c)]
    options = []
    for target in targets:
        need = C.cost(target)
        for card in usable:
            for token in tokens_for(card):
                if card_value(*split_token(token)) == need:
                    options.append(f"remove:{token}:{target}")
        for first, second in itertools.combinations(usable, 2):
            for t1 in tokens_for(first):
                for t2 in tokens_for(second):
                    if card_value(*split_token(t1)) + card_value(*split_token(t2)) >= need:
                        options.append(f"remove2:{t1}+{t2}:{target}")
    return options


def reinforce_options(state: State, seat: Seat) -> list[str]:
    options = []
    for unit in state["fields"][seat]:
        if not reinforceable(state, unit):
            continue
        target = unit["card"]
        for card in state["hands"][seat]:
            if C.is_spellbreaker(card):
                continue
            if C.is_tuning(card) or C.attribute(card) == C.attribute(target):
                options += [f"reinforce:{t}:{target}" for t in tokens_for(card)]
            if has_trait(state, card, "veil"):
                options.append(f"veil:{card}:{target}")
    return options


def declare_spell(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    verb, cards_text, target = option.split(":")
    kind = {"remove": "remove", "remove2": "remove", "reinforce": "reinforce", "veil": "reinforce"}[verb]
    played = parse_tokens(cards_text)
    for played_card in played:
        take_from_hand(state, seat, played_card["card"])
    spell = {"seat": seat, "kind": kind, "cards": played, "target": target, "veil": verb == "veil"}
    state["declared"].append(spell)
    state["last"]["spells"].append({"seat": seat, "kind": kind, "cards": shown_cards(played), "target": target,
                                    "veil": verb == "veil", "result": "declared", "counters": []})
    events.append(event(f"declare_{kind}", None, seat=seat, cards=shown_cards(played), target=target,
                        veil=verb == "veil"))


def counter_matches(top: list[dict[str, Any]], counter: list[dict[str, Any]]) -> bool:
    """打消: same number of cards and the same numbers; 呪文砕き is a wildcard that only 呪文砕き answers."""
    if len(top) != len(counter):
        return False
    for order in itertools.permutations(counter):
        if all(_answers(t, c) for t, c in zip(top, order, strict=True)):
            return True
    return False


def _answers(target: dict[str, Any], answer: dict[str, Any]) -> bool:
    if C.is_spellbreaker(answer["card"]):
        return True
    if C.is_spellbreaker(target["card"]):
        return False
    return answer["value"] == target["value"]


def counter_options(state: State, seat: Seat, top: dict[str, Any]) -> list[str]:
    if any(locked(state, seat) for locked in COUNTER_LOCKS):
        return []  # "cannot" beats "can"
    size = len(top["cards"])
    options = []
    for combo in itertools.combinations(state["hands"][seat], size):
        for tokens in itertools.product(*(tokens_for(c) for c in combo)):
            text = "+".join(tokens)
            if counter_matches(top["cards"], parse_tokens(text)):
                options.append(f"counter:{text}")
    return options


def answer_counter(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    chain = state["chain"]
    if option == "pass":
        # Private: nothing public may say that a counter window was offered or declined (GAMES.md).
        events.append(event("counter_pass", (seat,), seat=seat))
        resolve_chain(state, events)
        return
    if option.startswith("great:"):
        use_forbid_fire_on_chain(state, seat, option.split(":")[1], events)
        return
    played = parse_tokens(option.split(":", 1)[1])
    for played_card in played:
        take_from_hand(state, seat, played_card["card"])
    chain["stack"].append({"seat": seat, "kind": "counter", "cards": played})
    state["last"]["spells"][-1 - len(state["declared"])]["counters"].append(shown_cards(played))
    events.append(event("counter", None, seat=seat, cards=shown_cards(played)))


def spell_record(state: State) -> dict[str, Any]:
    return state["last"]["spells"][-1 - len(state["declared"])]


def resolve_chain(state: State, events: list[Event]) -> None:
    """Last in, first out: the top stands, each standing counter cancels the one below it."""
    chain = state["chain"]
    stack = chain["stack"]
    base = stack[0]
    stands = len(stack) % 2 == 1
    for spell in stack:
        state["discard"] += [p["card"] for p in spell["cards"]]
    state["turn_state"]["targeted"].append(base["target"])
    record = spell_record(state)
    if stands:
        record["result"] = "resolved"
        apply_spell(state, base, events)
    else:
        record["result"] = "countered"
        owner = other(base["seat"]) if base["kind"] == "remove" else base["seat"]  # removal: the opponent's unit
        events.append(event("spell_countered_on", None, seat=base["seat"], player=owner, target=base["target"]))
    state["chain"] = None
    state["step"] = chain["then"]


def apply_spell(state: State, spell: dict[str, Any], events: list[Event]) -> None:
    found = find_unit(state, spell["target"])
    if found is None:
        return
    if spell["kind"] == "remove":
        destroy_unit(state, spell["target"], events)
        return
    _, unit = found
    if spell["veil"]:
        unit["pierce"] = True
        events.append(event("veiled", None, seat=spell["seat"], target=spell["target"]))
    else:
        amount = sum(p["value"] for p in spell["cards"])
        unit["reinforce"] += amount
        events.append(event("reinforced", None, seat=spell["seat"], target=spell["target"], amount=amount))


def use_forbid_fire_on_chain(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    """★不許火 against a reinforcement: it is nullified and cannot be countered; the chain ends."""
    chain = state["chain"]
    pay_great(state, seat, card_id, events)
    for spell in chain["stack"]:
        state["discard"] += [p["card"] for p in spell["cards"]]
    state["turn_state"]["targeted"].append(chain["stack"][0]["target"])
    spell_record(state)["result"] = "nullified"
    events.append(event("nullified", None, seat=seat, card=chain["stack"][0]["target"]))
    state["chain"] = None
    state["step"] = chain["then"]


ANSWERS: dict[str, AnswerHandler] = {"counter": single(answer_counter)}
