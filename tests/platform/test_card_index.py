"""/card search: every card of every game is found by its number and by its name in both languages."""

from __future__ import annotations

from collections import Counter

from bot.cards import Card
from bot.lookup import CardIndex, default_index


def test_every_card_is_found_by_its_id_or_alias():
    index = default_index()
    assert index.cards, "no game cards loaded"
    for card in index.cards:
        for key in (card.id, *card.aliases):
            found, _ = index.resolve(key, game=card.game)
            assert found == card, (card.game, key)


def test_every_uniquely_named_card_is_found_by_its_english_and_japanese_name():
    index = default_index()
    for lang in ("name_en", "name_ja"):
        counts = Counter((card.game, getattr(card, lang)) for card in index.cards)
        for card in index.cards:
            name = getattr(card, lang)
            if counts[(card.game, name)] == 1:
                found, candidates = index.resolve(name, game=card.game)
                assert found == card, (card.game, name, [c.id for c in candidates])


def test_autocomplete_values_resolve_back_to_their_card():
    index = default_index()
    for card in index.cards[:50]:
        assert index.resolve(f"{card.game}:{card.id}")[0] == card


def _card(game: str, card_id: str, name: str) -> Card:
    return Card(game=game, id=card_id, name_en=name, name_ja=name, text_en="", text_ja="", kind="x",
                source="authored")


def test_inside_a_match_thread_its_game_is_searched_first():
    index = CardIndex([_card("wars", "w1", "Dragon"), _card("formation", "f1", "Dragon")])
    assert index.resolve("Dragon")[0] is None  # ambiguous across games
    assert index.resolve("Dragon", prefer_game="formation")[0].id == "f1"


def test_full_width_and_case_are_normalised():
    index = CardIndex([_card("wars", "A08", "Poisoning")])
    assert index.resolve("ａ０８")[0].id == "A08"
    assert index.resolve("POISONING")[0].id == "A08"
