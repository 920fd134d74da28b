"""Starfall's hard player (cogs/starfall/hard.py): its turn lines judged by greedy playouts in several worlds.

Its strength is measured by the arena (docs/BOT.md); here: it answers every decision legally, from the seat's
worlds only (tests/starfall/test_determinize.py swaps the opponent's deck list under it), the same answer from
the same seed, within its clock, and a hint at hard is its answer with what it weighed beside it."""

from __future__ import annotations

import random

from bot.ai import advice, search
from bot.engine import decision_for
from cogs.starfall import hard, judge, policy
from cogs.starfall.determinize import determinize
from cogs.starfall.engine import ENGINE
from tests.platform.determinize_checks import positions_of


def never() -> bool:
    return False


def bot_positions(count: int = 4):
    options = policy.selfplay_options(3, random.Random(0))
    return positions_of(ENGINE, 11, options, 1, every=3, count=count)


def test_every_weighed_answer_is_a_distinct_legal_first_step_best_first():
    for index, state in enumerate(bot_positions()):
        decision = decision_for(ENGINE.pending(state), 1)
        world = determinize(state, 1, random.Random(index))
        weighed = hard.answer(world, 1, random.Random(index), never, worlds=3)
        steps = [answer for answer, _value, _worlds in weighed]
        assert len(set(steps)) == len(steps)
        assert all(len(answer) == 1 and answer[0] in decision.options for answer in steps)
        values = [value for _answer, value, _worlds in weighed]
        assert values == sorted(values, reverse=True) and all(0.0 <= value <= 1.0 for value in values)
        assert {worlds for _answer, _value, worlds in weighed} <= {0, 3}
        assert search.think("starfall", state, 1, f"t:{index}", "hard", max_ms=1e9)[0] in decision.options


def test_the_same_seed_gives_the_same_answer_and_time_up_stops_after_one_world():
    state = bot_positions(2)[1]
    first = search.think("starfall", state, 1, "same", "hard", max_ms=1e9)
    assert search.think("starfall", state, 1, "same", "hard", max_ms=1e9) == first
    world = determinize(state, 1, random.Random(5))
    asked = []

    def time_is_up() -> bool:
        asked.append(1)
        return True

    weighed = hard.answer(world, 1, random.Random(5), time_is_up)
    if len(weighed) > 1:  # more than one first step worth judging: the clock was asked after every line (where
        # the search steps aside), and the world begun was finished, so every line was judged by that one world
        assert len(asked) >= len(weighed) and {worlds for _answer, _value, worlds in weighed} == {1}
    else:
        assert asked == []


def test_one_sensible_first_step_is_answered_without_playing_on():
    # A decision with one option (the first of this match): nothing to judge, no world played.
    state = ENGINE.new_game(2, policy.selfplay_options(0, random.Random(0)))
    while True:
        pending = ENGINE.pending(state)
        if len(pending[0].options) == 1 or ENGINE.outcome(state) is not None:
            break
        state = ENGINE.apply(state, pending[0].seat, (pending[0].options[0],))[0]
    seat = ENGINE.pending(state)[0].seat
    weighed = hard.answer(determinize(state, seat, random.Random(0)), seat, random.Random(0), never)
    assert [worlds for _answer, _value, worlds in weighed] == [0]


def test_play_on_stops_after_the_opponents_turns():
    state = bot_positions(1)[0]
    world = determinize(state, 1, random.Random(1))
    ends: list = []
    policy.turn_ends(world, 1, policy.turn_of(world), (), ends)
    line, after = ends[0]
    assert hard.follow(world, 1, line) == after
    # Played on by hand: the rest is greedy's whole turns, until the opponent has played OPPONENT_TURNS of them;
    # the position reached is judged by the fitted score.
    position, opponent_turns = after, 0
    while position["result"] is None and opponent_turns < hard.OPPONENT_TURNS:
        mover = ENGINE.pending(position)[0].seat
        _value, _line, position = policy.best_line(position, mover, policy.turn_of(position))
        opponent_turns += mover != 1
    assert hard.play_on(world, 1, line) == judge.points(position, 1)


def test_a_hint_at_hard_is_the_hard_players_answer_and_its_runners_up():
    for index, state in enumerate(bot_positions(2)):
        hint = advice.hint("starfall", state, 1, f"h:{index}", "hard", max_ms=1e9)
        assert hint.best.answer == search.think("starfall", state, 1, f"h:{index}", "hard", max_ms=1e9)
        assert len(hint.runners_up) <= advice.RUNNERS_UP
        assert all(runner.answer != hint.best.answer and runner.value <= hint.best.value
                   for runner in hint.runners_up)


def test_the_clock_leaves_out_the_time_slept_stepping_aside():
    assert search.Clock(0.0, lambda: 0.0).time_is_up()
    assert not search.Clock(1e9, lambda: 0.0).time_is_up()
    # A member's click kept the bot process busy for an hour: that hour is not thinking time.
    assert not search.Clock(1.0, lambda: 3600.0).time_is_up()
