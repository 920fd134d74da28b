"""TetrAction images: the public board, a seat's private hand picture and /card pictures.

Renderers read a view (``ENGINE.view``) only, so an image can never show a deck order or a face-down
charge card. The one exception to "a view comes in" is the end-of-match board, for which the platform
passes ``ENGINE.reveal_all(state)``: that is the raw state here, and :func:`as_view` turns it into the
public view first, so even that picture is drawn from a view.

Colours come with a shape (red ▲, yellow ●, blue ■) everywhere, so nothing depends on colour vision.
Drawn 720 px wide for a phone (issue 13), the board 1152 px high at most (issue 26: 1:1.6), sections stacked: text never under 18 px (1/40 of the width),
card names, life and charge at 26 px or more (1/28). Speed: the card tiles are pure functions of (card,
charge, cubes, locale), cached as small images that are pasted; running text (log, rules) is drawn word
by word from cached masks (``Canvas.words``).

The drawing is split by what it draws: ``render_pieces`` (sizes, colours, small pieces), ``render_cards``
(card tiles, details, /card), ``render_table`` (the board's sections) and ``render_private`` (the hand
picture). This module holds the board's stacking and the entry points the game's spec registers.
"""

from __future__ import annotations

from bot.render.toolkit import Canvas, clear_picture_caches
from cogs.tetra.render_cards import render_card
from cogs.tetra.render_pieces import BACKGROUND, BOARD_HEIGHT, GAP, WIDTH, View, as_view
from cogs.tetra.render_private import render_hand
from cogs.tetra.render_table import (
    draw_accident,
    draw_log,
    draw_player,
    draw_public,
    draw_status,
    draw_tetrites,
)

# The entry points the game's spec registers (render_card and render_hand are drawn in their own modules).
__all__ = ["clear_caches", "render_board", "render_card", "render_hand"]


def clear_caches() -> None:
    """Forget the cached tiles (a test recording the drawn text must see them drawn again)."""
    clear_picture_caches()


def render_board(view: View, locale: str) -> bytes:
    """The public table (or a seat's view of it), stacked for a phone at 720x1152 (height at most 1.6 x the
    width, so a phone shows it at the chat's width without a tap): the top seat, the tetrites between the
    two players, the bottom seat (the viewer, else Player 1), the public cards, the accident deck and the
    last actions. A hand card shows here with its charge and cubes; its full text is in its owner's hand
    picture."""
    view = as_view(view)
    bottom = view.get("viewer")
    bottom = 0 if bottom is None else int(bottom)
    canvas = Canvas(WIDTH, BOARD_HEIGHT, background=BACKGROUND)
    y = draw_status(canvas, view, locale)
    y = draw_player(canvas, view, 1 - bottom, y, locale) + GAP
    y = draw_tetrites(canvas, view, bottom, y, locale) + GAP
    y = draw_player(canvas, view, bottom, y, locale) + GAP
    y = draw_public(canvas, view, y, locale) + GAP
    y = draw_accident(canvas, view, y, locale) + GAP
    draw_log(canvas, view, y, BOARD_HEIGHT - 4, locale)
    return canvas.png()
