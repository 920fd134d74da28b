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
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render.names import localized_args
from bot.render.toolkit import (
    MASK_MARGIN,
    Canvas,
    Color,
    clear_picture_caches,
    sized_cache,
    text_mask,
    token_width,
    tokens,
    wrap_text,
)
from bot.render.toolkit import fit_text as fit
from cogs.starfall import board
from cogs.starfall import cards as catalogue
from cogs.starfall.engine import view as engine_view
from cogs.starfall.text import (
    ARG_FORMATTERS,
    ability_line,
    attribute_letter,
    card_name,
    joiner,
    r_name,
    seat_name,
    skill_line,
    square_name,
)

View = Mapping[str, Any]
Box = tuple[float, float, float, float]

WIDTH = 720
MARGIN = 14
SMALL = 18
BODY = 20
MAIN = 26
TITLE = 28
BACKGROUND = (30, 33, 42)
PANEL = (42, 47, 58)
TILE = (54, 60, 74)
EMPTY = (40, 44, 54)
TEXT = (236, 236, 236)
MUTED = (168, 174, 190)
DARK = (20, 22, 28)
GOLD = (255, 200, 70)
CHOICE = (96, 230, 140)
HIT = (255, 140, 50)
HP_OK = (84, 190, 110)
HP_LOST = (200, 60, 60)
FILL = {"attack": (214, 72, 62), "magic": (70, 120, 224), "trick": (156, 96, 210)}
DEEP = {"attack": (120, 40, 36), "magic": (36, 64, 130), "trick": (88, 50, 122)}
PILL = {"acted": (110, 114, 128), "sick": (70, 150, 70), "lock": (170, 120, 30), "r": (180, 70, 150)}
SEAT_TINT = {0: (52, 70, 96), 1: (96, 58, 58)}

TILE_W, TILE_H, GAP = 226, 152, 8
GRID_X = (WIDTH - 3 * TILE_W - 2 * GAP) // 2
MID_H = 44
FIELD_H = 2 * TILE_H + GAP
BOX_H = 144  # a player's box on the board


# --- the input -----------------------------------------------------------------------------------


def as_view(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """A view as it is; the raw state that ``reveal_all`` returns becomes the public view."""
    players = view.get("players") or []
    if players and "deck" in players[0]:
        return engine_view(dict(view), None)
    return view


def bottom_seat(view: View) -> int:
    viewer = view.get("viewer")
    return 0 if viewer is None else int(viewer)


# --- small drawing helpers -----------------------------------------------------------------------

INKED_AREA = 1500  # pixels: under it a masked paste costs less than looking at the background first


class Picture(Canvas):
    """A canvas whose texts are pasted already blended (``text_tile``) wherever the picture under them is
    one flat colour (the corners and centre of the text's box agree), not only where a caller names it:
    a masked paste blends every pixel of the box (~5 ns each, the most of a picture's text cost), a plain
    one copies rows. The same pixels either way."""

    @classmethod
    def over(cls, image: Image.Image) -> Picture:
        """A canvas drawing on ``image`` (a copy of a cached frame)."""
        canvas = cls.__new__(cls)
        canvas.image = image
        canvas.draw = ImageDraw.Draw(image)
        return canvas

    def text(self, xy: tuple[float, float], text: str, size: int = 22, fill: Color = (235, 235, 235),
             bold: bool = False, anchor: str = "la", on: Color | None = None) -> None:
        x, y = round(xy[0]), round(xy[1])
        if on is not None:  # the caller knows the colour under the text
            self.text_on(x, y, text, size, bold, anchor, fill, on)
            return
        mask, dx, dy = text_mask(text, size, bold, anchor)
        width, height = mask.size
        # Decided on the mask's box with its old margin (the same texts pasted as before); blended on its own.
        m = MASK_MARGIN
        if on is None and (width + 2 * m) * (height + 2 * m) >= INKED_AREA:
            on = self.ground((x + dx - m, y + dy - m, x + dx + width + m, y + dy + height + m))
        if on is not None:
            self.text_on(x, y, text, size, bold, anchor, fill, on)
        else:
            self.image.im.paste(fill, (x + dx, y + dy, x + dx + width, y + dy + height), mask.im)

    def ground(self, box: tuple[int, int, int, int]) -> Color | None:
        """The one colour under ``box`` when its corners and centre agree (and it lies on the picture)."""
        left, top, right, bottom = box
        if left < 0 or top < 0 or right > self.image.width or bottom > self.image.height:
            return None
        pixel = self.image.im.getpixel
        ground = pixel((left, top))
        if ground == pixel((right - 1, top)) == pixel((left, bottom - 1)) == pixel((right - 1, bottom - 1)) == pixel(
                ((left + right) // 2, (top + bottom) // 2)):
            return ground
        return None

    def words(self, xy: tuple[float, float], text: str, size: int = 20, fill: Color = (235, 235, 235),
              bold: bool = False, on: Color | None = None) -> None:
        """``Canvas.words`` with each word pasted as ``text`` pastes it (the same pixels)."""
        x, y = xy
        for token in tokens(text):
            word = token.strip()
            if word:
                self.text((round(x), round(y)), word, size, fill, bold, "la", on)
            x += token_width(token, size, bold)


def draw_shape(draw: ImageDraw.ImageDraw, attribute: str, cx: float, cy: float, r: float,
               ink: tuple[int, int, int] = TEXT) -> None:
    """Attack ■, Magic ◆, Trick ♣, centred, ``r`` its half size. (The seat markers of players' names
    are ▲ and ●, so an attribute never looks like a seat.)"""
    if attribute == "attack":
        draw.rectangle((cx - 0.78 * r, cy - 0.78 * r, cx + 0.78 * r, cy + 0.78 * r), fill=ink)
    elif attribute == "magic":
        draw.polygon([(cx, cy - r), (cx + 0.8 * r, cy), (cx, cy + r), (cx - 0.8 * r, cy)], fill=ink)
    else:
        leaf = 0.42 * r
        for lx, ly in ((cx, cy - 0.48 * r), (cx - 0.5 * r, cy + 0.12 * r), (cx + 0.5 * r, cy + 0.12 * r)):
            draw.ellipse((lx - leaf, ly - leaf, lx + leaf, ly + leaf), fill=ink)
        draw.polygon([(cx, cy), (cx + 0.3 * r, cy + r), (cx - 0.3 * r, cy + r)], fill=ink)


def badge(canvas: Canvas, x: float, y: float, attribute: str, locale: str, size: int = 26) -> None:
    """The attribute badge: a coloured square with its shape and letter."""
    canvas.rect((x, y, x + size * 2, y + size), fill=FILL.get(attribute, MUTED), outline=DARK, width=1, radius=5)
    draw_shape(canvas.draw, attribute, x + size * 0.5, y + size * 0.5, size * 0.32)
    canvas.text((x + size * 1.45, y + size / 2), attribute_letter(attribute, locale), size=18, bold=True,
                anchor="mm")


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for index in range(10):
        radius = r if index % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * index)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_stars(draw: ImageDraw.ImageDraw, x: float, cy: float, count: int, size: int = 22) -> float:
    """★ chips: five slots, ``count`` filled; the fifth slot is red, a card reaching it dies."""
    for index in range(5):
        cx = x + size / 2 + index * (size + 2)
        points = star_points(cx, cy, size / 2)
        if index < count:
            draw.polygon(points, fill=GOLD, outline=DARK)
        else:
            draw.polygon(points, outline=HP_LOST if index == 4 else (120, 126, 142), width=2)
    return x + 5 * (size + 2)


def pill(canvas: Canvas, x: float, y: float, label: str, colour: tuple[int, int, int], height: int = 26) -> float:
    width = token_width(label, SMALL, True) + 12
    canvas.rect((x, y, x + width, y + height), fill=colour, outline=DARK, width=1, radius=height // 2)
    canvas.text((x + width / 2, y + height / 2), label, size=SMALL, bold=True, anchor="mm")
    return x + width + 5


def fmt_args(args: Mapping[str, Any], locale: str) -> dict[str, Any]:
    return localized_args(args, locale, ARG_FORMATTERS)


def log_parts(view: View, locale: str) -> list[str]:
    """The view's last events in words. The ★+1 of every card at round start is said by the round's own
    line, so those ★ lines are left out; any other run of ★+1 lines becomes one line naming the cards."""
    parts: list[str] = []
    run: list[Mapping[str, Any]] = []
    after_round_start = False

    def flush() -> None:
        if not run or after_round_start:
            pass
        elif len(run) == 1:
            parts.append(t("starfall.event.star", locale, **fmt_args(run[0], locale)))
        else:
            parts.append(t("starfall.ui.star_run", locale,
                           cards=joiner(locale).join(card_name(args.get("card"), locale) for args in run)))
        run.clear()

    for entry in view.get("log") or []:
        key = entry["key"]
        args = entry.get("args") or {}
        if key == "starfall.event.star" and args.get("amount") == 1:
            run.append(args)
            continue
        flush()
        after_round_start = key == "starfall.event.round_start"
        try:
            parts.append(t(key, locale, **fmt_args(args, locale)))
        except (KeyError, IndexError, ValueError):
            continue
    flush()
    return [part for part in parts if part]


def log_lines(parts: Sequence[str], size: int, width: int, room: int) -> list[str]:
    """The newest events, one line each (cut to fit), oldest first."""
    return [fit(part, size, width) for part in parts[-room:]]


# --- geometry of the two fields ------------------------------------------------------------------


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


# --- a card on the field -------------------------------------------------------------------------


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


def clear_caches() -> None:
    """Forget the cached tiles (a test recording the drawn text must see them drawn again)."""
    clear_picture_caches()
    legend_lines.cache_clear()


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


# --- the side panel ------------------------------------------------------------------------------


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


# --- the board -----------------------------------------------------------------------------------


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


# --- the private panel ---------------------------------------------------------------------------


def panel_marks(view: View, locale: str) -> tuple[Marks, dict[tuple[int, str], list[str]]]:
    """The squares the seat's open decision offers (green, labelled) and, for a skill choice, which
    usable skill hits which square (orange, with N / C / R letters)."""
    seat = bottom_seat(view)
    decision = view.get("decision") or {}
    options = decision.get("options") or []
    marks: Marks = {}
    hits: dict[tuple[int, str], list[str]] = {}
    own = view["players"][seat]["field"]
    enemy = view["players"][1 - seat]["field"]
    acting = view.get("acting") or {}
    for option in options:
        verb, _, rest = option.partition(":")
        if verb in ("place", "summon") and rest:
            marks[(seat, rest)] = (CHOICE, t(f"starfall.ui.{verb}_here", locale))
        elif verb == "card":
            found = next((sq for sq, rec in own.items() if rec is not None and rec["id"] == rest), None)
            if found:
                marks[(seat, found)] = (CHOICE, t("starfall.ui.can_act", locale))
        elif verb == "move":
            marks[(seat, rest)] = (CHOICE, t("starfall.ui.move_here", locale))
        elif verb == "swap":
            marks[(seat, rest)] = (CHOICE, t("starfall.ui.swap_here", locale))
        elif verb == "target":
            side, _, name = rest.partition(":")
            skill = catalogue.skill(acting["card"], "normal" if acting.get("skill") == "normal" else "consume")
            row_pick = name in ("front", "back")
            label = (f"{t('starfall.ui.target_here', locale)} · {t(f'starfall.ui.{name}', locale)}" if row_pick
                     else t("starfall.ui.hit_here", locale))
            for hit_side, square in board.hit_squares(skill["pattern"], acting["square"], rest, own, enemy):
                key = (seat if hit_side == "s" else 1 - seat, square)
                marks.setdefault(key, (CHOICE if row_pick else HIT, label))
            if name not in ("front", "back"):
                marks[(seat if side == "s" else 1 - seat, name)] = (CHOICE, t("starfall.ui.target_here", locale))
        elif verb == "skill" and acting.get("card"):
            which = rest
            skill = catalogue.skill(acting["card"], "normal" if which == "normal" else "consume")
            square = acting["square"]
            targets = board.target_choices(skill["pattern"], square, own, enemy) or [None]
            letter = {"normal": "N", "consume": "C", "r": "R"}[which]
            for target in targets:
                for hit_side, hit in board.hit_squares(skill["pattern"], square, target, own, enemy):
                    key = (seat if hit_side == "s" else 1 - seat, hit)
                    if letter not in hits.setdefault(key, []):
                        hits[key].append(letter)
    for key, letters in hits.items():
        marks.setdefault(key, (HIT, " ".join(letters)))
    return marks, hits


def focus_card(view: View) -> str | None:
    """The card the seat is deciding about: the acting card, or the card to place or summon."""
    acting = view.get("acting") or {}
    decision = view.get("decision") or {}
    if acting.get("card"):
        return acting["card"]
    args = decision.get("args") or {}
    return args.get("card")


def detail_lines(card_id: str, locale: str, width: int, usable: set[str] | None,
                 beginner: bool = False) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The wrapped text of a card (ability, then each skill), each line with its colour and weight:
    usable skills green and bold, unusable ones muted, while a skill is being chosen. In the beginner
    game the unique ability and the R-effect skill are marked as not in play."""
    out: list[tuple[str, tuple[int, int, int], bool]] = []
    off = " " + t("starfall.ui.off_beginner", locale) if beginner else ""
    parts: list[tuple[str, str | None]] = [(ability_line(card_id, locale) + off, None)]
    parts += [(skill_line(card_id, which, locale) + (off if which == "r" else ""), which)
              for which in ("normal", "consume", "r")]
    for text, which in parts:
        good = usable is not None and which in usable
        if beginner and (which is None or which == "r"):
            colour = MUTED
        elif which is None:
            colour = (214, 190, 255)
        else:
            colour = CHOICE if good else (MUTED if usable is not None else TEXT)
        out += [(line, colour, good) for line in wrap_text(text, BODY, width, good)]
        out.append(("", TEXT, False))
    return out[:-1]


LINE = BODY + 6


def detail_text_width(x0: float, x1: float) -> int:
    return int(x1 - x0 - 28)


def detail_height(lines: Sequence[tuple[str, tuple[int, int, int], bool]]) -> int:
    """The height of a card's full-text box: its name band, then the lines (a blank one is a small gap)."""
    return 54 + sum(LINE if text else 6 for text, _, _ in lines) + 8


def card_detail(canvas: Canvas, card_id: str, x0: float, y0: float, x1: float, locale: str,
                usable: set[str] | None = None, beginner: bool = False) -> float:
    """A card's full text in a box sized to it: name, attribute, HP, ability and skills. Returns its bottom."""
    lines = detail_lines(card_id, locale, detail_text_width(x0, x1), usable, beginner)
    y1 = y0 + detail_height(lines)
    found = catalogue.card(card_id)
    attribute = str(found.stats["attribute"])
    canvas.rect((x0, y0, x1, y1), fill=TILE, outline=FILL[attribute], width=3, on=BACKGROUND)
    canvas.rect((x0, y0, x1, y0 + 44), fill=DEEP[attribute], radius=7)
    badge(canvas, x0 + 8, y0 + 9, attribute, locale, size=26)
    hp = f"HP {found.stats['hp']}"
    canvas.text((x1 - 12, y0 + 22), hp, size=MAIN, bold=True, anchor="rm")
    canvas.text((x0 + 70, y0 + 22), fit(found.name(locale), TITLE, x1 - x0 - 100 - token_width(hp, MAIN, True), True),
                size=TITLE, bold=True, anchor="lm")
    y = y0 + 54
    for text, colour, bold in lines:
        if text:
            canvas.words((x0 + 14, y), text, BODY, colour, bold)
        y += LINE if text else 6
    return y1


def draw_player_brief(canvas: Canvas, view: View, seat: int, x0: float, y0: float, x1: float, locale: str) -> float:
    """Two lines: the player (gold when to act), then deck, grave and turns taken this round."""
    player = view["players"][seat]
    active = view.get("active") == seat and not view.get("result") and view.get("phase") != "over"
    canvas.rect((x0, y0, x1, y0 + BRIEF_H), fill=PANEL, outline=GOLD if active else (70, 76, 92),
                width=3 if active else 2, on=BACKGROUND)
    name = seat_name(seat, locale)
    if active:
        name = "▶ " + name
    canvas.text((x0 + 10, y0 + 6), fit(name, BODY, x1 - x0 - 20, True), size=BODY, bold=True,
                fill=GOLD if active else TEXT)
    line = "  ".join([t("starfall.ui.deck", locale, count=player["deck_count"]),
                      t("starfall.ui.grave", locale, count=len(player["grave"]))])
    canvas.text((x0 + 10, y0 + 38), fit(line, BODY, x1 - x0 - 90, True), size=BODY, bold=True)
    draw_pips(canvas, x1 - 10 - 3 * 21, y0 + 44, int(player.get("chips", 0)), 3, size=16)
    return y0 + BRIEF_H


BRIEF_H = 74


def reason_text(result: Mapping[str, Any], locale: str) -> str:
    return t(f"starfall.outcome.{result['reason']}", locale)


def side_log_lines(view: View, width: int, room: int, locale: str) -> list[str]:
    """The newest whole events that fit in ``room`` wrapped lines, oldest first."""
    chosen: list[str] = []
    for part in reversed(log_parts(view, locale)):
        lines = wrap_text(part, BODY, width - BODY)  # room for a closing mark kept on its line (kinsoku)
        if len(chosen) + len(lines) > room:
            break
        chosen = lines + chosen
    return chosen


def panel_layout(view: View, locale: str) -> dict[str, Any]:
    """What the panel shows and how tall each part is, so the picture is sized before drawing."""
    seat = bottom_seat(view)
    decision = view.get("decision") or {}
    options = decision.get("options") or []
    result = view.get("result")
    left, right, colour = heading(view, locale)
    if options:
        prompt, ink = t(decision["prompt"], locale, **fmt_args(decision.get("args") or {}, locale)), GOLD
    elif result:
        prompt, ink = f"{right} · {reason_text(result, locale)}", colour
    else:
        prompt, ink = t("starfall.ui.waiting", locale), MUTED
    card_id = focus_card(view) if options else None
    if card_id not in catalogue.by_id():
        card_id = None
    usable = ({o.split(":")[1] for o in options if o.startswith("skill:")}
              if any(o.startswith("skill:") for o in options) else None)
    legend = legend_lines(locale, usable is not None)
    return {
        "seat": seat, "options": options, "round": left.split(" · ", 1)[-1],
        "prompt": wrap_text(prompt, BODY + 2, WIDTH - 2 * MARGIN - BODY, True)[:3], "ink": ink,
        "card": card_id, "usable": usable, "summon": card_id is None and "summon" in options,
        "legend": legend, "log": side_log_lines(view, WIDTH - 2 * MARGIN, PANEL_LOG_ROOM, locale),
        "summon_text": wrap_text(t("starfall.ui.summon_info", locale, count=view["players"][seat]["deck_count"]),
                                 BODY, WIDTH - 2 * MARGIN - 24),
    }


PANEL_LOG_ROOM = 4


@lru_cache(maxsize=8)
def legend_lines(locale: str, hits: bool) -> tuple[str, ...]:
    """The panel's legend (and, while a skill is chosen, what the orange marks mean), wrapped."""
    lines = wrap_text(t("starfall.ui.legend", locale), SMALL, WIDTH - 2 * MARGIN)
    if hits:
        lines += wrap_text(t("starfall.ui.hits_legend", locale), SMALL, WIDTH - 2 * MARGIN)
    return tuple(lines)


def render_hand(view: View, locale: str) -> bytes:
    """The seat's own panel, stacked for a phone: the prompt, the card it is deciding about in full (or a
    summon note), the fields from its side with what its decision offers marked, both players in brief
    and the last events."""
    view = as_view(view)
    layout = panel_layout(view, locale)
    seat, options = layout["seat"], layout["options"]
    beginner = bool(view.get("beginner"))
    y = 58 + len(layout["prompt"]) * (BODY + 8) + 6
    if layout["card"]:
        width = detail_text_width(MARGIN - 4, WIDTH - MARGIN + 4)
        card_h = detail_height(detail_lines(layout["card"], locale, width, layout["usable"], beginner)) + 10
    elif layout["summon"]:
        card_h = 20 + len(layout["summon_text"]) * LINE + 10
    else:
        card_h = 0
    fields_y = y + card_h
    legend_y = fields_y + 2 * FIELD_H + MID_H + 6
    brief_y = legend_y + len(layout["legend"]) * (SMALL + 6) + 8
    log_y = brief_y + BRIEF_H + 10
    height = log_y + (32 + len(layout["log"]) * LINE if layout["log"] else 0) + 8
    canvas = Picture(WIDTH, int(height), background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, 50), fill=SEAT_TINT[seat], radius=0)
    round_text = layout["round"]
    canvas.text((WIDTH - MARGIN, 25), round_text, size=BODY, bold=True, anchor="rm")
    room = WIDTH - 3 * MARGIN - token_width(round_text, BODY, True)
    canvas.text((MARGIN, 25), fit(t("starfall.ui.your_panel", locale, player=seat_name(seat, locale)), MAIN - 2, room,
                                  True), size=MAIN - 2, bold=True, anchor="lm")
    for index, line in enumerate(layout["prompt"]):
        canvas.words((MARGIN, 58 + index * (BODY + 8)), line, BODY + 2, layout["ink"], True)
    if layout["card"]:
        card_detail(canvas, layout["card"], MARGIN - 4, y, WIDTH - MARGIN + 4, locale, layout["usable"], beginner)
    elif layout["summon"]:
        canvas.rect((MARGIN - 4, y, WIDTH - MARGIN + 4, y + card_h - 10), fill=PANEL, outline=CHOICE, width=3,
                    on=BACKGROUND)
        for index, line in enumerate(layout["summon_text"]):
            canvas.words((MARGIN + 10, y + 10 + index * LINE), line, BODY)
    marks, _ = panel_marks(view, locale) if options else ({}, {})
    draw_fields(canvas, view, int(fields_y), locale, marks=marks, acting=acting_square(view))
    for index, line in enumerate(layout["legend"]):  # the same lines in every panel: whole, from their masks
        canvas.text((MARGIN, legend_y + index * (SMALL + 6)), line, SMALL, MUTED)
    half = (WIDTH - 2 * MARGIN - 8) // 2
    draw_player_brief(canvas, view, 1 - seat, MARGIN - 4, brief_y, MARGIN - 4 + half, locale)
    draw_player_brief(canvas, view, seat, WIDTH - MARGIN + 4 - half, brief_y, WIDTH - MARGIN + 4, locale)
    if layout["log"]:
        canvas.text((MARGIN, log_y), t("starfall.ui.last", locale), size=BODY, bold=True)
        for index, line in enumerate(layout["log"]):
            canvas.words((MARGIN, log_y + 32 + index * LINE), line, BODY, MUTED)
    return canvas.png()
