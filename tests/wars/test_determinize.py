"""The bot player's worlds for wars (cogs/wars/determinize.py): legal, faithful to the seat's view, and
built only from what the seat may see."""

from __future__ import annotations

from cogs.wars.determinize import determinize
from cogs.wars.engine import ENGINE
from tests.platform.determinize_checks import check_determinize, positions


def test_worlds_keep_the_view_play_out_and_move_only_hidden_cards():
    states = positions(ENGINE, range(3), every=7)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2


def test_every_level_including_the_secret_setup_questions():
    for level in ("apprentice", "wizard", "seven_mage", "apprentice_choose3"):
        states = positions(ENGINE, range(2), every=3, options={"level": level})
        assert check_determinize(ENGINE, determinize, states) > 0
