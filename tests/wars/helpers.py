"""Shared helpers for the 3x3 Wars tests: fixed deals and playing moves through the notation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine import Decision, Event
from cogs.wars.engine import ENGINE

Move = tuple[int, str | Sequence[str]]


def setup_game(**setup: Any) -> dict[str, Any]:
    setup.setdefault("level", "overlord")
    setup.setdefault("first", 0)
    setup.setdefault("hands", [[], []])
    return ENGINE.new_game_from_setup(setup)


def decision(state: dict[str, Any]) -> Decision:
    decisions = ENGINE.pending(state)
    assert len(decisions) == 1, decisions
    return decisions[0]


def answer(state: dict[str, Any], seat: int, *options: str) -> tuple[dict[str, Any], list[Event]]:
    return ENGINE.apply(state, seat, options)


def play(state: dict[str, Any], moves: Iterable[Move]) -> tuple[dict[str, Any], list[Event]]:
    """Apply each move at the first decision of its seat that offers it, passing that seat's decisions before.

    A decision of the other seat on the way is an error: the move list must answer it.

    A move is ``(seat, option)`` or ``(seat, (option, option, ...))`` for a multi-select answer.
    """
    events: list[Event] = []
    for seat, move in moves:
        wanted = (move,) if isinstance(move, str) else tuple(move)
        while True:
            current = decision(state)
            if current.seat == seat and all(option in current.options for option in wanted):
                state, new = ENGINE.apply(state, seat, wanted)
                events += new
                break
            assert current.seat == seat, f"seat {current.seat} must answer before {wanted}: {current}"
            assert "pass" in current.options, f"{wanted} not offered to seat {seat}: {current}"
            state, new = ENGINE.apply(state, current.seat, ("pass",))
            events += new
    return state, events


def finish_turn(state: dict[str, Any], turn: int | None = None) -> tuple[dict[str, Any], list[Event]]:
    """Pass every remaining decision until turn ``turn`` (default: the current one) is over."""
    turn = state["turn"] if turn is None else turn
    events: list[Event] = []
    while ENGINE.outcome(state) is None and state["turn"] == turn:
        current = decision(state)
        assert "pass" in current.options, current
        state, new = ENGINE.apply(state, current.seat, ("pass",))
        events += new
    return state, events


def play_turn(state: dict[str, Any], moves: Iterable[Move]) -> tuple[dict[str, Any], list[Event]]:
    turn = state["turn"]
    state, events = play(state, moves)
    state, more = finish_turn(state, turn)
    return state, events + more


def unit_cards(state: dict[str, Any], seat: int) -> list[str]:
    return [u["card"] for u in state["fields"][seat]]


def keys(events: Iterable[Event]) -> list[str]:
    return [e.key.removeprefix("wars.event.") for e in events]


def options_this_turn(state: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """Pass through the rest of the current turn, collecting every option offered to anybody."""
    turn = state["turn"]
    seen: set[str] = set()
    while ENGINE.outcome(state) is None and state["turn"] == turn:
        current = decision(state)
        seen |= set(current.options)
        state, _ = ENGINE.apply(state, current.seat, ("pass",))
    return state, seen


def to_turn(state: dict[str, Any], number: int) -> dict[str, Any]:
    while ENGINE.outcome(state) is None and state["turn"] < number:
        state, _ = finish_turn(state)
    return state
