"""TetrAction images: golden PNGs (with a pixel tolerance), decoding, phone legibility (text against the
width), hidden information and size.

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

from bot.engine import random_choice
from bot.i18n import t
from bot.render.names import render_with_names
from cogs.tetra import cards as catalogue
from cogs.tetra import render, render_cards, render_pieces, render_private
from cogs.tetra.engine import ENGINE
from cogs.tetra.render import render_board
from cogs.tetra.render_cards import render_card
from cogs.tetra.render_pieces import WIDTH
from cogs.tetra.render_private import render_hand
from cogs.tetra.text import card_name
from tests.golden import assert_legible, assert_matches_golden, decode, texts_drawn, texts_drawn_apart
from tools.bench import sample_states

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
MEAN_ABS_DIFF_TOLERANCE = 2.0  # 0-255 scale, averaged over all pixels and channels
SIZE_BUDGET = 300 * 1024
MAX_H = 1800  # tall rather than wide: a phone shows a tall picture better
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
            assert width == 640 and 400 <= height <= 900, name
        else:
            assert width == WIDTH and 800 <= height <= MAX_H, name
        assert len(png) <= SIZE_BUDGET, name


def test_every_view_renders_in_both_languages_for_players_and_spectators() -> None:
    for state in sample_states("tetra", 16, seed=4):
        for locale in LOCALES:
            for viewer in (None, 0, 1):
                assert decode(render_board(ENGINE.view(state, viewer), locale)).size == (WIDTH, render_pieces.BOARD_HEIGHT)
            for viewer in (0, 1):
                width, height = decode(render_hand(ENGINE.view(state, viewer), locale)).size
                assert width == WIDTH and height <= MAX_H


def test_every_card_renders_in_both_languages() -> None:
    for card in catalogue.cards():
        for locale in LOCALES:
            width, height = decode(render_card(card, locale)).size
            assert width == 640 and 400 <= height <= 900, card.id


def test_the_end_of_match_board_is_the_public_board() -> None:
    final = positions()["final"]
    assert render_board(ENGINE.reveal_all(final), "en") == render_board(ENGINE.view(final, None), "en")


LONG_NAMES = ("Bartholomew the Unhurried", "とても長い名前のプレイヤーさん")


def phone_states() -> list[dict]:
    """Real positions: the goldens' (opening, middle, choosing a new hand card, the end with everything
    revealed) and more from random matches."""
    return [*positions().values(), *sample_states("tetra", 4, seed=9)]


def charge_text(hand: dict, locale: str) -> str:
    return t("tetra.board.charge", locale, charge=hand["charge"], max=catalogue.field(hand["id"], "max_charge"))


def main_texts(view: dict, locale: str, hand_picture: bool) -> list[str]:
    """What a player must read at a glance: life, the hand cards' names and charge, the public cards' names,
    the accident deck (on the board) and the cards to choose from."""
    seat = view["viewer"] if hand_picture else None
    wanted = []
    for player in view["players"]:
        wanted.append(f"♥ {player['life']}")
        for hand in player["hand"][:2]:
            wanted += [card_name(hand["id"], locale), charge_text(hand, locale)]
    choosing = hand_picture and render_private.pending_cards(view)
    if choosing:
        wanted += [card_name(card_id, locale) for card_id in render_private.pending_cards(view)[:3]]
    else:
        for card_id in view["public_row"][:4]:
            wanted += render_cards.public_name_lines(card_id, locale)
    if not hand_picture:
        wanted.append(t("tetra.board.accident", locale, count=view["accident_deck_count"]))
    if choosing:  # the choice picture shows the viewer's cards and the new ones, not the opponent
        opponent = view["players"][1 - seat]
        own = {card_name(h["id"], locale) for h in view["players"][seat]["hand"]}
        hidden = {f"♥ {opponent['life']}"} | {charge_text(h, locale) for h in opponent["hand"]} | {
            card_name(h["id"], locale) for h in opponent["hand"]}
        wanted = [text for text in wanted if text not in hidden or text in own]
    return wanted


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_is_phone_legible_on_real_states(monkeypatch, locale: str) -> None:
    checked = 0
    for state in phone_states():
        for viewer in (None, 0, 1):
            view = ENGINE.view(state, viewer)
            for hand_picture in ((False, True) if viewer is not None else (False,)):
                draw = render_hand if hand_picture else render_board
                render.clear_caches()  # pasted tiles are drawn once: draw them again to see their text
                width, drawn, apart = texts_drawn_apart(
                    monkeypatch, lambda d=draw, v=view: render_with_names(LONG_NAMES, d, v, locale))
                assert_legible(width, drawn)
                assert_legible(width, apart, main=main_texts(view, locale, hand_picture))
                checked += 1
    assert checked >= 40


def random_positions(count: int, seed: int) -> list[dict]:
    """Positions of random-legal matches stopped after a random number of moves (the end included)."""
    rng = random.Random(seed)
    found = []
    for index in range(count):
        stop = rng.randrange(0, 400)
        found.append(play(seed * 100 + index, lambda state, moves, stop=stop: moves >= stop))
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_fits_a_phone_screen_and_is_legible_on_random_states(monkeypatch, locale: str) -> None:
    """Issue 26: the board was 720x1580, so a phone showed it shrunk until tapped. Its height is at most
    1.6 times its width, its smallest text 1/40 of the width and its main facts 1/28, both players'
    public side (life, hand cards with their charge) on it, for every viewer."""
    checked = 0
    for state in random_positions(6, seed=26 if locale == "en" else 27):
        for viewer in (None, 0, 1):
            view = ENGINE.view(state, viewer)
            render.clear_caches()
            width, drawn, apart = texts_drawn_apart(
                monkeypatch, lambda v=view: render_with_names(LONG_NAMES, render_board, v, locale))
            png = render_with_names(LONG_NAMES, render_board, view, locale)
            image_width, image_height = decode(png).size
            assert image_width == width == WIDTH and image_height <= 1.6 * image_width, (image_width, image_height)
            assert_legible(width, drawn)
            assert_legible(width, apart, main=main_texts(view, locale, False))
            checked += 1
    assert checked == 18


@pytest.mark.parametrize("locale", LOCALES)
def test_card_pictures_are_phone_legible(monkeypatch, locale: str) -> None:
    for card in catalogue.cards():
        width, drawn = texts_drawn(monkeypatch, lambda c=card: render_card(c, locale))
        assert_legible(width, drawn, main=[card.name(locale)])


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
