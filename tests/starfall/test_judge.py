"""The fitted position score Starfall's hard player judges a played-on line by (cogs/starfall/judge.py).

Its weights come from a fit (docs/BOT-STUDIES-STARFALL.md); here: it is zero-sum, a finished match is the
greedy score's win or loss, every weight has its feature, and it ranks the plain cases the way the book's win
conditions (4-2) and the ★ clock do."""

from __future__ import annotations

import copy
import random

from cogs.starfall import engine as rules
from cogs.starfall import judge, policy
from cogs.starfall.determinize import squashed
from tests.starfall.helpers import board_state, go, put


def _even_board():
    state = board_state(round_=3)
    for seat in (0, 1):
        put(state, seat, "f1", "S12", star=2)
        put(state, seat, "f3", "S34", star=1)
        put(state, seat, "b2", "S17", star=1)
    return go(state, 0)


def test_every_weight_has_its_feature_and_every_feature_its_weight():
    assert set(judge.features(_even_board(), 0)) == set(judge.WEIGHTS)


def test_the_score_is_zero_sum_on_positions_of_a_real_match():
    rng = random.Random(3)
    state = rules.new_game(3, policy.selfplay_options(3, rng))
    seen = 0
    while state["result"] is None:
        decision = rules.pending(state)[0]
        if state["round"] >= 1:
            assert abs(judge.points(state, 0) + judge.points(state, 1)) < 1e-9
            seen += 1
        state = rules.apply(state, decision.seat, policy.greedy(state, decision, rng))[0]
    assert seen > 20
    assert judge.points(state, state["result"]["winner"]) == policy.WIN_SCORE


def test_a_mirrored_position_is_even_but_for_whose_turn_it_is():
    state = _even_board()
    assert judge.points(state, 0) == judge.WEIGHTS["to_move"] * judge.POINTS_PER_LOG_ODDS
    assert 0.5 < squashed(judge.points(state, 0)) < 0.65


def test_a_card_lost_a_card_at_star_four_and_a_sixth_grave_each_cost_their_side():
    even = _even_board()
    lost = copy.deepcopy(even)
    lost["players"][0]["field"]["b2"] = None
    lost["players"][0]["grave"].append("S17")
    assert judge.points(lost, 0) < judge.points(even, 0)
    clock = copy.deepcopy(even)
    clock["players"][0]["field"]["f1"]["star"] = 4  # dies at the next round start unless it sheds ★
    assert judge.points(clock, 0) < judge.points(even, 0)
    near_loss = copy.deepcopy(even)
    near_loss["players"][0]["grave"] = ["S01"] * 5
    near_loss["players"][1]["grave"] = ["S01"] * 4
    one_more = copy.deepcopy(near_loss)
    one_more["players"][0]["grave"].append("S02")  # one death from losing (7 in the grave, 4-2)
    # The sixth card in the grave costs more than a card in the grave does on its own.
    assert judge.points(one_more, 0) - judge.points(near_loss, 0) < judge.WEIGHTS["grave"] * judge.POINTS_PER_LOG_ODDS < 0


def test_near_the_round_limit_graves_and_hp_weigh_more():
    early, late = _even_board(), _even_board()
    late["round"] = judge.LATE_ROUND
    for state in (early, late):
        state["players"][1]["grave"].append("S01")
    assert judge.points(late, 0) > judge.points(early, 0) > judge.WEIGHTS["to_move"] * judge.POINTS_PER_LOG_ODDS


def test_the_fit_learns_from_each_turns_first_decision_and_its_chance_is_the_score_squashed():
    rng = random.Random(5)
    state = rules.new_game(5, policy.selfplay_options(5, rng))
    kept_turns, turns = [], set()
    while state["result"] is None:
        if judge.in_play(state):
            kept_turns.append(policy.turn_of(state))
            found = judge.features(state, 0)
            assert abs(judge.chance_of(found) - squashed(judge.points(state, 0))) < 1e-9
        if state["round"] >= 1:
            turns.add(policy.turn_of(state))
        decision = rules.pending(state)[0]
        state = rules.apply(state, decision.seat, policy.greedy(state, decision, rng))[0]
    assert not judge.in_play(state)
    assert len(kept_turns) == len(set(kept_turns)) == len(turns) > 10  # each turn once, none left out


def test_the_fit_tool_plays_starfalls_recipe_and_reads_positions_with_the_judges_features():
    from tools import fit_judge as tool

    # Seed 2's one match puts the two-turn lookahead in seat 0 and the greedy player in seat 1: both of the
    # recipe's players, in a few seconds (a match between two lookaheads costs ~8 s).
    found = tool.positions("starfall", 1, 2)
    assert found and {index for index, *_ in found} == {0}
    assert all(set(row) == set(judge.WEIGHTS) and y in (0, 1) and 0 <= value <= 1 for _i, row, value, y in found)
