"""The bot player's worlds for Starfall (cogs/starfall/determinize.py): legal, faithful to the seat's view,
and built only from what the seat may see (the deck orders)."""

from __future__ import annotations

from cogs.starfall.determinize import determinize
from cogs.starfall.engine import ENGINE
from tests.platform.determinize_checks import check_determinize, positions


def test_worlds_keep_the_view_play_out_and_reshuffle_only_the_decks():
    states = positions(ENGINE, range(2), every=11)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2
