"""Starfall's drawing vocabulary: the layout sizes and colours, the ``Picture`` canvas (with its inked-area
check), shape marks, badges, stars, pills and the words of the log. Attributes carry a shape and a letter
as well as a colour, so nothing depends on colour vision."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render.names import localized_args
from bot.render.toolkit import MASK_MARGIN, Canvas, Color, text_mask, token_width, tokens
from bot.render.toolkit import fit_text as fit
from cogs.starfall.engine import view as engine_view
from cogs.starfall.text import ARG_FORMATTERS, attribute_letter, card_name, joiner

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


def as_view(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """A view as it is; the raw state that ``reveal_all`` returns becomes the public view."""
    players = view.get("players") or []
    if players and "deck" in players[0]:
        return engine_view(dict(view), None)
    return view


def bottom_seat(view: View) -> int:
    viewer = view.get("viewer")
    return 0 if viewer is None else int(viewer)


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


def reason_text(result: Mapping[str, Any], locale: str) -> str:
    return t(f"starfall.outcome.{result['reason']}", locale)
