"""/card search: every card of every game is found by its number and by its name in both languages."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

from bot.cards import Card
from bot.games import GAME_IDS, get_game
from bot.lookup import CardIndex, compute_readings, default_index, japanese_names, reading_table


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


# -- the misspelt / partial / kana / romaji query list (issue 17) ------------------------------------------

QUERIES = Path(__file__).with_name("lookup_queries.toml")
HIT_RATE_FLOOR = 0.95  # measured 75 of 76 (0.987) with rapidfuzz + readings; difflib found 54 (0.711)


def load_queries() -> list[dict]:
    return tomllib.loads(QUERIES.read_text(encoding="utf-8"))["query"]


def finds(index: CardIndex, query: dict) -> bool:
    """The query finds its card; for a name printed on several copies, those copies are offered first."""
    found, candidates = index.resolve(query["q"], game=query.get("game"))
    expected = set(query["expect"])
    if found is not None:
        return f"{found.game}:{found.id}" in expected
    offered = {f"{card.game}:{card.id}" for card in candidates[:len(expected)]}
    return len(expected) > 1 and offered == expected


def test_the_query_list_covers_every_game_and_every_kind_of_query():
    queries = load_queries()
    assert len(queries) >= 50
    games = {key.partition(":")[0] for query in queries for key in query["expect"]}
    assert games == {game_id for game_id in GAME_IDS if get_game(game_id).cards()}  # a game without cards has no /card
    assert {query["kind"] for query in queries} >= {"misspelt", "partial", "english", "kanji", "katakana",
                                                   "hiragana", "romaji", "id"}
    known = {f"{card.game}:{card.id}" for card in default_index().cards}
    assert {key for query in queries for key in query["expect"]} <= known


def test_lookup_hit_rate_on_the_query_list():
    index = default_index()
    queries = load_queries()
    misses = [query["q"] for query in queries if not finds(index, query)]
    assert 1 - len(misses) / len(queries) >= HIT_RATE_FLOOR, misses
    lost = [query["q"] for query in queries if query["difflib"] and query["q"] in misses]
    assert not lost, f"found by the old difflib lookup, missed now: {lost}"


def test_readings_find_japanese_names_typed_in_kana_or_romaji():
    index = default_index()
    poisoning = index.resolve("A08", game="wars")[0]
    for typed in ("毒殺", "どくさつ", "ドクサツ", "dokusatsu", "ｄｏｋｕｓａｔｓｕ"):
        assert index.resolve(typed)[0] == poisoning, typed


def test_the_readings_file_holds_every_japanese_card_name_as_pykakasi_reads_it():
    assert reading_table() == compute_readings(japanese_names()), \
        "cards changed: run .venv/bin/python -m bot.lookup to rewrite assets/card_readings.json"


def test_an_id_without_its_leading_zeros_ranks_below_an_exact_id():
    index = CardIndex([_card("wars", "A08", "Poisoning"), _card("tetra", "A8", "Other")])
    assert index.resolve("a8")[0].id == "A8"
    assert index.resolve("a8", game="wars")[0].id == "A08"


def test_a_name_with_its_number_finds_that_copy():
    # Dragon Queen is printed on 010, 020 and 033: the name alone offers the three, the number picks one.
    index = default_index()
    assert index.resolve("Dragon Queen")[0] is None
    named = [query for query in load_queries() if query["kind"] == "name_number"]
    assert len(named) >= 5
    for query in named:
        found, _ = index.resolve(query["q"], game=query.get("game"))
        assert found is not None and [f"{found.game}:{found.id}"] == query["expect"], query["q"]


def test_a_number_with_another_cards_name_stays_ambiguous():
    found, candidates = default_index().resolve("Fireball 020")
    assert found is None and "A01" in {card.id for card in candidates}


if __name__ == "__main__":
    queries = load_queries()
    misses = [query for query in queries if not finds(default_index(), query)]
    for query in misses:
        print("miss:", query["kind"], query["q"], "->", " ".join(query["expect"]))
    before = sum(query["difflib"] for query in queries)
    print(f"hit rate {len(queries) - len(misses)}/{len(queries)} = {1 - len(misses) / len(queries):.3f} "
          f"(difflib before the switch: {before}/{len(queries)} = {before / len(queries):.3f})")
