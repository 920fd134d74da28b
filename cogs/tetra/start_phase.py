"""The start of a turn and every move of the tetrites: refilling the public row, the marker, the own and
marker rotations (with the book's exceptions 1 and 2) and the ether transfer. Owns the tasks in
``PREPARE``/``ANSWER`` below; its marker, rotate and tip moves serve the public spells' effects too
(``effects``)."""

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
        move_marker(state, seat, free[0], events)
        return None
    return ask(seat, "tetra.prompt.marker", [f"marker:{c}" for c in free])


def move_marker(state: State, seat: Seat, colour: str, events: list[Event]) -> None:
    state["markers"][seat] = colour
    emit(events, "marker", seat=seat, tetrite=colour)


def _answer_marker(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    move_marker(state, task.get("seat", state["active"]), option.split(":")[1], events)


def _rotate(state: State, seat: Seat, colour: str, direction: str, events: list[Event]) -> None:
    tetrite = tetrite_of(state, colour)
    tetrite["faces"] = geo.rotate(tetrite["faces"], DIRECTION_STEPS[direction])
    emit(events, "rotate", seat=seat, tetrite=colour, direction=direction)


def _tip(state: State, seat: Seat, colour: str, face: str, events: list[Event]) -> None:
    tetrite = tetrite_of(state, colour)
    tetrite["faces"] = geo.tip(tetrite["faces"], face)
    emit(events, "tip", seat=seat, tetrite=colour, face=face)


def rotate_options(colour: str) -> list[str]:
    return [f"rotate:{colour}:cw", f"rotate:{colour}:ccw"]


def tip_options(state: State, colour: str) -> list[str]:
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
    return ask(seat, prompt, rotate_options(own), tetrite=own)


def turn_tetrite(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    """Carry out ``rotate:<tetrite>:cw|ccw`` or ``tip:<tetrite>:<face>``."""
    kind, colour, detail = option.split(":")
    if kind == "rotate":
        _rotate(state, seat, colour, detail, events)
    else:
        _tip(state, seat, colour, detail, events)


def _answer_rotate_or_tip(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = task.get("seat", state["active"])
    turn_tetrite(state, seat, option, events)
    if option.startswith("rotate:"):
        return
    if task["do"] == "rot1":
        state["turn_state"]["exception2"] = True
    if task["do"] == "transfer":
        player_of(state, seat)["ether"] -= 1


def _prepare_rot2(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    colour = state["markers"][seat]
    if colour is None:
        return None
    return ask(seat, "tetra.prompt.rotate_marker", rotate_options(colour), tetrite=colour)


def _prepare_transfer(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    player = player_of(state, seat)
    if state["turn_state"]["exception2"] or player["ether"] < 1:
        return None
    return ask(seat, "tetra.prompt.transfer", [*tip_options(state, player["colour"]), "skip"],
                 tetrite=player["colour"])


def _answer_transfer(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    if option != "skip":
        _answer_rotate_or_tip(state, task, option, events)
    else:
        emit(events, "transfer_skip", seat=state["active"])


# The tasks this module resolves (task name -> handler); ``engine`` merges the tables of every phase.
PREPARE: dict[str, Any] = {
    "start": _prepare_start,
    "marker": _prepare_marker,
    "rot1": _prepare_rot1,
    "rot2": _prepare_rot2,
    "transfer": _prepare_transfer,
}

ANSWER: dict[str, Any] = {
    "marker": _answer_marker,
    "rot1": _answer_rotate_or_tip,
    "rot2": _answer_rotate_or_tip,
    "transfer": _answer_transfer,
}
