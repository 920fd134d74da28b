"""Greedy self-play balance table for Starfall, with match lengths in rounds.

``python -m cogs.starfall.balance --matches 480 --seed 0`` plays the ready-made decks against each
other (every ordered pair in turn, as ``cogs.starfall.policy.selfplay_options`` gives them) on two
processes and prints each deck's win rate, the first seat's, the draws and the rounds a match lasts.
``python -m bot selfplay starfall --policy greedy`` gives the same win rates (one process; lengths
in decisions): this script adds the rounds the balance targets are stated in.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from multiprocessing import Pool

from bot.cliargs import parse_args  # the docs' command test parses this line (DUELTABLE_PARSE_ONLY)
from cogs.starfall import engine as rules
from cogs.starfall import policy


def play(seed: int, index: int) -> tuple[tuple[str, str], int | None, int]:
    """One greedy match: (deck keys, winner seat or None, rounds played)."""
    rng = random.Random(f"selfplay:{seed}:{index}")  # the same players as `python -m bot selfplay`
    state = rules.new_game(seed * 1_000_003 + index, policy.selfplay_options(index, rng))
    while rules.outcome(state) is None:
        (decision,) = rules.pending(state)
        state, _ = rules.apply(state, decision.seat, policy.greedy(state, decision, rng))
    return policy.side_keys(state), state["result"]["winner"], state["round"]


def _play(args: tuple[int, int]) -> tuple[tuple[str, str], int | None, int]:
    return play(*args)


def table(results: list[tuple[tuple[str, str], int | None, int]]) -> list[str]:
    points: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    seat0 = 0.0
    draws = 0
    for keys, winner, _rounds in results:
        scores = (0.5, 0.5) if winner is None else (1.0 - winner, float(winner))
        draws += winner is None
        seat0 += scores[0]
        for seat in (0, 1):
            points[keys[seat]] += scores[seat]
            games[keys[seat]] += 1
    rounds = sorted(r for _k, _w, r in results)
    count = len(results)
    lines = [f"| {key} | {100 * points[key] / games[key]:.1f}% | {games[key]} |" for key in sorted(points)]
    lines.append(f"| first player (seat 0) | {100 * seat0 / count:.1f}% | {count} |")
    lines.append(f"draws {draws} of {count} ({100 * draws / count:.1f}%)")
    p95 = rounds[max(0, math.ceil(0.95 * count) - 1)]
    within = sum(r <= 15 for r in rounds)
    lines.append(f"rounds mean {sum(rounds) / count:.1f}, p95 {p95}, max {rounds[-1]}, "
                 f"within 15 rounds {100 * within / count:.1f}%")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=480)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parse_args(parser, argv)
    jobs = [(args.seed, index) for index in range(args.matches)]
    with Pool(args.workers) as pool:
        results = pool.map(_play, jobs, chunksize=4)
    print(f"starfall balance: greedy vs greedy, {args.matches} matches, seed {args.seed}")
    print("| deck | win rate | games |\n|---|---|---|")
    print("\n".join(table(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
