"""Hand cards after a cast: charge +1 and the accident cube, charging with a cast public card (and the
same-colour bonus), release and overcharge, discarding a hand card (blue's carried charge) and choosing its
replacement among three. Owns the tasks in ``PREPARE``/``ANSWER`` below."""

from __future__ import annotations

from typing import Any

from bot.engine import Event, Seat, State
from cogs.tetra import cards as catalogue
from cogs.tetra.effects import apply_effects
from cogs.tetra.table import (
    REPLACEMENT_CHOICES,
    ask,
    draw_hand_deck,
    draw_public,
    emit,
    hand_card_of,
    hand_card_record,
    player_of,
    push,
)


def _prepare_after_hand_cast(state: State, task: dict[str, Any], events: list[Event]) -> None:
    """Charge +1 from the public deck, a cube to the accident deck, then release or overcharge."""
    seat = state["active"]
    card_id = task["card"]
    hand = hand_card_of(state, seat, card_id)
    assert hand is not None
    _add_charge(state, seat, hand, draw_public(state), events)
    hand["cubes"] -= 1
    state["accident"]["cubes"] += 1
    emit(events, "cube", seat=seat, card=card_id, cubes=hand["cubes"])
    if hand["cubes"] <= 0:  # release comes before overcharge (the book, P24)
        emit(events, "release", seat=seat, card=card_id)
        apply_effects(state, seat, catalogue.field(card_id, "release"), events, card_id)
        push(state, {"do": "discard_hand", "seat": seat, "card": card_id})
    else:
        push(state, {"do": "check_over", "seat": seat, "card": card_id})
    return None


def _add_charge(state: State, seat: Seat, hand: dict[str, Any], charge_card: str | None,
                events: list[Event]) -> None:
    hand["charge"] += 1
    if charge_card is not None:
        hand["charge_cards"].append(charge_card)
    emit(events, "charge", seat=seat, card=hand["id"], charge=hand["charge"])


def _prepare_charge(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    hand = player_of(state, seat)["hand"]
    if not hand:
        state["public"]["discard"].append(task["card"])
        return None
    return ask(seat, "tetra.prompt.charge", [f"charge:{h['id']}" for h in hand], card=task["card"])


def _answer_charge(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    target = hand_card_of(state, seat, option.split(":", 1)[1])
    assert target is not None
    _add_charge(state, seat, target, task["card"], events)
    follow = []
    same_colour = catalogue.field(task["card"], "colour") == player_of(state, seat)["colour"]
    others = [h["id"] for h in player_of(state, seat)["hand"] if h["id"] != target["id"]]
    if same_colour and others:
        follow.append({"do": "charge_bonus", "card": others[0]})
    follow.append({"do": "check_over", "seat": seat, "card": target["id"]})
    push(state, *follow)


def _prepare_charge_bonus(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    return ask(state["active"], "tetra.prompt.charge_bonus", [f"charge:{task['card']}", "skip"], card=task["card"])


def _answer_charge_bonus(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    if option == "skip":
        emit(events, "charge_bonus_skip", seat=state["active"], card=task["card"])
        return
    seat = state["active"]
    hand = hand_card_of(state, seat, task["card"])
    assert hand is not None
    _add_charge(state, seat, hand, draw_public(state), events)
    push(state, {"do": "check_over", "seat": seat, "card": hand["id"]})


def _prepare_check_over(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = task["seat"]
    hand = hand_card_of(state, seat, task["card"])
    if hand is None or hand["charge"] <= catalogue.field(hand["id"], "max_charge"):
        return None
    emit(events, "overcharge", seat=seat, card=hand["id"])
    player = player_of(state, seat)
    if player["colour"] == "yellow" and player["ether"] >= 1:
        return ask(seat, "tetra.prompt.yellow_release", ["release:pay", "release:skip"], card=hand["id"])
    push(state, {"do": "discard_hand", "seat": seat, "card": hand["id"]})
    return None


def _answer_check_over(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = task["seat"]
    if option == "release:pay":
        player_of(state, seat)["ether"] -= 1
        emit(events, "release", seat=seat, card=task["card"])
        apply_effects(state, seat, catalogue.field(task["card"], "release"), events, task["card"])
    push(state, {"do": "discard_hand", "seat": seat, "card": task["card"]})


def _prepare_discard_hand(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = task["seat"]
    hand = hand_card_of(state, seat, task["card"])
    assert hand is not None
    most = hand["charge"] // 2
    if player_of(state, seat)["colour"] == "blue" and most >= 1:
        return ask(seat, "tetra.prompt.carry", [f"carry:{n}" for n in range(most + 1)], card=hand["id"])
    _discard_hand(state, seat, task["card"], 0, events)
    return None


def _answer_discard_hand(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _discard_hand(state, task["seat"], task["card"], int(option.split(":")[1]), events)


def _discard_hand(state: State, seat: Seat, card_id: str, carry: int, events: list[Event]) -> None:
    player = player_of(state, seat)
    index = next(i for i, h in enumerate(player["hand"]) if h["id"] == card_id)
    hand = player["hand"].pop(index)
    carried_cards = hand["charge_cards"][:carry]
    state["public"]["discard"].extend(hand["charge_cards"][carry:])
    player["hand_discard"].append(card_id)
    state["hand_discards"] += 1
    emit(events, "discard_hand", seat=seat, card=card_id, carry=carry)
    push(state, {"do": "replace", "seat": seat, "index": index, "carry": carry, "carry_cards": carried_cards})


def _prepare_replace(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = task["seat"]
    if "candidates" not in task:
        drawn = [draw_hand_deck(state, seat) for _ in range(REPLACEMENT_CHOICES)]
        task["candidates"] = [c for c in drawn if c is not None]
        emit(events, "replace_draw", audience=(seat,), seat=seat, cards=",".join(task["candidates"]))
    candidates = task["candidates"]
    if not candidates:
        return None
    if len(candidates) == 1:
        _take(state, task, candidates[0], events)
        return None
    return ask(seat, "tetra.prompt.replace", [f"take:{c}" for c in candidates])


def _answer_replace(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _take(state, task, option.split(":", 1)[1], events)


def _take(state: State, task: dict[str, Any], card_id: str, events: list[Event]) -> None:
    seat = task["seat"]
    player = player_of(state, seat)
    record = hand_card_record(card_id, task["carry"], task["carry_cards"])
    player["hand"].insert(task["index"], record)
    emit(events, "new_hand_card", seat=seat, card=card_id, charge=task["carry"])
    others = [c for c in task["candidates"] if c != card_id]
    follow: list[dict[str, Any]] = []
    if len(others) == 2:
        follow.append({"do": "bottom", "seat": seat, "cards": others})
    else:
        player["hand_deck"].extend(others)
    follow.append({"do": "check_over", "seat": seat, "card": card_id})
    push(state, *follow)


def _prepare_bottom(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    return ask(task["seat"], "tetra.prompt.bottom", [f"bottom:{c}" for c in task["cards"]])


def _answer_bottom(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    last = option.split(":", 1)[1]
    first = next(c for c in task["cards"] if c != last)
    player_of(state, task["seat"])["hand_deck"].extend([first, last])
    emit(events, "bottom", seat=task["seat"])  # which card went last stays private


# The tasks this module resolves (task name -> handler); ``engine`` merges the tables of every phase.
PREPARE: dict[str, Any] = {
    "after_hand_cast": _prepare_after_hand_cast,
    "charge": _prepare_charge,
    "charge_bonus": _prepare_charge_bonus,
    "check_over": _prepare_check_over,
    "discard_hand": _prepare_discard_hand,
    "replace": _prepare_replace,
    "bottom": _prepare_bottom,
}

ANSWER: dict[str, Any] = {
    "charge": _answer_charge,
    "charge_bonus": _answer_charge_bonus,
    "check_over": _answer_check_over,
    "discard_hand": _answer_discard_hand,
    "replace": _answer_replace,
    "bottom": _answer_bottom,
}
