"""Card pool and ready-made deck data: counts, coverage, authored (the text: tests/platform/test_card_text.py)."""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

from bot.cards import ASSETS
from cogs.afterlife import cards as C
from cogs.afterlife.effects import EFFECTS

RAW = tomllib.loads((ASSETS / "afterlife" / "cards.toml").read_text(encoding="utf-8"))["card"]


def test_at_least_100_distinct_authored_cards() -> None:
    assert len(RAW) >= 100
    assert len({c["id"] for c in RAW}) == len(RAW)
    assert len({c["name_en"] for c in RAW}) == len(RAW) and len({c["name_ja"] for c in RAW}) == len(RAW)
    assert all(c["source"] == "authored" for c in RAW)


def test_required_fields_present() -> None:
    for card in RAW:
        for key in ("id", "name_en", "name_ja", "text_en", "text_ja", "kind", "source", "aliases", "colour", "type",
                    "cost", "public", "keywords", "effects", "timings"):
            assert key in card, (card["id"], key)
        assert card["kind"] == card["type"] in C.TYPES
        assert card["colour"] in C.COLOURS
        assert 1 <= card["cost"] <= 8
        if card["type"] != "instant":
            assert card["power"] > 0 and card["toughness"] > 0
        else:
            assert card["timings"] and set(card["timings"]) <= set(C.TIMINGS)


@pytest.mark.parametrize("colour", C.COLOURS)
def test_each_colour_has_every_type_and_creatures_at_costs_1_to_8(colour: str) -> None:
    mine = [c for c in RAW if c["colour"] == colour]
    assert {c["type"] for c in mine} == set(C.TYPES)
    assert {c["cost"] for c in mine if c["type"] == "creature"} == set(range(1, 9))


@pytest.mark.parametrize("keyword", C.KEYWORDS)
def test_every_keyword_on_several_cards(keyword: str) -> None:
    assert sum(keyword in c["keywords"] for c in RAW) >= 4


def test_random_search_keyword_matches_search_effect() -> None:
    for card in RAW:
        assert ("random_search" in card["keywords"]) == any(e["kind"] == "search" for e in card["effects"])


def test_public_cost_retreat_and_afterlife_cards_exist() -> None:
    assert 10 <= sum(c["public"] for c in RAW) < len(RAW)
    assert not any(c["public"] for c in RAW if c["colour"] == "N")  # colourless: no same-colour card to show
    assert sum(any(e.get("when") == "retreat" for e in c["effects"]) for c in RAW) >= 4
    afterlife_kinds = {"mill", "recall", "revive", "requiem", "inter", "growth"}
    users = [c for c in RAW if any(e["kind"] in afterlife_kinds for e in c["effects"])]
    assert len(users) >= 20
    assert {e["kind"] for c in users for e in c["effects"]} >= afterlife_kinds


def test_effects_use_only_registered_kinds() -> None:
    for card in RAW:
        for effect in card["effects"]:
            assert effect["kind"] in EFFECTS, card["id"]
            assert effect.get("when", "play") in ("play", "retreat", "static")


def test_every_card_has_the_shape_the_authoring_rows_gave_it() -> None:
    """What the retired authoring rows made of every card, now that the TOML is edited by hand."""
    keys = ["id", "name_en", "name_ja", "text_en", "text_ja", "kind", "source", "aliases", "type", "colour", "cost",
            "public"]
    for card in RAW:
        body = ["power", "toughness"] if card["type"] != "instant" else []
        assert list(card) == [*keys, *body, "keywords", "effects", "timings"], card["id"]
        assert card["aliases"] == [card["id"].lower()] and card["colour"] == card["id"][0], card["id"]
        assert card["public"] in (0, 1), card["id"]
        assert card["type"] == "instant" or card["timings"] == [], card["id"]
        for effect in card["effects"]:
            assert list(effect)[0] == "kind" and effect.get("when") != "play", card["id"]


def test_colour_identities() -> None:
    def share(colour: str, pred) -> float:
        mine = [c for c in RAW if c["colour"] == colour]
        return sum(pred(c) for c in mine) / len(mine)
    assert share("R", lambda c: "pierce" in c["keywords"]) > max(share(x, lambda c: "pierce" in c["keywords"]) for x in "BG")
    assert any(e["kind"] == "negate" for c in RAW if c["colour"] == "B" for e in c["effects"])
    assert share("G", lambda c: any(e["kind"] == "core" for e in c["effects"])) > 0.1
    big = [c for c in RAW if c["type"] != "instant" and c["cost"] >= 6]
    assert max(c["toughness"] for c in big) == max(c["toughness"] for c in big if c["colour"] == "G")


def test_ready_made_decks_are_valid() -> None:
    decks = C.decks()
    assert len(decks) >= 4
    for deck_id, deck in decks.items():
        assert deck_id.isascii() and deck_id == deck_id.lower()
        for key in ("name_en", "name_ja", "style_en", "style_ja"):
            assert deck[key]
        ids = C.deck_list(deck_id)
        C.validate_deck(ids)
        assert max(Counter(ids).values()) <= 4


def test_validate_deck_rejects_bad_lists() -> None:
    good = C.deck_list("inferno")
    with pytest.raises(ValueError):
        C.validate_deck(good[:39])
    with pytest.raises(ValueError):
        C.validate_deck(good[:35] + ["R01"] * 5)
    with pytest.raises(ValueError):
        C.validate_deck(good[:39] + ["Z99"])
