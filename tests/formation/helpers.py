"""Script helpers for Formation tests: play move notation from a seeded start or a built position.

A script is one move per line, ``<seat> <option>`` (``1 type:bow``), or just ``<option>`` when exactly
one seat has that option open. Blank lines and ``#`` comments are ignored, so scenarios read like
the book's examples.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping

from bot.engine import Decision, Event, State, random_choice
from cogs.formation import engine as rules
from cogs.formation.data import DECK, SQUARE_INDEX, Layout, layout, parse_grid
from cogs.formation.engine import BATTLE, ENGINE
from tests.contract.games import Step

# Rule scenarios (battles, moving up) play on fixed layouts of their own, the grids the authored cards
# had before issue 14's rebalance, so re-authoring the cards never moves a rule test. Round 0: never
# offered in a real formation step. ``fixture_layouts`` (tests/formation/conftest.py) lets the engine see them.
FIXTURE_GRIDS: dict[str, str] = {
    "sword-1a": ". +2 . / . D . / X . X",
    "sword-1b": "+1 +1 . / X . D / . . X",
    "sword-2a": "+1 W . / . D . / X . X",
    "shield-1a": ". D . / . +2 . / X . X",
    "shield-1b": "X D . / +1 . +1 / . . X",
    "shield-2a": ". D . / W . +1 / X . X",
    "shield-3b": "D . X / +1 W +1 / . X .",
    "bow-1a": ". W . / X D X / . 2C X",
    "bow-2a": "W . +1 / X D X / 2C . X",
}
FIXTURES: dict[str, Layout] = {
    f"fixture-{name}": Layout(id=f"fixture-{name}", type=name.split("-")[0], round=0, squares=parse_grid(grid))
    for name, grid in FIXTURE_GRIDS.items()
}


def any_layout(layout_id: str) -> Layout:
    """A fixture layout (``fixture-sword-1a``) or an authored one."""
    return FIXTURES.get(layout_id) or layout(layout_id)


def use_fixture_layouts(monkeypatch) -> None:
    monkeypatch.setattr(rules, "layout", any_layout)


def new_match(seed: int = 7) -> State:
    return ENGINE.new_game(seed, {})


def parse_move(line: str, state: State) -> tuple[int, tuple[str, ...]]:
    text = line.strip()
    seat_text, _, rest = text.partition(" ")
    if seat_text in ("0", "1") and rest:
        return int(seat_text), tuple(rest.strip().split(","))
    choice = tuple(text.split(","))
    holders = [d.seat for d in ENGINE.pending(state) if all(option in d.options for option in choice)]
    if len(holders) != 1:
        raise AssertionError(f"move {text!r} is open to seats {holders}; write '<seat> {text}'")
    return holders[0], choice


def script_lines(script: str | Iterable[str]) -> list[str]:
    lines = script.splitlines() if isinstance(script, str) else list(script)
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


def play(state: State, script: str | Iterable[str]) -> tuple[State, list[Event]]:
    """Apply every move of ``script``; returns the final state and all events in order."""
    events: list[Event] = []
    for line in script_lines(script):
        seat, choice = parse_move(line, state)
        state, new_events = ENGINE.apply(state, seat, choice)
        events += new_events
    return state, events


def decision(state: State, seat: int) -> Decision:
    found = [d for d in ENGINE.pending(state) if d.seat == seat]
    assert found, f"seat {seat} has no decision"
    return found[0]


def options(state: State, seat: int) -> set[str]:
    return set(decision(state, seat).options)


def keys(events: Iterable[Event]) -> list[str]:
    return [event.key.removeprefix("formation.event.") for event in events]


def square_cards(state: State, seat: int, square: str) -> list[str]:
    return list(state["boards"][seat][SQUARE_INDEX[square]])


def battle_state(formations: tuple[str, str], boards: Mapping[int, Mapping[str, str | list[str]]], *,
                 attacker: int = 0, battle: int = 0, round_number: int = 1,
                 hands: Mapping[int, list[str]] | None = None) -> State:
    """A battle-phase position: the given formations and cards; every other card stays in its deck.

    ``boards`` maps seat -> {"front:1": "r5", "reserve:2": ["b7", "r3"]}.
    """
    state = new_match(1)
    first = attacker if battle % 2 == 0 else 1 - attacker
    state["round1_first"] = first if round_number % 2 == 1 else 1 - first
    state["types"] = [any_layout(formations[0]).type, any_layout(formations[1]).type]
    state["formations"] = list(formations)
    state["phase"] = BATTLE
    state["round"] = round_number
    state["battle"] = battle
    for seat in (0, 1):
        used: list[str] = []
        board: list[list[str]] = [[] for _ in range(9)]
        for square, cards in boards.get(seat, {}).items():
            cards = [cards] if isinstance(cards, str) else list(cards)
            board[SQUARE_INDEX[square]] = cards
            used += cards
        hand = list((hands or {}).get(seat, []))
        used += hand
        assert len(used) == len(set(used)), "a card is used twice"
        state["boards"][seat] = board
        state["hands"][seat] = hand
        state["decks"][seat] = [card for card in DECK if card not in used]
    return state


def random_steps(seed: int, chooser_seed: int | None = None) -> Iterator[Step]:
    """A random-legal match: at each step a random open decision gets a random legal answer."""
    state = new_match(seed)
    rng = random.Random(seed if chooser_seed is None else chooser_seed)
    while True:
        pending = ENGINE.pending(state)
        if not pending:
            return
        chosen = pending[rng.randrange(len(pending))]
        choice = random_choice(chosen, rng)
        after, events = ENGINE.apply(state, chosen.seat, choice)
        yield Step(state, chosen.seat, choice, after, events)
        state = after


def play_random(seed: int) -> State:
    state = new_match(seed)
    for step in random_steps(seed):
        state = step.after
    return state


def place_first_cards(state: State) -> tuple[State, list[Event]]:
    """Finish the current placement step of both seats, always taking the first card of the hand."""
    events: list[Event] = []
    phase = state["phase"]
    while True:
        placing = [d for d in ENGINE.pending(state) if d.prompt.startswith("formation.prompt.place")]
        if not placing or state["phase"] != phase:
            return state, events
        d = placing[0]
        state, new_events = ENGINE.apply(state, d.seat, (d.options[0],))
        events += new_events


def start_battles(seed: int = 7, types: tuple[str, str] = ("sword", "shield"),
                  pick: tuple[int, int] = (0, 0)) -> tuple[State, list[Event]]:
    """From a seeded start to the first attack: seat 0 takes ``types[0]``, each seat its ``pick``-th card."""
    state = new_match(seed)
    second = 1 - state["round1_first"]
    state, events = play(state, [f"{second} type:{types[second]}", f"{1 - second} type:{types[1 - second]}"])
    for seat in (0, 1):
        state, more = ENGINE.apply(state, seat, (decision(state, seat).options[pick[seat]],))
        events += more
    for _step in ("lines", "reserve"):
        state, more = place_first_cards(state)
        events += more
    return state, events
