"""The bot player's worlds for Afterlife (cogs/afterlife/determinize.py): legal, faithful to the seat's
view, and built only from what the seat may see (opponent hand and bundles, deck orders)."""

from __future__ import annotations

import random

from cogs.afterlife.determinize import determinize
from cogs.afterlife.engine import ENGINE
from tests.platform.determinize_checks import check_determinize, positions


def test_worlds_keep_the_view_play_out_and_move_only_hidden_cards():
    states = positions(ENGINE, range(3), every=5)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2


def test_the_opponents_secret_bundle_pick_is_resampled_not_read():
    state = ENGINE.new_game(8, {})
    state, _ = ENGINE.apply(state, 1, ("bundle:3",))
    worlds = [determinize(state, 0, random.Random(seed)) for seed in range(20)]
    assert {world["players"][1]["pick"] for world in worlds} == {0, 1, 2, 3}
    assert all(world["players"][0]["bundles"] == state["players"][0]["bundles"] for world in worlds)
