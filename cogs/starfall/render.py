"""Starfall images: the public board and a seat's private panel (the /card picture is render_card.py).

Renderers read a view (``ENGINE.view``) only, so no image can show a deck order (each deck is a
count). The end-of-match board is drawn from ``ENGINE.reveal_all(state)``, the raw state: :func:`as_view`
turns it into the public view first.

The two 3 x 2 fields face each other, front rows toward the middle. The bottom field is the viewer's
(Player 1 for spectators); the top field is drawn rotated, so its columns run right to left and each
column sits straight across from the column it faces (my column c faces the opponent's 4 - c).
Attributes carry a shape and a letter as well as a colour (Attack ▲, Magic ●, Trick ◆); chips are
labelled pills, so nothing depends on colour vision. Drawn 720 px wide for a phone (issue 13), sections
stacked vertically: no text under 18 px (1/40 of the width), card names, HP, ★, deck and grave counts at
26 px or more (1/28).

The drawing is split by what it draws: ``render_pieces`` (sizes, colours, the canvas, small marks, log
words), ``render_fields`` (the two fields, tiles, a player's box, the heading) and ``render_private`` (the
private panel). This module stacks the board and holds the entry points the game's spec registers.
"""

from __future__ import annotations

from bot.i18n import t
from bot.render.toolkit import clear_picture_caches
from cogs.starfall.render_fields import (
    LOG_ROOM,
    acting_square,
    board_height,
    draw_fields,
    draw_heading,
    draw_player_box,
)
from cogs.starfall.render_pieces import (
    BACKGROUND,
    BODY,
    FIELD_H,
    MARGIN,
    MID_H,
    MUTED,
    WIDTH,
    Picture,
    View,
    as_view,
    bottom_seat,
    log_lines,
    log_parts,
)
from cogs.starfall.render_private import legend_lines, render_hand

# The entry points the game's spec registers (render_hand is drawn in render_private).
__all__ = ["clear_caches", "render_board", "render_hand"]


def clear_caches() -> None:
    """Forget the cached tiles (a test recording the drawn text must see them drawn again)."""
    clear_picture_caches()
    legend_lines.cache_clear()


def render_board(view: View, locale: str) -> bytes:
    """The public board (or a seat's view of it), stacked for a phone: the top player, the two fields
    facing each other, the bottom player (the viewer, else Player 1), the last events."""
    view = as_view(view)
    bottom = bottom_seat(view)
    height = board_height(view)
    canvas = Picture(WIDTH, height, background=BACKGROUND)
    y = draw_heading(canvas, view, locale)
    y = draw_player_box(canvas, view, 1 - bottom, y, locale) + 8
    draw_fields(canvas, view, int(y), locale, acting=acting_square(view))
    y += 2 * FIELD_H + MID_H + 8
    y = draw_player_box(canvas, view, bottom, y, locale) + 8
    canvas.text((MARGIN, y), t("starfall.ui.last", locale), size=BODY, bold=True)
    for index, line in enumerate(log_lines(log_parts(view, locale), BODY, WIDTH - 2 * MARGIN, LOG_ROOM)):
        canvas.words((MARGIN, y + 32 + index * (BODY + 6)), line, BODY, MUTED)
    return canvas.png()
