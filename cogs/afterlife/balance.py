"""Balance measure: ``python -m cogs.afterlife.balance --matches 480 --seed 0``.

The same matches as ``python -m bot selfplay afterlife --policy greedy`` (same engine seeds, the same
player RNG, the same deck pairs from ``policy.selfplay_options``), plus what that command does not print:
the first player's win rate and the match length in turns. Runs on 2 processes.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter
from multiprocessing import get_context

from bot.cliargs import parse_args  # the docs' command test parses this line (DUELTABLE_PARSE_ONLY)
from cogs.afterlife import policy
from cogs.afterlife.engine import ENGINE

Result = tuple[tuple[str, str], int, "int | None", str, int]


def play(seed: int, index: int) -> Result:
    rng = random.Random(f"selfplay:{seed}:{index}")
    state = ENGINE.new_game(seed * 1_000_003 + index, policy.selfplay_options(index, rng))
    while (outcome := ENGINE.outcome(state)) is None:
        pending = ENGINE.pending(state)
        decision = pending[0] if len(pending) == 1 else pending[rng.randrange(len(pending))]
        state, _ = ENGINE.apply(state, decision.seat, policy.greedy(state, decision, rng))
    return policy.side_keys(state), state["first"], outcome.winner, outcome.reason, state["turn"]


def _play(args: tuple[int, int]) -> Result:
    return play(*args)


def measure(matches: int, seed: int = 0, workers: int = 2) -> list[str]:
    with get_context("fork").Pool(workers) as pool:
        results = pool.map(_play, [(seed, i) for i in range(matches)])
    points: Counter[str] = Counter()
    games: Counter[str] = Counter()
    first = 0.0
    for keys, first_seat, winner, _reason, _turn in results:
        for seat in (0, 1):
            games[keys[seat]] += 1
            points[keys[seat]] += 0.5 if winner is None else float(winner == seat)
        first += 0.5 if winner is None else float(winner == first_seat)
    turns = sorted(r[4] for r in results)
    p95 = turns[max(0, math.ceil(0.95 * len(turns)) - 1)]
    lines = [f"| {key} | {100 * points[key] / games[key]:.1f}% | {games[key]} |" for key in games]
    lines.append(f"| first player | {100 * first / matches:.1f}% | {matches} |")
    within = sum(t <= 30 for t in turns)
    lines.append(f"| ended within 30 turns | {100 * within / matches:.1f}% (p95 {p95}, median {turns[len(turns) // 2]}) "
                 f"| {matches} |")
    reasons = Counter(r[3] for r in results)
    lines.append("| endings | " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) + f" | {matches} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=480)
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser)
    print("\n".join(measure(args.matches, args.seed)))


if __name__ == "__main__":
    main()
