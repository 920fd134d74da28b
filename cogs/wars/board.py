"""3x3 Wars: the table every rule works on.

The state's constructors, the small helpers every section uses (seats, events, card numbers, traits in
force at the level), the zones (hand, field, territories, discard) and the moves between them, life,
the end of the game, and the open questions (``state["asks"]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.engine import (
    Event,
    IllegalChoice,
    Seat,
    State,
    draw_rng,
)
from bot.questions import Questions
from cogs.wars import cards as C
from cogs.wars.traits import TRAITS

LEVELS = ("overlord", "apprentice", "wizard", "seven_mage", "apprentice_choose3")
STARTING_LIFE = 30
FIELD_SLOTS = 3
TUNING_VALUES = (1, 2, 3)
MAIN_STEPS = ("expand", "strategy")
SPELL_STEPS = ("removal", "reinforce")


# ---------------------------------------------------------------- small helpers


def other(seat: Seat) -> Seat:
    return 1 - seat


def level_has_great(state: State) -> bool:
    return state["level"] in ("wizard", "seven_mage")


def level_has_masters(state: State) -> bool:
    return state["level"] in ("apprentice", "apprentice_choose3")


def trait_active(state: State, trait: str) -> bool:
    return TRAITS[trait].every_level or level_has_great(state)


def has_trait(state: State, card_id: str, trait: str) -> bool:
    return trait in C.traits(card_id) and trait_active(state, trait)


def is_pierce(state: State, unit: dict[str, Any]) -> bool:
    """Attacks in the transparent attack step: 透過, or given 透過 by 透化 until the end of combat."""
    return unit["pierce"] or has_trait(state, unit["card"], "transparent")


def event(key: str, audience: tuple[Seat, ...] | None = None, **args: Any) -> Event:
    return Event(f"wars.event.{key}", args, audience)


def split_token(token: str) -> tuple[str, int | None]:
    """``045.2`` -> (``045``, 2); ``017`` -> (``017``, None)."""
    if "." in token:
        card, value = token.split(".", 1)
        return card, int(value)
    return token, None


def card_value(card_id: str, chosen: int | None) -> int:
    return chosen if chosen is not None and C.is_tuning(card_id) else C.cost(card_id)


def tokens_for(card_id: str) -> list[str]:
    """Every way to play a card as a number: 調律 once per value, others once."""
    if C.is_tuning(card_id):
        return [f"{card_id}.{v}" for v in TUNING_VALUES]
    return [card_id]


def parse_tokens(text: str) -> list[dict[str, Any]]:
    result = []
    for token in text.split("+"):
        card, value = split_token(token)
        result.append({"card": card, "value": card_value(card, value)})
    return result


def shown_cards(played: Sequence[dict[str, Any]]) -> list[str]:
    """The cards of a spell as the table sees them: a 調律 with the number its user chose (``045.2``)."""
    return [f"{p['card']}.{p['value']}" if C.is_tuning(p["card"]) else p["card"] for p in played]


# ---------------------------------------------------------------- state


def new_turn_state() -> dict[str, Any]:
    return {
        "magic_used": [], "great_used": [], "targeted": [], "expanded": False, "strategy_done": False,
        "harvest": [], "fog": [], "miasma": [], "endless": [], "manifest_off": [], "manifest_kept": [],
        "in_strategy": False,
    }


def empty_state(seed: int, level: str) -> State:
    return {
        "game": "wars", "seed": seed, "rng_counter": 0, "level": level, "first": 0, "turn": 0, "active": 0,
        "step": "setup", "life": [STARTING_LIFE, STARTING_LIFE], "deck": [], "hands": [[], []],
        "territories": [[], []], "fields": [[], []], "magic": [[], []], "masters": [None, None],
        "discard": [], "exile": [], "set_aside": [], "asks": [], "declared": [], "chain": None,
        "pending_magic": None, "turn_state": new_turn_state(), "setup": [{}, {}], "deck_out": False,
        "result": None, "moves": 0, "last": {"spells": [], "combat": None, "magic": []},
    }


def shuffled(state: State, items: Sequence[str]) -> list[str]:
    result = list(items)
    draw_rng(state).shuffle(result)
    return result


# ---------------------------------------------------------------- zones


def unit_entry(card_id: str, turn: int) -> dict[str, Any]:
    return {"card": card_id, "reinforce": 0, "increase": 0, "pierce": False, "entered": turn}


def find_unit(state: State, card_id: str) -> tuple[Seat, dict[str, Any]] | None:
    for seat in (0, 1):
        for unit in state["fields"][seat]:
            if unit["card"] == card_id:
                return seat, unit
    return None


def units_of(state: State, seat: Seat) -> list[str]:
    return [u["card"] for u in state["fields"][seat]]


def territory_count(state: State, seat: Seat) -> int:
    return len(state["territories"][seat])


def take_from_hand(state: State, seat: Seat, card_id: str, *, openly: bool = True) -> None:
    """``openly``: the opponent sees which card left (False for a face-down territory: see seen_after_expansion)."""
    hand = state["hands"][seat]
    if card_id not in hand:
        raise IllegalChoice("card not in hand", card=card_id)
    hand.remove(card_id)
    if openly:
        forget_seen(state, seat, card_id)


# ---------------------------------------------------------------- what the opponent has seen of a hand
# A card comes back to its owner's hidden hand in the open (bounced, 不死, 交代, taken by a seek) or is shown
# to the opponent by 暴露; the opponent then knows where it is until it leaves the hand in the open. The
# state keeps that knowledge (``state["seen"][owner]``) so the bot's worlds for the opponent hold it
# (determinize.py) and the opponent's own panel reminds them of it (views.py). ``hand``: known to be in the
# hand; ``hand_or_territory``: it was, then the owner set a face-down territory from the hand, maybe this one.
# Only what the opponent saw moves these lists: never the hidden card an expansion took.


def seen_by_opponent(state: State, owner: Seat) -> dict[str, list[str]]:
    """The owner's cards its opponent knows are in its hand (or, since an expansion, hand or territories)."""
    seen = state.get("seen")
    return seen[owner] if seen else {"hand": [], "hand_or_territory": []}


def mark_seen(state: State, owner: Seat, cards: Sequence[str]) -> None:
    """``cards`` of the owner's hand are now known to its opponent."""
    if "seen" not in state:  # older matches and a fresh game start without it
        state["seen"] = [{"hand": [], "hand_or_territory": []} for _ in (0, 1)]
    known = state["seen"][owner]
    for card in cards:
        if card in known["hand_or_territory"]:
            known["hand_or_territory"].remove(card)
        if card not in known["hand"]:
            known["hand"].append(card)


def forget_seen(state: State, owner: Seat, card_id: str) -> None:
    """The card left the owner's hand in the open (played, discarded): nothing left to remember."""
    seen = state.get("seen")
    if seen:
        for cards in seen[owner].values():
            if card_id in cards:
                cards.remove(card_id)


def seen_after_expansion(state: State, owner: Seat) -> None:
    """The owner set a hidden card of its hand as a territory: each seen card may be that one."""
    seen = state.get("seen")
    if seen and seen[owner]["hand"]:
        seen[owner]["hand_or_territory"] += seen[owner]["hand"]
        seen[owner]["hand"] = []


def draw_cards(state: State, seat: Seat, count: int, events: list[Event]) -> list[str]:
    drawn = []
    for _ in range(count):
        if not state["deck"]:
            break
        card = state["deck"].pop(0)
        state["hands"][seat].append(card)
        drawn.append(card)
        if not state["deck"]:
            state["deck_out"] = True  # the game ends at the end of this turn
    if drawn:
        events.append(event("drew", (seat,), seat=seat, cards=drawn))
        events.append(event("drew_public", None, seat=seat, count=len(drawn)))
    return drawn


def leave_field(state: State, seat: Seat, card_id: str) -> None:
    state["fields"][seat] = [u for u in state["fields"][seat] if u["card"] != card_id]


def destroy_unit(state: State, card_id: str, events: list[Event]) -> None:
    """破壊: field -> discard, except 不死 units that go back to their owner's hand."""
    found = find_unit(state, card_id)
    if found is None:
        return
    seat, _ = found
    leave_field(state, seat, card_id)
    if has_trait(state, card_id, "undying"):
        state["hands"][seat].append(card_id)
        mark_seen(state, seat, [card_id])
        events.append(event("undying", None, seat=seat, card=card_id))
    else:
        state["discard"].append(card_id)
        events.append(event("destroyed", None, seat=seat, card=card_id))


def bounce_unit(state: State, card_id: str, events: list[Event]) -> None:
    found = find_unit(state, card_id)
    if found is None:
        return
    seat, _ = found
    leave_field(state, seat, card_id)
    state["hands"][seat].append(card_id)
    mark_seen(state, seat, [card_id])
    events.append(event("bounced", None, seat=seat, card=card_id))


def answer_expand(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    card = option.split(":")[1]
    take_from_hand(state, seat, card, openly=False)  # the territory is face down: the opponent saw no card leave
    seen_after_expansion(state, seat)
    state["territories"][seat].append(card)
    events.append(event("expand", None, seat=seat))
    main_record(state, {"seat": seat, "kind": "expand"})  # the territory card is face down: not named
    events.append(event("expand_private", (seat,), seat=seat, card=card))


def answer_discard(state: State, seat: Seat, choice: Sequence[str], events: list[Event]) -> None:
    for option in choice:
        card = option.split(":")[1]
        take_from_hand(state, seat, card)
        state["discard"].append(card)
        events.append(event("discarded", None, seat=seat, card=card))


def main_record(state: State, entry: dict[str, Any]) -> None:
    """Deploys, redeploys and expansions of this turn, for the board's log (public facts only)."""
    state["last"].setdefault("main", []).append(entry)


def already_targeted(state: State, card_id: str) -> bool:
    """呪文発動条件1: each unit is the target of at most one spell per turn."""
    declared = {s["target"] for s in state["declared"]}
    return card_id in state["turn_state"]["targeted"] or card_id in declared


def reinforceable(state: State, unit: dict[str, Any]) -> bool:
    return not already_targeted(state, unit["card"]) and not has_trait(state, unit["card"], "no_reinforce")


def damage(state: State, seat: Seat, amount: int, events: list[Event], why: str) -> None:
    if amount <= 0:
        return
    state["life"][seat] -= amount
    events.append(event("damage", None, seat=seat, amount=amount, life=state["life"][seat], why=why))
    if state["life"][seat] <= 0 and state["result"] is None:
        finish(state, other(seat), "life", events)


def heal(state: State, seat: Seat, amount: int, events: list[Event]) -> None:
    state["life"][seat] += amount
    events.append(event("heal", None, seat=seat, amount=amount, life=state["life"][seat]))


def finish(state: State, winner: Seat | None, reason: str, events: list[Event]) -> None:
    state["result"] = {"winner": winner, "reason": reason}
    state["asks"] = []
    if winner is None:
        events.append(event("game_draw", None, reason=reason))
    else:
        events.append(event("game_over", None, winner=winner, reason=reason))


# ---------------------------------------------------------------- asks


# The sections ask with ``QUESTIONS.ask``; the engine registers their answer tables (``engine.ANSWERS``) once
# it has imported them all: the sections import this module, so the table cannot be built here.
QUESTIONS = Questions("wars")


# An answer to an open question: (state, seat, the options chosen, the question, events).
AnswerHandler = Callable[[State, Seat, Sequence[str], dict[str, Any], list[Event]], None]


def single(handler: Callable[[State, Seat, str, list[Event]], None]) -> AnswerHandler:
    """An answer handler of one option, as the answer table calls it."""
    def run(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
        handler(state, seat, choice[0], events)
    return run


def multi(handler: Callable[[State, Seat, Sequence[str], list[Event]], None]) -> AnswerHandler:
    """An answer handler of several options, as the answer table calls it."""
    def run(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
        handler(state, seat, choice, events)
    return run
