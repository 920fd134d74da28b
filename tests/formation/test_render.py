"""Images: golden PNGs (with a pixel tolerance), legibility, speed and size.

Regenerate the goldens after a deliberate visual change with ``UPDATE_GOLDEN=1 pytest tests/formation``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from bot.render import toolkit
from cogs.formation.data import catalogue
from cogs.formation.engine import ENGINE
from cogs.formation.render import WIDTH, render_board, render_card, render_hand
from tests.formation.helpers import random_steps
from tests.golden import assert_matches_golden, decode, font_sizes_used

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


def test_images_are_1000_to_1200_px_wide_and_small():
    for name, make in CASES.items():
        png = make()
        width, height = decode(png).size
        assert 1000 <= width <= 1200 and height <= 600, name
        assert len(png) <= SIZE_BUDGET, name


def test_text_is_never_below_18px(monkeypatch):
    # The toolkit refuses smaller fonts; render everything through a recording font() to be sure.
    sizes = font_sizes_used(monkeypatch, CASES.values())
    assert sizes and min(sizes) >= toolkit.MIN_TEXT_PX


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
