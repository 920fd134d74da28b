"""Strings, labels and the card catalogue."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine import OPTION_ID_RE
from bot.i18n import catalogue as locale_catalogue
from bot.i18n import t
from cogs.formation.data import DECK, catalogue
from cogs.formation.engine import ENGINE
from cogs.formation.spec import GAME
from cogs.formation.text import ARG_FORMATTERS, option_label
from tests.formation.helpers import random_steps

ROOT = Path(__file__).resolve().parents[2]


def formation_keys(locale: str) -> set[str]:
    return {key for key in locale_catalogue(locale) if key.startswith("formation.")}


def test_english_and_japanese_have_the_same_formation_keys():
    assert formation_keys("en") == formation_keys("ja")


def test_every_string_key_used_in_the_code_exists():
    used = set()
    for path in (ROOT / "cogs" / "formation").glob("*.py"):
        used |= set(re.findall(r'"(formation\.[a-z_]+\.[a-z_0-9]+)"', path.read_text(encoding="utf-8")))
    used |= {f"formation.prompt.{name}" for name in
             ("type", "formation", "place_lines", "place_reserve", "attack", "defend", "advance")}
    assert used - formation_keys("en") == set()


def test_every_option_label_is_localized_and_at_most_80_characters():
    checked = 0
    for seed in range(6):
        for step in random_steps(seed):
            for decision in ENGINE.pending(step.before):
                view = ENGINE.view(step.before, decision.seat)
                for option in decision.options:
                    for locale in ("en", "ja"):
                        label = option_label(option, view, locale)
                        assert 0 < len(label) <= 80 and label != option, (option, label)
                        checked += 1
    assert checked > 1000


def test_japanese_labels_use_the_books_words():
    state = next(step.after for step in random_steps(3) if step.after["phase"] == "battle")
    decision = ENGINE.pending(state)[0]
    label = option_label(decision.options[0], ENGINE.view(state, decision.seat), "ja")
    assert re.search(r"(赤|青)\d+", label) and ("前衛" in label or "後衛" in label)
    assert option_label("type:sword", {}, "ja").startswith("剣")
    assert option_label("place:reserve:2:b12", {}, "ja") == "青12 → 援軍・中央"


def test_every_prompt_and_event_formats_in_both_locales():
    formatters = GAME.arg_formatters
    for step in random_steps(8):
        items = [(d.prompt, d.args) for d in ENGINE.pending(step.after)]
        items += [(event.key, event.args) for event in step.events]
        for key, args in items:
            for locale in ("en", "ja"):
                formatted = {name: formatters[name](value, locale) if name in formatters else value
                             for name, value in args.items()}
                text = t(key, locale, **formatted)
                assert "{" not in text and "r1" not in text.split()


def test_arg_formatters_name_cards_squares_and_formations():
    assert ARG_FORMATTERS["card"]("r5", "ja") == "赤5"
    assert ARG_FORMATTERS["card"]("b12", "en") == "Blue 12"
    assert ARG_FORMATTERS["cards"](["r0", "b9"], "ja") == "赤0、青9"
    assert ARG_FORMATTERS["square"]("back:3", "en") == "Back right"
    assert ARG_FORMATTERS["formation"]("sword-1a", "ja") == "鋒矢の陣"
    assert ARG_FORMATTERS["colour"]("blue", "ja") == "青"


def test_catalogue_has_every_battle_card_with_the_books_names():
    cards = {card.id: card for card in GAME.cards()}
    for card_id in DECK:
        card = cards[card_id]
        assert card.kind == "battle" and card.source == "seed"
        colour_ja = "赤" if card_id[0] == "r" else "青"
        assert card.name_ja == f"{colour_ja}{card_id[1:]}"  # the book writes 赤3, 青8
    assert cards["r5"].name_en == "Red 5" and cards["b12"].name_ja == "青12"


def test_catalogue_has_the_18_authored_formation_cards_and_3_types():
    cards = GAME.cards()
    formations = [card for card in cards if card.kind == "formation"]
    assert len(formations) == 18 and all(card.source == "authored" for card in formations)
    assert {card.id for card in formations} == set(catalogue().layouts)
    for card in formations:
        assert card.text_en and card.text_ja and card.name_ja.endswith(("の陣", "野伏せ"))
    types = [card for card in cards if card.kind == "formation_type"]
    assert {card.id for card in types} == {"sword", "shield", "bow"}
    assert len(cards) == 22 + 18 + 3


def test_spec_is_complete_and_option_ids_are_move_notation():
    assert GAME.game_id == ENGINE.game_id == "formation"
    assert GAME.render_card is not None and GAME.arg_formatters is ARG_FORMATTERS
    for step in random_steps(2):
        for option in step.choice:
            assert OPTION_ID_RE.match(option)
