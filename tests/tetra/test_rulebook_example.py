"""TetrAction's rulebook example match: a page whose moment the match no longer reaches (after a card change)
fails with its page named, not with an IndexError from the renderer."""

from __future__ import annotations

import dataclasses

import pytest

from cogs.tetra import rulebook


def test_every_page_moment_still_shows_what_its_text_says():
    for moment in (rulebook.SETUP, rulebook.ROTATION_1, rulebook.CASTING, rulebook.CHARGE_BONUS, rulebook.ACCIDENT,
                   rulebook.RELEASE, rulebook.BOARD_PAGE, rulebook.MANA, rulebook.TRANSFER, rulebook.END):
        assert rulebook.example(moment)["game"] == "tetra"


def test_a_moment_past_the_end_of_the_match_names_its_page():
    _end, played = rulebook.play(None)
    late = dataclasses.replace(rulebook.TRANSFER, moves=played + 5)
    with pytest.raises(rulebook.ExampleMismatch, match=rf"page\(s\) transfer: .*ended after {played} moves"):
        rulebook.hand(late)("en")


def test_a_moment_that_does_not_hold_names_its_page():
    early = dataclasses.replace(rulebook.MANA, moves=rulebook.MANA.moves - 1)
    with pytest.raises(rulebook.ExampleMismatch, match=r"page\(s\) mana: .*does not show .* at move 80"):
        rulebook.hand(early)("en")
