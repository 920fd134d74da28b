"""Shared checks of a game's ``determinize`` (bot/ai/search.py), used by tests/<game>/test_determinize.py."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import replace

from bot.engine import Engine, State, decision_for, random_choice

PLAYOUT_LIMIT = 5000


def positions(engine: Engine, seeds: range, every: int, options: Mapping[str, str] | None = None) -> list[State]:
    """States along random matches (every ``every``-th decision, from the first)."""
    found = []
    for seed in seeds:
        rng = random.Random(f"positions:{seed}")
        state = engine.new_game(seed, dict(options or {}))
        count = 0
        while engine.outcome(state) is None:
            if count % every == 0:
                found.append(state)
            pending = engine.pending(state)
            decision = pending[rng.randrange(len(pending))]
            state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
            count += 1
    return found


def plays_out(engine: Engine, state: State, rng: random.Random) -> bool:
    for _ in range(PLAYOUT_LIMIT):
        if engine.outcome(state) is not None:
            return True
        pending = engine.pending(state)
        decision = pending[rng.randrange(len(pending))]
        state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
    return False


def dump(state: State) -> str:
    return json.dumps(state, sort_keys=True)


def check_determinize(engine: Engine, determinize: Callable[[State, int, random.Random], State],
                      states: list[State]) -> int:
    """At every position where a seat owes a decision (when the bot player determinizes), every world keeps
    the seat's view and its open question, plays out, and depends only on what the seat may see; returns how
    many (position, seat) had worlds that differ from each other (hidden cards moved).
    """
    varied = 0
    for index, state in enumerate(states):
        for seat in (0, 1):
            if decision_for(engine.pending(state), seat) is None:
                continue
            world = determinize(state, seat, random.Random(index))
            assert engine.view(world, seat) == engine.view(state, seat)
            real, sampled = decision_for(engine.pending(state), seat), decision_for(engine.pending(world), seat)
            assert real == sampled
            assert [d.seat for d in engine.pending(world)] == [d.seat for d in engine.pending(state)]
            if index % 5 == 0:
                assert plays_out(engine, world, random.Random(index))
            # Another world is a state that differs from the real one only in what seat cannot see:
            # determinizing it with the same rng must give exactly the same world.
            elsewhere = determinize(state, seat, random.Random(f"other:{index}"))
            again = determinize(elsewhere, seat, random.Random(index))
            assert dump(again) == dump(world)
            if dump(elsewhere) != dump(world):
                varied += 1
    return varied


def positions_of(engine: Engine, seed: int, options: Mapping[str, str], seat: int, every: int,
                 count: int) -> list[State]:
    """Up to ``count`` states of one random match where ``seat`` owes a decision with a real choice."""
    rng = random.Random(f"positions:{seed}")
    state = engine.new_game(seed, dict(options))
    found: list[State] = []
    step = 0
    while engine.outcome(state) is None and len(found) < count:
        pending = engine.pending(state)
        mine = decision_for(pending, seat)
        if mine is not None and len(mine.options) > 1:
            if step % every == 0:
                found.append(state)
            step += 1
        decision = pending[rng.randrange(len(pending))]
        state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
    return found


def answers_alike(game: str, state: State, elsewhere: State, bot: int, seeds: int = 2) -> None:
    """The bot's view is the same in both states, and so are its worlds and its answer for a few seeds."""
    from bot.ai import search

    hooks = search.hooks_for(game)
    engine = hooks.engine
    assert engine.view(elsewhere, bot) == engine.view(state, bot)
    for seed in range(8):
        world = hooks.determinize(state, bot, random.Random(seed))
        assert dump(hooks.determinize(elsewhere, bot, random.Random(seed))) == dump(world)
    # Iterations only (deterministic): a small search with the game's prior, the easy level (its softmax
    # draw, no prior) without its time cap, and a small hard search (the guide asked at every node and in
    # the first playout steps, all of which read whole worlds).
    for budget in (search.Budget(iterations=16, max_ms=1e9), easy_budget(game), small_hard_budget()):
        for seed in range(seeds):
            answer = search.think(game, state, bot, f"alike:{seed}", budget=budget)
            assert search.think(game, elsewhere, bot, f"alike:{seed}", budget=budget) == answer
    if hooks.hard_player is not None:  # the game's own hard player (Starfall), whole and uncapped, and its hint
        from bot.ai import advice

        for seed in range(seeds):
            hint = advice.hint(game, state, bot, f"alike:{seed}", "hard", max_ms=1e9)
            assert advice.hint(game, elsewhere, bot, f"alike:{seed}", "hard", max_ms=1e9) == hint
            if seed == 0:  # the hint is the bot's answer (tests/starfall/test_hard.py holds it at more positions)
                assert search.think(game, elsewhere, bot, f"alike:{seed}", "hard", max_ms=1e9) == hint.best.answer


def easy_budget(game: str):  # -> search.Budget
    """The easy level's budget for ``game`` without its time cap: its answer depends on the seed only."""
    from bot.ai import search

    return search.level_budget("easy", search.hooks_for(game), max_ms=1e9)


def small_hard_budget():  # -> search.Budget
    """Hard's search (progressive bias, guided playouts) at a few iterations and no time cap: fast, and its
    answer depends on the seed only."""
    from bot.ai import search

    return replace(search.BUDGETS["hard"], iterations=24, max_ms=1e9)
