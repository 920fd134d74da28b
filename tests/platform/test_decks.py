"""Deck rules, validation and share codes (bot/decks.py), and the deck store."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.decks import (
    DeckCodeError,
    clean_name,
    deck_from_option,
    deck_option,
    decode_deck,
    encode_deck,
    validate,
)
from bot.games import get_game, playable_game_ids
from bot.render.deck import render_deck
from bot.store import DeckLimitReached, DeckNameTaken
from tests.golden import font_sizes_used
from tests.platform import tinydeck

CARDS = {card.id: card for card in tinydeck.CARDS}

card_ids = st.from_regex(r"[A-Za-z0-9_\-]{1,24}", fullmatch=True)
decks = st.dictionaries(card_ids, st.integers(1, 99), max_size=40)
games = st.from_regex(r"[a-z]{1,12}", fullmatch=True)


@given(games, decks)
@settings(max_examples=300, deadline=None)
def test_any_deck_round_trips_through_its_code(game, deck):
    code = encode_deck(game, deck)
    assert decode_deck(code) == (game, deck)
    assert " " not in code and "\n" not in code


def valid_game_decks():
    """Random legal decks of every game that declares a deck rule (the real games and tinydeck)."""
    specs = [get_game(g) for g in playable_game_ids() if get_game(g).deck_rule is not None]

    @st.composite
    def build(draw):
        spec = draw(st.sampled_from(specs))
        rule = spec.deck_rule
        pool = [c for c in spec.cards() if rule.limit_of(c.id) > 0]
        deck: dict[str, int] = {}
        groups = dict(rule.group_counts) or {None: rule.size}
        for group, needed in groups.items():
            candidates = [c.id for c in pool if group is None or str(c.stats.get(rule.group_field)) == group]
            while needed:
                card = draw(st.sampled_from(candidates))
                if deck.get(card, 0) < rule.limit_of(card):
                    deck[card] = deck.get(card, 0) + 1
                    needed -= 1
        return spec.game_id, deck

    return build()


@given(valid_game_decks())
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
def test_random_valid_decks_round_trip_and_stay_valid(game_and_deck):
    game, deck = game_and_deck
    spec = get_game(game)
    cards = {card.id: card for card in spec.cards()}
    assert validate(spec.deck_rule, cards, deck) == []
    assert decode_deck(encode_deck(game, deck), expected_game=game) == (game, deck)
    assert deck_from_option(deck_option(deck)) == deck


@given(decks.filter(bool), st.data())
@settings(max_examples=300, deadline=None)
def test_every_single_character_change_is_refused(deck, data):
    code = encode_deck("tinydeck", deck)
    payload_start = code.rindex(".") + 1
    position = data.draw(st.integers(payload_start, len(code) - 1))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    replacement = data.draw(st.sampled_from([c for c in alphabet if c != code[position]]))
    tampered = code[:position] + replacement + code[position + 1:]
    with pytest.raises(DeckCodeError):
        decode_deck(tampered)


@given(decks.filter(bool), st.data())
@settings(max_examples=200, deadline=None)
def test_every_truncation_is_refused(deck, data):
    code = encode_deck("tinydeck", deck)
    cut = data.draw(st.integers(0, len(code) - 1))
    with pytest.raises(DeckCodeError):
        decode_deck(code[:cut])


@pytest.mark.parametrize("code, error", [
    ("", "malformed"), ("hello", "malformed"), ("DT2.tinydeck.AAAA", "version"),
    ("DT1.tinydeck.!!!!", "malformed"), ("DT1.tinydeck.AA", "truncated"), ("x" * 5000, "too_long"),
])
def test_garbage_codes_name_what_is_wrong(code, error):
    with pytest.raises(DeckCodeError) as caught:
        decode_deck(code)
    assert caught.value.code == error


def test_a_code_for_another_game_says_so():
    code = encode_deck("starfall", {"S01": 1})
    with pytest.raises(DeckCodeError) as caught:
        decode_deck(code, expected_game="afterlife")
    assert caught.value.code == "wrong_game"
    with pytest.raises(DeckCodeError):  # the game id is covered by the checksum too
        decode_deck(code.replace("starfall", "afterlif"))


def test_validator_lists_every_reason():
    problems = validate(tinydeck.RULE, CARDS, {"c1": 3, "c9": 1, "zz": 1, "c5": 1})
    codes = [(p.code, dict(p.args)) for p in problems]
    assert ("unknown_card", {"card": "zz"}) in codes
    assert not any(code == "size" for code, _ in codes)  # 6 cards counted, unknown one included
    assert ("group", {"group": "low", "count": 3, "needed": 3}) not in codes
    assert ("group", {"group": "high", "count": 2, "needed": 3}) in codes
    assert ("banned", {"card": "c9"}) in codes
    assert ("copies", {"card": "c1", "count": 3, "limit": 2}) in codes
    assert validate(tinydeck.RULE, CARDS, tinydeck.READY[0].cards) == []


def test_names_are_cleaned():
    assert clean_name("  **Big**   <@123>  deck ") == "Big 123 deck"
    assert clean_name("@everyone") == "everyone"
    assert clean_name("a\u200bb\nc") == "ab c"
    assert len(clean_name("名" * 100)) == 40
    assert clean_name("`~~||") == ""


def test_deck_image_is_a_legible_png():
    data = render_deck(game_id="tinydeck", name="Pairs", deck={"c1": 2, "c4": 1, "c8": 2, "c9": 1},
                       cards=CARDS, rule=tinydeck.RULE, problems=["c9 is banned"], locale="en",
                       group_label=str)
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.size[0] == 820 and 300 < image.size[1] < 1400


async def test_deck_store_limits_and_names(store):
    first = await store.create_deck(user_id=1, game="tinydeck", name="One", cards={"c1": 1}, now=1.0, limit=2)
    assert first.cards == {"c1": 1} and first.name == "One"
    with pytest.raises(DeckNameTaken):
        await store.create_deck(user_id=1, game="tinydeck", name="ONE", cards={}, now=2.0, limit=2)
    await store.create_deck(user_id=1, game="tinydeck", name="Two", cards={}, now=2.0, limit=2)
    with pytest.raises(DeckLimitReached):
        await store.create_deck(user_id=1, game="tinydeck", name="Three", cards={}, now=3.0, limit=2)
    assert await store.create_deck(user_id=2, game="tinydeck", name="One", cards={}, now=3.0, limit=2)
    assert not await store.delete_deck(2, first.id)  # not theirs
    assert not await store.rename_deck(1, first.id, "two", 4.0)
    assert await store.save_deck_cards(1, first.id, {"c2": 2}, 5.0)
    assert (await store.get_deck(1, "one")).cards == {"c2": 2}
    assert [d.name for d in await store.list_decks(1)] == ["One", "Two"]


def test_deck_command_prints_the_list_and_its_legality(capsys):
    from bot.deckcli import print_deck

    assert print_deck(encode_deck("tinydeck", dict(tinydeck.READY[1].cards))) == 0
    out = capsys.readouterr().out
    assert "2x Stone 8 (c8) [high, 8]" in out and "Legal" in out
    assert print_deck(encode_deck("tinydeck", {"c1": 3, "c9": 1})) == 1
    out = capsys.readouterr().out
    assert "3 copies of c1, 2 is the maximum" in out and "c9 is banned" in out
    assert print_deck("DT1.tinydeck.garbage") == 2
    assert "deck code" in capsys.readouterr().err


def test_deck_pictures_of_every_deck_game_are_legible_on_a_phone(monkeypatch):
    """No text under 1/40 of the picture's width; card names at least 1/28 (issue: phone legibility)."""
    from bot.decks import ready_decks
    from bot.render import deck as deck_render
    from cogs.decks import deck_image

    games = [g for g in playable_game_ids() if get_game(g).deck_rule is not None and g != "tinydeck"]
    assert {"starfall", "afterlife"} <= set(games)
    renders = []
    for game in games:
        for locale in ("en", "ja"):
            deck = dict(ready_decks(game, get_game(game).deck_rule)[0].cards)
            renders.append(lambda g=game, d=deck, lang=locale: deck_image(g, "Deck", d, lang))
    sizes = font_sizes_used(monkeypatch, renders)
    assert min(sizes) >= deck_render.WIDTH / 40
    assert deck_render.NAME_PX >= deck_render.WIDTH / 28
