"""Scenario helpers: build an Afterlife state at a given point, play option ids, read events."""

from __future__ import annotations

from typing import Any

from bot.engine import Decision, Event, State
from cogs.afterlife import engine as rules
from cogs.afterlife import flow
from cogs.afterlife import zones as Z
from cogs.afterlife.combat import RULES


def started(seed: int = 1, **options: str) -> State:
    """A new game with both bundles picked (bundle 1 each), under the current rules unless ``rules`` says."""
    state = rules.new_game(seed, {"rules": str(RULES)} | options)
    state, _ = rules.apply(state, 0, ("bundle:1",))
    state, _ = rules.apply(state, 1, ("bundle:1",))
    return state


def board(*, active: int = 0, turn: int = 5, hands: tuple[list[str], list[str]] = ([], []),
          fields: tuple[list[str], list[str]] = ([], []), cores: tuple[int, int] = (8, 8),
          decks: tuple[list[str], list[str]] | None = None, afterlife: tuple[list[str], list[str]] = ([], []),
          public: tuple[list[str], list[str]] = ([], []), start: str = "main", **options: str) -> State:
    """A state in ``active``'s main phase (or at ``start``) with exactly the given zones.

    Creatures on a field are untapped, not summoning-sick, ids ``c1``, ``c2``... in order. The current rules
    unless ``rules`` says.
    """
    state = rules.new_game(99, {"rules": str(RULES)} | options)
    state["asks"] = []
    state["phase"] = "main"
    state["turn"] = turn
    state["active"] = active
    for seat in (0, 1):
        p = state["players"][seat]
        p.update(hand=list(hands[seat]), public=list(public[seat]), grave=[], afterlife=list(afterlife[seat]), field=[], bundles=[], pick=0,
                 cores=cores[seat], used=0, deck=list(decks[seat]) if decks else ["N02"] * 10)
        for card in fields[seat]:
            cid = Z.enter_field(state, seat, card, [], sick=False)
            assert cid
    state["queue"] = [{"do": start}]
    flow.run(state, [])
    return state


def unit(state: State, cid: str) -> dict[str, Any]:
    found = Z.find(state, cid)
    assert found is not None, cid
    return found[1]


def decision(state: State, seat: int | None = None) -> Decision:
    pending = rules.pending(state)
    if seat is None:
        (one,) = pending
        return one
    return next(d for d in pending if d.seat == seat)


def play(state: State, *options: str) -> tuple[State, list[Event]]:
    """Answer the single open decision with each option in turn."""
    events: list[Event] = []
    for option in options:
        state, new = rules.apply(state, decision(state).seat, (option,))
        events += new
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix("afterlife.event.") for e in events]


def card_total(state: State, seat: int) -> int:
    p = state["players"][seat]
    total = sum(len(p[z]) for z in ("deck", "hand", "public", "grave", "afterlife", "field"))
    total += sum(len(b) for b in p["bundles"])
    total += sum(1 for e in state["stack"] if e["seat"] == seat)
    casting = state["casting"]
    return total + (1 if casting is not None and casting["seat"] == seat else 0)
