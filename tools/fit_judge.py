"""Fit a game's hard judge (``cogs/<game>/judge.py``) to how self-play matches end.

``.venv/bin/python -m tools.fit_judge afterlife`` plays the game's self-play matches (the recipe below), keeps
positions in play (``judge.in_play``) with who won (a drawn match is left out), and fits a logistic regression
of the winner on ``judge.features`` (each position seen from both sides, so the fit is zero-sum and needs no
intercept). It prints the held-out quality (every fifth match is held out) of the fit, of the weights the judge
has now (``judge.WEIGHTS``) and of the game's ``evaluate``, then the fitted weights, ready to paste there.

Each judged game has its recipe (``RECIPES``), the one its weights in the product came from:

- Afterlife: 8,000 matches of the greedy player against itself, 5 % of decisions random, a quarter of the
  positions kept (neighbours in one match say nearly the same thing). The matches and the fit took 2 min 43 s
  in all on the shared 2-core host.
- Starfall: 544 matches over the twelve ordered pairs of ready-made decks, each side played by the greedy
  player or the two-turn lookahead (drawn per match), 3 % of decisions random, every turn's first decision
  kept (docs/BOT-STUDIES-STARFALL.md, "Starfall: a position score fitted to how matches end").

A judge module gives ``WEIGHTS``, ``in_play(state)`` (cheap: is the position one to learn from),
``features(state, seat)`` and ``chance_of(features, weights)``; a game whose module gives them is fitted by
adding its recipe (3x3 Wars' judge was fitted so and screened: docs/BOT-STUDIES.md, "3x3 Wars: hard's judge
fitted to how matches end").

Plain Python: Newton's method on ~25 features needs no numerical library.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from bot.cliargs import parse_args
from bot.engine import Decision, State, random_choice
from bot.games import get_game
from cogs.starfall import policy as starfall_policy
from tools.selfplay import match_options

Player = Callable[[State, Decision, random.Random], Sequence[str]]


@dataclass(frozen=True)
class Recipe:
    """How a game's self-play for its judge is played: how many matches, the share of decisions drawn at
    random (so the positions vary), the share of positions in play kept, and the players a side is drawn
    from each match (none named: the game's greedy player)."""

    matches: int
    noise: float
    keep: float
    players: tuple[Player, ...] = ()


RECIPES: dict[str, Recipe] = {
    "afterlife": Recipe(matches=8000, noise=0.05, keep=0.25),
    "starfall": Recipe(matches=544, noise=0.03, keep=1.0,
                       players=(starfall_policy.greedy, starfall_policy.lookahead)),
}
HELD_OUT = 5  # every fifth match is held out of the fit
RIDGE = 1e-3  # a little L2, so collinear counts stay finite


def judge_of(game: str) -> ModuleType:
    """The game's judge module, ``cogs/<game>/judge.py``."""
    return import_module(f"cogs.{game}.judge")


def positions(game: str, matches: int, seed: int) -> list[tuple[int, dict[str, float], float, int]]:
    """(match, features from seat 0, the game's ``evaluate`` for seat 0, 1 if seat 0 won) for the kept
    positions of ``matches`` matches played by the game's recipe."""
    spec, judge, recipe = get_game(game), judge_of(game), RECIPES[game]
    engine, evaluate = spec.engine, spec.bot.evaluate
    players = recipe.players or (spec.selfplay.greedy,)
    found = []
    for index in range(matches):
        rng = random.Random(f"judge:{index}" if not seed else f"judge:{seed}:{index}")
        state = engine.new_game(index * 7919 + 13 + seed * 1_000_003, match_options(spec.selfplay, index, rng))
        # One player draws nothing, so a one-player recipe's matches stay the ones its weights came from.
        by_seat = [players[rng.randrange(len(players))] if len(players) > 1 else players[0] for _seat in (0, 1)]
        kept = []
        while (outcome := engine.outcome(state)) is None:
            pending = engine.pending(state)
            decision = pending[0] if len(pending) == 1 else pending[rng.randrange(len(pending))]
            if judge.in_play(state) and rng.random() < recipe.keep:
                kept.append((judge.features(state, 0), evaluate(state, 0)))
            play = by_seat[decision.seat]
            answer = random_choice(decision, rng) if rng.random() < recipe.noise else play(state, decision, rng)
            state, _ = engine.apply(state, decision.seat, tuple(answer))
        if outcome.winner is not None:
            found += [(index, row, value, int(outcome.winner == 0)) for row, value in kept]
    return found


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and positive definite)."""
    n = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (rows[r][n] - sum(rows[r][c] * out[c] for c in range(r + 1, n))) / rows[r][r]
    return out


def fit(xs: Sequence[Sequence[float]], ys: Sequence[int], steps: int = 12) -> list[float]:
    """Logistic regression by Newton's method, each row also mirrored (features negated, label flipped)."""
    n = len(xs[0])
    weights = [0.0] * n
    count = 2 * len(xs)
    for _ in range(steps):
        grad = [RIDGE * w for w in weights]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(weights, x, strict=True))))
            # the mirrored row contributes the same gradient and curvature: (1-p) - (1-y) = -(p - y), and -x
            for i in range(n):
                grad[i] += 2 * (p - y) * x[i] / count
                scale = 2 * p * (1 - p) * x[i] / count
                for j in range(i + 1):
                    hess[i][j] += scale * x[j]
        for i in range(n):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return weights


def quality(chances: Sequence[float], ys: Sequence[int]) -> tuple[float, float]:
    """Log-loss and the share of positions whose winner it names (an even 0.5 counts half)."""
    loss = right = 0.0
    for p, y in zip(chances, ys, strict=True):
        p = min(1 - 1e-6, max(1e-6, p))
        loss -= math.log(p) if y else math.log(1 - p)
        right += 1.0 if (p > 0.5) == bool(y) else 0.5 if p == 0.5 else 0.0
    return loss / len(ys), right / len(ys)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.fit_judge", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(RECIPES))
    parser.add_argument("--matches", type=int, help="how many self-play matches (default: the game's recipe)")
    parser.add_argument("--seed", type=int, default=0)
    args = parse_args(parser, None if argv is None else list(argv))
    judge = judge_of(args.game)
    names = list(judge.WEIGHTS)
    matches = args.matches or RECIPES[args.game].matches
    found = positions(args.game, matches, args.seed)
    train = [(row, y) for index, row, _value, y in found if index % HELD_OUT]
    test = [(row, value, y) for index, row, value, y in found if not index % HELD_OUT]
    weights = fit([[row[name] for name in names] for row, _ in train], [y for _, y in train])
    test_y = [y for _, _, y in test]
    fitted_weights = dict(zip(names, weights, strict=True))
    fitted = [judge.chance_of(row, fitted_weights) for row, _, _ in test]
    shipped = [judge.chance_of(row, judge.WEIGHTS) for row, _, _ in test]
    before = [value for _, value, _ in test]
    print(f"{len(found)} positions of {matches} matches; held out {len(test)}", file=sys.stderr)
    for label, chances in (("fitted", fitted), ("judge.WEIGHTS", shipped), ("evaluate", before)):
        loss, right = quality(chances, test_y)
        print(f"{label}: log-loss {loss:.3f}, names the winner {100 * right:.1f} %")
    print("WEIGHTS = {")
    for name, weight in fitted_weights.items():
        print(f'    "{name}": {weight:.6f},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
