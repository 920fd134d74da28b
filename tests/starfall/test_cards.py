"""Card data: the pool's size and shape and the ready-made decks (the texts: tests/platform/test_card_text.py)."""

from __future__ import annotations

import re
from collections import Counter

from cogs.starfall import board
from cogs.starfall import cards as catalogue
from cogs.starfall.effects import ABILITY_KINDS, EFFECTS, R_KINDS


def test_at_least_sixteen_authored_cards_per_attribute() -> None:
    counts = Counter(card.stats["attribute"] for card in catalogue.all_cards())
    assert all(counts[name] >= 16 for name in catalogue.ATTRIBUTES), counts
    assert all(card.source == "authored" for card in catalogue.all_cards())
    assert all(card.kind == card.stats["attribute"] for card in catalogue.all_cards())


def test_every_card_has_the_anatomy_of_upper_volume_1_3() -> None:
    for card in catalogue.all_cards():
        stats = card.stats
        assert re.fullmatch(r"S\d\d", card.id) and card.id[1:].lstrip("0") in card.aliases
        assert card.name_en and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", card.name_ja), card.id
        assert 30 <= stats["hp"] <= 90 and stats["hp"] % 10 == 0, card.id
        assert stats["ability"]["kind"] in ABILITY_KINDS, card.id
        assert stats["r"]["kind"] in R_KINDS, card.id
        # 3-1: the R surcharge is +★1, +★0 on Trick cards (their R effects are their strength).
        assert stats["r"]["cost"] == (0 if stats["attribute"] == "trick" else 1), card.id
        assert 1 <= stats["consume"]["cost"] <= 4, card.id
        for which in ("normal", "consume"):
            skill = stats[which]
            assert skill["pattern"] in board.PATTERNS, card.id
            assert tuple(skill["from"]) in (("f",), ("b",), ("f", "b")), card.id
            for effect in skill["effects"] + skill.get("self_effects", []):
                assert effect["kind"] in EFFECTS, card.id
                assert effect.get("amount", 10) % 10 == 0 or effect["kind"] == "star", card.id


def test_names_are_unique_in_both_languages() -> None:
    cards = catalogue.all_cards()
    assert len({c.name_en for c in cards}) == len({c.name_ja for c in cards}) == len(cards)


def test_every_attack_pattern_and_added_effect_of_the_upper_volume_is_used() -> None:
    patterns = set()
    effects = set()
    for card in catalogue.all_cards():
        for which in ("normal", "consume"):
            patterns.add(card.stats[which]["pattern"])
            effects |= {e["kind"] for e in card.stats[which]["effects"]}
    assert patterns == set(board.PATTERNS)
    assert effects == set(EFFECTS)


def test_at_least_four_ready_made_decks_all_valid_and_distinct() -> None:
    decks = catalogue.ready_decks()
    assert len(decks) >= 4
    assert len({d["id"] for d in decks}) == len(decks)
    for deck in decks:
        assert re.fullmatch(r"[a-z]+", deck["id"])
        assert deck["name_en"] and deck["name_ja"] and deck["style_en"] and deck["style_ja"]
        assert catalogue.deck_problem(catalogue.deck_list(deck)) is None, deck["id"]
    lists = [frozenset(catalogue.deck_list(d)) for d in decks]
    assert all(len(a & b) <= 12 for i, a in enumerate(lists) for b in lists[i + 1:])
