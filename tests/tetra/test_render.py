"""TetrAction images: golden PNGs (with a pixel tolerance), decoding, legibility, hidden information,
speed and size.

Regenerate the goldens after a deliberate visual (or rule) change with
``UPDATE_GOLDEN=1 python -m pytest tests/tetra/test_render.py`` and look at them before committing.
"""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from bot.bench import sample_states
from bot.engine import random_choice
from bot.render import toolkit
from cogs.tetra import cards as catalogue
from cogs.tetra import render
from cogs.tetra.engine import ENGINE
from cogs.tetra.render import render_board, render_card, render_hand
from tests.golden import assert_matches_golden, decode, font_sizes_used

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MEAN_ABS_DIFF_TOLERANCE = 2.0  # 0-255 scale, averaged over all pixels and channels
SIZE_BUDGET = 300 * 1024
MAX_W, MAX_H = 1100, 900
LOCALES = ("en", "ja")


def play(seed: int, stop: Callable[[dict, int], bool]) -> dict:
    """A seeded random-legal game, stopped at the first position where ``stop(state, moves)`` holds."""
    rng = random.Random(seed)
    state = ENGINE.new_game(seed, {})
    moves = 0
    while ENGINE.outcome(state) is None and not stop(state, moves):
        (decision,) = ENGINE.pending(state)
        state, _ = ENGINE.apply(state, decision.seat, random_choice(decision, rng))
        moves += 1
    return state


@cache
def positions() -> dict[str, dict]:
    """The fixed positions of the goldens."""
    def choosing_new_card(state: dict, moves: int) -> bool:
        pending = ENGINE.pending(state)
        return bool(pending) and pending[0].options[0].startswith("take:")

    return {
        "opening": play(7, lambda state, moves: moves >= 6),
        "mid": play(11, lambda state, moves: moves >= 150),
        "take": play(3, choosing_new_card),
        "final": play(5, lambda state, moves: False),
    }


def seat_to_move(state: dict) -> int:
    pending = ENGINE.pending(state)
    return pending[0].seat if pending else 0


CASES: dict[str, Callable[[], bytes]] = {
    "board_opening_en": lambda: render_board(ENGINE.view(positions()["opening"], None), "en"),
    "board_mid_en": lambda: render_board(ENGINE.view(positions()["mid"], None), "en"),
    "board_mid_ja": lambda: render_board(ENGINE.view(positions()["mid"], None), "ja"),
    "board_final_ja": lambda: render_board(ENGINE.reveal_all(positions()["final"]), "ja"),
    "hand_mid_en": lambda: render_hand(ENGINE.view(positions()["mid"], seat_to_move(positions()["mid"])), "en"),
    "hand_take_ja": lambda: render_hand(ENGINE.view(positions()["take"], seat_to_move(positions()["take"])), "ja"),
    "card_H-B2_en": lambda: render_card(catalogue.card("H-B2"), "en"),
    "card_P12_ja": lambda: render_card(catalogue.card("P12"), "ja"),
    "card_A2_en": lambda: render_card(catalogue.card("A2"), "en"),
}






def test_the_golden_positions_are_what_they_claim() -> None:
    found = positions()
    assert found["opening"]["turn"] <= 3 and found["mid"]["result"] is None
    assert ENGINE.pending(found["take"])[0].options[0].startswith("take:")
    assert found["final"]["result"] is not None


@pytest.mark.parametrize("name", sorted(CASES))
def test_render_matches_golden_png(name: str) -> None:
    png = CASES[name]()
    path = GOLDEN_DIR / f"{name}.png"
    assert_matches_golden(png, path)


def test_every_png_decodes_with_a_phone_friendly_size() -> None:
    for name, make in CASES.items():
        png = make()
        image = Image.open(io.BytesIO(png))
        image.load()
        assert image.format == "PNG" and image.mode in ("RGB", "P"), name
        width, height = image.size
        if name.startswith("card_"):
            assert 600 <= width <= MAX_W and 400 <= height <= MAX_H, name
        else:
            assert 1000 <= width <= MAX_W and 600 <= height <= MAX_H, name
        assert len(png) <= SIZE_BUDGET, name


def test_every_view_renders_in_both_languages_for_players_and_spectators() -> None:
    for state in sample_states("tetra", 16, seed=4):
        for locale in LOCALES:
            for viewer in (None, 0, 1):
                assert decode(render_board(ENGINE.view(state, viewer), locale)).size == (1100, render.BOARD_HEIGHT)
            for viewer in (0, 1):
                width, height = decode(render_hand(ENGINE.view(state, viewer), locale)).size
                assert width == 1100 and height <= MAX_H


def test_every_card_renders_in_both_languages() -> None:
    for card in catalogue.cards():
        for locale in LOCALES:
            width, height = decode(render_card(card, locale)).size
            assert width == 640 and 400 <= height <= MAX_H, card.id


def test_the_end_of_match_board_is_the_public_board() -> None:
    final = positions()["final"]
    assert render_board(ENGINE.reveal_all(final), "en") == render_board(ENGINE.view(final, None), "en")


def test_text_is_never_below_18px(monkeypatch) -> None:
    for cached in (render.public_tile, render.hand_tile, render.hand_detail):
        cached.cache_clear()  # cached tiles would hide their text from the recorder
    sizes = font_sizes_used(monkeypatch, CASES.values())
    assert sizes and min(sizes) >= toolkit.MIN_TEXT_PX


def hidden_twin(state: dict) -> dict:
    """The same position with every hidden fact changed: a face-down charge card swapped with a card of
    the public deck, and the public, hand card and accident decks in other orders."""
    twin = copy.deepcopy(state)
    holder = next(h for p in twin["players"] for h in p["hand"] if h["charge_cards"])
    holder["charge_cards"][0], twin["public"]["deck"][0] = twin["public"]["deck"][0], holder["charge_cards"][0]
    twin["public"]["deck"].reverse()
    twin["accident"]["deck"].reverse()
    for player in twin["players"]:
        player["hand_deck"].reverse()
    return twin


def test_no_hidden_fact_reaches_an_image() -> None:
    state = play(11, lambda s, moves: moves >= 60 and len(s["public"]["deck"]) >= 3
                 and any(h["charge_cards"] for p in s["players"] for h in p["hand"])
                 and all(len(p["hand_deck"]) >= 2 for p in s["players"]))
    twin = hidden_twin(state)
    assert twin != state
    for locale in LOCALES:
        assert render_board(ENGINE.view(state, None), locale) == render_board(ENGINE.view(twin, None), locale)
        for seat in (0, 1):
            assert render_hand(ENGINE.view(state, seat), locale) == render_hand(ENGINE.view(twin, seat), locale)
    # A control: a public fact does change the picture.
    public_change = copy.deepcopy(state)
    public_change["players"][0]["life"] -= 1
    assert render_board(ENGINE.view(public_change, None), "en") != render_board(ENGINE.view(state, None), "en")


def test_pngs_stay_within_300_kb() -> None:
    # Speed is measured by `python -m bot bench`, not by a timed test; size is deterministic.
    states = sample_states("tetra", 50, seed=2)
    for make, seat in ((render_board, None), (render_hand, 0)):
        sizes = [len(make(ENGINE.view(state, seat), LOCALES[index % 2])) for index, state in enumerate(states)]
        assert max(sizes) <= SIZE_BUDGET
