"""The contract every game engine keeps (bot/engine.py), checked the same way for every registered game
and the platform tests' tiny game: random play with invariants after every decision, JSON round trips,
``apply`` leaving its input alone, views that never change when hidden cards are swapped, the outcome
final, exact replays from a decision log, and the golden playthroughs. What is particular to a game
(cards conserved, what it hides, how many matches) is its hook in tests/contract/games.py.
"""

from __future__ import annotations

import json
import multiprocessing
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from bot.engine import OPTION_ID_RE, Decision, Engine, GameOver, State
from tests.contract.games import (
    GameHooks,
    Scratch,
    Step,
    contract_games,
    determinize_hide,
    engine_of,
    hooks_of,
)
from tests.golden import replay_playthrough

GAMES = contract_games()
VIEWERS = (0, 1, None)


def check_decisions(engine: Engine, state: State, pending: list[Decision]) -> None:
    """A decision is pending until the outcome and none after it; at most one per seat; options are
    distinct text ids that fit the notation, with a feasible count."""
    if engine.outcome(state) is None:
        assert pending, "a decision is pending until the outcome"
        assert len({decision.seat for decision in pending}) == len(pending), "two decisions for one seat"
    else:
        assert pending == [], "a finished game asks nothing"
    for decision in pending:
        assert decision.seat in (0, 1), decision
        assert decision.options and len(set(decision.options)) == len(decision.options), decision
        assert all(isinstance(o, str) and OPTION_ID_RE.match(o) for o in decision.options), decision
        assert 0 <= decision.min <= decision.max <= len(decision.options), decision


def check_views(engine: Engine, hooks: GameHooks, game_id: str, state: State, rng: random.Random) -> None:
    """Every view is JSON, and stays exactly the same when what its viewer may not see is swapped."""
    hide = hooks.hide or determinize_hide(game_id)
    for viewer in VIEWERS:
        seen = engine.view(state, viewer)
        json.dumps(seen)
        assert engine.view(hide(state, viewer, rng), viewer) == seen, f"the view of {viewer} shows a hidden card"


def check_stored(engine: Engine, state: State, text: str, pending: list[Decision]) -> None:
    """The state survives a JSON round trip (a saved match), and its reload asks exactly the same."""
    reloaded = json.loads(text)
    assert reloaded == state, "the state changes in a JSON round trip"
    assert engine.pending(reloaded) == pending, "a reloaded state asks something else"


def check_final(engine: Engine, state: State) -> None:
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.winner in (0, 1, None)
    assert engine.outcome(json.loads(json.dumps(state))) == outcome
    for seat in (0, 1):
        with pytest.raises(GameOver):
            engine.apply(state, seat, ())


def play_match(game_id: str, match: int) -> Counter:
    engine, hooks = engine_of(game_id), hooks_of(game_id)
    seed, options, rng = hooks.start(match)
    hide_rng = random.Random(f"hide:{game_id}:{match}")
    full = hooks.fully_checked(match)
    scratch: Scratch = {"match": match, "full": full}
    state = engine.new_game(seed, options)
    pending = engine.pending(state)
    check_decisions(engine, state, pending)
    check_stored(engine, state, json.dumps(state), pending)
    check_views(engine, hooks, game_id, state, hide_rng)
    hooks.check_start(state, scratch)
    number = 0
    while engine.outcome(state) is None:
        number += 1
        deep = full or (hooks.sample_every is not None and (number - 1) % hooks.sample_every == 0)
        text = json.dumps(state) if deep else ""
        decision, choice = hooks.choose(state, pending, rng)
        after, events = engine.apply(state, decision.seat, choice)
        step = Step(state, decision.seat, choice, after, events)
        pending = engine.pending(after)
        check_decisions(engine, after, pending)
        hooks.check_step(step, scratch)
        if deep:
            assert json.dumps(state) == text, "apply changed its input"
            check_stored(engine, state, text, engine.pending(state))
            if not full or (number - 1) % hooks.swap_every == 0:
                check_views(engine, hooks, game_id, after, hide_rng)
            hooks.check_deep(step, scratch)
        state = after
    check_final(engine, state)
    check_stored(engine, state, json.dumps(state), pending)
    check_views(engine, hooks, game_id, state, hide_rng)
    hooks.check_end(state, scratch)
    return hooks.check_match(state, scratch) + Counter(matches=1)


def play_matches(game_id: str, matches: range) -> Counter:
    tally: Counter = Counter()
    for match in matches:
        tally.update(play_match(game_id, match))
    return tally


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_keeps_the_contract(game_id: str) -> None:
    hooks = hooks_of(game_id)
    if hooks.workers > 1:
        chunks = [range(start, hooks.matches, hooks.workers) for start in range(hooks.workers)]
        with ProcessPoolExecutor(max_workers=hooks.workers, mp_context=multiprocessing.get_context("fork")) as pool:
            tally = sum(pool.map(play_matches, [game_id] * len(chunks), chunks), Counter())
    else:
        tally = play_matches(game_id, range(hooks.matches))
    assert tally["matches"] == hooks.matches
    hooks.check_tally(tally)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_replays_from_its_seed_options_and_decision_log(game_id: str) -> None:
    engine, hooks = engine_of(game_id), hooks_of(game_id)
    for match in hooks.replay_matches:
        seed, options, rng = hooks.start(match)
        state = engine.new_game(seed, options)
        log, events = [], []
        while engine.outcome(state) is None:
            decision, choice = hooks.choose(state, engine.pending(state), rng)
            log.append((decision.seat, choice))
            state, new_events = engine.apply(state, decision.seat, choice)
            events.append(new_events)
        steps = replay_playthrough(engine, seed, options, log)
        assert steps[-1].after == state
        assert [step.events for step in steps] == events


GOLDEN_GAMES = [game_id for game_id in GAMES if hooks_of(game_id).golden is not None]


@pytest.mark.parametrize("game_id", GOLDEN_GAMES)
def test_golden_playthroughs_replay_to_what_they_recorded(game_id: str) -> None:
    engine, golden = engine_of(game_id), hooks_of(game_id).golden
    assert golden is not None and golden.files
    for path in golden.files:
        recorded = json.loads(path.read_text(encoding="utf-8"))
        seed, options, moves = golden.moves(recorded)
        golden.check(recorded, replay_playthrough(engine, seed, options, moves))
