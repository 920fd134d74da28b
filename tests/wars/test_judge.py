"""Hard's judge of a position (cogs/wars/judge.py): zero-sum, read-only, it prefers what wins, and it judges a
position by the combat still owed this turn."""

from __future__ import annotations

import copy
import random

from cogs.wars import judge, policy
from cogs.wars.engine import ENGINE
from tests.wars.helpers import decision, setup_game


def test_the_judge_is_zero_sum_and_reads_without_changing_along_greedy_matches():
    for level, seed in (("overlord", 0), ("overlord", 1), ("wizard", 2)):
        state, rng = ENGINE.new_game(seed, {"level": level}), random.Random(seed)
        judged = 0
        while ENGINE.outcome(state) is None and judged < 80:
            question = ENGINE.pending(state)[0]
            if state["turn"] > 0:
                before = copy.deepcopy(state)
                mine, theirs = judge.chance(state, 0), judge.chance(state, 1)
                assert 0.0 <= mine <= 1.0 and abs(mine + theirs - 1.0) < 1e-9
                assert state == before
                judged += 1
            state, _ = ENGINE.apply(state, question.seat, policy.greedy(state, question, random.Random(rng.random())))
        assert judged > 20


def even_position() -> dict:
    # Seat 0 to act at its removal step; the two 3s on the fields block each other, so the combat owed deals 0.
    state = setup_game(hands=[["010", "017"], ["019", "044"]], fields=[["005"], ["015"]],
                       territories=[["024", "006"], ["025", "037"]])
    state["hands"][1].append(state["deck"].pop())  # as many cards as seat 0 holds after its turn's draw
    return state


def test_more_life_cards_territories_units_and_magic_judge_better():
    even = even_position()
    assert decision(even).prompt == "wars.prompt.removal"
    base = judge.chance(even, 0)
    assert abs(base - judge.chance(even, 1)) < 0.2  # only whose turn it is, and the cards' own costs, differ
    hurt = copy.deepcopy(even)
    hurt["life"][1] -= 6
    more_hand = copy.deepcopy(even)
    more_hand["hands"][0].append(more_hand["deck"].pop())
    more_land = copy.deepcopy(even)
    more_land["territories"][0].append(more_land["deck"].pop())
    fewer_units = copy.deepcopy(even)
    fewer_units["fields"][1] = []
    for better in (hurt, more_hand, more_land, fewer_units):
        assert judge.chance(better, 0) > base + 0.02


def test_the_combat_owed_this_turn_is_fought_before_judging():
    state = even_position()
    state["fields"][1] = []  # nothing blocks seat 0's 3 in the combat it owes this turn
    state["life"][1] = 3
    assert judge.chance(state, 0) == 1.0 and judge.chance(state, 1) == 0.0
    assert state["life"][1] == 3 and judge.fit_features(state) is None  # decided: nothing to learn from
    state["life"][1] = 4
    played = judge.settled(state)
    assert played is not state and played["life"][1] == 1 and state["life"][1] == 4
    assert judge.chance(state, 0) == judge.chance_of(judge.features(played, 0))


def test_the_weights_name_exactly_the_features():
    assert set(judge.features(even_position(), 0)) == set(judge.WEIGHTS)


def test_the_fit_tool_reads_3x3_wars_positions_with_the_judges_features():
    from tools import fit_judge as tool

    found = tool.positions("wars", 3, 0)
    assert found and all(set(row) == set(judge.WEIGHTS) and y in (0, 1) and 0 <= value <= 1
                         for _index, row, value, y in found)
    assert {index for index, *_ in found} <= {0, 1, 2}
