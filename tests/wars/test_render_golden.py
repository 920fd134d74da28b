"""Images: golden PNGs of three fixed positions (with a pixel tolerance), hidden facts never drawn on the
public board, phone legibility (text against the width) and size.

Regenerate the goldens after a deliberate visual change with ``UPDATE_GOLDEN=1 pytest tests/wars`` and
look at every changed picture before committing it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from bot.render import toolkit
from bot.render.names import render_with_names
from cogs.cards import card_alt_text
from cogs.wars import cards as C
from cogs.wars.cardtext import magic_effect_text
from cogs.wars.engine import ENGINE
from cogs.wars.render import (
    ATTR_LABELS,
    TILE_W,
    UNIT_W,
    WIDTH,
    _magic_name_lines,
    _name_lines,
    clear_tile_caches,
    cost_text,
    hand_sections,
    render_board,
    render_hand,
    trait_labels,
)
from cogs.wars.render import (
    _name as card_title,
)
from cogs.wars.render_card import in_card_language, render_card
from cogs.wars.text import great_name
from cogs.wars.traits import TRAITS
from tests.golden import assert_legible, assert_matches_golden, decode, texts_drawn, texts_drawn_apart
from tests.wars.helpers import answer, decision, finish_turn, play, setup_game
from tools.bench import sample_states

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MEAN_ABS_DIFF_TOLERANCE = 2.0  # 0-255 scale, averaged over all pixels and channels
SIZE_BUDGET = 300 * 1024

# ---------------------------------------------------------------- the three positions


def opening() -> dict[str, Any]:
    """Overlord from match seed 7: both players keep their first magic and first three territory cards;
    the first player's first decision of turn 1."""
    state = ENGINE.new_game(7, {"level": "overlord"})
    while state["step"] == "setup":
        current = ENGINE.pending(state)[0]
        state, _ = answer(state, current.seat, *current.options[:current.min])
    assert state["turn"] == 1
    return state


def counter_chain() -> dict[str, Any]:
    """Wizard, turn 1: two removals declared; the first is answered by 呪文砕き and its caster is asked
    whether to counter back. Magic face down, face up and sideways; 膨張 and 顕在 on the field."""
    state = setup_game(
        level="wizard", seed=3, life=[24, 17], discard=["004", "012"],
        hands=[["027", "003", "016", "048", "045"], ["007", "047", "017"]],
        fields=[["034", "022", "020"], ["040", "031"]],
        magic=[["A21:up", "A05", "A11:side"], ["A02", "A16:up"]],
        territories=[["001", "005", "009"], ["010", "011"]],
        deck=["041", "042", "043", "044", "035"])
    state, _ = play(state, [(0, "remove:027:040"), (0, "remove2:003+016:031"), (1, "counter:047")])
    assert decision(state).seat == 0 and state["step"] == "chain"
    return state


def finished() -> dict[str, Any]:
    """Apprentice with masters: Player 2 casts 瘴気 and attacks; Player 1 removes with 調律 as 2 through a
    counter exchange of 呪文砕き and wins in combat on turn 2."""
    state = setup_game(
        level="apprentice", first=1, masters=["012", "038"], life=[30, 4],
        hands=[["027", "045", "033", "048"], ["024", "016", "047"]],
        fields=[["017", "036"], ["014", "030"]],
        magic=[["A11:up", "A10", "A13:side"], ["A05", "A02:up", "A07"]],
        territories=[["002", "003", "004", "005"], ["006", "007", "008"]],
        deck=["040", "019"])
    state, _ = play(state, [(1, "magic:A05")])
    state, _ = finish_turn(state)
    state, _ = play(state, [(0, "remove:045.2:030"), (0, "pass"), (1, "counter:047"), (0, "counter:048")])
    state, _ = finish_turn(state)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winner == 0 and state["turn"] == 2
    return state


@cache
def positions() -> dict[str, dict[str, Any]]:
    return {"opening": opening(), "chain": counter_chain(), "finished": finished()}


HAND_SEATS = {"opening": "first", "chain": 0, "finished": 1}


def hand_seat(name: str) -> int:
    seat = HAND_SEATS[name]
    return positions()[name]["first"] if seat == "first" else int(seat)


CASES: dict[str, Callable[[], bytes]] = {}
for _name in ("opening", "chain", "finished"):
    for _locale in ("en", "ja"):
        CASES[f"board_{_name}_{_locale}"] = (
            lambda n=_name, loc=_locale: render_board(ENGINE.view(positions()[n], None), loc))
        CASES[f"hand_{_name}_{_locale}"] = (
            lambda n=_name, loc=_locale: render_hand(ENGINE.view(positions()[n], hand_seat(n)), loc))


# ---------------------------------------------------------------- golden comparison


@pytest.mark.parametrize("name", sorted(CASES))
def test_render_matches_golden_png(name: str) -> None:
    png = CASES[name]()
    path = GOLDEN_DIR / f"{name}.png"
    assert_matches_golden(png, path)


def test_the_goldens_show_what_they_are_named_after() -> None:
    chain = ENGINE.view(positions()["chain"], None)
    assert [s["kind"] for s in chain["chain"]] == ["remove", "counter", "remove"]
    assert [m["card"] for m in chain["players"][0]["magic"]] == ["A21", None, "A11"]  # face down stays hidden
    over = ENGINE.view(positions()["finished"], None)
    assert over["result"] == {"winner": 0, "reason": "life"} and over["last"]["previous"]["magic"]
    assert over["last"]["spells"][0]["counters"] == [["047"], ["048"]]


# ---------------------------------------------------------------- hidden facts never reach the public board


def hide_hand_card(state: dict[str, Any]) -> None:
    # A card of Player 2's hand trades places with one in the deck: the hand count stays the same.
    hand, deck = state["hands"][1], state["deck"]
    hand[0], deck[-1] = deck[-1], hand[0]


def hide_territory_card(state: dict[str, Any]) -> None:
    territories, deck = state["territories"][1], state["deck"]
    territories[0], deck[-2] = deck[-2], territories[0]


def hide_face_down_magic(state: dict[str, Any]) -> None:
    slot = next(s for s in state["magic"][1] if s["state"] == "down")
    spare = next(m for m in state["set_aside"] if m.startswith("A") and m not in ("A21", "A22"))
    state["set_aside"][state["set_aside"].index(spare)] = slot["card"]
    slot["card"] = spare


def hide_deck_order(state: dict[str, Any]) -> None:
    state["deck"].reverse()


@pytest.mark.parametrize("change", [hide_hand_card, hide_territory_card, hide_face_down_magic, hide_deck_order])
@pytest.mark.parametrize("name", ["chain", "finished"])
def test_public_board_is_byte_identical_whatever_the_hidden_facts(name: str, change: Callable) -> None:
    state = positions()[name]
    other = copy.deepcopy(state)
    change(other)
    assert other != state
    for locale in ("en", "ja"):
        assert render_board(ENGINE.view(other, None), locale) == render_board(ENGINE.view(state, None), locale)


def test_the_face_down_magic_of_the_hand_image_is_its_owners_own() -> None:
    state = positions()["chain"]
    other = copy.deepcopy(state)
    hide_face_down_magic(other)  # Player 2's face-down magic: Player 1's hand picture does not change
    assert render_hand(ENGINE.view(other, 0), "en") == render_hand(ENGINE.view(state, 0), "en")
    assert render_hand(ENGINE.view(other, 1), "en") != render_hand(ENGINE.view(state, 1), "en")


# ---------------------------------------------------------------- legibility, size and speed


def test_images_are_780_px_wide_tall_rather_than_wide_and_under_300_kb() -> None:
    for name, make in CASES.items():
        png = make()
        width, height = decode(png).size
        assert width == WIDTH and height <= 2000, (name, height)
        assert len(png) <= SIZE_BUDGET, name


LONG_NAMES = ("Bartholomew the Unhurried", "とても長い名前のプレイヤーさん")


def phone_states() -> list[dict[str, Any]]:
    """The three golden positions, the setup of the levels with the biggest choices, and played states."""
    setups = [ENGINE.new_game(5, {"level": level}) for level in ("seven_mage", "wizard")]
    return [*positions().values(), *setups, *sample_states("wars", 6, seed=3)]


def board_main(view: dict[str, Any], locale: str) -> list[str]:
    """Life, every unit's power and name, and every magic name the board shows."""
    wanted = []
    for player in view["players"]:
        wanted.append(f"♥ {player['life']}")
        for unit in player["field"]:
            wanted += [str(unit["power"]), *_name_lines(unit["card"], locale, UNIT_W - 16)]
        wanted += [card_title(slot["card"], locale) for slot in player["magic"] if slot["card"]]
    return wanted


def hand_main(view: dict[str, Any], locale: str) -> list[str]:
    """Life, and the name and cost of every card tile and the name of every magic tile."""
    wanted = [f"♥ {view['players'][view['seat']]['life']}"]
    for _, kind, items in hand_sections(view, locale):
        for item in items:
            card = item[0] if kind == "magic" else item
            if kind == "magic":
                wanted += _magic_name_lines(card, locale)
                continue
            wanted += _name_lines(card, locale, TILE_W - 16)
            cost = cost_text(C.info(card))
            wanted += [cost] if cost else []
    return wanted


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_text_is_phone_legible_on_real_states(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    for state in phone_states():
        for seat in (None, 0, 1):
            view = ENGINE.view(state, seat)
            clear_tile_caches()  # pasted tiles are drawn once: draw them again to see their text
            width, drawn, apart = texts_drawn_apart(
                monkeypatch, lambda v=view: render_with_names(LONG_NAMES, render_board, v, locale))
            assert_legible(width, drawn)  # the floor on everything, main texts apart from the log's running text
            assert_legible(width, apart, main=board_main(view, locale))
            if seat is not None:
                clear_tile_caches()
                width, drawn, apart = texts_drawn_apart(
                    monkeypatch, lambda v=view: render_with_names(LONG_NAMES, render_hand, v, locale))
                assert_legible(width, drawn)
                assert_legible(width, apart, main=hand_main(view, locale))


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_trait_of_every_unit_on_the_board_is_drawn(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    # 先行打撃兵 at Wizard level has three traits in force: two rows of chips.
    view = ENGINE.view(setup_game(level="wizard", seed=3, fields=[["036", "022"], ["030", "034"]],
                                  hands=[["027"], ["007"]], deck=["041", "042", "043"]), None)
    units = [unit for player in view["players"] for unit in player["field"]]
    assert max(len(unit["traits"]) for unit in units) >= 3
    clear_tile_caches()
    _, drawn = texts_drawn(monkeypatch, lambda: render_board(view, locale))
    labels = {text for _, text in drawn}
    for unit in units:
        assert set(trait_labels(unit["traits"], locale)) <= labels, unit["card"]


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_card_pictures_are_phone_legible(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    for card in C.catalogue():
        width, drawn = texts_drawn(monkeypatch, lambda c=card: render_card(c, locale))
        assert_legible(width, drawn)
        assert min(size for size, _ in drawn) >= width / 28  # the card's name, cost and whole text


def test_pngs_stay_within_300_kb() -> None:
    # Speed is measured by `python -m bot bench`, not by a timed test; size is deterministic.
    for index, state in enumerate(sample_states("wars", 40)):
        locale = "ja" if index % 2 else "en"
        assert len(render_board(ENGINE.view(state, None), locale)) <= SIZE_BUDGET
        assert len(render_hand(ENGINE.view(state, state["active"]), locale)) <= SIZE_BUDGET


# ---------------------------------------------------------------- the /card picture

CARD_CASES: dict[str, Callable[[], bytes]] = {
    "card_020_en": lambda: render_card(C.find_card("020"), "en"),  # a unit: cost, power, one trait
    "card_A01_ja": lambda: render_card(C.find_card("A01"), "ja"),  # a magic: requirement, effect, trait, great magic
}


@pytest.mark.parametrize("name", sorted(CARD_CASES))
def test_card_picture_matches_golden_png(name: str) -> None:
    assert_matches_golden(CARD_CASES[name](), GOLDEN_DIR / f"{name}.png")


JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")


def squashed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def card_texts(monkeypatch: pytest.MonkeyPatch, card: Any, locale: str) -> tuple[int, list[str], list[str]]:
    """The card picture's width, its texts drawn whole and its lines of running text (drawn word by word
    from cached masks, so a word repeated on the picture is rasterized once: recorded as lines)."""
    lines: list[str] = []
    original = toolkit.Canvas.words

    def recording_words(self: toolkit.Canvas, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        lines.append(text)
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(toolkit.Canvas, "words", recording_words)
    try:
        width, drawn = texts_drawn(monkeypatch, lambda: render_card(card, locale))
    finally:
        monkeypatch.setattr(toolkit.Canvas, "words", original)
    return width, [text for _, text in drawn], lines


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_card_pictures_say_kind_attribute_cost_power_traits_and_effect_in_the_cards_language(
        monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    for card in C.catalogue():
        info = C.info(card.stats.get("alternate_of", card.id))
        width, texts, lines = card_texts(monkeypatch, card, locale)
        assert width == 720, card.id
        every_word = squashed("".join(texts + lines))
        assert card.id in texts and squashed(card.name(locale)) in every_word, card.id
        kind_line = next(text for text in texts if text.startswith(i18n.t(f"wars.card.{info['kind']}", locale)))
        if info["attribute"] != "none":
            assert ATTR_LABELS[locale][info["attribute"]] in kind_line, card.id
        if info["kind"] == "unit":
            assert i18n.t("wars.card.cost", locale, cost=info["cost"]) in texts, card.id
            assert i18n.t("wars.card.power", locale, power=info["cost"]) in texts, card.id
        for trait in info["traits"]:
            assert (TRAITS[trait].name_ja if locale == "ja" else TRAITS[trait].name_en) in texts, (card.id, trait)
        if info["kind"] == "magic":
            assert squashed(in_card_language(magic_effect_text(info, locale), locale)) in every_word, card.id
            assert any(great_name(info["great"], locale) in text for text in texts), card.id
        if locale == "en":  # the book's Japanese terms are said in English; only the Japanese name is shown
            japanese = [text for text in texts if JAPANESE.search(text) and text != f"({card.name_ja})"]
            assert not japanese, (card.id, japanese)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_card_alt_text_says_what_the_picture_draws_within_discords_limit(locale: str) -> None:
    for card in C.catalogue():
        info = C.info(card.stats.get("alternate_of", card.id))
        alt = card_alt_text(card, locale)
        assert len(alt) <= 1024 and alt.startswith(card.name(locale)), card.id
        if info["kind"] == "unit":
            assert i18n.t("wars.card.power", locale, power=info["cost"]) in alt, card.id
        for trait in info["traits"]:
            assert (TRAITS[trait].name_ja if locale == "ja" else TRAITS[trait].name_en) + ":" in alt, (card.id, trait)
        if locale == "en":
            assert not JAPANESE.search(alt), (card.id, alt)
