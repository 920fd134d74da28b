"""The kinds a 3x3 Wars card names (effect, condition, great magic, traits) against their registries,
and the card text generated from the data."""

import tomllib
from pathlib import Path

import pytest

from bot.cards import ASSETS, load_cards
from cogs.wars import effects, greats, magic, setup, spells, turn
from cogs.wars.cardtext import card_text
from cogs.wars.effects import EFFECTS, ON_ENTER
from cogs.wars.engine import ANSWERS
from cogs.wars.greats import GREATS
from cogs.wars.kinds import check_card, check_catalogue
from cogs.wars.magic import CONDITIONS
from cogs.wars.traits import TRAITS

CARDS_TOML = ASSETS / "wars" / "cards.toml"
RAW = tomllib.loads(CARDS_TOML.read_text(encoding="utf-8"))["card"]
MAGIC = [card for card in RAW if card["kind"] == "magic"]


def test_every_kind_the_cards_name_has_a_handler():
    check_catalogue()


def test_every_registered_kind_is_used_by_a_card():
    assert set(EFFECTS) == {card["effect"] for card in MAGIC}
    assert set(CONDITIONS) == {card["condition"] for card in MAGIC}
    assert set(GREATS) == {card["great"] for card in MAGIC}
    assert set(TRAITS) == {trait for card in RAW for trait in card["traits"]}
    assert set(ON_ENTER) <= {trait for card in RAW for trait in card["traits"]}


def test_rules_only_great_magic_is_the_documented_one():
    # ★不許火 is offered only in the opponent's windows (magic.offer_nullify and the counter window), which
    # the rules open; every other great magic is used on its own turn through its handler.
    assert {kind for kind, great in GREATS.items() if great.use is None} == {"forbid_fire"}


def test_no_two_sections_answer_the_same_question():
    tables = [setup.ANSWERS, turn.ANSWERS, spells.ANSWERS, magic.ANSWERS, effects.ANSWERS, greats.ANSWERS]
    assert sum(len(table) for table in tables) == len(ANSWERS)


@pytest.mark.parametrize(("field", "value"), [
    ("effect", "meteor"), ("condition", "night_only"), ("great", "sky_fall"), ("traits", ["flying"]),
])
def test_an_unknown_kind_is_refused(field, value):
    card = dict(MAGIC[0], **{field: value})
    with pytest.raises(ValueError, match=f"wars card A01: unknown .* kind '?{value if field != 'traits' else 'flying'}"):
        check_card(card)


def test_an_unknown_kind_in_the_toml_stops_the_load(tmp_path: Path):
    broken = CARDS_TOML.read_text(encoding="utf-8").replace('effect = "poison"', 'effect = "poision"', 1)
    path = tmp_path / "cards.toml"
    path.write_text(broken, encoding="utf-8")
    cards = load_cards("wars", path)
    with pytest.raises(ValueError, match="A08: unknown effect kind 'poision'"):
        check_catalogue({"id": card.id, "kind": card.kind, **card.stats} for card in cards)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_toml_text_is_the_generated_text(locale):
    for card in RAW:
        assert card[f"text_{locale}"] == card_text(card, locale), card["id"]


def test_a_new_card_from_existing_kinds():
    """The "how to add a card" path: data naming registered kinds is accepted and gets its text."""
    card = {"id": "A99", "kind": "magic", "attribute": "water", "req_any": 1, "req_attrs": ["water"],
            "condition": "spell", "effect": "fog", "traits": ["echo"], "great": "sea_heal",
            "great_en": "★Sea Healing", "great_ja": "★海癒"}
    check_card(card)
    assert card_text(card, "en").startswith(
        "Requirement (1) (water). [Your spell phase only] This turn your opponent cannot counter (打消). 残響 (Echo):")
    assert card_text(card, "ja").startswith("必要魔力 ①(水)。[あなたの呪文フェイズ限定] このターン、対戦相手は打消を行えない。 残響:")
    unit = {"id": "099", "kind": "unit", "attribute": "grass", "cost": 4, "traits": ["swell", "undying"]}
    check_card(unit)
    assert card_text(unit, "en") == ("膨張 (Swell): This unit has +2 power (an increase, not a reinforcement; its cost "
                                     "stays 4). 不死 (Undying): When this unit is destroyed, return it to its owner's "
                                     "hand instead of the discard pile.")
