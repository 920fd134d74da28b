"""Images: golden PNGs (with a pixel tolerance), phone legibility (text against the width) and size.

Regenerate the goldens after a deliberate visual change with ``UPDATE_GOLDEN=1 pytest tests/formation``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from bot.i18n import t
from bot.render.names import render_with_names
from cogs.formation.data import card_points, catalogue
from cogs.formation.engine import ENGINE
from cogs.formation.render import WIDTH, clear_tile_caches, render_board, render_card, render_hand, seat_stats
from cogs.formation.text import card_name
from tests.formation.helpers import random_steps
from tests.golden import assert_legible, assert_matches_golden, decode, texts_drawn, texts_drawn_apart

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MEAN_ABS_DIFF_TOLERANCE = 2.0  # 0-255 scale, averaged over all pixels and channels
SIZE_BUDGET = 300 * 1024


@cache
def golden_states() -> dict[str, dict]:
    """Named positions of the seed-7 golden playthrough (computed on first use, not at import)."""
    golden = json.loads((GOLDEN_DIR / "seed7.json").read_text(encoding="utf-8"))
    state = ENGINE.new_game(golden["seed"], golden["options"])
    found: dict[str, dict] = {}
    wanted: dict[str, Callable[[dict], bool]] = {
        "formation": lambda s: s["phase"] == "formation" and s["round"] == 2,
        "lines": lambda s: s["phase"] == "lines" and sum(map(len, s["boards"][0][:6])) >= 3,
        "attack": lambda s: s["phase"] == "battle" and s["attack"] is not None and s["round"] == 2
        and s["battle"] >= 2,
        "over": lambda s: s["phase"] == "over",
    }
    for entry in golden["log"]:
        state, _ = ENGINE.apply(state, entry["seat"], tuple(entry["choice"]))
        for name, test in wanted.items():
            if name not in found and test(state):
                found[name] = state
    assert set(found) == set(wanted)
    return found


CASES: dict[str, Callable[[], bytes]] = {
    "board_lines_en": lambda: render_board(ENGINE.view(golden_states()["lines"], None), "en"),
    "board_attack_en": lambda: render_board(ENGINE.view(golden_states()["attack"], None), "en"),
    "board_attack_ja": lambda: render_board(ENGINE.view(golden_states()["attack"], None), "ja"),
    "board_over_ja": lambda: render_board(ENGINE.view(golden_states()["over"], None), "ja"),
    "hand_formation_ja": lambda: render_hand(ENGINE.view(golden_states()["formation"], 0), "ja"),
    "hand_lines_en": lambda: render_hand(ENGINE.view(golden_states()["lines"], 0), "en"),
    "hand_lines_ja": lambda: render_hand(ENGINE.view(golden_states()["lines"], 0), "ja"),
    "hand_attack_en": lambda: render_hand(ENGINE.view(golden_states()["attack"], 1), "en"),
    "card_r0_ja": lambda: render_card(catalogue().card("r0"), "ja"),
    "card_b12_en": lambda: render_card(catalogue().card("b12"), "en"),
    "card_sword-1a_en": lambda: render_card(catalogue().card("sword-1a"), "en"),
    "card_bow-3b_ja": lambda: render_card(catalogue().card("bow-3b"), "ja"),
    "card_shield_ja": lambda: render_card(catalogue().card("shield"), "ja"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_render_matches_golden_png(name):
    png = CASES[name]()
    path = GOLDEN_DIR / f"{name}.png"
    assert_matches_golden(png, path)


def test_images_are_760_px_wide_tall_rather_than_wide_and_small():
    for name, make in CASES.items():
        png = make()
        width, height = decode(png).size
        assert width == WIDTH and height <= 1500, (name, height)
        assert len(png) <= SIZE_BUDGET, name


LONG_NAMES = ("Bartholomew the Unhurried", "とても長い名前のプレイヤーさん")


def phone_states() -> list[dict]:
    """Real positions: the golden ones, and the start, middle and end of a random match."""
    trail = [step.after for step in random_steps(12)]
    return [*golden_states().values(), trail[3], trail[len(trail) // 2], trail[-1]]


def main_texts(view: dict, locale: str, hand_picture: bool) -> list[str]:
    """What a player must read at a glance: the score lines, every visible rank, the hand's names and scores."""
    seats = [view["viewer"]] if hand_picture else [0, 1]
    wanted = []
    for seat in seats:
        info = view["seats"][seat]
        wanted += seat_stats(view, seat, locale).split(" · ")  # the total and the counts
        for square in info["board"] or []:
            wanted += [card["card"][1:] for card in square["cards"] if card["card"]]
    if hand_picture:
        for card in view["seats"][view["viewer"]]["hand"] or []:
            wanted += [card[1:], card_name(card, locale), t("formation.card.points", locale, points=card_points(card))]
    return wanted


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_text_is_phone_legible_on_real_states(monkeypatch, locale):
    checked = 0
    for state in phone_states():
        for viewer in (None, 0, 1):
            view = ENGINE.view(state, viewer)
            choosing = viewer is not None and view["phase"] == "formation" and view["seats"][viewer]["formation"] \
                is None and view["seats"][viewer]["formation_choices"]
            for hand_picture in ((False, True) if viewer is not None else (False,)):
                render = render_hand if hand_picture else render_board
                main = main_texts(view, locale, hand_picture)
                if hand_picture and choosing:  # the choice picture shows the hand and two formations, no panel
                    main = [text for text in main if text not in seat_stats(view, viewer, locale).split(" · ")]
                clear_tile_caches()  # pasted tiles are drawn once: draw them again to see their text
                width, drawn, apart = texts_drawn_apart(
                    monkeypatch, lambda r=render, v=view: render_with_names(LONG_NAMES, r, v, locale))
                assert_legible(width, drawn)  # the floor on everything, main texts apart from running text
                assert_legible(width, apart, main=main)
                checked += 1
    assert checked >= 20


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_card_pictures_are_phone_legible(monkeypatch, locale):
    for card in catalogue().cards:
        clear_tile_caches()
        width, drawn, apart = texts_drawn_apart(monkeypatch, lambda c=card: render_card(c, locale))
        assert_legible(width, drawn)  # the 1/40 floor on everything, the main texts apart from running text
        assert_legible(width, apart, main=[card.name(locale)] + ([str(card.stats["rank"])] if card.kind == "battle"
                                                                  else []))


def test_views_are_rendered_in_both_locales_for_every_phase():
    seen = set()
    for index, step in enumerate(random_steps(12)):
        state = step.after
        if state["phase"] in seen and index % 9:
            continue
        seen.add(state["phase"])
        for locale in ("en", "ja"):
            for viewer in (None, 0, 1):
                assert decode(render_board(ENGINE.view(state, viewer), locale)).size[0] == WIDTH
            for viewer in (0, 1):
                assert decode(render_hand(ENGINE.view(state, viewer), locale)).size[0] == WIDTH
    assert {"formation", "lines", "reserve", "battle", "over"} <= seen


def test_an_unchanged_picture_is_given_back_and_names_or_locale_draw_anew(monkeypatch):
    view = ENGINE.view(golden_states()["attack"], None)
    first = render_board(view, "en")
    _, drawn = texts_drawn(monkeypatch, lambda: render_board(ENGINE.view(golden_states()["attack"], None), "en"))
    assert drawn == []  # nothing visible changed: the same picture, not drawn again
    assert render_board(view, "en") is first
    named = render_with_names(LONG_NAMES, render_board, view, "en")
    assert named != first and render_board(view, "ja") != first
    assert render_with_names(LONG_NAMES, render_board, view, "en") is named
