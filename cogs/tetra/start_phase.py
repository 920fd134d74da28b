"""The start of a turn and every move of the tetrites: refilling the public row, the marker, the own and
marker rotations (with the book's exceptions 1 and 2), the ether transfer, and the rotate/tip/marker
effects of public spells. Owns the tasks in ``PREPARE``/``ANSWER`` below."""

from __future__ import annotations

from typing import Any

from bot.engine import Event, Seat, State
from cogs.tetra import geometry as geo
from cogs.tetra.table import PUBLIC_ROW_SIZE, ask, draw_public, emit, free_tetrites, player_of, tetrite_of

DIRECTION_STEPS = {"cw": geo.CW, "ccw": geo.CCW}


def _prepare_start(state: State, task: dict[str, Any], events: list[Event]) -> None:
    seat = state["active"]
    emit(events, "turn", seat=seat, turn=state["turn"])
    row = state["public"]["row"]
    while len(row) < PUBLIC_ROW_SIZE:  # refilled on the right: the order is the age of the cards
        card_id = draw_public(state)
        if card_id is None:
            break
        row.append(card_id)
        emit(events, "refill", card=card_id)
    return None


def _prepare_marker(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    free = free_tetrites(state)
    if len(free) == 1:
        _move_marker(state, seat, free[0], events)
        return None
    return ask(seat, "tetra.prompt.marker", [f"marker:{c}" for c in free])


def _move_marker(state: State, seat: Seat, colour: str, events: list[Event]) -> None:
    state["markers"][seat] = colour
    emit(events, "marker", seat=seat, tetrite=colour)


def _answer_marker(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _move_marker(state, task.get("seat", state["active"]), option.split(":")[1], events)


def _rotate(state: State, seat: Seat, colour: str, direction: str, events: list[Event]) -> None:
    tetrite = tetrite_of(state, colour)
    tetrite["faces"] = geo.rotate(tetrite["faces"], DIRECTION_STEPS[direction])
    emit(events, "rotate", seat=seat, tetrite=colour, direction=direction)


def _tip(state: State, seat: Seat, colour: str, face: str, events: list[Event]) -> None:
    tetrite = tetrite_of(state, colour)
    tetrite["faces"] = geo.tip(tetrite["faces"], face)
    emit(events, "tip", seat=seat, tetrite=colour, face=face)


def _rotate_options(colour: str) -> list[str]:
    return [f"rotate:{colour}:cw", f"rotate:{colour}:ccw"]


def _tip_options(state: State, colour: str) -> list[str]:
    return [f"tip:{colour}:{face}" for face in geo.side_faces(tetrite_of(state, colour)["faces"])]


def _prepare_rot1(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    own = player_of(state, seat)["colour"]
    faces = tetrite_of(state, own)["faces"]
    if geo.bottom_face(faces) not in ("white", "black"):
        # Exception 2: a foreign face is down, so both own-colour faces stand; tip onto one.
        return ask(seat, "tetra.prompt.exception2", [f"tip:{own}:white", f"tip:{own}:black"], tetrite=own)
    steps = geo.steps_towards_own_face(faces, seat)
    if len(steps) == 1:
        _rotate(state, seat, own, "cw" if steps[0] == geo.CW else "ccw", events)
        return None
    exception1 = geo.own_face_distance(faces, seat) == 0
    prompt = "tetra.prompt.exception1" if exception1 else "tetra.prompt.rotate_own"
    return ask(seat, prompt, _rotate_options(own), tetrite=own)


def _answer_rotate_or_tip(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = task.get("seat", state["active"])
    kind, colour, detail = option.split(":")
    if kind == "rotate":
        _rotate(state, seat, colour, detail, events)
        return
    _tip(state, seat, colour, detail, events)
    if task["do"] == "rot1":
        state["turn_state"]["exception2"] = True
    if task["do"] == "transfer":
        player_of(state, seat)["ether"] -= 1


def _prepare_rot2(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    colour = state["markers"][seat]
    if colour is None:
        return None
    return ask(seat, "tetra.prompt.rotate_marker", _rotate_options(colour), tetrite=colour)


def _prepare_transfer(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    player = player_of(state, seat)
    if state["turn_state"]["exception2"] or player["ether"] < 1:
        return None
    return ask(seat, "tetra.prompt.transfer", [*_tip_options(state, player["colour"]), "skip"],
                 tetrite=player["colour"])


def _answer_transfer(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    if option != "skip":
        _answer_rotate_or_tip(state, task, option, events)
    else:
        emit(events, "transfer_skip", seat=state["active"])


def _prepare_public_effect(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    effect = task["effect"]
    neutral = state["neutral"]
    if effect == "rotate_any":
        options = [o for t in state["tetrites"] for o in _rotate_options(t["colour"])]
    elif effect == "rotate_neutral":
        options = _rotate_options(neutral)
    elif effect == "tip_neutral":
        options = _tip_options(state, neutral)
    elif effect == "tip_any":
        options = [o for t in state["tetrites"] for o in _tip_options(state, t["colour"])]
    elif effect in ("marker_self", "marker_opponent"):
        options = [f"marker:{c}" for c in free_tetrites(state)]
    else:
        raise ValueError(f"unknown public effect {effect}")
    return ask(seat, f"tetra.prompt.{effect}", options)


def _answer_public_effect(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    if option.startswith("marker:"):
        target = seat if task["effect"] == "marker_self" else 1 - seat
        _move_marker(state, target, option.split(":")[1], events)
        return
    _answer_rotate_or_tip(state, task, option, events)


# The tasks this module resolves (task name -> handler); ``engine`` merges the tables of every phase.
PREPARE: dict[str, Any] = {
    "start": _prepare_start,
    "marker": _prepare_marker,
    "rot1": _prepare_rot1,
    "rot2": _prepare_rot2,
    "transfer": _prepare_transfer,
    "public_effect": _prepare_public_effect,
}

ANSWER: dict[str, Any] = {
    "marker": _answer_marker,
    "rot1": _answer_rotate_or_tip,
    "rot2": _answer_rotate_or_tip,
    "transfer": _answer_transfer,
    "public_effect": _answer_public_effect,
}
