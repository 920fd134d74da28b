"""Smoke tests of the pictures, the option labels and the game spec (goldens: test_render_golden.py)."""

from __future__ import annotations

import random

from bot.engine import random_choice
from cogs.wars.cards import catalogue, find_card
from cogs.wars.engine import ENGINE
from cogs.wars.render import render_board, render_hand
from cogs.wars.render_card import render_card
from cogs.wars.text import option_label

PNG = b"\x89PNG\r\n\x1a\n"


def played(level: str, seed: int, moves: int) -> dict:
    state = ENGINE.new_game(seed, {"level": level})
    rng = random.Random(seed)
    for _ in range(moves):
        if ENGINE.outcome(state):
            break
        d = rng.choice(ENGINE.pending(state))
        state, _ = ENGINE.apply(state, d.seat, random_choice(d, rng))
    return state


def test_board_and_hand_images_render_for_players_and_spectators_in_both_languages() -> None:
    for level, moves in (("overlord", 0), ("apprentice", 40), ("wizard", 80), ("seven_mage", 2)):
        state = played(level, 1, moves)
        for locale in ("en", "ja"):
            for seat in (0, 1, None):
                assert render_board(ENGINE.view(state, seat), locale).startswith(PNG)
            assert render_hand(ENGINE.view(state, 0), locale).startswith(PNG)


def test_every_card_renders_and_is_found_by_number_or_name() -> None:
    for card in catalogue():
        assert render_card(card, "ja").startswith(PNG)
        assert find_card(card.id) is card
    assert find_card("A08").name_ja == "毒殺" and find_card("017").name_ja == "黒妖犬"
    assert find_card("Spellbreaker").id == "047"


def test_option_labels_are_short_and_never_raw_ids() -> None:
    for level in ("overlord", "wizard"):
        state = ENGINE.new_game(2, {"level": level})
        rng = random.Random(2)
        while ENGINE.outcome(state) is None:
            for d in ENGINE.pending(state):
                view = ENGINE.view(state, d.seat)
                for locale in ("en", "ja"):
                    for option in d.options:
                        label = option_label(option, view, locale)
                        assert 0 < len(label) <= 80 and (label != option or option in ("keep", "mulligan"))
            d = rng.choice(ENGINE.pending(state))
            state, _ = ENGINE.apply(state, d.seat, random_choice(d, rng))


def test_game_spec_is_wired() -> None:
    from cogs.wars.spec import GAME

    assert GAME.game_id == "wars" and GAME.engine is ENGINE and len(GAME.cards()) == 72
