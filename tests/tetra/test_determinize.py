"""The bot player's worlds for tetra (cogs/tetra/determinize.py): legal, faithful to the seat's view, and
built only from what the seat may see."""

from __future__ import annotations

from cogs.tetra.determinize import determinize
from cogs.tetra.engine import ENGINE
from tests.platform.determinize_checks import check_determinize, positions


def test_worlds_keep_the_view_play_out_and_move_only_hidden_cards():
    states = positions(ENGINE, range(3), every=7)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2
