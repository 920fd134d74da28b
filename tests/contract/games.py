"""What the contract suite needs to know about each game: its test hooks, mapped in one place.

A game listed in ``bot.games.GAME_IDS`` is tested by the contract suite with :class:`GameHooks` defaults
until it maps its own here (``_hook_makers``; each game's live in ``tests/<game>/invariants.py``). The
defaults ask nothing of the game but its engine and, for the view check, a ``determinize`` (the bot
player's hook, ``bot.ai.search``) that swaps what a seat cannot see.

Random play: ``matches`` matches, each started by ``start`` (seed, options, the chooser's rng) and played
by ``choose``. Every decision gets the contract's cheap checks and the game's ``check_step``; the decisions
that ``fully_checked`` and ``sample_every`` select (and the first and last state) also get the expensive
ones: JSON round trip, ``apply`` leaves its input alone, hidden cards swapped give identical views, and the
game's ``check_deep``. ``check_match`` tallies a finished match into a Counter; ``check_tally`` judges the
sum of all matches.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.engine import Decision, Engine, Event, State, random_choice
from bot.games import GAME_IDS, get_game, register_game

Viewer = int | None
Scratch = dict[str, Any]  # one match's notes, kept by the game's hooks between decisions


@dataclass(frozen=True)
class Step:
    before: State
    seat: int
    choice: tuple[str, ...]
    after: State
    events: list[Event]


def pick_any(state: State, pending: list[Decision], rng: random.Random) -> tuple[Decision, tuple[str, ...]]:
    """A random open decision and a random legal answer to it."""
    decision = rng.choice(pending)
    return decision, random_choice(decision, rng)


def pick_the_only(state: State, pending: list[Decision], rng: random.Random) -> tuple[Decision, tuple[str, ...]]:
    """For games with one decision open at a time: a random legal answer to it."""
    (decision,) = pending
    return decision, random_choice(decision, rng)


@dataclass(frozen=True)
class Golden:
    """A game's recorded playthroughs: ``files``; ``moves`` reads one file into (seed, options, [(seat,
    choice)]); ``check`` judges the replayed steps against the file."""

    files: Sequence[Path]
    moves: Callable[[dict[str, Any]], tuple[int, dict[str, str], list[tuple[int, tuple[str, ...]]]]]
    check: Callable[[dict[str, Any], list[Step]], None]


def _no_step_check(step: Step, scratch: Scratch) -> None:
    return None


def _no_state_check(state: State, scratch: Scratch) -> None:
    return None


@dataclass(frozen=True)
class GameHooks:
    matches: int = 200
    workers: int = 1  # processes the random matches are split over (the CI machines have two cores)
    start: Callable[[int], tuple[int, dict[str, str], random.Random]] = (
        lambda match: (match, {}, random.Random(match)))
    choose: Callable[[State, list[Decision], random.Random],
                     tuple[Decision, tuple[str, ...]]] = pick_any
    # Which decisions get the expensive checks: every one of the matches ``fully_checked`` selects, every
    # ``sample_every``-th of the others (None: only their first and last state).
    fully_checked: Callable[[int], bool] = lambda match: match < 20
    sample_every: int | None = 25
    # In fully checked matches, the hidden-card swap of the views runs on every ``swap_every``-th decision
    # (a game whose own checks already scan every view for hidden cards can space it out).
    swap_every: int = 1
    check_start: Callable[[State, Scratch], None] = _no_state_check
    check_step: Callable[[Step, Scratch], None] = _no_step_check
    check_deep: Callable[[Step, Scratch], None] = _no_step_check
    check_end: Callable[[State, Scratch], None] = _no_state_check
    check_match: Callable[[State, Scratch], Counter] = lambda state, scratch: Counter()
    check_tally: Callable[[Counter], None] = lambda tally: None
    # The state with everything ``viewer`` may not see swapped or reordered; None: the game's determinize.
    hide: Callable[[State, Viewer, random.Random], State] | None = None
    # Matches (numbers for ``start``) that must replay exactly from their seed, options and decision log.
    replay_matches: Sequence[int] = (5,)
    golden: Golden | None = None


@cache
def contract_games() -> tuple[str, ...]:
    """Every registered game and the platform tests' tiny game."""
    from tests.platform.tinygame import TINY

    register_game(TINY)
    return (*GAME_IDS, "tiny")


def engine_of(game_id: str) -> Engine:
    contract_games()
    return get_game(game_id).engine


@cache
def hooks_of(game_id: str) -> GameHooks:
    makers = _hook_makers()
    return makers[game_id]() if game_id in makers else GameHooks()


def _hook_makers() -> dict[str, Callable[[], GameHooks]]:
    """Each listed game's own hooks, by convention ``tests/<game>/invariants.py: <game>_hooks``, so a new game
    joins the suite without an edit here. Imported lazily: each game's hooks import its engine."""
    from tests.platform.tinygame import tiny_hooks

    makers: dict[str, Callable[[], GameHooks]] = {"tiny": tiny_hooks}
    for game_id in GAME_IDS:
        try:
            module = importlib.import_module(f"tests.{game_id}.invariants")
        except ModuleNotFoundError as error:
            if error.name not in (f"tests.{game_id}.invariants", f"tests.{game_id}"):
                raise  # the module exists but something it imports does not
            continue
        makers[game_id] = getattr(module, f"{game_id}_hooks")
    return makers


def determinize_hide(game_id: str) -> Callable[[State, Viewer, random.Random], State]:
    """Hidden cards swapped by the game's own ``determinize``: a world a seat cannot tell from the real
    state. The spectator knows less than either seat, so a world of either seat's (a random one: over a
    match both) hides nothing the spectator may see."""
    hooks = get_game(game_id).bot
    assert hooks is not None, f"{game_id} has no determinize: give its GameHooks a hide() of its own"
    determinize = hooks.determinize

    def hide(state: State, viewer: Viewer, rng: random.Random) -> State:
        return determinize(state, rng.randrange(2) if viewer is None else viewer, rng)

    return hide
