"""Starfall images: golden PNGs (with a pixel tolerance), decoding and size, phone legibility (text against
the width), and the deck order (the only hidden information) never reaching a picture.

Regenerate the goldens after a deliberate visual (or rule) change with
``UPDATE_GOLDEN=1 python -m pytest tests/starfall/test_render.py`` and look at them before committing.
"""

from __future__ import annotations

import copy
import io
import json
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from bot.engine import random_choice
from bot.i18n import t
from bot.render import toolkit
from bot.render.names import render_with_names
from cogs.starfall import cards as catalogue
from cogs.starfall import render, render_fields, render_pieces, render_private
from cogs.starfall.engine import ENGINE
from cogs.starfall.render import render_board
from cogs.starfall.render_card import render_card
from cogs.starfall.render_pieces import WIDTH
from cogs.starfall.render_private import render_hand
from cogs.starfall.text import card_name
from tests import golden
from tests.golden import UPDATE, assert_legible, assert_matches_golden, decode, texts_drawn
from tools.bench import sample_states

GOLDEN_DIR = Path(__file__).resolve().parent / "golden_png"
SIZE_BUDGET = 300 * 1024
MAX_H = 1500  # tall rather than wide: a phone shows a tall picture better
LOCALES = ("en", "ja")


def play(seed: int, stop: Callable[[dict, int], bool], options: dict | None = None) -> dict:
    """A seeded random-legal match, stopped at the first position where ``stop(state, moves)`` holds."""
    rng = random.Random(seed)
    state = ENGINE.new_game(seed, options or {})
    moves = 0
    while ENGINE.outcome(state) is None and not stop(state, moves):
        (decision,) = ENGINE.pending(state)
        state, _ = ENGINE.apply(state, decision.seat, random_choice(decision, rng))
        moves += 1
    return state


def asking(prompt: str, after: int, more_than: int = 1) -> Callable[[dict, int], bool]:
    def stop(state: dict, moves: int) -> bool:
        pending = ENGINE.pending(state)
        return (moves >= after and bool(pending) and pending[0].prompt == f"starfall.prompt.{prompt}"
                and len(pending[0].options) > more_than)
    return stop


def with_every_chip(state: dict) -> dict:
    """The same position with a sick, a locked, an acted and an R-effect card, and damage."""
    state = copy.deepcopy(state)
    records = [(seat, sq) for seat in (0, 1) for sq, rec in state["players"][seat]["field"].items() if rec]
    kinds = [{"status": "sick", "dmg": 10}, {"status": "lock"}, {"acted": True, "r": True, "dmg": 20},
             {"star": 4}]
    for (seat, sq), change in zip(records, kinds, strict=False):
        state["players"][seat]["field"][sq].update(change)
    return state


@cache
def positions() -> dict[str, dict]:
    """The fixed positions of the goldens."""
    return {
        "setup": play(6, lambda state, moves: moves >= 1),
        "mid": play(3, asking("target", 50)),
        "chips": with_every_chip(play(8, lambda state, moves: moves >= 45)),
        "skill": play(3, asking("skill", 40, 2)),
        "move": play(5, asking("move", 30, 3)),
        "act": play(6, asking("act", 30)),
        "final": play(3, lambda state, moves: False),
        "beginner": play(4, asking("skill", 20), {"beginner": "on"}),
        "row": play(12, lambda state, moves: any(o in ("target:o:front", "target:o:back")
                                                 for d in ENGINE.pending(state) for o in d.options)),
    }


def seat_to_move(state: dict) -> int:
    pending = ENGINE.pending(state)
    return pending[0].seat if pending else 0


VIEWS_PATH = GOLDEN_DIR / "views.json"


@cache
def stored_views() -> dict[str, dict]:
    """The views the goldens are drawn from, stored next to them so that a rebalance of the cards or a
    change of the engine's random play does not move the positions (``UPDATE_GOLDEN=1`` replays them).
    ``board_<name>`` is the spectator view of a position, ``panel_<name>`` the deciding seat's."""
    if UPDATE or not VIEWS_PATH.exists():
        views = {}
        for name, state in positions().items():
            views[f"board_{name}"] = ENGINE.view(state, None)
            views[f"panel_{name}"] = ENGINE.view(state, seat_to_move(state))
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        VIEWS_PATH.write_text(json.dumps(views, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                              encoding="utf-8")
    return json.loads(VIEWS_PATH.read_text(encoding="utf-8"))


def board(name: str, locale: str) -> bytes:
    return render_board(stored_views()[f"board_{name}"], locale)


def panel(name: str, locale: str) -> bytes:
    return render_hand(stored_views()[f"panel_{name}"], locale)


CASES: dict[str, Callable[[], bytes]] = {
    "board_setup_en": lambda: board("setup", "en"),
    "board_mid_en": lambda: board("mid", "en"),
    "board_mid_ja": lambda: board("mid", "ja"),
    "board_chips_en": lambda: board("chips", "en"),
    "board_final_ja": lambda: board("final", "ja"),
    "panel_target_en": lambda: panel("mid", "en"),
    "panel_skill_ja": lambda: panel("skill", "ja"),
    "panel_move_en": lambda: panel("move", "en"),
    "panel_act_en": lambda: panel("act", "en"),
    "panel_place_ja": lambda: panel("setup", "ja"),
    "panel_beginner_en": lambda: panel("beginner", "en"),
    "panel_row_target_en": lambda: panel("row", "en"),
    "card_S05_en": lambda: render_card(catalogue.card("S05"), "en"),
    "card_S20_ja": lambda: render_card(catalogue.card("S20"), "ja"),
    "card_S38_en": lambda: render_card(catalogue.card("S38"), "en"),
}


def prompt_of(name: str) -> str:
    return stored_views()[f"panel_{name}"]["decision"]["prompt"]


def test_the_golden_positions_are_what_they_claim() -> None:
    views = stored_views()
    assert views["board_setup"]["phase"] == "setup"
    assert prompt_of("mid") == "starfall.prompt.target" and prompt_of("skill") == "starfall.prompt.skill"
    assert prompt_of("move") == "starfall.prompt.move" and prompt_of("act") == "starfall.prompt.act"
    statuses = {rec["status"] for p in views["board_chips"]["players"] for rec in p["field"].values() if rec}
    assert {"sick", "lock"} <= statuses
    assert views["board_final"]["result"] is not None
    assert "target:o:front" in views["panel_row"]["decision"]["options"]
    assert views["panel_beginner"]["beginner"] and prompt_of("beginner") == "starfall.prompt.skill"


def shape(views: list[dict]) -> tuple[set[str], set[str], set[str]]:
    """The keys of views: top level, a player, a card on the field."""
    players = [player for view in views for player in view["players"]]
    records = [record for player in players for record in player["field"].values() if record]
    return ({key for view in views for key in view}, {key for player in players for key in player},
            {key for record in records for key in record})


def test_the_stored_views_have_the_shape_of_the_engines_views() -> None:
    """A view field added, renamed or removed by the engine shows here: then replay the goldens."""
    live = [ENGINE.view(state, seat) for state in positions().values() for seat in (None, 0, 1)]
    assert shape(list(stored_views().values())) == shape(live)


@pytest.mark.parametrize("name", sorted(CASES))
def test_render_matches_golden_png(name: str) -> None:
    assert_matches_golden(CASES[name](), GOLDEN_DIR / f"{name}.png")


def test_every_png_decodes_with_a_phone_friendly_size() -> None:
    for name, make in CASES.items():
        png = make()
        image = Image.open(io.BytesIO(png))
        image.load()
        assert image.format == "PNG" and image.mode in ("RGB", "P"), name
        width, height = image.size
        assert width == WIDTH and 700 <= height <= MAX_H, name
        assert len(png) <= SIZE_BUDGET, name


def test_every_view_renders_in_both_languages_for_players_and_spectators() -> None:
    for state in sample_states("starfall", 16, seed=4):
        for locale in LOCALES:
            for viewer in (None, 0, 1):
                view = ENGINE.view(state, viewer)
                assert decode(render_board(view, locale)).size == (WIDTH, render_fields.board_height(view))
            for viewer in (0, 1):
                width, height = decode(render_hand(ENGINE.view(state, viewer), locale)).size
                assert width == WIDTH and 800 <= height <= MAX_H


def test_every_card_renders_in_both_languages() -> None:
    for card in catalogue.cards():
        for locale in LOCALES:
            width, height = decode(render_card(card, locale)).size
            assert width == WIDTH and 600 <= height <= MAX_H, card.id


def test_the_end_of_match_board_is_the_public_board() -> None:
    final = positions()["final"]
    assert render_board(ENGINE.reveal_all(final), "en") == render_board(ENGINE.view(final, None), "en")


LONG_NAMES = ("Bartholomew the Unhurried", "とても長い名前のプレイヤーさん")


def phone_states() -> list[dict]:
    """Real positions: the goldens' (setup, every kind of decision, every chip, the end with everything
    revealed, the beginner game) and more from random matches."""
    return [*positions().values(), *sample_states("starfall", 4, seed=9)]


def field_texts(view: dict) -> list[tuple[str, dict]]:
    return [(square, record) for player in view["players"] for square, record in player["field"].items() if record]


def main_texts(view: dict, locale: str, panel_picture: bool) -> list[str]:
    """What a player must read at a glance: every field card's name, HP and ★; on the board each player's
    deck and grave counts; on the panel the card being decided about, with its HP."""
    wanted = []
    for _, record in field_texts(view):
        found = catalogue.card(record["id"])
        hp = int(found.stats["hp"])
        wanted += [found.name(locale), f"HP {max(0, hp - int(record['dmg']))}/{hp}", f"★{record['star']}"]
    if panel_picture:
        layout = render_private.panel_layout(view, locale)
        if layout["card"]:
            wanted += [card_name(layout["card"], locale), f"HP {catalogue.card(layout['card']).stats['hp']}"]
    else:
        for player in view["players"]:
            wanted += [t("starfall.ui.deck", locale, count=player["deck_count"]),
                       t("starfall.ui.grave", locale, count=len(player["grave"]))]
    return wanted


def texts_drawn_apart(monkeypatch, draw: Callable[[], bytes]) -> tuple[int, list[tuple[float, str]],
                                                                     list[tuple[float, str]]]:
    """``golden.texts_drawn_apart``, also leaving out the words of running text drawn by the pictures' own
    canvas (``render_pieces.Picture.words``, which pastes them already blended)."""
    running: Counter[tuple[float, str]] = Counter()
    original = render_pieces.Picture.words

    def recording_words(self, xy, text, size=20, *args, **kwargs):
        running.update((float(size), token.strip()) for token in toolkit.tokens(text) if token.strip())
        return original(self, xy, text, size, *args, **kwargs)

    monkeypatch.setattr(render_pieces.Picture, "words", recording_words)
    try:
        width, drawn, apart = golden.texts_drawn_apart(monkeypatch, draw)
    finally:
        monkeypatch.setattr(render_pieces.Picture, "words", original)
    return width, drawn, golden.leave_out(apart, running)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_is_phone_legible_on_real_states(monkeypatch, locale: str) -> None:
    checked = 0
    for state in phone_states():
        for viewer in (None, 0, 1):
            view = ENGINE.view(state, viewer)
            for panel_picture in ((False, True) if viewer is not None else (False,)):
                draw = render_hand if panel_picture else render_board
                render.clear_caches()  # pasted tiles are drawn once: draw them again to see their text
                width, drawn, apart = texts_drawn_apart(
                    monkeypatch, lambda d=draw, v=view: render_with_names(LONG_NAMES, d, v, locale))
                assert_legible(width, drawn)
                assert_legible(width, apart, main=main_texts(view, locale, panel_picture))
                checked += 1
    assert checked >= 60


@pytest.mark.parametrize("locale", LOCALES)
def test_card_pictures_are_phone_legible(monkeypatch, locale: str) -> None:
    for card in catalogue.cards():
        width, drawn = texts_drawn(monkeypatch, lambda c=card: render_card(c, locale))
        assert_legible(width, drawn, main=[card.name(locale), t("starfall.ui.hp", locale, hp=card.stats["hp"])])


def reordered_decks(state: dict) -> dict:
    """The same position with both decks in another order (the only hidden fact of Starfall)."""
    twin = copy.deepcopy(state)
    for player in twin["players"]:
        player["deck"].reverse()
        player["deck"].insert(0, player["deck"].pop())
    return twin


def test_the_deck_order_never_reaches_an_image() -> None:
    for state in (positions()["mid"], positions()["skill"], positions()["act"], positions()["setup"]):
        twin = reordered_decks(state)
        assert [p["deck"] for p in twin["players"]] != [p["deck"] for p in state["players"]]
        for locale in LOCALES:
            assert render_board(ENGINE.view(state, None), locale) == render_board(ENGINE.view(twin, None), locale)
            for seat in (0, 1):
                assert render_hand(ENGINE.view(state, seat), locale) == render_hand(ENGINE.view(twin, seat), locale)
    # A control: a public fact does change the picture.
    changed = copy.deepcopy(positions()["mid"])
    record = next(rec for rec in changed["players"][1]["field"].values() if rec)
    record["dmg"] += 10
    assert render_board(ENGINE.view(changed, None), "en") != render_board(ENGINE.view(positions()["mid"], None), "en")


def test_pngs_stay_within_300_kb() -> None:
    # Speed is measured by `python -m bot bench`, not by a timed test; size is deterministic.
    states = sample_states("starfall", 30, seed=2)
    for make, seat in ((render_board, None), (render_hand, 0)):
        sizes = [len(make(ENGINE.view(state, seat), LOCALES[index % 2])) for index, state in enumerate(states)]
        assert max(sizes) <= SIZE_BUDGET


def test_every_character_of_starfall_text_has_a_glyph_in_the_bundled_fonts() -> None:
    """The bundled Noto Sans CJK subset lacks some symbols (✓ ✗): every character of the cards and of
    the Starfall strings must draw as a glyph, not as the missing-glyph box."""
    from bot import i18n

    text = "".join(value for locale in LOCALES for key, value in i18n.catalogue(locale).items()
                   if key.startswith(("starfall.", "games.starfall")))
    for card in catalogue.cards():
        text += card.name_en + card.name_ja + card.text_en + card.text_ja
    characters = sorted(set(text) - set(" \n\u3000"))
    assert len(characters) > 200
    for bold in (False, True):
        font = toolkit.font(40, bold)
        missing_box = bytes(font.getmask("\U0010ffff"))
        assert [ch for ch in characters if bytes(font.getmask(ch)) == missing_box] == []


def test_the_panel_marks_every_square_the_decision_offers() -> None:
    """Whatever the seat may pick is framed green on its panel: squares to place, summon or move to,
    allies to swap with, cards that may act, target squares and the cards of a target row."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = ENGINE.new_game(seed, {})
        while ENGINE.outcome(state) is None:
            (decision,) = ENGINE.pending(state)
            seat = decision.seat
            view = ENGINE.view(state, seat)
            marks, _ = render_private.panel_marks(view, "en")
            chosen = {key for key, (colour, _) in marks.items() if colour == render_pieces.CHOICE}
            for option in decision.options:
                verb, _, rest = option.partition(":")
                if verb in ("place", "summon", "move", "swap") and rest:
                    expected = {(seat, rest)}
                elif verb == "card":
                    expected = {(seat, sq) for sq, rec in view["players"][seat]["field"].items()
                                if rec and rec["id"] == rest}
                elif verb == "target":
                    side, _, name = rest.partition(":")
                    owner = seat if side == "s" else 1 - seat
                    if name in ("front", "back"):
                        expected = {(owner, sq) for sq, rec in view["players"][owner]["field"].items()
                                    if rec and sq[0] == name[0]}
                    else:
                        expected = {(owner, name)}
                else:
                    continue
                assert expected and expected <= chosen, (option, sorted(chosen))
                checked += 1
            state, _ = ENGINE.apply(state, seat, random_choice(decision, rng))
    assert checked > 1000
