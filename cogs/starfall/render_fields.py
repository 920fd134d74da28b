"""Starfall's two fields as drawn, facing each other (the top one rotated, so each column sits across from
the column it faces): squares, cached unit tiles and frames, marks on the squares, a player's box and the
board's heading."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render.toolkit import Canvas, Color, sized_cache, token_width
from bot.render.toolkit import fit_text as fit
from cogs.starfall import board
from cogs.starfall import cards as catalogue
from cogs.starfall.render_pieces import (
    BACKGROUND,
    BODY,
    BOX_H,
    CHOICE,
    DARK,
    DEEP,
    EMPTY,
    FIELD_H,
    FILL,
    GAP,
    GOLD,
    GRID_X,
    HP_LOST,
    HP_OK,
    MAIN,
    MARGIN,
    MID_H,
    MUTED,
    PANEL,
    PILL,
    SEAT_TINT,
    SMALL,
    TEXT,
    TILE,
    TILE_H,
    TILE_W,
    TITLE,
    WIDTH,
    Box,
    Picture,
    View,
    badge,
    bottom_seat,
    draw_shape,
    draw_stars,
    pill,
    reason_text,
)
from cogs.starfall.text import card_name, r_name, seat_name, square_name


def square_box(square: str, top: bool, origin_y: int) -> Box:
    """Where a square is drawn. The bottom field: front row first, columns left to right. The top
    field is the opponent's, seen across the table: back row first, columns right to left."""
    row, col = board.row_of(square), board.col_of(square)
    if top:
        index, line = 3 - col, (0 if row == "b" else 1)
    else:
        index, line = col - 1, (0 if row == "f" else 1)
    x = GRID_X + index * (TILE_W + GAP)
    y = origin_y + line * (TILE_H + GAP)
    return x, y, x + TILE_W, y + TILE_H


def field_origins(top_y: int) -> tuple[int, int]:
    """(top field y, bottom field y)."""
    return top_y, top_y + FIELD_H + MID_H


# A field card is drawn in place from cached parts (its attribute's frame, the badge, the ★ row, the chips)
# and texts pasted already blended, ~0.05 ms (0.3 ms with primitives). A cache of whole tiles (keyed by card,
# square, damage, ★ and chips) hit 4% of the time in the process bench (200 matches): states rarely repeat.
def draw_tile(canvas: Picture, x0: int, y0: int, card_id: str, square: str, dmg: int, star: int, acted: bool,
              status: str | None, r_kind: str | None, locale: str) -> None:
    """A field card at (x0, y0): its name across the attribute band; the attribute badge, HP and square;
    the HP bar; ★; chips."""
    found = catalogue.card(card_id)
    attribute = str(found.stats["attribute"])
    hp = int(found.stats["hp"])
    canvas.image.paste(tile_frame(attribute), (x0, y0))
    canvas.text((x0 + 8, y0 + 18), fit(found.name(locale), MAIN, TILE_W - 14, True), size=MAIN, bold=True,
                anchor="lm", on=DEEP[attribute])
    canvas.image.paste(badge_tile(attribute, locale, 24, TILE), (x0 + 6, y0 + 43))
    canvas.text((x0 + TILE_W - 8, y0 + 55), square_name(square, locale), size=BODY, bold=True, anchor="rm",
                fill=MUTED, on=TILE)
    left = max(0, hp - dmg)
    canvas.text((x0 + 60, y0 + 55), f"HP {left}/{hp}", size=MAIN, bold=True, anchor="lm",
                fill=HP_LOST if left <= hp // 3 else TEXT, on=TILE)
    canvas.draw.rectangle((x0 + 8, y0 + 73, x0 + TILE_W - 8, y0 + 80), fill=HP_LOST)
    canvas.draw.rectangle((x0 + 8, y0 + 73, x0 + 8 + (TILE_W - 16) * left / hp, y0 + 80), fill=HP_OK)
    strip = stars_strip(star, 18, TILE)
    canvas.image.paste(strip, (x0 + 8, y0 + 100 - STAR_ROOM))
    end = x0 + 8 + strip.width
    canvas.text((end + 4, y0 + 100), f"★{star}", size=MAIN, bold=True, anchor="lm",
                fill=GOLD if star < 4 else HP_LOST, on=TILE)
    if dmg:  # short, so that it fits beside ★ in both languages
        canvas.text((x0 + TILE_W - 8, y0 + 100), t("starfall.ui.dmg_short", locale, amount=dmg), size=BODY, bold=True,
                    fill=(255, 130, 120), anchor="rm")
    x = x0 + 8.0
    if acted:
        x = pasted_pill(canvas, x, y0 + 118, t("starfall.ui.acted", locale), PILL["acted"])
    if status in ("sick", "lock"):
        x = pasted_pill(canvas, x, y0 + 118, t(f"starfall.ui.{status}", locale), PILL[status])
    if r_kind:
        amount = catalogue.r_effect(card_id).get("amount")
        name = r_name(r_kind, locale) + (f" {amount}" if amount else "")
        label = fit(t("starfall.ui.r_chip", locale, name=name), SMALL, TILE_W - (x - x0) - 20, True)
        pasted_pill(canvas, x, y0 + 118, label, PILL["r"])


# Shares big enough for what they hold at a render worker's 16 MB: the three attributes' frames (~135 KB each;
# at 0.75 two fitted, 0.47 misses a picture) and the one empty frame (at 0.25 it never fitted: a miss a picture).
@sized_cache(megabytes=1.1)
def tile_frame(attribute: str) -> Image.Image:
    """A field card's frame and its attribute band, before anything is written on them."""
    canvas = Canvas(TILE_W, TILE_H, background=BACKGROUND)
    canvas.rect((0, 0, TILE_W - 1, TILE_H - 1), fill=TILE, outline=FILL[attribute], width=3)
    canvas.rect((0, 0, TILE_W - 1, 36), fill=DEEP[attribute], radius=7)
    return canvas.image


@sized_cache(megabytes=0.4)
def empty_frame() -> Image.Image:
    """An empty square's frame (its name is written on it)."""
    canvas = Canvas(TILE_W + 1, TILE_H + 1, background=BACKGROUND)
    canvas.rect((0, 0, TILE_W, TILE_H), fill=EMPTY, outline=(78, 84, 100), width=2)
    return canvas.image


@sized_cache(megabytes=0.25)
def badge_tile(attribute: str, locale: str, size: int, ground: Color) -> Image.Image:
    """``badge`` drawn at (0, 0) over ``ground``, to paste at integer positions."""
    canvas = Picture(size * 2 + 1, size + 1, background=ground)
    badge(canvas, 0, 0, attribute, locale, size)
    return canvas.image


STAR_ROOM = 10  # rows above the ★ row's centre line in its strip


@sized_cache(megabytes=0.1)
def stars_strip(count: int, size: int, ground: Color) -> Image.Image:
    """``draw_stars`` from x 0 over ``ground``, its centre line ``STAR_ROOM`` rows down."""
    image = Image.new("RGB", (5 * (size + 2), 2 * STAR_ROOM + 1), ground)
    draw_stars(ImageDraw.Draw(image), 0, STAR_ROOM, count, size)
    return image


def pasted_pill(canvas: Canvas, x: float, y: int, label: str, colour: tuple[int, int, int]) -> float:
    """``pill`` from a cached copy (keyed by the fraction of ``x``, so its pixels are the same as drawn
    there); the ground under it is the tile's."""
    whole = math.floor(x)
    image, after = pill_tile(label, colour, x - whole, TILE)
    canvas.image.paste(image, (whole, y))
    return whole + after


@sized_cache(megabytes=0.25)
def pill_tile(label: str, colour: tuple[int, int, int], fraction: float, ground: Color) -> tuple[Image.Image, float]:
    width = token_width(label, SMALL, True) + 12
    canvas = Picture(math.ceil(fraction + width) + 1, 27, background=ground)
    return canvas.image, pill(canvas, fraction, 0, label, colour)


def draw_square(canvas: Picture, box: Box, square: str, record: Mapping[str, Any] | None, locale: str) -> None:
    x0, y0, x1, y1 = box
    if record is None:
        canvas.image.paste(empty_frame(), (int(x0), int(y0)))
        canvas.text(((x0 + x1) / 2, (y0 + y1) / 2), square_name(square, locale), size=BODY, fill=(110, 116, 132),
                    anchor="mm", on=EMPTY)
        return
    draw_tile(canvas, int(x0), int(y0), record["id"], square, int(record["dmg"]), int(record["star"]),
              bool(record["acted"]), record.get("status"), record.get("r_kind") if record.get("r") else None, locale)


Marks = dict[tuple[int, str], tuple[tuple[int, int, int], str]]


def draw_fields(canvas: Canvas, view: View, top_y: int, locale: str, marks: Marks | None = None,
                acting: tuple[int, str] | None = None) -> None:
    """Both fields; ``marks`` frames squares (seat, square) -> (colour, label); ``acting`` gets gold."""
    bottom = bottom_seat(view)
    top_origin, bottom_origin = field_origins(top_y)
    for seat, origin, is_top in ((1 - bottom, top_origin, True), (bottom, bottom_origin, False)):
        field = view["players"][seat]["field"]
        for square in board.SQUARES:
            draw_square(canvas, square_box(square, is_top, origin), square, field.get(square), locale)
    # The middle: which rows are front, and how columns face.
    mid_y = top_origin + FIELD_H + 4
    canvas.rect((GRID_X, mid_y, GRID_X + 3 * TILE_W + 2 * GAP, mid_y + MID_H - 8), fill=(36, 40, 50),
                outline=(70, 76, 92), width=1, radius=6, on=BACKGROUND)
    half = (3 * TILE_W + 2 * GAP) / 2 - 30
    canvas.text((GRID_X + 10, mid_y + (MID_H - 8) / 2),
                "↑ " + fit(f"{t('starfall.ui.front', locale)} · {seat_name(1 - bottom, locale)}", SMALL, half),
                size=SMALL, fill=MUTED, anchor="lm")
    canvas.text((GRID_X + 3 * TILE_W + 2 * GAP - 10, mid_y + (MID_H - 8) / 2),
                fit(f"{t('starfall.ui.front', locale)} · {seat_name(bottom, locale)}", SMALL, half) + " ↓",
                size=SMALL, fill=MUTED, anchor="rm")
    for (seat, square), (colour, label) in (marks or {}).items():
        is_top = seat != bottom
        box = square_box(square, is_top, top_origin if is_top else bottom_origin)
        canvas.rect((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), outline=colour, width=5, radius=9)
        if label:
            width = token_width(label, SMALL, True) + 14
            x1, y1 = box[2] - 6, box[3] - 6
            canvas.rect((x1 - width, y1 - 28, x1, y1), fill=colour, outline=DARK, width=2, radius=6)
            canvas.text((x1 - width / 2, y1 - 14), label, size=SMALL, bold=True, fill=DARK, anchor="mm")
    if acting is not None:
        seat, square = acting
        is_top = seat != bottom
        box = square_box(square, is_top, top_origin if is_top else bottom_origin)
        canvas.rect((box[0] - 6, box[1] - 6, box[2] + 6, box[3] + 6), outline=GOLD, width=4, radius=10)


def acting_square(view: View) -> tuple[int, str] | None:
    acting = view.get("acting")
    if not acting or view.get("result"):
        return None
    seat = int(view["active"])
    square = acting.get("square")
    record = view["players"][seat]["field"].get(square)
    return (seat, square) if record is not None and record["id"] == acting.get("card") else None


def draw_pips(canvas: Canvas, x: float, y: float, filled: int, total: int, size: int = 16,
              colour: tuple[int, int, int] = GOLD) -> float:
    for index in range(total):
        box = (x, y, x + size, y + size)
        if index < filled:
            canvas.draw.rectangle(box, fill=colour, outline=DARK)
        else:
            canvas.draw.rectangle(box, outline=(130, 136, 150), width=2)
        x += size + 5
    return x


def draw_player_box(canvas: Canvas, view: View, seat: int, y0: float, locale: str, graves: int = 3) -> float:
    """A player across the whole width: name (first player marked), deck, turns taken this round, grave
    with its last cards, and the cards drawn to place. Returns its bottom."""
    x0, x1, y1 = MARGIN - 4, WIDTH - MARGIN + 4, y0 + BOX_H
    player = view["players"][seat]
    result = view.get("result")
    active = view.get("active") == seat and not result and view.get("phase") != "over"
    canvas.rect((x0, y0, x1, y1), fill=PANEL, outline=GOLD if active else (70, 76, 92), width=4 if active else 2,
                on=BACKGROUND)
    canvas.rect((x0 + 2, y0 + 2, x1 - 2, y0 + 38), fill=SEAT_TINT[seat], radius=7)
    name = ("▶ " if active else "") + seat_name(seat, locale)
    if view.get("first") == seat:
        name += f" ({t('starfall.ui.first', locale)})"
    canvas.text((x0 + 12, y0 + 20), fit(name, BODY + 2, x1 - x0 - 24, True), size=BODY + 2, bold=True, anchor="lm",
                fill=GOLD if active else TEXT)
    y = y0 + 62
    deck = t("starfall.ui.deck", locale, count=player["deck_count"])
    canvas.text((x0 + 12, y), deck, size=MAIN, bold=True, anchor="lm")
    x = x0 + 12 + token_width(deck, MAIN, True) + 22
    turns = t("starfall.ui.turns", locale)
    canvas.text((x, y), turns, size=BODY, fill=MUTED, anchor="lm")
    x = draw_pips(canvas, x + token_width(turns, BODY) + 8, y - 8, int(player.get("chips", 0)), 3, size=16) + 18
    grave = player["grave"]
    count = t("starfall.ui.grave", locale, count=len(grave))
    canvas.text((x, y), count, size=MAIN, bold=True, anchor="lm", fill=HP_LOST if len(grave) >= 5 else TEXT)
    draw_pips(canvas, x + token_width(count, MAIN, True) + 10, y - 8, len(grave), 7, size=16, colour=HP_LOST)
    y += 24
    x = x0 + 12
    for card_id in reversed(grave[-graves:]):
        name = card_name(card_id, locale)
        width = token_width(name, MAIN) + 26
        if x + width > x1 - 8:
            break
        attribute = catalogue.attribute(card_id)
        draw_shape(canvas.draw, attribute, x + 9, y + 18, 9, ink=FILL[attribute])
        canvas.text((x + 24, y + 18), name, size=MAIN, fill=MUTED, anchor="lm")
        x += width + 14
    drawn = player.get("drawn") or []
    if drawn:
        names = ", ".join(card_name(c, locale) for c in drawn)
        key = "starfall.ui.to_place" if view.get("phase") == "setup" else "starfall.ui.drawn"
        canvas.text((x0 + 12, y + 18 if not grave else y + 46), fit(t(key, locale, cards=names, card=names), BODY,
                                                                    x1 - x0 - 24, True),
                    size=BODY, bold=True, fill=GOLD, anchor="lm")
    return y1


def heading(view: View, locale: str) -> tuple[str, str, tuple[int, int, int]]:
    """(left, right, colour of right): the round and turn, and who acts or who won."""
    phase = view.get("phase")
    if phase == "setup" or not view.get("round"):
        left = t("starfall.name", locale) + " · " + t("starfall.ui.setup", locale)
    else:
        left = t("starfall.name", locale) + " · " + t("starfall.ui.round_turn", locale, round=view["round"],
                                                       turn=view["turn"])
    if view.get("beginner"):
        left += " · " + t("starfall.ui.beginner", locale)
    result = view.get("result")
    if result:
        winner = result.get("winner")
        right = t("starfall.ui.draw", locale) if winner is None else t("starfall.ui.won", locale,
                                                                       player=seat_name(int(winner), locale))
        return left, right, CHOICE
    return left, t("starfall.ui.to_act", locale, player=seat_name(int(view["active"]), locale)), GOLD


def draw_heading(canvas: Canvas, view: View, locale: str) -> float:
    """The round and turn, then who acts or who won (and why), each on its own line. Returns the y below."""
    left, right, colour = heading(view, locale)
    room = WIDTH - 2 * MARGIN
    canvas.text((MARGIN, 10), fit(left, TITLE, room, True), size=TITLE, bold=True)
    canvas.text((MARGIN, 50), fit(right, MAIN, room, True), size=MAIN, bold=True, fill=colour)
    result = view.get("result")
    if result:
        canvas.text((MARGIN, 88), fit(reason_text(result, locale), BODY, room), size=BODY, fill=MUTED)
        return 120
    return 92


LOG_ROOM = 4  # lines of last events under the board


def board_height(view: View) -> int:
    head = 120 if view.get("result") else 92
    return head + 2 * (BOX_H + 8) + 2 * FIELD_H + MID_H + 16 + 32 + LOG_ROOM * (BODY + 6) + 10
