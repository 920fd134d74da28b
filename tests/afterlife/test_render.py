"""Afterlife images: golden PNGs (with a pixel tolerance), phone-friendly sizes, legibility, every view
and card renders, and no hidden fact reaches an image.

Regenerate the goldens after a deliberate visual (or rule) change with
``UPDATE_GOLDEN=1 python -m pytest tests/afterlife/test_render.py`` and look at them before committing.
When the engine's view changes shape, first rewrite the stored views with
``python -m tests.afterlife.test_render`` (from ``positions()``).
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
from bot.render.names import render_with_names
from bot.render.toolkit import encode_png, token_width
from cogs.afterlife import cards as catalogue
from cogs.afterlife import policy, render, render_private, render_table, render_tiles
from cogs.afterlife.engine import ENGINE
from cogs.afterlife.render import render_board, render_card, render_hand
from cogs.afterlife.text import card_name
from tests.golden import assert_legible, assert_matches_golden, decode, leave_out, texts_drawn

GOLDEN_DIR = Path(__file__).resolve().parent / "golden_png"
VIEWS = GOLDEN_DIR / "views.json"
SIZE_BUDGET = 300 * 1024
MAX_BOARD_H = 2600  # twelve creatures on a field
MAX_HAND_H = 3000  # ten cards in the hand
LOCALES = ("en", "ja")


def play(seed: int, pair: int, stop: Callable[[dict, int], bool], greedy: bool = True) -> dict:
    """A seeded match between two ready-made decks (greedy or random-legal play), stopped at the first
    position where ``stop(state, moves)`` holds."""
    rng = random.Random(seed)
    state = ENGINE.new_game(seed, policy.selfplay_options(pair, rng))
    moves = 0
    while ENGINE.outcome(state) is None and not stop(state, moves):
        decision = ENGINE.pending(state)[0]
        choice = policy.greedy(state, decision, rng) if greedy else random_choice(decision, rng)
        state, _ = ENGINE.apply(state, decision.seat, choice)
        moves += 1
    return state


def asking(state: dict, kind: str) -> bool:
    return any(d.prompt == f"afterlife.prompt.{kind}" for d in ENGINE.pending(state))


def busy_main(state: dict, moves: int) -> bool:
    """A main phase with a public card in the hand and creatures on both fields."""
    pending = ENGINE.pending(state)
    if moves < 30 or not pending or not asking(state, "main"):
        return False
    me, them = state["players"][pending[0].seat], state["players"][1 - pending[0].seat]
    return bool(me["public"]) and len(me["field"]) >= 2 and len(them["field"]) >= 2 and len(me["hand"]) >= 3


def big_hand(state: dict, moves: int) -> bool:
    return any(len(player["hand"]) + len(player["public"]) >= 10 for player in state["players"])


def big_block(state: dict, moves: int) -> bool:
    return moves > 30 and any(d.prompt.endswith(".block") and len(d.options) > 3 for d in ENGINE.pending(state))


@cache
def positions() -> dict[str, dict]:
    """The fixed positions of the goldens."""
    return {
        "setup": ENGINE.new_game(9, policy.selfplay_options(2, random.Random(0))),
        "mid": play(7, 7, busy_main),
        "block": play(4, 1, big_block),
        "final": play(5, 3, lambda state, moves: False),
    }


@cache
def big_hand_state() -> dict:
    """A random-legal match stopped at a hand of ten cards (the largest these matches reach)."""
    state = play(8, 8, big_hand, greedy=False)
    assert big_hand(state, 0)
    return state


@cache
def stored_views() -> dict[str, dict]:
    """The views the goldens are drawn from, stored (written from ``positions()``), so a rebalanced card
    pool or a new policy does not move the golden positions; ``test_stored_views_have_the_engine_shape``
    notices when the engine's view itself changes shape."""
    return json.loads(VIEWS.read_text(encoding="utf-8"))


def crowded_view() -> dict:
    """The middle position's public view with eight more creatures (some turned, one damaged) on Player 1's
    field, two of them blocking, and an instant waiting: a crowded, busy board."""
    view = copy.deepcopy(stored_views()["mid_public"])
    extra = []
    for index, card in enumerate(["R01", "B10", "G05", "N16", "R04", "B24", "N03", "R03"]):
        info = catalogue.info(card)
        extra.append({"cid": f"c{30 + index}", "card": card, "tapped": index % 3 == 0, "damage": 300 * (index == 2),
                      "sick": False, "power": info["power"], "toughness": info["toughness"],
                      "base_power": info["power"], "boost": 0, "keywords": list(info["keywords"])})
    view["players"][0]["field"] += extra
    attacker = view["players"][1]["field"][0]["cid"]
    view["combat"] = {"seat": 1, "attacker": attacker, "blockers": ["c30", "c31"], "blocked": True}
    view["stack"] = [{"seat": 0, "card": "B18", "negated": False}]
    return view


def seat_to_move(state: dict) -> int:
    pending = ENGINE.pending(state)
    return pending[0].seat if pending else 0


CASES: dict[str, Callable[[], bytes]] = {
    "board_setup_en": lambda: render_board(stored_views()["setup_public"], "en"),
    "board_mid_en": lambda: render_board(stored_views()["mid_public"], "en"),
    "board_mid_ja": lambda: render_board(stored_views()["mid_public"], "ja"),
    "board_block_en": lambda: render_board(stored_views()["block_public"], "en"),
    "board_final_ja": lambda: render_board(stored_views()["final_revealed"], "ja"),
    "board_crowded_ja": lambda: render_board(crowded_view(), "ja"),
    "hand_setup_ja": lambda: render_hand(stored_views()["setup_seat1"], "ja"),
    "hand_mid_en": lambda: render_hand(stored_views()["mid_seat"], "en"),
    "hand_block_ja": lambda: render_hand(stored_views()["block_seat"], "ja"),
    "card_R01_en": lambda: render_card(catalogue.by_id()["R01"], "en"),
    "card_B18_ja": lambda: render_card(catalogue.by_id()["B18"], "ja"),
    "card_evolution_en": lambda: render_card(next(c for c in catalogue.all_cards()
                                                  if c.stats["type"] == "evolution" and c.stats["public"]), "en"),
}


def shape(value):
    """The keys of a view, recursively (lists by their first item): what a renderer relies on."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value and isinstance(value[0], dict) else []
    return None


def test_stored_views_have_the_engine_shape() -> None:
    """The stored golden views still look like what the engine's ``view`` returns today (else rewrite
    them from ``positions()`` and the goldens with ``UPDATE_GOLDEN=1``)."""
    live = {"setup_public": ENGINE.view(positions()["setup"], None),
            "mid_public": ENGINE.view(positions()["mid"], None),
            "mid_seat": ENGINE.view(positions()["mid"], seat_to_move(positions()["mid"]))}
    for name, view in live.items():
        stored = stored_views()[name]
        assert set(shape(stored)) == set(shape(view)), name
        for side in (0, 1):
            assert set(stored["players"][side]) == set(view["players"][side]), (name, side)
    unit = next(u for p in stored_views()["mid_public"]["players"] for u in p["field"])
    live_unit = next(u for p in live["mid_public"]["players"] for u in p["field"])
    assert set(unit) == set(live_unit)
    assert all(catalogue.known(u["card"]) for v in stored_views().values() for p in v["players"] for u in p["field"])


def test_the_golden_positions_are_what_they_claim() -> None:
    found = positions()
    assert found["setup"]["phase"] == "setup" and asking(found["setup"], "bundle")
    assert asking(found["mid"], "main") and any(p["public"] for p in found["mid"]["players"])
    assert asking(found["block"], "block") and found["block"]["combat"]["attacker"]
    assert found["final"]["result"] is not None


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
        if name.startswith("card_"):
            assert width == render.CARD_W and 400 <= height <= 900, name
        elif name.startswith("board_"):
            assert width == render_tiles.WIDTH and 700 <= height <= MAX_BOARD_H, name
        else:
            assert width == render_tiles.WIDTH and 700 <= height <= MAX_HAND_H, name
        assert len(png) <= SIZE_BUDGET, name


@cache
def sample_states() -> list[dict]:
    """States spread over greedy and random-legal matches of every deck pair (random matches cut at 300
    decisions), so renders see setup, early, middle, combat and late positions."""
    states: list[dict] = []
    for index in range(8):
        rng = random.Random(index)
        state = ENGINE.new_game(100 + index, policy.selfplay_options(index, rng))
        trail = [state]
        while ENGINE.outcome(state) is None and len(trail) < 300:
            decision = ENGINE.pending(state)[0]
            choice = policy.greedy(state, decision, rng) if index % 2 else random_choice(decision, rng)
            state, _ = ENGINE.apply(state, decision.seat, choice)
            trail.append(state)
        states.extend(rng.sample(trail, 2))
    return states


def test_every_view_renders_in_both_languages_for_players_and_spectators() -> None:
    for state in sample_states():
        for locale in LOCALES:
            for viewer in (None, 1):
                width, height = decode(render_board(ENGINE.view(state, viewer), locale)).size
                assert width == render_tiles.WIDTH and height <= MAX_BOARD_H
            for viewer in (0, 1):
                width, height = decode(render_hand(ENGINE.view(state, viewer), locale)).size
                assert width == render_tiles.WIDTH and height <= MAX_HAND_H


def test_every_card_renders_in_both_languages() -> None:
    for card in catalogue.all_cards():
        for locale in LOCALES:
            width, height = decode(render_card(card, locale)).size
            assert width == render.CARD_W and 400 <= height <= 900, card.id


# --- phone legibility (issue 13): every text >= 1/40 of the width, the main information >= 1/28 ---------


def creature_face(card: str) -> bool:
    return catalogue.info(card)["type"] != "instant"


def main_texts(view: dict, locale: str, hand: bool = False) -> list[str]:
    """What a player reads first, as the pictures draw it: life, every creature's name (its lines) and
    power/toughness, the face-up cards' names; on a hand picture also each card's name, cost and
    power/toughness, and the bundles' cards during setup."""
    seat = view.get("seat")
    setup = view.get("phase") == "setup"
    texts: list[str] = []
    for index, player in enumerate(view["players"]):
        if not (hand and setup and index != seat):  # a setup hand picture shows only the seat's own bar
            texts.append(f"♥ {player['life']}")
        for unit in player["field"]:
            texts += render_tiles.name_lines(unit["card"], locale)
            texts += [str(unit["power"]), str(unit["toughness"] - unit.get("damage", 0))]
        texts += [card_name(card, locale) for card in player["public"]]
    for cards in view.get("hands") or []:
        texts += [card_name(card, locale) for card in cards]
    if hand:
        own = view["players"][seat]
        for card in own["public"] + own.get("hand", []):
            texts += render_tiles.name_lines(card, locale, render_tiles.FACE_W - 16)
            texts.append(str(catalogue.cost(card)))
            if creature_face(card):
                texts.append(f"{catalogue.info(card)['power']} / {catalogue.info(card)['toughness']}")
        for bundle in own.get("bundles") or []:
            for card in bundle:
                texts += [card_name(card, locale), str(catalogue.cost(card))]
                if creature_face(card):
                    texts.append(f"{catalogue.info(card)['power']}/{catalogue.info(card)['toughness']}")
    return texts


def legibility_cases() -> dict[str, tuple[Callable[[], bytes], list[str]]]:
    """Real positions (setup, middle, a block, the revealed end, a crowded field, a hand of ten) in both
    languages, boards and hand pictures, with their main texts."""
    views = stored_views()
    big = big_hand_state()
    big_seat = next(seat for seat in (0, 1) if len(big["players"][seat]["hand"]) + len(big["players"][seat]["public"])
                    >= 10)
    boards = {"setup": views["setup_public"], "mid": views["mid_public"], "block": views["block_public"],
              "final": views["final_revealed"], "crowded": crowded_view(), "big": ENGINE.view(big, None)}
    hands = {"setup": views["setup_seat1"], "mid": views["mid_seat"], "block": views["block_seat"],
             "big": ENGINE.view(big, big_seat)}
    cases: dict[str, tuple[Callable[[], bytes], list[str]]] = {}
    for locale in LOCALES:
        for name, view in boards.items():
            cases[f"board_{name}_{locale}"] = (lambda v=view, lo=locale: render_board(v, lo), main_texts(view, locale))
        for name, view in hands.items():
            cases[f"hand_{name}_{locale}"] = (lambda v=view, lo=locale: render_hand(v, lo),
                                              main_texts(view, locale, hand=True))
    return cases


def texts_drawn_apart(monkeypatch, draw: Callable[[], bytes]) -> tuple[int, list[tuple[float, str]],
                                                                     list[tuple[float, str]]]:
    """``texts_drawn``, and the same list without the pieces of running text (``write_run``: rules text,
    events, counts, grave lists), drawn a word or an entry at a time: such a piece may equal a main text
    ("1200" in "Deal 1200 damage") at the body size. Check the main texts on the second list."""
    running: Counter[tuple[float, str]] = Counter()
    original = render_tiles.write_run

    def recording_run(canvas, xy, pieces, size, *args, **kwargs):
        running.update((float(size), piece.strip()) for piece in pieces if piece.strip())
        return original(canvas, xy, pieces, size, *args, **kwargs)

    for module in (render_tiles, render_table):  # render_tiles.write calls it too
        monkeypatch.setattr(module, "write_run", recording_run)
    try:
        width, drawn = texts_drawn(monkeypatch, draw)
    finally:
        for module in (render_tiles, render_table):
            monkeypatch.setattr(module, "write_run", original)
    apart = leave_out(drawn, running)
    assert len(apart) < len(drawn)  # running text was drawn, and recognised
    return width, drawn, apart


@pytest.mark.parametrize("locale", LOCALES)
def test_boards_and_hand_pictures_are_phone_legible_on_real_positions(monkeypatch, locale: str) -> None:
    checked = 0
    heights: list[tuple[int, int]] = []  # (measured before drawing, reached by drawing)
    crop = render_table.crop_png
    for drawing in (render_table, render_private):  # the board and the hand picture each end with a crop
        monkeypatch.setattr(drawing, "crop_png", lambda canvas, height: heights.append((canvas.image.height, height))
                            or crop(canvas, height))
    for name, (make, main) in legibility_cases().items():
        if not name.endswith(locale):
            continue

        pictures: list[bytes] = []

        def draw(make=make, pictures=pictures) -> bytes:
            render.clear_caches()  # kept pictures, tiles and text stamps would hide their text from the recorder
            pictures.append(make())
            return pictures[-1]

        width, drawn, apart = texts_drawn_apart(monkeypatch, draw)
        assert width == render_tiles.WIDTH, name
        assert len(main) >= 2, name
        assert_legible(width, drawn)
        assert_legible(width, apart, main=main)
        assert len(pictures[-1]) <= SIZE_BUDGET, name  # the tallest pictures too
        checked += 1
    assert checked == 10
    assert len(heights) == 10 and all(measured == reached for measured, reached in heights)  # nothing cut off


def test_every_card_picture_is_phone_legible(monkeypatch) -> None:
    for index, card in enumerate(catalogue.all_cards()):
        for locale in LOCALES if index % 9 == 0 else LOCALES[index % 2:][:1]:
            info = catalogue.info(card.id)
            main = [card.name(locale), str(info["cost"])]
            if creature_face(card.id):
                main.append(f"{info['power']} / {info['toughness']}")

            def draw(card=card, locale=locale) -> bytes:
                render.clear_caches()
                return render_card(card, locale)

            width, drawn = texts_drawn(monkeypatch, draw)
            assert_legible(width, drawn, main=main)


def test_the_end_of_match_board_shows_both_hands_and_else_the_public_board() -> None:
    final = positions()["final"]
    revealed = ENGINE.reveal_all(final)
    public = ENGINE.view(final, None)
    assert {k: v for k, v in revealed.items() if k != "hands"} == public
    if any(revealed["hands"]):
        assert render_board(revealed, "en") != render_board(public, "en")
    assert render_board({**revealed, "hands": [[], []]}, "en") != render_board(public, "en")  # the labels show


def hidden_twin(state: dict) -> dict:
    """The same position with every hidden fact changed: hidden hand cards swapped with deck cards and
    both decks in another order."""
    twin = copy.deepcopy(state)
    for player in twin["players"]:
        for index in range(min(len(player["hand"]), len(player["deck"]))):
            player["hand"][index], player["deck"][-1 - index] = player["deck"][-1 - index], player["hand"][index]
        player["deck"].reverse()
    return twin


def test_no_hidden_fact_reaches_an_image() -> None:
    state = positions()["mid"]
    twin = hidden_twin(state)
    assert twin != state and twin["players"][0]["hand"] != state["players"][0]["hand"]
    for locale in LOCALES:
        assert render_board(ENGINE.view(state, None), locale) == render_board(ENGINE.view(twin, None), locale)
    # A seat's own picture does not change when only the opponent's hidden cards do.
    for seat in (0, 1):
        partial = copy.deepcopy(state)
        partial["players"][1 - seat] = twin["players"][1 - seat]
        assert render_hand(ENGINE.view(state, seat), "en") == render_hand(ENGINE.view(partial, seat), "en")
    # A control: a public fact does change the picture.
    public_change = copy.deepcopy(state)
    public_change["players"][0]["life"] -= 100
    assert render_board(ENGINE.view(public_change, None), "en") != render_board(ENGINE.view(state, None), "en")


def test_a_tapped_creature_says_so_and_damage_shows(monkeypatch) -> None:
    unit = {"cid": "c3", "card": "R03", "tapped": False, "damage": 0, "sick": False, "power": 1000,
            "toughness": 800, "base_power": 1000, "boost": 0, "keywords": ["pierce"]}
    view = copy.deepcopy(stored_views()["mid_public"])

    def board_with(changed: dict) -> tuple[bytes, list[str]]:
        view["players"][0]["field"] = [changed]
        render.clear_caches()
        png = render_board(view, "en")
        render.clear_caches()
        return png, [text for _, text in texts_drawn(monkeypatch, lambda: render_board(view, "en"))[1]]

    upright, upright_texts = board_with(unit)
    tapped, tapped_texts = board_with({**unit, "tapped": True})
    assert "TAPPED" in tapped_texts and "TAPPED" not in upright_texts and tapped != upright
    hurt, hurt_texts = board_with({**unit, "damage": 300})
    assert "dmg 300" in hurt_texts and "500" in hurt_texts and "800" not in hurt_texts
    assert render_tiles.unit_image(unit, "en").size == (render_tiles.TILE_W, render_tiles.tile_height(unit, "en"))


def test_the_log_is_drawn_when_the_view_carries_one() -> None:
    view = {**ENGINE.view(positions()["mid"], None), "log": []}
    logged = {**view, "log": [{"key": "afterlife.event.attack", "args": {"seat": 0, "cid": "c3", "card": "R03",
                                                                          "power": 1000}}]}
    assert render_table.log_parts(logged, "en") == ["Player 1 attacks with Flame Lancer (1000)."]
    assert render_table.log_parts(logged, "ja")[0].startswith("プレイヤー1")
    assert decode(render_board(logged, "en")).size[1] > decode(render_board(view, "en")).size[1]


def test_a_crowded_field_takes_more_rows_so_every_creature_shows(monkeypatch) -> None:
    view = crowded_view()
    field = view["players"][0]["field"]
    assert len(field) == 12

    def draw() -> bytes:
        render.clear_caches()
        return render_board(view, "en")

    _, drawn = texts_drawn(monkeypatch, draw)
    texts = {text for _, text in drawn}
    assert all(unit["cid"] in texts for player in view["players"] for unit in player["field"])
    fewer = copy.deepcopy(view)
    del fewer["players"][0]["field"][-3:]  # one row of three fewer
    assert decode(render_board(view, "en")).size[1] > decode(render_board(fewer, "en")).size[1]


def test_the_hand_picture_frames_what_the_seat_may_pick_now() -> None:
    for name in ("mid", "block"):
        state = positions()[name]
        view = ENGINE.view(state, seat_to_move(state))
        assert view["decision"]["options"]
        assert render_hand(view, "en") != render_hand({**view, "decision": None}, "en"), name


def test_a_seat_that_picked_its_bundle_sees_that_it_waits() -> None:
    setup = positions()["setup"]
    picked, _ = ENGINE.apply(setup, 1, ("bundle:2",))
    view = ENGINE.view(picked, 1)
    assert view["players"][1]["picked"] and view["players"][1]["bundles"] and view["decision"] is None
    assert render_hand(view, "en") != render_hand(ENGINE.view(setup, 1), "en")
    # The opponent's picture and the board show only that a pick was made.
    assert render_board(ENGINE.view(picked, None), "en") != render_board(ENGINE.view(setup, None), "en")


def test_members_names_with_seat_marks_fit_on_the_pictures(monkeypatch) -> None:
    names = ("W" * 40, "長い名前のプレイヤーさんです長い名前のプレイヤー")
    for name, view in (("mid_public", stored_views()["mid_public"]), ("mid_seat", stored_views()["mid_seat"])):
        draw = render_board if name.endswith("public") else render_hand
        for locale in LOCALES:
            plain = draw(view, locale)

            def named(view=view, draw=draw, locale=locale) -> bytes:
                render.clear_caches()
                return render_with_names(names, draw, view, locale)

            width, drawn = texts_drawn(monkeypatch, named)
            assert named() != plain and width == decode(plain).size[0], name
            assert_legible(width, drawn, main=[f"♥ {p['life']}" for p in view["players"]])
            texts = [text for _, text in drawn]
            assert any("▲ WWWW" in text for text in texts) and any("● 長い名前" in text for text in texts)
            assert all(token_width(text, int(size), True) <= width - 2 * render_tiles.MARGIN for size, text in drawn), \
                name  # cut to fit, never running off the picture


def test_an_unchanged_view_reuses_its_picture_and_a_change_draws_anew(monkeypatch) -> None:
    view = stored_views()["mid_public"]
    render.clear_caches()
    first = render_board(view, "en")
    same = copy.deepcopy(view)  # an equal view, not the same object
    encoded: list[tuple[int, int]] = []  # every picture actually drawn reaches the encoder
    encode = encode_png
    monkeypatch.setattr(render_table, "encode_png", lambda image: encoded.append(image.size) or encode(image))
    assert render_board(same, "en") == first and not encoded
    assert render_with_names(("Alice", "Bob"), render_board, same, "en") != first and len(encoded) == 1
    changed = copy.deepcopy(view)
    changed["players"][0]["life"] -= 100
    assert render_board(changed, "en") != first and len(encoded) == 2


def write_views() -> None:
    """Rewrite ``views.json`` from ``positions()`` (after a deliberate change of the view's shape)."""
    found = positions()
    views = {
        "setup_public": ENGINE.view(found["setup"], None), "setup_seat1": ENGINE.view(found["setup"], 1),
        "mid_public": ENGINE.view(found["mid"], None), "mid_seat": ENGINE.view(found["mid"], seat_to_move(found["mid"])),
        "block_public": ENGINE.view(found["block"], None),
        "block_seat": ENGINE.view(found["block"], seat_to_move(found["block"])),
        "final_revealed": ENGINE.reveal_all(found["final"]),
    }
    VIEWS.write_text(json.dumps(views, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_views()


def test_a_card_face_in_a_taller_row_is_the_face_drawn_taller() -> None:
    """Faces are kept at their own height and stretched to their row's: the pixels must be those of the
    face drawn at the row's height."""
    from PIL import ImageChops

    stretched = 0
    for card in catalogue.all_cards():
        for locale in LOCALES:
            height = render_tiles.face_height(card.id, locale) + 37
            face = render_tiles.card_face(card.id, height, locale)
            assert face.size == (render_tiles.FACE_W, height)
            assert ImageChops.difference(face, render_tiles.draw_face(card.id, height, locale)).getbbox() is None, \
                (card.id, locale)
            stretched += creature_face(card.id)
    assert stretched > 100  # most of the faces checked are creatures, the ones made by stretching
