"""Scenario helpers: build a TetrAction state, put it at a given step, play option ids."""

from __future__ import annotations

from typing import Any

from bot.engine import Decision, Event, State
from cogs.tetra import engine as rules
from cogs.tetra import geometry as geo
from cogs.tetra import table


def fresh(characters: str = "red-blue", seed: int = 1) -> State:
    return rules.new_game(seed, {"characters": characters})


def at(state: State, *tasks: str | dict[str, Any]) -> State:
    """Replace the task queue (the rest of the turn) and run to the first decision."""
    state["queue"] = [{"do": t} if isinstance(t, str) else t for t in tasks]
    state["step"] = None
    rules._run(state, [])
    return state


def decision(state: State) -> Decision:
    (pending,) = rules.pending(state)
    return pending


def play(state: State, *options: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for option in options:
        state, new = rules.apply(state, decision(state).seat, (option,))
        events += new
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix("tetra.event.") for e in events]


def set_faces(state: State, colour: str, faces: dict[str, int]) -> None:
    table.tetrite_of(state, colour)["faces"] = dict(faces)


def orient(colour: str, white: int, bottom: str = "black") -> dict[str, int]:
    """An orientation with ``bottom`` down and white (or, if white is down, black) at ``white``."""
    faces = geo.initial_orientation(colour, 0)
    faces = geo.rotate(faces, white)
    if bottom == "white":
        faces = geo.flip_white_black(faces)
    return faces


def row(state: State, seat: int) -> list[str]:
    return [symbol for group in table.visible_groups(state, seat) for symbol in group]


def card_total(state: State) -> int:
    """Every physical card of the match, wherever it lies."""
    public = state["public"]
    count = len(public["deck"]) + len(public["row"]) + len(public["discard"])
    count += len(state["accident"]["deck"]) + len(state["accident"]["discard"]) + len(state["box"])
    for player in state["players"]:
        count += len(player["hand_deck"]) + len(player["hand_discard"]) + len(player["hand"])
        count += sum(len(h["charge_cards"]) for h in player["hand"])
    for task in state["queue"]:  # cards in flight between two places
        if task["do"] in ("resolve", "charge") and task["card"].startswith("P"):
            count += 1
        if task["do"] == "replace":
            count += len(task["carry_cards"]) + len(task.get("candidates", []))
        if task["do"] == "bottom":
            count += len(task["cards"])
    return count
