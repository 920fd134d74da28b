"""TetrAction's drawing vocabulary: the layout sizes and colours, and the small pieces every picture is
made of (shape marks, mana chips, costs, slots, pips, cubes, wrapped words, log lines). Colours always come
with a shape (red ▲, yellow ●, blue ■), so nothing depends on colour vision."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render.names import localized_log
from bot.render.toolkit import Canvas, sized_cache, token_width, wrap_text
from cogs.tetra import geometry as geo
from cogs.tetra.text import ARG_FORMATTERS
from cogs.tetra.views import view as public_view

View = Mapping[str, Any]
Point = tuple[float, float]
# Drawn 720 px wide for a phone (issue 13): no text under 18 px (1/40 of the width), the main facts
# (card names, life, charge, mana counts) at 26 px or more (1/28); sections stack vertically.
WIDTH = 720
MARGIN = 14
GAP = 8
SMALL = 18
BODY = 20
MAIN = 26
TITLE = 30
BOARD_HEIGHT = 1152  # 1.6 x the width: a phone shows it at the chat's width, no tap
BACKGROUND = (34, 38, 46)
PANEL = (44, 49, 60)
TILE = (56, 62, 76)
TEXT = (235, 235, 235)
MUTED = (170, 176, 190)
DARK = (22, 24, 30)
HIGHLIGHT = (255, 196, 64)
CHOICE = (96, 230, 140)  # frames the cards the viewer may pick now (not a card colour)
FILL = {"red": (212, 64, 56), "yellow": (236, 196, 52), "blue": (52, 112, 214)}
DEEP = {"red": (128, 40, 36), "yellow": (128, 104, 24), "blue": (32, 66, 140)}
INK = {"red": (255, 255, 255), "yellow": (40, 36, 20), "blue": (255, 255, 255)}
RIM = {"white": (250, 250, 250), "black": (16, 16, 18)}
ACCIDENT = (112, 72, 150)


def as_view(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """A view as it is; the raw state that ``reveal_all`` returns becomes the public view."""
    if "rows" not in view and "queue" in view:
        return public_view(dict(view), None)
    return view


def draw_shape(draw: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, r: float,
               ink: tuple[int, int, int] | None = None) -> None:
    """The colour's shape (▲ red, ● yellow, ■ blue), centred, ``r`` its half size."""
    ink = ink or INK[colour]
    if colour == "red":
        draw.polygon([(cx, cy - r), (cx + 0.92 * r, cy + 0.72 * r), (cx - 0.92 * r, cy + 0.72 * r)], fill=ink)
    elif colour == "yellow":
        draw.ellipse((cx - 0.8 * r, cy - 0.8 * r, cx + 0.8 * r, cy + 0.8 * r), fill=ink)
    else:
        draw.rectangle((cx - 0.72 * r, cy - 0.72 * r, cx + 0.72 * r, cy + 0.72 * r), fill=ink)


def draw_chip(draw: ImageDraw.ImageDraw, x: float, y: float, size: int, colour: str) -> None:
    """A symbol: a rounded square in the colour with its shape."""
    draw.rounded_rectangle((x, y, x + size, y + size), radius=max(3, size // 6), fill=FILL[colour],
                           outline=DARK, width=2)
    draw_shape(draw, colour, x + size / 2, y + size / 2, size * 0.3)


# Chips, slots and cubes recur dozens of times a picture: each is drawn once into a small transparent tile
# (a few KB) and pasted through its own alpha, which leaves the same pixels as drawing it in place.
@sized_cache(megabytes=0.5)
def chip_tile(size: int, colour: str) -> Image.Image:
    tile = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
    draw_chip(ImageDraw.Draw(tile), 0, 0, size, colour)
    return tile


def stamp(image: Image.Image, tile: Image.Image, x: float, y: float) -> None:
    """Paste a transparent tile with its top-left at (x, y), straight into the pixel store (a canvas is
    loaded and writable; ``Image.paste``'s checks cost more than a chip)."""
    left, top = round(x), round(y)
    image.im.paste(tile.im, (left, top, left + tile.width, top + tile.height), tile.im)


def paste_chip(image: Image.Image, x: float, y: float, size: int, colour: str) -> None:
    stamp(image, chip_tile(size, colour), x, y)


def draw_cost(image: Image.Image, x: float, y: float, cost: Sequence[str], size: int, gap: int = 4) -> float:
    for colour in cost:
        paste_chip(image, x, y, size, colour)
        x += size + gap
    return x


@sized_cache(megabytes=0.5)
def slot_tile(width: int, height: int, allowed: tuple[str, ...], placed: str | None) -> Image.Image:
    tile = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    draw_slot(ImageDraw.Draw(tile), 0, 0, width, height, allowed, placed)
    return tile


def draw_slot(draw: ImageDraw.ImageDraw, x: float, y: float, width: int, height: int, allowed: Sequence[str],
              placed: str | None = None) -> None:
    """A mana slot: an open box with the colours it may take as small shapes (or the tablet placed in it)."""
    if placed:
        draw.rounded_rectangle((x, y, x + width, y + height), radius=4, fill=FILL[placed], outline=HIGHLIGHT, width=3)
        draw_shape(draw, placed, x + width / 2, y + height / 2, min(width, height) * 0.3)
        return
    draw.rounded_rectangle((x, y, x + width, y + height), radius=4, outline=(128, 134, 150), width=2)
    step = height / (len(allowed) + 1)
    r = min(width * 0.28, step * 0.42, 9)
    for index, colour in enumerate(allowed):
        draw_shape(draw, colour, x + width / 2, y + step * (index + 1), r, ink=FILL[colour])


def draw_cube(draw: ImageDraw.ImageDraw, x: float, y: float, size: int) -> None:
    """A cube as a little isometric-looking box, (x, y) the top-left of its front face."""
    draw.rectangle((x, y, x + size, y + size), fill=(218, 218, 226), outline=DARK, width=1)
    draw.polygon([(x, y), (x + 4, y - 4), (x + size + 4, y - 4), (x + size, y)], fill=(245, 245, 250),
                 outline=DARK)
    draw.polygon([(x + size, y), (x + size + 4, y - 4), (x + size + 4, y + size - 4), (x + size, y + size)],
                 fill=(170, 170, 182), outline=DARK)


@sized_cache(megabytes=0.25)
def cube_tile(size: int) -> Image.Image:
    tile = Image.new("RGBA", (size + 5, size + 5), (0, 0, 0, 0))
    draw_cube(ImageDraw.Draw(tile), 0, 4, size)
    return tile


def draw_cubes(image: Image.Image, x: float, y: float, count: int, size: int = 16) -> float:
    """Cubes as little isometric-looking boxes."""
    for _ in range(count):
        stamp(image, cube_tile(size), x, y - 4)
        x += size + 8
    return x


def draw_mana(canvas: Canvas, x: float, y: float, mana: Mapping[str, int], chip: int, size: int) -> float:
    """The mana held (on a panel): a chip of each colour followed by its count. Returns the x after it."""
    for colour in geo.COLOURS:
        paste_chip(canvas.image, x, y, chip, colour)
        canvas.text((x + chip + 4, y + chip / 2), str(mana[colour]), size=size, bold=True, anchor="lm", on=PANEL)
        x += chip + 4 + size + 8
    return x


def log_parts(view: View, locale: str) -> list[str]:
    return localized_log(view, locale, ARG_FORMATTERS)


def quick_wrap(text: str, size: int, width: int) -> list[str]:
    """The toolkit's wrap without the empty last line of an empty text."""
    return [line for line in wrap_text(text, size, width) if line.strip()] if text.strip() else []


def words_box(canvas: Canvas, box: tuple[int, int, int, int], text: str, size: int, fill: tuple[int, int, int],
              on: tuple[int, int, int], line_gap: int = 2) -> int:
    """Wrapped running text inside ``box`` (flat ``on``) drawn word by word from cached tiles
    (``Canvas.words``); returns the y below the last line."""
    left, top, right, bottom = box
    y = top
    for line in wrapped_lines(text, size, right - left):
        if y + size > bottom:
            break
        # A line wider than the box (a long word, a closing mark kept on its line) reaches the frame: blend it.
        canvas.words((left, y), line, size, fill, on=on if token_width(line, size) <= right - left else None)
        y += size + line_gap
    return y


@lru_cache(maxsize=1024)
def wrapped_lines(text: str, size: int, width: int) -> tuple[str, ...]:
    """``wrap_text``, kept: card texts come back in every picture."""
    return tuple(wrap_text(text, size, width))


def log_lines(parts: Sequence[str], size: int, width: int, room: int, joiner: str = " · ",
              lead: str = "") -> list[str]:
    """The newest whole events that fit in ``room`` wrapped lines, oldest first, after ``lead`` (which
    the first line starts with, measured at the running size)."""
    chosen: list[str] = []
    lines: list[str] = [lead.rstrip()] if lead.strip() else []
    for part in reversed(parts):
        trial = quick_wrap(lead + joiner.join([part, *chosen]), size, width)
        if len(trial) > room:
            break
        chosen.insert(0, part)
        lines = trial
    if not chosen and parts:
        lines = quick_wrap(lead + parts[-1], size, width)[:room]
    return lines


def short_seat(seat: int, locale: str) -> str:
    return t(f"tetra.board.short{seat}", locale)


def owner_of(view: View, colour: str) -> int | None:
    for player in view["players"]:
        if player["colour"] == colour:
            return int(player["seat"])
    return None
