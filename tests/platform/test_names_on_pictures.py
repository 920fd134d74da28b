"""Members' names (with seat markers) on every game's pictures, set around one render."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games import get_game, playable_game_ids
from bot.render.names import picture_name, render_with_names, seat_label

GAMES = [game for game in playable_game_ids() if game not in ("tiny", "tinydeck")]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_names_the_members_with_seat_markers(game_id):
    game = get_game(game_id)
    state = game.engine.new_game(5, {})
    view = game.engine.view(state, None)
    plain = game.render_board(view, "en")
    named = render_with_names(("Alice", "Bob"), game.render_board, view, "en")
    assert plain != named
    Image.open(io.BytesIO(named)).load()
    assert game.render_board(view, "en") == plain  # the names do not outlive their render


def test_labels_carry_a_marker_and_sanitized_names():
    assert seat_label(0, "en") == "Player 1"
    captured = render_with_names(("Al\u202eice\n**", "B" * 40), lambda: seat_label(0, "en") + "|" + seat_label(1, "ja"))
    first, second = captured.split("|")
    assert first == "▲ Alice **" and second.startswith("● B") and second.endswith("…") and len(second) == 22
    assert picture_name("  a \t b  ") == "a b"
