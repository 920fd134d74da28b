"""/card embed fields: only labelled headline stats, in the reader's language, for every game."""

from __future__ import annotations

import re

from bot.games import get_game, playable_game_ids
from cogs.cards import card_fields

GAMES = [g for g in playable_game_ids() if g not in ("tiny", "tinydeck")]


def test_every_card_field_is_labelled_and_japanese_readers_get_japanese_labels():
    for game in GAMES:
        for card in get_game(game).cards():
            english = card_fields(card, "en")
            japanese = card_fields(card, "ja")
            assert len(english) == len(japanese)
            for (en_label, en_value), (ja_label, ja_value) in zip(english, japanese, strict=True):
                assert "_" not in en_label and en_label[0].isupper(), (game, card.id, en_label)
                assert en_label == "HP" or re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja_label), (game, ja_label)
                if not re.fullmatch(r"-?\d+", en_value):  # words are translated, numbers stay
                    assert ja_value != en_value or en_value.isdigit(), (game, card.id, en_value)


def test_internal_stats_are_not_shown():
    shown = {label for game in GAMES for card in get_game(game).cards() for label, _ in card_fields(card, "en")}
    assert not shown & {"grid", "effect", "req_any", "apprentice_deck", "public"}
