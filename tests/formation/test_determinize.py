"""The bot player's worlds for formation (cogs/formation/determinize.py): legal, faithful to the seat's view, and
built only from what the seat may see."""

from __future__ import annotations

import random

from cogs.formation.determinize import determinize
from cogs.formation.engine import ENGINE
from tests.platform.determinize_checks import check_determinize, positions


def test_worlds_keep_the_view_play_out_and_move_only_hidden_cards():
    states = positions(ENGINE, range(3), every=7)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2


def test_the_opponents_secret_formation_is_resampled_not_read():
    state = ENGINE.new_game(4, {})
    while ENGINE.pending(state)[0].prompt != "formation.prompt.formation":
        decision = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, decision.seat, decision.options[:1])
    picks = ENGINE.pending(state)[1].options
    state, _ = ENGINE.apply(state, 1, picks[:1])
    seen = {determinize(state, 0, random.Random(seed))["formations"][1] for seed in range(20)}
    assert {f"formation:{layout_id}" for layout_id in seen} == set(picks)
