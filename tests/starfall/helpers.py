"""Scenario helpers: build a Starfall state at a given turn with chosen cards, play option ids."""

from __future__ import annotations

from typing import Any

from bot.engine import Decision, Event, State
from cogs.starfall import board
from cogs.starfall import engine as rules


def fresh(seed: int = 1, **options: str) -> State:
    return rules.new_game(seed, options)


def board_state(beginner: bool = False, round_: int = 1) -> State:
    """A match in round ``round_`` with both fields empty, before seat 0's first turn is asked."""
    state = rules.new_game(1, {"beginner": "on" if beginner else "off"})
    for player in state["players"]:
        player["drawn"] = []
        player["field"] = {sq: None for sq in board.SQUARES}
    state.update(round=round_, turn_index=0, active=0, phase="act", step=None, acting=None, result=None)
    return state


def put(state: State, seat: int, sq: str, card_id: str, star: int = 1, dmg: int = 0,
        status: str | None = None, acted: bool = False, r: bool = False) -> dict[str, Any]:
    """Put a card on a square (taken out of that seat's deck if it is there)."""
    deck = state["players"][seat]["deck"]
    if card_id in deck:
        deck.remove(card_id)
    record = {"id": card_id, "star": star, "dmg": dmg, "acted": acted, "status": status, "r": r}
    state["players"][seat]["field"][sq] = record
    return record


def go(state: State, seat: int = 0, turn_index: int | None = None) -> State:
    """Open the decision of the turn: ``seat`` acts (turn index 0 for seat 0, 1 for seat 1 by default)."""
    state["active"] = seat
    state["turn_index"] = seat if turn_index is None else turn_index
    state["phase"] = "act"
    state["step"] = None
    rules._advance(state, [])
    return state


def decision(state: State) -> Decision:
    (pending,) = rules.pending(state)
    return pending


def options(state: State) -> tuple[str, ...]:
    return decision(state).options


def play(state: State, *chosen: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for option in chosen:
        state, new = rules.apply(state, decision(state).seat, (option,))
        events += new
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix("starfall.event.") for e in events]


def at(state: State, seat: int, sq: str) -> dict[str, Any] | None:
    return state["players"][seat]["field"][sq]


def card_total(state: State, seat: int) -> int:
    """Every card of one seat's deck, wherever it lies (deck, drawn, field, grave)."""
    player = state["players"][seat]
    on_field = sum(1 for rec in player["field"].values() if rec is not None)
    return len(player["deck"]) + len(player["drawn"]) + on_field + len(player["grave"])
