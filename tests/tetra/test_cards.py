"""The card data (assets/tetra/cards.toml) and the locale strings the engine uses."""

from __future__ import annotations

import random

from bot import i18n
from bot.engine import random_choice
from bot.lookup import CardIndex
from cogs.tetra import cards as catalogue
from cogs.tetra import engine as rules
from cogs.tetra.effects import PUBLIC_EFFECTS
from cogs.tetra.geometry import COLOURS


def test_71_cards_in_three_kinds() -> None:
    cards = catalogue.all_cards()
    assert len(cards) == 71
    assert len(catalogue.ids_of("public")) == 39
    assert [len(catalogue.ids_of("public", c)) for c in COLOURS] == [13, 13, 13]
    assert [len(catalogue.ids_of("hand", c)) for c in ("red", "blue", "yellow")] == [8, 8, 10]
    assert len(catalogue.ids_of("accident")) == 6


def test_every_card_is_authored_and_bilingual_and_findable_by_number() -> None:
    aliases: list[str] = []
    for card in catalogue.all_cards():
        assert card.source == "authored"  # the book prints no card list
        assert card.name_en and card.name_ja and card.text_en and card.text_ja
        assert card.id in card.aliases
        aliases += card.aliases
    assert len(aliases) == len(set(aliases))


def test_two_start_cards_per_character() -> None:
    for colour in COLOURS:
        starts = [c for c in catalogue.ids_of("hand", colour) if catalogue.field(c, "start")]
        assert len(starts) == 2


def test_costs_are_symbol_sequences_of_length_1_to_4() -> None:
    for card in catalogue.all_cards():
        if card.kind == "accident":
            continue
        costs = [card.stats["cost"]] + [b["cost"] for b in card.stats.get("bands", []) if "cost" in b]
        for cost in costs:
            assert 1 <= len(cost) <= 4 and set(cost) <= set(COLOURS)


def test_charge_bands_cover_zero_to_the_red_maximum() -> None:
    for card_id in catalogue.ids_of("hand"):
        bands = catalogue.field(card_id, "bands")
        assert bands[0]["from"] == 0 and bands[-1]["to"] == catalogue.field(card_id, "max_charge")
        for before, after in zip(bands, bands[1:], strict=False):
            assert after["from"] == before["to"] + 1
        assert catalogue.field(card_id, "release_count") >= 1
        assert catalogue.field(card_id, "release")


def test_blue_cards_offer_two_effects_and_cost_changes_at_high_charge() -> None:
    blue = catalogue.ids_of("hand", "blue")
    assert all(len(catalogue.field(c, "bands")[-1].get("choices", [])) == 2 for c in blue)
    assert sum(1 for c in blue if any("cost" in b for b in catalogue.field(c, "bands"))) >= 3


def test_red_cards_hit_hard_at_low_charge_and_ask_for_mana_ether_or_life() -> None:
    def first_damage(card_id: str) -> int:
        return catalogue.field(card_id, "bands")[0].get("damage", 0)

    red = catalogue.ids_of("hand", "red")
    for card_id in red:
        bands = catalogue.field(card_id, "bands")
        assert first_damage(card_id) == max(b.get("damage", 0) for b in bands), card_id
        asks = [k for b in bands for k in ("lose_mana", "lose_ether", "self_damage") if b.get(k)]
        assert asks, card_id
    for kind in ("lose_mana", "lose_ether", "self_damage"):
        assert any(b.get(kind) for c in red for b in catalogue.field(c, "bands")), kind
    mean = {colour: sum(map(first_damage, catalogue.ids_of("hand", colour))) / len(catalogue.ids_of("hand", colour))
            for colour in COLOURS}
    assert mean["red"] > mean["blue"] and mean["red"] > mean["yellow"]


def test_yellow_cards_cast_again_at_low_charge_and_count_discards() -> None:
    yellow = catalogue.ids_of("hand", "yellow")
    assert sum(1 for c in yellow if catalogue.band_at(c, 0).get("cast_again")) >= 6
    assert sum(1 for c in yellow if any(b.get("discard_step") for b in catalogue.field(c, "bands"))) >= 4


def test_public_cards_gain_resources_and_have_the_books_effects() -> None:
    effects = {catalogue.field(c, "effect") for c in catalogue.ids_of("public")}
    assert effects - {None} <= set(PUBLIC_EFFECTS)
    assert {"cast_again", "rotate_any", "tip_neutral", "marker_self"} <= effects
    for card_id in catalogue.ids_of("public"):
        assert sum(catalogue.field(card_id, "gain", {}).values()) + catalogue.field(card_id, "ether", 0) >= 1


def test_accidents_include_the_three_the_book_describes() -> None:
    effects = [catalogue.field(c, "effect") for c in catalogue.ids_of("accident")]
    assert {"rotate_all", "move_all", "flip"} <= set(effects) and len(set(effects)) == 6


def test_every_prompt_event_and_outcome_has_english_and_japanese_text() -> None:
    keys = {f"tetra.prompt.{p}" for p in ("rotate_any", "rotate_neutral", "tip_neutral", "tip_any",
                                          "marker_self", "marker_opponent")}
    keys |= {f"tetra.outcome.{r}" for r in ("life", "both_down", "turn_limit")}
    for seed in range(40):
        rng = random.Random(seed)
        state = rules.new_game(seed, {})
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            keys.add(decision.prompt)
            state, events = rules.apply(state, decision.seat, random_choice(decision, rng))
            keys |= {e.key for e in events}
    english, japanese = i18n.catalogue("en"), i18n.catalogue("ja")
    missing = sorted(k for k in keys if k not in english or k not in japanese)
    assert not missing


def test_card_lookup_finds_every_public_hand_and_accident_card_by_name_or_number() -> None:
    index = CardIndex(catalogue.cards())
    for card in catalogue.all_cards():
        for key in (card.id, *card.aliases, card.name_en, card.name_ja, card.id.lower()):
            found, candidates = index.resolve(key, game="tetra")
            assert found == card, (key, [c.id for c in candidates])
