"""Casting: which spells a seat can cast, placing mana tablets into the slots, resolving a public spell or
a hand card's band (its effect kinds are in ``effects``), the mana for casting nothing and paying mana
demerits. Owns the tasks in ``PREPARE``/``ANSWER`` below; charging after a cast is in ``charges``."""

from __future__ import annotations

from typing import Any

from bot.engine import Event, Seat, State
from cogs.tetra import cards as catalogue
from cogs.tetra import casting
from cogs.tetra import geometry as geo
from cogs.tetra.effects import apply_effects, can_pay
from cogs.tetra.table import (
    MANA_CAP,
    ask,
    emit,
    gain_ether,
    gain_mana,
    hand_card_of,
    payable_colours,
    player_of,
    push,
    reading_colours,
    visible_groups,
)


def spell_cost(state: State, seat: Seat, card_id: str) -> list[str]:
    hand = hand_card_of(state, seat, card_id)
    return catalogue.cost_at(card_id, hand["charge"] if hand else 0)


def placements_for(state: State, seat: Seat, card_id: str) -> list[dict[int, str]]:
    mana = player_of(state, seat)["mana"]
    return [dict(p) for p in casting.cached_placements(
        tuple(spell_cost(state, seat, card_id)),
        tuple(tuple(group) for group in visible_groups(state, seat)),
        tuple(reading_colours(state, seat)),
        tuple(mana[c] for c in geo.COLOURS))]


def castable(state: State, seat: Seat) -> list[str]:
    """Spells ``seat`` can cast now: public row cards, then own hand cards."""
    found = []
    cast_this_turn = state["turn_state"]["cast_ids"]
    for card_id in state["public"]["row"]:
        if placements_for(state, seat, card_id):
            found.append(card_id)
    for hand in player_of(state, seat)["hand"]:
        band = catalogue.band_at(hand["id"], hand["charge"])
        if hand["id"] in cast_this_turn:
            continue  # cast +1 buys another spell, not the same one again
        placements = placements_for(state, seat, hand["id"])
        # Every offered placement uses the fewest tablets, so any one tells what is left to pay with.
        if placements and can_pay(state, seat, band, len(placements[0])):
            found.append(hand["id"])
    return found


def _prepare_cast(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    turn = state["turn_state"]
    if turn["casts_left"] <= 0:
        return None
    prompt = "tetra.prompt.cast_more" if turn["casts_done"] else "tetra.prompt.cast"
    return ask(seat, prompt, [f"cast:{c}" for c in castable(state, seat)] + ["pass"])


def _answer_cast(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    turn = state["turn_state"]
    if option == "pass":
        emit(events, "cast_pass" if turn["casts_done"] == 0 else "cast_more_pass", seat=seat)
        if turn["casts_done"] == 0:
            push(state, {"do": "gain_mana"})
        turn["casts_left"] = 0
        return
    card_id = option.split(":", 1)[1]
    candidates = [sorted([slot, colour] for slot, colour in p.items())
                  for p in placements_for(state, seat, card_id)]
    turn["casts_left"] -= 1
    turn["casts_done"] += 1
    turn["cast_ids"].append(card_id)
    if card_id in state["public"]["row"]:
        state["public"]["row"].remove(card_id)
    emit(events, "cast", seat=seat, card=card_id)
    push(state, {"do": "place", "card": card_id, "candidates": candidates},
          {"do": "resolve", "card": card_id}, {"do": "cast"})


def _prepare_place(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    candidates = task["candidates"]
    if len(candidates) == 1:
        mana = player_of(state, seat)["mana"]
        for _slot, colour in candidates[0]:
            mana[colour] -= 1
        if candidates[0]:
            placed = ",".join(f"{slot}:{colour}" for slot, colour in candidates[0])
            emit(events, "mana_used", seat=seat, placed=placed)
        return None
    every = [tuple(pair) for pair in candidates[0] if all(pair in c for c in candidates)]
    options = sorted({casting.placement_id(slot, colour) for c in candidates for slot, colour in c
                      if (slot, colour) not in every})
    return ask(seat, "tetra.prompt.place_mana", options, card=task["card"])


def _answer_place(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    slot, colour = casting.parse_placement_id(option)
    remaining = [c for c in task["candidates"] if [slot, colour] in c]
    push(state, {"do": "place", "card": task["card"], "candidates": remaining})


def _prepare_resolve(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    card_id = task["card"]
    if catalogue.card(card_id).kind == "public":
        _resolve_public(state, seat, card_id, events)
        return None
    hand = hand_card_of(state, seat, card_id)
    assert hand is not None
    band = catalogue.band_at(card_id, hand["charge"])
    if band.get("choices"):
        options = [f"effect:{i + 1}" for i, choice in enumerate(band["choices"]) if can_pay(state, seat, choice)]
        return ask(seat, "tetra.prompt.choose_effect", options, card=card_id)
    push(state, {"do": "after_hand_cast", "card": card_id})
    apply_effects(state, seat, band, events, card_id)  # a mana payment goes before after_hand_cast
    return None


def _answer_resolve(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    card_id = task["card"]
    hand = hand_card_of(state, seat, card_id)
    assert hand is not None
    band = catalogue.band_at(card_id, hand["charge"])
    push(state, {"do": "after_hand_cast", "card": card_id})
    apply_effects(state, seat, band["choices"][int(option.split(":")[1]) - 1], events, card_id)


def _resolve_public(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    stats = catalogue.card(card_id).stats
    for colour, count in stats.get("gain", {}).items():
        if count:
            gained = gain_mana(state, seat, colour, count)
            emit(events, "gain_mana", seat=seat, colour=colour, count=gained)
    if stats.get("ether"):
        emit(events, "gain_ether", seat=seat, count=gain_ether(state, seat, stats["ether"]))
    effect = [{"do": "public_effect", "effect": stats["effect"]}] if stats.get("effect") else []
    push(state, *effect, {"do": "charge", "card": card_id})


def _prepare_gain_mana(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    player = player_of(state, seat)
    if sum(player["mana"].values()) >= MANA_CAP[player["colour"]]:
        emit(events, "mana_full", seat=seat)
        return None
    return ask(seat, "tetra.prompt.gain_mana", [f"gain:{c}" for c in geo.COLOURS])


def _answer_gain_mana(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    colour = option.split(":")[1]
    emit(events, "gain_mana", seat=seat, colour=colour, count=gain_mana(state, seat, colour, 1))


def _prepare_pay_mana(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    """Pay ``left`` mana one tablet at a time; the player chooses the colour whenever more than one
    colour could pay and not everything must go (the book's player picks the tablets to give back)."""
    seat = task["seat"]
    mana = player_of(state, seat)["mana"]
    while task["left"] > 0:
        colours = payable_colours(state, seat)
        if not colours:
            break
        if len(colours) > 1 and sum(mana.values()) > task["left"]:
            return ask(seat, "tetra.prompt.pay_mana", [f"pay:{c}" for c in colours], count=task["left"])
        _pay_one(state, task, colours[0])
    emit(events, "pay_mana", seat=seat, count=len(task["paid"]), colours=task["paid"])
    return None


def _pay_one(state: State, task: dict[str, Any], colour: str) -> None:
    player_of(state, task["seat"])["mana"][colour] -= 1
    task["left"] -= 1
    task["paid"].append(colour)


def _answer_pay_mana(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _pay_one(state, task, option.split(":", 1)[1])
    push(state, task)


# The tasks this module resolves (task name -> handler); ``engine`` merges the tables of every phase.
PREPARE: dict[str, Any] = {
    "cast": _prepare_cast,
    "place": _prepare_place,
    "resolve": _prepare_resolve,
    "gain_mana": _prepare_gain_mana,
    "pay_mana": _prepare_pay_mana,
}

ANSWER: dict[str, Any] = {
    "cast": _answer_cast,
    "place": _answer_place,
    "resolve": _answer_resolve,
    "gain_mana": _answer_gain_mana,
    "pay_mana": _answer_pay_mana,
}
