"""TetrAction images: the public board, a seat's private hand picture and /card pictures.

Renderers read a view (``ENGINE.view``) only, so an image can never show a deck order or a face-down
charge card. The one exception to "a view comes in" is the end-of-match board, for which the platform
passes ``ENGINE.reveal_all(state)``: that is the raw state here, and :func:`as_view` turns it into the
public view first, so even that picture is drawn from a view.

Colours come with a shape (red ▲, yellow ●, blue ■) everywhere, so nothing depends on colour vision.
Drawn 720 px wide for a phone (issue 13), sections stacked: text never under 18 px (1/40 of the width),
card names, life and charge at 26 px or more (1/28). Speed: the card tiles are pure functions of (card,
charge, cubes, locale), cached as small images that are pasted; running text (log, rules) is drawn word
by word from cached masks (``Canvas.words``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.cards import Card
from bot.i18n import t
from bot.render.names import localized_args
from bot.render.toolkit import Canvas, clear_picture_caches, sized_cache, token_width, wrap_text
from bot.render.toolkit import fit_text as fit
from cogs.tetra import cards as catalogue
from cogs.tetra import cardtext
from cogs.tetra import geometry as geo
from cogs.tetra.table import ACCIDENT_THRESHOLD
from cogs.tetra.text import (
    ARG_FORMATTERS,
    SHAPE,
    band_effect_text,
    card_name,
    colour_name,
    public_effect_text,
    rim_name,
    seat_name,
)
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
BOARD_HEIGHT = 1580
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


# --- the input ---------------------------------------------------------------------------------


def as_view(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """A view as it is; the raw state that ``reveal_all`` returns becomes the public view."""
    if "rows" not in view and "queue" in view:
        return public_view(dict(view), None)
    return view


# --- small drawing helpers ---------------------------------------------------------------------


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


@sized_cache(megabytes=0.25)
def pips_tile(filled: int, total: int, size: int, gap: int) -> Image.Image:
    tile = Image.new("RGBA", (max(1, total * (size + gap) - gap + 1), size + 1), (0, 0, 0, 0))
    draw_pips(ImageDraw.Draw(tile), 0, 0, filled, total, size, gap)
    return tile


def draw_pips(draw: ImageDraw.ImageDraw, x: float, y: float, filled: int, total: int, size: int = 12,
              gap: int = 4, colour: tuple[int, int, int] = HIGHLIGHT) -> float:
    """``total`` small boxes, the first ``filled`` solid (charge against the red maximum, cubes)."""
    for index in range(total):
        box = (x, y, x + size, y + size)
        if index < filled:
            draw.rectangle(box, fill=colour)
        else:
            draw.rectangle(box, outline=(130, 136, 150), width=2)
        x += size + gap
    return x


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


def fmt_args(args: Mapping[str, Any], locale: str) -> dict[str, Any]:
    return localized_args(args, locale, ARG_FORMATTERS)


def log_parts(view: View, locale: str) -> list[str]:
    parts = []
    for entry in view.get("log") or []:
        try:
            parts.append(t(entry["key"], locale, **fmt_args(entry.get("args") or {}, locale)))
        except (KeyError, IndexError, ValueError):
            continue
    return [part for part in parts if part]


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


def log_lines(parts: Sequence[str], size: int, width: int, room: int, joiner: str = " · ") -> list[str]:
    """The newest whole events that fit in ``room`` wrapped lines, oldest first."""
    chosen: list[str] = []
    lines: list[str] = []
    for part in reversed(parts):
        trial = quick_wrap(joiner.join([part, *chosen]), size, width)
        if len(trial) > room:
            break
        chosen.insert(0, part)
        lines = trial
    if not chosen and parts:
        lines = quick_wrap(parts[-1], size, width)[:room]
    return lines


def short_seat(seat: int, locale: str) -> str:
    return t(f"tetra.board.short{seat}", locale)


def owner_of(view: View, colour: str) -> int | None:
    for player in view["players"]:
        if player["colour"] == colour:
            return int(player["seat"])
    return None


# --- cached card tiles -------------------------------------------------------------------------

PUBLIC_W, PUBLIC_H = 168, 206
HAND_W, HAND_H = 340, 156


@sized_cache(megabytes=2)
def public_tile(card_id: str, locale: str, width: int = PUBLIC_W) -> Image.Image:
    """A public card on the table: colour band with the number, name (main size, up to two lines),
    cost, what it gives."""
    found = catalogue.card(card_id)
    colour = found.stats["colour"]
    canvas = Canvas(width, PUBLIC_H, background=PANEL)
    canvas.rect((0, 0, width - 1, PUBLIC_H - 1), fill=TILE, outline=FILL[colour], width=3, on=PANEL)
    canvas.rect((0, 0, width - 1, 30), fill=DEEP[colour], radius=6)
    draw_shape(canvas.draw, colour, 17, 15, 9, ink=FILL[colour])
    canvas.text((width - 8, 15), card_id, size=SMALL, bold=True, anchor="rm", on=DEEP[colour])
    y = 34
    for line in public_name_lines(card_id, locale, width)[:2]:
        fits = token_width(line, MAIN, True) <= width - 14  # a long word reaches the frame: blend it
        canvas.text((8, y), line, size=MAIN, bold=True, on=TILE if fits else None)
        y += MAIN + 4
    draw_cost(canvas.image, 8, 102, found.stats["cost"], 26, gap=3)
    words_box(canvas, (8, 134, width - 6, PUBLIC_H - 4), public_effect_text(card_id, locale), BODY, MUTED, TILE)
    return canvas.image


def public_name_lines(card_id: str, locale: str, width: int = PUBLIC_W) -> list[str]:
    """A public card's name as drawn on its tile (wrapped at the main size)."""
    return wrap_text(catalogue.card(card_id).name(locale), MAIN, width - 14, bold=True)


def draw_hand_card(canvas: Canvas, x: int, y: int, card_id: str, charge: int, cubes: int, locale: str,
                   width: int = HAND_W) -> None:
    """A hand card on the table (on a panel), top-left at (x, y): name, cost at this charge, charge against
    the maximum, cubes, the band of this charge. Drawn in place, not cached: charge and cubes change with
    nearly every move, so a kept tile (~200 KB) rarely came back."""
    found = catalogue.card(card_id)
    colour = found.stats["colour"]
    most = int(found.stats["max_charge"])
    canvas.rect((x, y, x + width - 1, y + HAND_H - 1), fill=TILE, outline=FILL[colour], width=3, on=PANEL)
    canvas.rect((x, y, x + width - 1, y + 36), fill=DEEP[colour], radius=6)
    canvas.text((x + 10, y + 18), found.name(locale), size=MAIN, bold=True, anchor="lm", on=DEEP[colour])
    draw_cost(canvas.image, x + 10, y + 44, catalogue.cost_at(card_id, min(charge, most)), 26, gap=3)
    canvas.text((x + width - 10, y + 57), t("tetra.board.charge", locale, charge=charge, max=most), size=MAIN,
                bold=True, fill=HIGHLIGHT if charge >= most else TEXT, anchor="rm", on=TILE)
    stamp(canvas.image, pips_tile(charge, max(most, charge), 12, 3), x + 10, y + 80)
    draw_cubes(canvas.image, x + width - 10 - cubes * 24 + 8, y + 80, cubes, size=12)
    band = catalogue.band_at(card_id, min(charge, most))
    words_box(canvas, (x + 10, y + 98, x + width - 8, y + HAND_H - 2), band_effect_text(band, locale), BODY, MUTED,
              TILE)


def clear_caches() -> None:
    """Forget the cached tiles (a test recording the drawn text must see them drawn again)."""
    clear_picture_caches()


def detail_lines(card_id: str, locale: str) -> list[tuple[str, int | None]]:
    """The text of a hand card line by line, each with the band index it belongs to (None: none)."""
    found = catalogue.card(card_id)
    lines: list[tuple[str, int | None]] = []
    for index, band in enumerate(found.stats["bands"]):
        lines.append((cardtext.band_text(band, locale), index))
    release = cardtext.effects_text(found.stats["release"], locale)
    lines.append((f"{t('tetra.board.release', locale)}{'：' if locale == 'ja' else ': '}{release}", None))
    return lines


DETAIL_STEP = BODY + 6


@lru_cache(maxsize=256)
def detail_layout(card_id: str, locale: str, width: int) -> tuple[int, tuple[tuple[tuple[str, ...], int | None], ...]]:
    """A hand card's full picture height and its wrapped text, paragraph by paragraph with its band."""
    wrapped = tuple((tuple(wrap_text(text, BODY, width - 28)), band) for text, band in detail_lines(card_id, locale))
    return 130 + sum(len(lines) * DETAIL_STEP + 6 for lines, _ in wrapped) + 8, wrapped


def draw_detail(canvas: Canvas, x: int, y: int, card_id: str, locale: str,
                width: int) -> tuple[tuple[int, int, int], ...]:
    """A hand card with everything printed on it, top-left at (x, y) (on the background). Returns
    (band, top, bottom) of each band's text, relative to the card, so the current band can be framed.
    Drawn in place, not cached: a ~700 KB picture came back too rarely to keep, and its words are
    cached tiles."""
    found = catalogue.card(card_id)
    colour = found.stats["colour"]
    height, wrapped = detail_layout(card_id, locale, width)
    canvas.rect((x, y, x + width - 1, y + height - 1), fill=TILE, outline=FILL[colour], width=3, on=BACKGROUND)
    canvas.rect((x, y, x + width - 1, y + 42), fill=DEEP[colour], radius=6)
    draw_shape(canvas.draw, colour, x + 20, y + 21, 10, ink=FILL[colour])
    canvas.text((x + 38, y + 21), found.name(locale), size=TITLE, bold=True, anchor="lm", on=DEEP[colour])
    tag = card_id + (f"  {t('tetra.board.start', locale)}" if found.stats.get("start") else "")
    canvas.text((x + width - 12, y + 21), tag, size=SMALL, anchor="rm", on=DEEP[colour])
    draw_cost(canvas.image, x + 14, y + 50, found.stats["cost"], 32)
    info = "   ".join([t("tetra.board.max_charge", locale, max=found.stats["max_charge"]),
                       t("tetra.board.release_count", locale, count=found.stats["release_count"])])
    canvas.text((x + 14, y + 92), info, size=BODY, fill=MUTED, on=TILE)
    line_y = 124
    boxes = []
    for lines, band in wrapped:
        top = line_y
        for line in lines:
            canvas.words((x + 14, y + line_y), line, BODY, TEXT if band is not None else (214, 190, 255), on=TILE)
            line_y += DETAIL_STEP
        if band is not None:
            boxes.append((band, top - 3, line_y + 1))
        line_y += 6
    return tuple(boxes)


# --- the table from above ----------------------------------------------------------------------


def direction_angle(direction: int, bottom_seat: int) -> float:
    """Screen angle (radians, y up) of a table direction; the bottom seat sits at the image's bottom."""
    return math.radians(-90 + 60 * (direction - 3 * bottom_seat))


def polar(cx: float, cy: float, r: float, angle: float) -> Point:
    return cx + r * math.cos(angle), cy - r * math.sin(angle)


@sized_cache(megabytes=1)
def tetrite_tile(colour: str, faces: tuple[tuple[str, int], ...], bottom_seat: int, radius: int) -> Image.Image:
    """A tetrite from above on a transparent tile, its centre at (radius + 4, radius + 4)."""
    centre = radius + 4
    tile = Image.new("RGBA", (2 * centre + 1, 2 * centre + 1), (0, 0, 0, 0))
    draw_tetrite(ImageDraw.Draw(tile), centre, centre, radius, {"colour": colour, "faces": dict(faces)}, bottom_seat)
    return tile


def paste_tetrite(image: Image.Image, cx: int, cy: int, radius: int, tetrite: Mapping[str, Any],
                  bottom_seat: int) -> None:
    """``draw_tetrite`` from a cached tile: a tetrite turns a few times a match, and drawing one is ~20 shapes."""
    tile = tetrite_tile(tetrite["colour"], tuple(sorted(tetrite["faces"].items())), bottom_seat, radius)
    stamp(image, tile, cx - radius - 4, cy - radius - 4)


def draw_tetrite(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, tetrite: Mapping[str, Any],
                 bottom_seat: int) -> None:
    """A tetrite from above: its three side faces as the three parts of a triangle, each in its colour
    with its shape; the own-colour faces carry their white or black rim along the outer edge."""
    colour = tetrite["colour"]
    centre = (cx, cy)
    rim_depth = radius * 0.16
    for face, direction in tetrite["faces"].items():
        if direction == geo.BOTTOM:
            continue
        angle = direction_angle(direction, bottom_seat)
        v1 = polar(cx, cy, radius, angle - math.pi / 3)
        v2 = polar(cx, cy, radius, angle + math.pi / 3)
        symbol = geo.face_colour(colour, face)
        draw.polygon([centre, v1, v2], fill=FILL[symbol], outline=DARK)
        if face in RIM:
            k = rim_depth / (radius / 2)
            i1 = (v1[0] + (cx - v1[0]) * k, v1[1] + (cy - v1[1]) * k)
            i2 = (v2[0] + (cx - v2[0]) * k, v2[1] + (cy - v2[1]) * k)
            draw.polygon([v1, v2, i2, i1], fill=RIM[face], outline=(120, 120, 120) if face == "black" else DARK)
        mx, my = (cx + v1[0] + v2[0]) / 3, (cy + v1[1] + v2[1]) / 3
        draw_shape(draw, symbol, mx, my, radius * 0.14)
    corners = [polar(cx, cy, radius, direction_angle(d, bottom_seat) + math.pi / 3)
               for d in tetrite["faces"].values() if d != geo.BOTTOM]
    draw.polygon(corners, outline=DARK, width=3)
    for corner in corners:
        draw.line([centre, corner], fill=DARK, width=2)


def draw_marker(canvas: Canvas, cx: float, y: float, seat: int, colour: str, locale: str) -> None:
    label = short_seat(seat, locale)
    canvas.rect((cx - 26, y, cx + 26, y + 26), fill=DEEP[colour], outline=HIGHLIGHT, width=2, radius=12)
    canvas.text((cx, y + 13), label, size=18, bold=True, anchor="mm")


def draw_row(canvas: Canvas, x: float, y: float, row: Mapping[str, Any], chip: int, slot_w: int,
             gap: int = 4, placement: Mapping[int, str] | None = None) -> list[tuple[float, float]]:
    """One player's visible row in their reading order: slot, faces, slot, faces, slot, faces, slot.
    Each tetrite's faces sit on a bar of that tetrite's colour. Returns each slot's (left, right)."""
    placement = placement or {}
    image = canvas.image
    spans = []
    for index, group in enumerate(row["groups"]):
        slot = index + 1
        stamp(image, slot_tile(slot_w, chip, tuple(row["slots"][str(slot)]), placement.get(slot)), x, y)
        spans.append((x, x + slot_w))
        x += slot_w + gap
        start = x
        for colour in group:
            paste_chip(image, x, y, chip, colour)
            x += chip + gap
        canvas.draw.rectangle((start, y + chip + 3, x - gap, y + chip + 7), fill=FILL[row["tetrites"][index]])
    stamp(image, slot_tile(slot_w, chip, tuple(row["slots"]["4"]), placement.get(4)), x, y)
    spans.append((x, x + slot_w))
    return spans


# --- the board ---------------------------------------------------------------------------------


def heading(view: View, locale: str) -> tuple[str, str]:
    left = f"{t('tetra.name', locale)} · {t('tetra.board.turn', locale, turn=view['turn'])}"
    result = view.get("result")
    if result:
        winner = result.get("winner")
        right = t("tetra.board.draw", locale) if winner is None else \
            t("tetra.board.winner", locale, player=seat_name(winner, locale))
        return left, right
    active = view["active"]
    colour = view["players"][active]["colour"]
    right = f"{t('tetra.board.to_move', locale, player=seat_name(active, locale))} ({colour_name(colour, locale)})"
    if view.get("casts_left", 1) > 1:
        right += " · " + t("tetra.board.casts_left", locale, count=view["casts_left"])
    return left, right


def draw_table(canvas: Canvas, view: View, bottom: int, locale: str) -> None:
    """A compact 550-px table (the rules page's start picture, scripts/make_tetra_pictures.py): the three
    tetrites from above between the two players, markers, the faces down, then each player's visible row.
    The board stacks the same pieces for a phone (:func:`draw_tetrites`, each row in its player's panel)."""
    draw = canvas.draw
    canvas.rect((10, 48, 560, 478), fill=PANEL, outline=(70, 76, 92), width=2)
    top = 1 - bottom
    for seat, y in ((top, 54), (bottom, 336)):
        player = view["players"][seat]
        text = f"{seat_name(seat, locale)} ({short_seat(seat, locale)}) · {colour_name(player['colour'], locale)}"
        canvas.text((285, y), ("▲ " if seat == top else "▼ ") + text, size=20, bold=True,
                    fill=FILL[player["colour"]] if player["colour"] != "blue" else (120, 170, 255), anchor="mt")
    cy, radius = 184, 70
    markers = {colour: seat for seat, colour in enumerate(m["marker"] for m in view["players"]) if colour}
    for tetrite in view["tetrites"]:
        column = tetrite["position"] if bottom == 0 else 2 - tetrite["position"]
        cx = 115 + column * 170
        draw_tetrite(draw, cx, cy, radius, tetrite, bottom)
        seat = markers.get(tetrite["colour"])
        if seat is not None:
            draw_marker(canvas, cx, 82 if seat == top else 258, seat, view["players"][seat]["colour"], locale)
        owner = owner_of(view, tetrite["colour"])
        tag = t("tetra.board.neutral", locale) if owner is None else short_seat(owner, locale)
        canvas.text((cx, 288), f"{colour_name(tetrite['colour'], locale)} · {tag}", size=18, bold=True,
                    anchor="mt")
        down = t("tetra.board.down", locale, face=rim_name(geo.bottom_face(tetrite["faces"]), locale))
        canvas.text((cx, 310), down, size=18, fill=MUTED, anchor="mt")
    canvas.text((22, 368), t("tetra.board.rows", locale), size=18, fill=MUTED)
    for index, seat in enumerate((bottom, top)):
        y = 396 + index * 40
        canvas.text((22, y + 4), short_seat(seat, locale), size=20, bold=True)
        draw_row(canvas, 70, y, view["rows"][seat], 30, 22)


def draw_status(canvas: Canvas, view: View, locale: str) -> int:
    """The game and turn, then who moves (or who won), each on its own line. Returns the y below."""
    left, right = heading(view, locale)
    canvas.numbered((MARGIN, 10), left, size=TITLE, bold=True, on=BACKGROUND)
    canvas.numbered((MARGIN, 50), fit(right, MAIN, WIDTH - 2 * MARGIN, True), size=MAIN, bold=True,
                    fill=HIGHLIGHT if not view.get("result") else (140, 230, 160), on=BACKGROUND)
    return 90


def draw_tetrites(canvas: Canvas, view: View, bottom: int, top_y: int, locale: str) -> int:
    """The three tetrites from above between the two players, with markers, owners and the faces down;
    then the note on how rows read. Returns the y below the panel."""
    height = 312
    canvas.rect((MARGIN - 4, top_y, WIDTH - MARGIN + 4, top_y + height), fill=PANEL, outline=(70, 76, 92), width=2,
                on=BACKGROUND)
    top = 1 - bottom
    for seat, y in ((top, top_y + 8), (bottom, top_y + height - 66)):
        player = view["players"][seat]
        text = f"{seat_name(seat, locale)} ({short_seat(seat, locale)}) · {colour_name(player['colour'], locale)}"
        canvas.text((WIDTH / 2, y), fit(("↑ " if seat == top else "↓ ") + text, BODY, WIDTH - 40, True), size=BODY,
                    bold=True, fill=FILL[player["colour"]] if player["colour"] != "blue" else (120, 170, 255),
                    anchor="mt", on=PANEL)
    cy, radius = top_y + 116, 70
    markers = {colour: seat for seat, colour in enumerate(m["marker"] for m in view["players"]) if colour}
    for tetrite in view["tetrites"]:
        column = tetrite["position"] if bottom == 0 else 2 - tetrite["position"]
        cx = WIDTH / 2 + (column - 1) * 232
        paste_tetrite(canvas.image, round(cx), cy, radius, tetrite, bottom)
        seat = markers.get(tetrite["colour"])
        if seat is not None:
            draw_marker(canvas, cx, top_y + 34 if seat == top else cy + radius * 0.5 + 6, seat,
                        view["players"][seat]["colour"], locale)
        owner = owner_of(view, tetrite["colour"])
        tag = t("tetra.board.neutral", locale) if owner is None else short_seat(owner, locale)
        canvas.text((cx, cy + radius * 0.5 + 40), f"{colour_name(tetrite['colour'], locale)} · {tag}", size=BODY,
                    bold=True, anchor="mt", on=PANEL)
        down = t("tetra.board.down", locale, face=rim_name(geo.bottom_face(tetrite["faces"]), locale))
        canvas.text((cx, cy + radius * 0.5 + 66), down, size=BODY, fill=MUTED, anchor="mt", on=PANEL)
    canvas.text((WIDTH / 2, top_y + height - 34), fit(t("tetra.board.rows", locale), SMALL, WIDTH - 40),
                size=SMALL, fill=MUTED, anchor="mt", on=PANEL)
    return top_y + height


def draw_public(canvas: Canvas, view: View, top_y: int, locale: str, framed: set[str] = frozenset()) -> int:
    """The public row (four cards) with the piles; ``framed`` cards get the choice frame."""
    piles = t("tetra.board.piles", locale, deck=view["public_deck_count"], discard=view["public_discard_count"])
    title = f"{t('tetra.board.public', locale)} · {piles}"
    if framed:
        title += " · " + t("tetra.board.castable", locale)
    canvas.numbered((MARGIN, top_y), fit(title, BODY, WIDTH - 2 * MARGIN, True), size=BODY, bold=True, on=BACKGROUND)
    y = top_y + 34
    for index, card_id in enumerate(view["public_row"][:4]):
        x = MARGIN + index * (PUBLIC_W + 8)
        canvas.image.paste(public_tile(card_id, locale), (x, y))
        if card_id in framed:
            canvas.rect((x - 3, y - 3, x + PUBLIC_W + 2, y + PUBLIC_H + 2), outline=CHOICE, width=5, radius=6)
    return y + PUBLIC_H


def draw_accident(canvas: Canvas, view: View, top_y: int, locale: str) -> int:
    """The accident deck with its cubes, the last accident and the hand cards discarded."""
    height = 156
    canvas.rect((MARGIN - 4, top_y, WIDTH - MARGIN + 4, top_y + height), fill=TILE, outline=ACCIDENT, width=3,
                on=BACKGROUND)
    canvas.text((MARGIN + 10, top_y + 8), t("tetra.board.accident", locale, count=view["accident_deck_count"]),
                size=MAIN, bold=True, on=TILE)
    cubes = view["accident_cubes"]
    x = draw_cubes(canvas.image, WIDTH - MARGIN - 8 - 24 * max(cubes, 1), top_y + 20, cubes, size=16)
    canvas.numbered((x - 24 * max(cubes, 1) - 10, top_y + 12),
                    t("tetra.board.cubes_on_deck", locale, cubes=cubes, threshold=ACCIDENT_THRESHOLD), size=BODY,
                    anchor="ra", on=TILE)
    y = top_y + 46
    discard = view.get("accident_discard") or []
    if discard:
        last = discard[-1]
        canvas.text((MARGIN + 10, y), fit(t("tetra.board.last_accident", locale, card=card_name(last, locale)), BODY,
                                          WIDTH - 2 * MARGIN - 20, True), size=BODY, bold=True, fill=(214, 190, 255),
                    on=TILE)
        words_box(canvas, (MARGIN + 10, y + 28, WIDTH - MARGIN - 10, top_y + height - 28),
                  catalogue.card(last).text(locale), BODY, MUTED, TILE)
    canvas.numbered((MARGIN + 10, top_y + height - 30), t("tetra.board.discards", locale, count=view["hand_discards"]),
                    size=BODY, fill=MUTED, on=TILE)
    return top_y + height


def draw_player(canvas: Canvas, view: View, seat: int, top_y: int, locale: str) -> int:
    """A player across the whole width: name and colour, life; mana, ether, marker; the visible row and
    the hand piles; the two hand cards. Returns the y below."""
    player = view["players"][seat]
    colour = player["colour"]
    active = view["active"] == seat and not view.get("result")
    x0, x1 = MARGIN - 4, WIDTH - MARGIN + 4
    height = 304
    canvas.rect((x0, top_y, x1, top_y + height), fill=PANEL, outline=HIGHLIGHT if active else (70, 76, 92),
                width=4 if active else 2, on=BACKGROUND)
    canvas.rect((x0 + 2, top_y + 2, x1 - 2, top_y + 44), fill=DEEP[colour], radius=7)
    life = f"♥ {player['life']}"
    canvas.text((x1 - 12, top_y + 23), life, size=TITLE, bold=True, anchor="rm",
                fill=(255, 120, 120) if player["life"] <= 5 else TEXT, on=DEEP[colour])
    name = f"{seat_name(seat, locale)} ({short_seat(seat, locale)}) · {colour_name(colour, locale)}"
    room = x1 - x0 - 40 - token_width(life, TITLE, True)
    canvas.text((x0 + 12, top_y + 23), fit(name, BODY + 2, room, True), size=BODY + 2, bold=True, anchor="lm",
                on=DEEP[colour])
    y = top_y + 54
    cx = draw_mana(canvas, x0 + 12, y, player["mana"], 28, MAIN)
    total = sum(player["mana"].values())
    stats = [t("tetra.board.mana", locale, total=total, cap=player["mana_cap"]),
             t("tetra.board.ether", locale, ether=player["ether"], cap=player["ether_cap"])]
    marker = player.get("marker")
    stats.append(t("tetra.option.marker", locale, tetrite=colour_name(marker, locale)) if marker
                 else t("tetra.board.no_marker", locale))
    canvas.numbered((cx + 4, y + 14), fit("  ".join(stats), BODY, x1 - cx - 16), size=BODY, anchor="lm", on=PANEL)
    y += 42
    draw_row(canvas, x0 + 12, y, view["rows"][seat], 30, 22)
    canvas.numbered((x1 - 12, y + 2), t("tetra.board.hand_piles", locale, deck=player["hand_deck_count"],
                                        discard=len(player["hand_discard"])), size=BODY, fill=MUTED, anchor="ra",
                    on=PANEL)
    y += 48
    for index, hand in enumerate(player["hand"][:2]):
        draw_hand_card(canvas, x0 + 8 + index * (HAND_W + 8), y, hand["id"], hand["charge"], hand["cubes"], locale)
    return top_y + height


def draw_log(canvas: Canvas, view: View, top: int, bottom: int, locale: str) -> None:
    canvas.text((MARGIN, top), t("tetra.board.last", locale), size=BODY, bold=True, on=BACKGROUND)
    step = BODY + 6
    room = max(1, (bottom - top - 32) // step)
    joiner = "　" if locale == "ja" else " · "
    # Room for one closing mark past the width (kinsoku keeps it on the line it closes).
    for index, line in enumerate(log_lines(log_parts(view, locale), BODY, WIDTH - 2 * MARGIN - BODY, room, joiner)):
        canvas.words((MARGIN, top + 32 + index * step), line, BODY, MUTED, on=BACKGROUND)


def render_board(view: View, locale: str) -> bytes:
    """The public table (or a seat's view of it), stacked for a phone: the top seat, the tetrites between
    the two players, the bottom seat (the viewer, else Player 1), the public cards, the accident deck and
    the last actions."""
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
    draw_log(canvas, view, y, BOARD_HEIGHT - 6, locale)
    return canvas.png()


# --- the private hand picture --------------------------------------------------------------------


def option_cards(view: View, verb: str) -> set[str]:
    """Cards named by the viewer's open options with this verb (``cast`` -> the castable spells)."""
    decision = view.get("decision") or {}
    return {o.split(":", 1)[1] for o in decision.get("options") or [] if o.startswith(verb + ":")}


def pending_cards(view: View) -> list[str]:
    """Hand cards the viewer is choosing between right now (a new hand card, or which goes to the bottom)."""
    decision = view.get("decision") or {}
    options = decision.get("options") or []
    return [o.split(":", 1)[1] for o in options if o.startswith(("take:", "bottom:"))]


def draw_big_row(canvas: Canvas, view: View, seat: int, x: int, y: int, locale: str) -> None:
    """The viewer's row, large, with what each mana slot takes and how many such tablets they hold."""
    row = view["rows"][seat]
    mana = view["players"][seat]["mana"]
    spans = draw_row(canvas, x, y, row, 46, 36, gap=6)
    for slot, (left, right) in enumerate(spans, start=1):
        allowed = row["slots"][str(slot)]
        centre = (left + right) / 2
        canvas.text((centre, y + 58), str(slot), size=BODY, bold=True, anchor="mt", fill=MUTED, on=PANEL)
        if len(allowed) == 1:
            canvas.text((centre, y + 84), f"{SHAPE[allowed[0]]}×{mana[allowed[0]]}", size=BODY, anchor="mt",
                        fill=TEXT if mana[allowed[0]] else MUTED, on=PANEL)
        else:
            canvas.text((centre, y + 84), t("tetra.board.any", locale), size=BODY, anchor="mt", fill=MUTED, on=PANEL)


def draw_hand_detail(canvas: Canvas, hand: Mapping[str, Any], x: int, y: int, width: int, locale: str) -> int:
    boxes = draw_detail(canvas, x, y, hand["id"], locale, width)
    most = catalogue.field(hand["id"], "max_charge")
    charge = hand["charge"]
    band = catalogue.band_at(hand["id"], min(charge, most))
    index = catalogue.field(hand["id"], "bands").index(band)
    for number, top, bottom in boxes:
        if number == index:
            canvas.rect((x + 4, y + top, x + width - 4, y + bottom), outline=HIGHLIGHT, width=3, radius=4)
    # Charge and cubes, to the right of the cost.
    text = t("tetra.board.charge", locale, charge=charge, max=most)
    canvas.text((x + width - 14, y + 66), text, size=MAIN, bold=True, anchor="rm",
                fill=HIGHLIGHT if charge >= most else TEXT, on=TILE)
    draw_cubes(canvas.image, x + width - 14 - hand["cubes"] * 24 + 8, y + 96, hand["cubes"], size=14)
    return y + detail_layout(hand["id"], locale, width)[0]


DETAIL_W = WIDTH - 2 * MARGIN


def render_hand(view: View, locale: str) -> bytes:
    """The seat's own picture, stacked for a phone: its row with the slots, its mana and ether, its hand
    cards in full, then the cards it is choosing between (else the public cards and the opponent in
    brief)."""
    view = as_view(view)
    seat = view.get("viewer")
    seat = int(view.get("active", 0) if seat is None else seat)
    player = view["players"][seat]
    colour = player["colour"]
    choices = pending_cards(view)[:3]
    hands = player["hand"][:2]
    hand_height = sum(detail_layout(h["id"], locale, DETAIL_W)[0] + GAP for h in hands)
    if choices:
        bottom_height = 44 + sum(detail_layout(c, locale, DETAIL_W)[0] + GAP for c in choices)
    else:
        bottom_height = 34 + PUBLIC_H + GAP + OPPONENT_H + GAP
    height = ROW_PANEL_TOP + ROW_PANEL_H + GAP + hand_height + bottom_height + 4
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, 50), fill=DEEP[colour], radius=0)
    life = f"♥ {player['life']}"
    canvas.text((WIDTH - MARGIN, 25), life, size=TITLE, bold=True, anchor="rm", on=DEEP[colour])
    title = t("tetra.board.your_hand", locale, player=seat_name(seat, locale)) + f" · {colour_name(colour, locale)}"
    room = WIDTH - 3 * MARGIN - token_width(life, TITLE, True)
    canvas.text((MARGIN, 25), fit(title, MAIN - 2, room, True), size=MAIN - 2, bold=True, anchor="lm",
                on=DEEP[colour])
    # The row and the slots, then the mana, ether and marker.
    top = ROW_PANEL_TOP
    canvas.rect((MARGIN - 4, top, WIDTH - MARGIN + 4, top + ROW_PANEL_H), fill=PANEL, outline=(70, 76, 92), width=2,
                on=BACKGROUND)
    canvas.text((MARGIN + 8, top + 8), fit(t("tetra.board.your_row", locale), BODY, WIDTH - 200, True), size=BODY,
                bold=True, on=PANEL)
    canvas.numbered((WIDTH - MARGIN - 8, top + 8), t("tetra.board.turn", locale, turn=view["turn"]), size=BODY,
                    bold=True, anchor="ra", fill=MUTED, on=PANEL)
    draw_big_row(canvas, view, seat, MARGIN + 8, top + 42, locale)
    y = top + 158
    x = draw_mana(canvas, MARGIN + 8, y, player["mana"], 30, MAIN)
    marker = player.get("marker")
    stats = [t("tetra.board.mana", locale, total=sum(player["mana"].values()), cap=player["mana_cap"]),
             t("tetra.board.ether", locale, ether=player["ether"], cap=player["ether_cap"]),
             t("tetra.option.marker", locale, tetrite=colour_name(marker, locale)) if marker
             else t("tetra.board.no_marker", locale)]
    canvas.numbered((x + 4, y + 15), fit("  ".join(stats), BODY, WIDTH - MARGIN - x - 12), size=BODY, anchor="lm",
                    on=PANEL)
    y = top + ROW_PANEL_H + GAP
    framed = option_cards(view, "cast") | option_cards(view, "charge")
    for hand in hands:
        bottom = draw_hand_detail(canvas, hand, MARGIN, y, DETAIL_W, locale)
        if hand["id"] in framed:
            canvas.rect((MARGIN - 4, y - 4, MARGIN + DETAIL_W + 3, bottom + 3), outline=CHOICE, width=5, radius=8)
        y = bottom + GAP
    if choices:
        decision = view.get("decision") or {}
        prompt = decision.get("prompt")
        title = t(prompt, locale) if prompt and not decision.get("args") else t("tetra.board.choose_from", locale)
        canvas.text((MARGIN, y + 4), fit(title, BODY + 2, WIDTH - 2 * MARGIN, True), size=BODY + 2, bold=True,
                    fill=HIGHLIGHT, on=BACKGROUND)
        y += 44
        for card_id in choices:
            draw_detail(canvas, MARGIN, y, card_id, locale, DETAIL_W)
            y += detail_layout(card_id, locale, DETAIL_W)[0] + GAP
        return canvas.png()
    y = draw_public(canvas, view, y, locale, framed & set(view["public_row"][:4])) + GAP
    draw_opponent(canvas, view, 1 - seat, y, locale)
    return canvas.png()


ROW_PANEL_TOP, ROW_PANEL_H = 58, 204
OPPONENT_H = 212


def draw_opponent(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> None:
    """The opponent in brief: name and colour, life, ether and mana, hand cards with their charge, row."""
    player = view["players"][seat]
    colour = player["colour"]
    x0, x1 = MARGIN - 4, WIDTH - MARGIN + 4
    canvas.rect((x0, y, x1, y + OPPONENT_H), fill=PANEL, outline=FILL[colour], width=2, on=BACKGROUND)
    life = f"♥ {player['life']}"
    canvas.text((x1 - 12, y + 22), life, size=TITLE, bold=True, anchor="rm", on=PANEL)
    name = f"{seat_name(seat, locale)} · {colour_name(colour, locale)}"
    canvas.text((x0 + 12, y + 22), fit(name, BODY + 2, x1 - x0 - 40 - token_width(life, TITLE, True), True),
                size=BODY + 2, bold=True, anchor="lm", on=PANEL)
    canvas.numbered((x0 + 12, y + 44), t("tetra.board.ether", locale, ether=player["ether"], cap=player["ether_cap"])
                    + "   " + t("tetra.board.mana", locale, total=sum(player["mana"].values()), cap=player["mana_cap"]),
                    size=BODY, fill=MUTED, on=PANEL)
    for index, hand in enumerate(player["hand"][:2]):
        most = catalogue.field(hand["id"], "max_charge")
        line_y = y + 74 + index * 34
        canvas.text((x0 + 12, line_y), card_name(hand["id"], locale), size=MAIN, bold=True, on=PANEL)
        canvas.text((x1 - 12, line_y), t("tetra.board.charge", locale, charge=hand["charge"], max=most), size=MAIN,
                    bold=True, anchor="ra", on=PANEL)
    canvas.text((x0 + 12, y + 146), t("tetra.board.opponent_row", locale, player=short_seat(seat, locale)),
                size=BODY, fill=MUTED, on=PANEL)
    draw_row(canvas, x0 + 12, y + 174, view["rows"][seat], 26, 20, gap=3)


# --- /card ---------------------------------------------------------------------------------------


def render_card(card: Card, locale: str) -> bytes:
    """A card for /card: name (both languages), number, kind and colour, cost as symbols, the text."""
    stats = card.stats
    colour = stats.get("colour")
    frame = FILL[colour] if colour else ACCIDENT
    band = DEEP[colour] if colour else (70, 44, 98)
    width = 640
    text_lines = wrap_text(card.text(locale), 22, width - 60)
    height = max(420, 230 + len(text_lines) * 30 + 40)
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((8, 8, width - 8, height - 8), fill=TILE, outline=frame, width=5, radius=16)
    canvas.rect((8, 8, width - 8, 70), fill=band, radius=14)
    canvas.text((26, 18), card.name(locale), size=30, bold=True)
    canvas.text((width - 26, 24), card.id, size=22, bold=True, anchor="ra")
    other = card.name_en if locale == "ja" else card.name_ja
    kind = t(f"tetra.board.kind_{card.kind}", locale)
    facts = [kind]
    if colour:
        facts.append(colour_name(colour, locale))
    if stats.get("start"):
        facts.append(t("tetra.board.start", locale))
    canvas.text((26, 82), " · ".join(facts) + f"   ({other})", size=20, fill=MUTED)
    y = 118
    if stats.get("cost"):
        draw_cost(canvas.image, 26, y, stats["cost"], 44, gap=6)
        y += 60
    if card.kind == "hand":
        info = "  ".join([t("tetra.board.max_charge", locale, max=stats["max_charge"]),
                          t("tetra.board.release_count", locale, count=stats["release_count"])])
        canvas.text((26, y), info, size=20, fill=HIGHLIGHT)
        y += 34
    elif card.kind == "accident":
        y += 8
    for line in text_lines:
        canvas.text((30, y), line, size=22)
        y += 30
    source = t(f"card.source_{card.source}", locale)
    canvas.text((26, height - 40), f"{t('tetra.name', locale)} · {source}", size=18, fill=MUTED)
    return canvas.png()
