"""3x3 Wars' greedy player (cogs/wars/policy.py): legal at every level, it judges a spell by its result, and
it beats random play clearly (the self-play and arena yardstick)."""

from __future__ import annotations

import random

from bot.__main__ import main
from bot.engine import random_choice
from cogs.wars.engine import ENGINE
from cogs.wars.policy import greedy, score
from tests.wars.helpers import decision, setup_game
from tools.arena import run_arena


def test_every_answer_is_legal_at_every_level():
    for level in ("overlord", "apprentice", "wizard", "seven_mage", "apprentice_choose3"):
        for seed in range(2):
            rng = random.Random(seed)
            state = ENGINE.new_game(seed, {"level": level})
            while ENGINE.outcome(state) is None:
                pending = ENGINE.pending(state)
                question = pending[rng.randrange(len(pending))]
                answer = greedy(state, question, rng) if question.seat == seed % 2 else random_choice(question, rng)
                assert set(answer) <= set(question.options) and question.min <= len(answer) <= question.max
                state, _ = ENGINE.apply(state, question.seat, answer)  # raises on an illegal answer


def test_it_removes_the_opponents_strongest_unit_and_keeps_its_own():
    # Seat 0 holds an 8 (exact for the 8 on seat 1's field) and a 9; removing the 8 is worth the card.
    state = setup_game(hands=[["019", "010", "003"], ["021"]], fields=[["017"], ["044"]],
                       territories=[["005", "015", "024"], ["025", "037", "006"]])
    question = decision(state)
    assert question.prompt == "wars.prompt.removal" and "pass" in question.options
    assert greedy(state, question, random.Random(0)) == ("remove:019:044",)
    after, _ = ENGINE.apply(state, 0, ("remove:019:044",))
    assert score(after, 0) > score(state, 0)


def test_it_beats_random_play_clearly_with_seats_alternated():
    report = run_arena("wars", "greedy", "random", matches=40, seed=5)
    assert report.a_wins >= 34, report.lines()  # 98.5 % over 200 matches when tuned


def test_selfplay_and_the_arena_take_it_by_name(capsys):
    assert main(["selfplay", "wars", "--policy", "greedy", "--matches", "4", "--seed", "1"]) == 0
    assert "policy=greedy matches=4" in capsys.readouterr().out
    assert main(["arena", "wars", "--a", "random", "--b", "greedy", "--matches", "2"]) == 0
