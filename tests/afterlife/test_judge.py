"""Hard's judge of a position (cogs/afterlife/judge.py): zero-sum, read-only, and it prefers what wins."""

from __future__ import annotations

import copy
import random

from cogs.afterlife import judge, policy
from cogs.afterlife.engine import ENGINE
from tests.afterlife.helpers import board, started


def test_the_judge_is_zero_sum_and_reads_without_changing_along_greedy_matches():
    for seed in range(3):
        state, rng = started(seed), random.Random(seed)
        for _ in range(60):
            if ENGINE.outcome(state) is not None:
                break
            before = copy.deepcopy(state)
            mine, theirs = judge.chance(state, 0), judge.chance(state, 1)
            assert 0.0 < mine < 1.0 and abs(mine + theirs - 1.0) < 1e-9
            assert state == before
            decision = ENGINE.pending(state)[0]
            state, _ = ENGINE.apply(state, decision.seat, tuple(policy.greedy(state, decision, rng)))


def test_more_life_cards_in_hand_cores_and_blockers_judge_better():
    even = board(hands=(["R01", "R03"], ["R01", "R03"]), fields=(["R03"], ["R03"]), cores=(5, 5))
    assert abs(judge.chance(even, 0) - judge.chance(even, 1)) < 0.05  # only whose turn it is differs
    richer_hand = board(hands=(["R01", "R03", "R04"], ["R01", "R03"]), fields=(["R03"], ["R03"]), cores=(5, 5))
    more_cores = board(hands=(["R01", "R03"], ["R01", "R03"]), fields=(["R03"], ["R03"]), cores=(6, 5))
    blocker = board(hands=(["R01", "R03"], ["R01", "R03"]), fields=(["R03", "R03"], ["R03"]), cores=(5, 5))
    hurt = copy.deepcopy(even)
    hurt["players"][1]["life"] -= 1500
    tapped = copy.deepcopy(even)
    tapped["players"][1]["field"][0]["tapped"] = True
    for better in (richer_hand, more_cores, blocker, hurt, tapped):
        assert judge.chance(better, 0) > judge.chance(even, 0) + 0.02


def test_the_weights_name_exactly_the_features():
    assert set(judge.features(started(1), 0)) == set(judge.WEIGHTS)


def test_the_fit_tool_recovers_known_weights_and_reads_positions_with_the_judges_features():
    from tools import fit_judge as tool

    rng = random.Random(0)
    truth = [0.8, -0.5]
    xs = [[rng.uniform(-2, 2), rng.uniform(-2, 2)] for _ in range(4000)]
    ys = [int(rng.random() < 1 / (1 + pow(2.718281828, -sum(w * v for w, v in zip(truth, x, strict=True)))))
          for x in xs]
    fitted = tool.fit(xs, ys)
    assert all(abs(f - t) < 0.15 for f, t in zip(fitted, truth, strict=True)), fitted
    found = tool.positions("afterlife", 3, 0)
    assert found and all(set(row) == set(judge.WEIGHTS) and y in (0, 1) and 0 <= value <= 1
                         for _index, row, value, y in found)
