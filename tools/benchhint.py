"""``python -m tools.bench hint``: a hint's think time against the bot player's own moves (issue 25).

For every game with a bot player, positions spread over random matches; at each, the seat that owes a
decision is asked for a hint (``bot.ai.advice.hint``) and the bot player's own move (``search.think``),
at the same level, seed and position, one after the other in this process (the worker adds the same
hop to both). Reported: p50 and p95 of each, per game, against the level's time cap (the budget of the
bot's moves). A hint is the same search plus reading its tree, so the two should be within noise.
"""

from __future__ import annotations

import random
import time

from bot.ai import advice, search
from bot.engine import decision_for, random_choice
from bot.games import available_games, get_game


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def hint_positions(game_id: str, count: int, seed: int = 1) -> list[tuple[dict, int]]:
    """(state, seat owing a decision with a choice), spread over random matches."""
    engine = get_game(game_id).engine
    rng = random.Random(seed)
    found: list[tuple[dict, int]] = []
    game_seed = 0
    while len(found) < count:
        game_seed += 1
        state = engine.new_game(game_seed, {})
        trail = []
        while engine.outcome(state) is None:
            pending = engine.pending(state)
            decision = rng.choice(pending)
            if len(decision.options) > 1:
                trail.append((state, decision.seat))
            state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
        found.extend(rng.sample(trail, min(len(trail), max(1, count // 3))))
    return found[:count]


def bench_hints(samples: int, level: str = search.DEFAULT_LEVEL) -> dict[str, dict[str, float]]:
    results: dict[str, dict[str, float]] = {}
    for spec in available_games():
        if not search.has_bot_player(spec.game_id):
            continue
        hint_ms: list[float] = []
        think_ms: list[float] = []
        same = 0
        for number, (state, seat) in enumerate(hint_positions(spec.game_id, samples)):
            if decision_for(spec.engine.pending(state), seat) is None:
                continue
            seed = f"bench:{number}"
            started = time.perf_counter()
            given = advice.hint(spec.game_id, state, seat, seed, level)
            hint_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            answer = search.think(spec.game_id, state, seat, seed, level)
            think_ms.append((time.perf_counter() - started) * 1000)
            same += given.best.answer == answer
        budget = search.level_budget(level, search.hooks_for(spec.game_id))
        results[spec.game_id] = {"n": len(hint_ms), "hint_p50": percentile(hint_ms, 0.5),
                                 "hint_p95": percentile(hint_ms, 0.95), "think_p50": percentile(think_ms, 0.5),
                                 "think_p95": percentile(think_ms, 0.95), "cap_ms": budget.max_ms, "same": same}
    return results


def print_hints(results: dict[str, dict[str, float]], level: str = search.DEFAULT_LEVEL) -> None:
    for game_id, numbers in results.items():
        print(f"hint {game_id:10s} level {level}: p50 {numbers['hint_p50']:6.1f} ms  p95 {numbers['hint_p95']:6.1f} ms"
              f"  | the bot's own move p50 {numbers['think_p50']:6.1f} ms  p95 {numbers['think_p95']:6.1f} ms"
              f"  [hint p95 <= the level's cap {numbers['cap_ms']:.0f} ms]  same answer {numbers['same']:.0f}/"
              f"{numbers['n']:.0f}")
