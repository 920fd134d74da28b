"""The pieces Afterlife's pictures are built from: sizes and colours, cached text stamps, creature tiles,
card chips and full card faces.

Phone legibility (issue 13): the board and hand pictures are ``WIDTH`` = 720 px wide (a phone shows them
~360 pt wide), no text is under ``SMALL`` (20 px, over 1/40 of the width) and card names, power/toughness,
costs and life are at least ``MAIN`` (26 px, over 1/28). Colour is never the only cue: every card carries
its colour letter (R/B/G/N, 赤/青/緑/無), a tapped creature is dimmed with the turned-card mark and the
TAPPED label, attackers and blockers are labelled, cores are filled or crossed circles with the count in
words.

Speed: every text is drawn once into a cached mask (``stamp``) and pasted afterwards; text that changes from
picture to picture (events, prompts, counts, rules text, grave lists) is pasted a word or an entry at a
time (``write_run``), so no new line is rasterized (~1 ms each); on a flat background a text is pasted
already blended (``inked``: a masked paste costs ~5 ns a pixel). Creature tiles, card faces and chips are
cached whole, keyed by everything drawn on them (card, state, locale), so a board is mostly pastes plus
the PNG encoding. Everything is drawn at its final scale, so the legibility tests that
record ``ImageDraw.text`` see every size once the caches are cleared (``clear_caches``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from bot.i18n import t
from bot.render.toolkit import (
    Canvas,
    clear_picture_caches,
    font,
    rasterize,
    sized_cache,
    token_width,
    tokens,
    wrap_text,
)
from bot.render.toolkit import fit_text as fit
from cogs.afterlife import cards as catalogue
from cogs.afterlife.text import COLOUR_LETTER, card_name, keyword_name, lang, type_name

Colour = tuple[int, int, int]

WIDTH = 720
MARGIN = 12
SMALL = 20  # the smallest text: 1/36 of the width
LABEL = 22  # labels and counts
MAIN = 26  # card names, power/toughness, costs: 1/27.7 of the width
LIFE_PX = 34
TITLE = 28

BACKGROUND = (30, 32, 40)
PANEL = (42, 46, 58)
TILE = (58, 63, 78)
TILE_TAPPED = (40, 42, 50)
LINE = (80, 86, 104)
TEXT = (238, 238, 238)
MUTED = (172, 178, 192)
DIM = (150, 154, 166)
DARK = (18, 20, 26)
HIGHLIGHT = (255, 198, 64)
CHOICE = (80, 226, 236)  # frames what the viewer may pick now (never a card colour)
ATTACK = (255, 120, 60)
DAMAGE = (255, 110, 110)
LIFE = (120, 220, 140)
KEYWORD = (214, 190, 255)
FILL = {"R": (206, 62, 52), "B": (54, 112, 214), "G": (48, 150, 72), "N": (130, 132, 146)}
DEEP = {"R": (120, 36, 32), "B": (30, 60, 130), "G": (28, 90, 44), "N": (78, 80, 92)}
MAX_CORES = 8


# --- text ----------------------------------------------------------------------------------------


# Cache sizes bound the memory (an RGB tile is 4 bytes a pixel: a creature ~130 KB, a card face ~400 KB);
# what falls out is redrawn from the stamps in well under a millisecond. A stamp costs ~180 us to
# rasterize and a blended copy ~20 us to make again from its stamp, so stamps get most of the share:
# measured over 2,000 pictures of all games (16 MB a worker), 4 MB of stamps + 5 of blended copies missed
# 1.41 stamps and 1.10 copies a picture, 7 + 2 missed 0.52 and 3.3 (~0.12 ms a picture less; 0.97 and 3.6
# once an image's overhead was counted as measured, toolkit.IMAGE_OVERHEAD).
@sized_cache(megabytes=7)
def stamp(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rasterized once as a mask, with the offset of its ink box from the anchor point."""
    return rasterize(text, size, bold, anchor)


def write(canvas: Canvas, xy: tuple[float, float], text: str, size: int, fill: Colour = TEXT, bold: bool = False,
          anchor: str = "la", words: bool = False) -> None:
    """Draw ``text`` (anchored as Pillow's ``anchor``) from its cached mask. ``words``: a line that changes
    from picture to picture (an event, a prompt, a count) is drawn word by word (Japanese: character by
    character) from masks that do come back, since rasterizing a new line costs ~1 ms."""
    if not text:
        return
    if words:
        write_run(canvas, xy, tokens(text), size, fill, bold, anchor)
        return
    paint(canvas.image, (round(xy[0]), round(xy[1])), (text, size, bold, anchor), fill)


def write_run(canvas: Canvas, xy: tuple[float, float], pieces: Sequence[str], size: int, fill: Colour = TEXT,
              bold: bool = False, anchor: str = "la") -> None:
    """``pieces`` (their spaces included) one after another, each from its own stamp: the vertical anchor
    (ascender, middle, baseline, descender) is the font's, so it holds for every piece; the horizontal one
    places the run by its summed advances."""
    if not pieces:
        return
    advances = [token_width(piece, size, bold) for piece in pieces]
    if anchor[0] != "l":
        total = sum(advances) - (token_width(" ", size, bold) if pieces[-1].endswith(" ") else 0.0)
        xy = (xy[0] - (total if anchor[0] == "r" else total / 2), xy[1])
    piece_anchor = "l" + anchor[1]
    x, y = xy
    for piece, advance in zip(pieces, advances, strict=True):
        word = piece.strip()
        if word:
            paint(canvas.image, (round(x), round(y)), (word, size, bold, piece_anchor), fill)
        x += advance


def entry_pieces(line: str, joiner: str) -> list[str]:
    """A line of ``joiner``-separated entries (a grave list) as its entries, each with its joiner: entries
    are card names, which come back from picture to picture."""
    parts = line.split(joiner)
    return [part + joiner for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


INKED_AREA = 1500  # pixels: under it a masked paste costs less than looking at the background first


def paint(image: Image.Image, xy: tuple[int, int], key: tuple[str, int, bool, str], fill: Colour) -> None:
    """A stamp in ``fill`` at the anchor point ``xy``. A masked paste blends every pixel of the mask's box
    (~5 ns each, most of a picture's text cost); where the picture under that box is one flat colour (its
    corners and centre agree) a copy blended once beforehand is pasted instead, which is the same pixels.
    Pastes go to the pixel store directly: a canvas is always loaded and writable."""
    mask, left, top = stamp(*key)
    x, y = xy[0] + left, xy[1] + top
    width, height = mask.size
    box = (x, y, x + width, y + height)
    core = image.im
    if width * height >= INKED_AREA and x >= 0 and y >= 0 and box[2] <= image.width and box[3] <= image.height:
        pixel = core.getpixel
        ground = pixel((x, y))
        if ground == pixel((box[2] - 1, y)) == pixel((x, box[3] - 1)) == pixel((box[2] - 1, box[3] - 1)) == pixel(
                (x + width // 2, y + height // 2)):
            core.paste(inked(key, fill, ground).im, box)
            return
    core.paste(fill, box, mask.im)


@sized_cache(megabytes=2)
def inked(key: tuple[str, int, bool, str], fill: Colour, ground: Colour) -> Image.Image:
    """A stamp blended in ``fill`` over a flat ``ground``, as a masked paste there would blend it."""
    mask = stamp(*key)[0]
    tile = Image.new("RGB", mask.size, ground)
    tile.im.paste(fill, (0, 0, *mask.size), mask.im)  # what Image.paste does, without its checks
    return tile


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``text``'s non-empty lines within ``width``. Closing punctuation may end a Japanese line past the
    width (kinsoku); such text is wrapped again one character short of it."""
    return list(wrapped(text, size, int(width), bold))


@lru_cache(maxsize=512)
def wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """``wrap``, kept: the last events and the prompts come back from picture to picture."""
    lines = [line for line in wrap_text(text, size, width, bold) if line.strip()]
    if any(font(size, bold).getlength(line) > width for line in lines):
        lines = [line for line in wrap_text(text, size, width - size, bold) if line.strip()]
    return tuple(lines)


def lines_within(text: str, size: int, width: float, most: int, bold: bool = False,
                 locale: str = "en") -> list[str]:
    """``text`` wrapped to ``width``, at most ``most`` lines, the last one cut with an ellipsis."""
    lines = wrap(text, size, width, bold)
    if len(lines) <= most:
        return lines
    rest = ("" if lang(locale) == "ja" else " ").join(lines[most - 1:])
    return lines[: most - 1] + [fit(rest, size, width, bold)]


def entries_lines(entries: Sequence[str], joiner: str, size: int, width: float, most: int) -> list[str]:
    """``entries`` joined by ``joiner`` and broken between entries (one wider than a line is cut), at most
    ``most`` lines; when entries are left out the last line ends with an ellipsis."""
    lines: list[str] = []
    line = ""
    used = 0.0  # the line's entries with their joiners, measured one by one as they are drawn (entry_pieces)
    for entry in entries:
        if used + token_width(entry, size) <= width:
            line = f"{line}{joiner}{entry}" if line else entry
            used += token_width(entry + joiner, size)
            continue
        if line:
            lines.append(line + joiner.rstrip())
        if len(lines) == most:
            kept = lines[-1][: len(lines[-1]) - len(joiner.rstrip())]
            more = " …" if joiner.endswith(" ") else "…"
            while token_width(kept + more, size) > width and joiner in kept:
                kept = kept[: kept.rindex(joiner)]  # leave out a whole entry rather than cut one
            lines[-1] = fit(kept + more, size, width)
            return lines
        line = fit(entry, size, width)
        used = token_width(line + joiner, size)
    if line:
        lines.append(line)
    return lines


# --- marks ---------------------------------------------------------------------------------------


def colour_of(card_id: str) -> str:
    return catalogue.colour(card_id) if catalogue.known(card_id) else "N"


def letter(colour: str, locale: str) -> str:
    return COLOUR_LETTER[lang(locale)].get(colour, colour)


def badge(canvas: Canvas, x: float, y: float, colour: str, locale: str, size: int = 30,
          on: Colour | None = None) -> float:
    """The colour letter in a dark-rimmed square: readable without colour vision. Returns the x after it.
    ``on``: the flat colour under its corners; it is then pasted from a cached copy (same pixels)."""
    if on is not None and type(x) is int and type(y) is int and size % 2 == 0:
        image = badge_tile(colour, locale, size, on)
        canvas.image.im.paste(image.im, (x, y, x + image.width, y + image.height))
        return x + size + 6
    canvas.rect((x, y, x + size, y + size), fill=FILL[colour], outline=DARK, width=2, radius=5)
    write(canvas, (x + size / 2, y + size / 2), letter(colour, locale), SMALL, bold=True, anchor="mm")
    return x + size + 6


@sized_cache(megabytes=0.1)
def badge_tile(colour: str, locale: str, size: int, on: Colour) -> Image.Image:
    """``badge`` drawn at (0, 0) over ``on`` (an even size: its letter's centre falls on a whole pixel, so
    the copy pasted anywhere is the badge drawn there)."""
    canvas = Canvas(size + 1, size + 1, background=on)
    badge(canvas, 0, 0, colour, locale, size)
    return canvas.image


def draw_core(canvas: Canvas, cx: float, cy: float, r: float, state: str) -> None:
    """A core: ``free`` a filled gold disc, ``used`` a dark disc crossed out, ``none`` a faint ring."""
    box = (cx - r, cy - r, cx + r, cy + r)
    if state == "free":
        canvas.draw.ellipse(box, fill=HIGHLIGHT, outline=DARK, width=2)
    elif state == "used":
        canvas.draw.ellipse(box, fill=(70, 70, 80), outline=MUTED, width=2)
        d = r * 0.6
        canvas.draw.line((cx - d, cy - d, cx + d, cy + d), fill=MUTED, width=3)
        canvas.draw.line((cx - d, cy + d, cx + d, cy - d), fill=MUTED, width=3)
    else:
        canvas.draw.ellipse(box, outline=(90, 94, 110), width=2)


def draw_cores(canvas: Canvas, x: float, y: float, cores: int, used: int, r: int = 12) -> float:
    """Eight places: the free cores, then the used ones, then the cores not yet gained."""
    for index in range(MAX_CORES):
        state = "free" if index < cores - used else "used" if index < cores else "none"
        draw_core(canvas, x + r + index * (2 * r + 5), y + r, r, state)
    return x + MAX_CORES * (2 * r + 5)


def cores_width(r: int = 12) -> int:
    return MAX_CORES * (2 * r + 5) - 5


def draw_eye(canvas: Canvas, cx: float, cy: float, r: float, fill: Colour = HIGHLIGHT) -> None:
    """The public mark: an open eye (a lens with a pupil)."""
    canvas.draw.ellipse((cx - r, cy - r * 0.55, cx + r, cy + r * 0.55), outline=fill, width=2)
    canvas.draw.ellipse((cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3), fill=fill)


def draw_turned(canvas: Canvas, x: float, y: float, size: float, fill: Colour = MUTED) -> None:
    """The tapped mark: a card lying on its side."""
    canvas.draw.rounded_rectangle((x, y + size * 0.2, x + size * 1.3, y + size * 0.85), radius=3, fill=fill,
                                  outline=DARK)


def draw_cost(canvas: Canvas, x: float, y: float, cost: int, size: int = 40) -> None:
    """The cost as a number in a gold diamond (cores)."""
    r = size / 2
    cx, cy = x + r, y + r
    canvas.draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=HIGHLIGHT, outline=DARK)
    write(canvas, (cx, cy + 1), str(cost), max(MAIN, int(size * 0.62)), DARK, True, "mm")


def pill(canvas: Canvas, x: float, y: float, label: str, colour: Colour, eye: bool = False) -> float:
    """A dark label on a coloured pill (PUBLIC, USABLE, ATTACKS...); returns the x after it."""
    width = token_width(label, SMALL, True) + (36 if eye else 16)
    canvas.rect((x, y, x + width, y + 30), fill=colour, radius=6)
    if eye:
        draw_eye(canvas, x + 15, y + 15, 10, fill=DARK)
    write(canvas, (x + (28 if eye else 8), y + 15), label, SMALL, DARK, True, "lm")
    return x + width + 6


# --- creatures -----------------------------------------------------------------------------------

COLUMNS = 3
GAP = 10
TILE_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS  # 225
NAME_ROOM = TILE_W - 14
TILE_HEAD, NAME_STEP, KEYWORD_STEP, PT_BAR = 36, 31, 24, 40


@lru_cache(maxsize=1024)
def name_lines(card: str, locale: str, width: int = NAME_ROOM, most: int = 2) -> tuple[str, ...]:
    """A card's name as drawn on a tile or a card face: wrapped at ``MAIN`` bold, ``most`` lines."""
    return tuple(lines_within(card_name(card, locale), MAIN, width, most, True, locale))


def tile_height(unit: dict[str, Any], locale: str) -> int:
    """What a creature's tile needs: its name lines, keywords (two at most) and damage line."""
    keywords = min(2, len(unit.get("keywords") or ()))
    return (TILE_HEAD + 4 + NAME_STEP * len(name_lines(unit["card"], locale)) + KEYWORD_STEP * keywords
            + (26 if unit.get("damage") else 0) + 8 + PT_BAR)


@sized_cache(megabytes=0.5)
def unit_tile(card: str, cid: str, tapped: bool, sick: bool, power: int, base: int, toughness: int, damage: int,
              keywords: tuple[str, ...], locale: str, height: int) -> Image.Image:
    """A creature on the field: colour letter, creature id, state, name, keywords, damage, power/toughness.
    A tapped creature is dimmed, with the turned-card mark and the TAPPED label. ``height`` is its row's."""
    colour = colour_of(card)
    canvas = Canvas(TILE_W, height, background=BACKGROUND)
    canvas.rect((0, 0, TILE_W - 1, height - 1), fill=TILE_TAPPED if tapped else TILE, outline=FILL[colour], width=3,
                on=BACKGROUND)
    canvas.rect((0, 0, TILE_W - 1, TILE_HEAD), fill=DEEP[colour], radius=6)
    x = badge(canvas, 4, 3, colour, locale, on=DEEP[colour])
    write(canvas, (TILE_W - 8, TILE_HEAD / 2), cid, LABEL, bold=True, anchor="rm")
    if tapped:
        draw_turned(canvas, x, 6, 22)
        x += 36
    state = (t("afterlife.ui.board.tapped", locale) if tapped
             else t("afterlife.ui.board.sick", locale) if sick else "")
    if state:
        room = TILE_W - 16 - x - token_width(cid, LABEL, True)
        write(canvas, (x, TILE_HEAD / 2), fit(state, SMALL, room, True), SMALL, MUTED, True, "lm")
    y = TILE_HEAD + 4
    for line in name_lines(card, locale):
        write(canvas, (7, y), line, MAIN, DIM if tapped else TEXT, True)
        y += NAME_STEP
    shown = list(keywords)
    for index, keyword in enumerate(shown[:2]):
        text = keyword_name(keyword, locale)
        if index == 1 and len(shown) > 2:
            text += f" +{len(shown) - 2}"
        write(canvas, (7, y), fit(text, SMALL, TILE_W - 14), SMALL, KEYWORD)
        y += KEYWORD_STEP
    bottom = height - PT_BAR
    if damage:
        label = t("afterlife.ui.board.damage", locale, amount=damage)
        write(canvas, (7, bottom - 4), fit(label, SMALL, TILE_W - 14, True), SMALL, DAMAGE, True, "lb")
    canvas.rect((3, bottom, TILE_W - 4, height - 4), fill=DARK, radius=4)
    # Power / toughness; a boosted power in gold, a damaged toughness as what is left of it (in red).
    parts = ((str(power), HIGHLIGHT if power != base else TEXT), (" / ", MUTED),
             (str(toughness - damage), DAMAGE if damage else TEXT))
    total = sum(token_width(text, MAIN, True) for text, _ in parts)
    x = (TILE_W - total) / 2
    for text, fill in parts:
        write(canvas, (x, (bottom + height - 4) / 2), text, MAIN, fill, True, "lm")
        x += token_width(text, MAIN, True)
    return canvas.image


def unit_image(unit: dict[str, Any], locale: str, height: int | None = None) -> Image.Image:
    return unit_tile(unit["card"], unit["cid"], bool(unit["tapped"]), bool(unit.get("sick")), int(unit["power"]),
                     int(unit.get("base_power", unit["power"])), int(unit["toughness"]), int(unit.get("damage", 0)),
                     tuple(unit.get("keywords") or ()), locale, height or tile_height(unit, locale))


# --- chips: a face-up card in brief (public zone, revealed hands) ----------------------------------

CHIP_H = 42


def chip_width(card: str, locale: str) -> int:
    return int(min(WIDTH - 2 * MARGIN, 52 + token_width(card_name(card, locale), MAIN)))


@sized_cache(megabytes=0.25)
def chip(card: str, locale: str, outline: Colour | None = None) -> Image.Image:
    """The colour letter and the name in a rounded box."""
    colour = colour_of(card)
    width = chip_width(card, locale)
    canvas = Canvas(width, CHIP_H, background=BACKGROUND)
    canvas.rect((0, 0, width - 1, CHIP_H - 1), fill=TILE, outline=outline or FILL[colour], width=2, radius=6,
                on=BACKGROUND)
    badge(canvas, 5, 6, colour, locale, on=TILE)
    write(canvas, (42, CHIP_H / 2), fit(card_name(card, locale), MAIN, width - 48), MAIN, anchor="lm")
    return canvas.image


def chips_height(cards: Sequence[str], locale: str, start: float, right: float, left: float) -> int:
    """The height of ``cards`` as chips flowing from ``start`` and wrapping back to ``left``."""
    x, rows = start, 1
    for card in cards:
        width = chip_width(card, locale)
        if x + width > right and x > left:
            x, rows = left, rows + 1
        x += width + 8
    return rows * (CHIP_H + 6)


def draw_chips(canvas: Canvas, x: float, y: float, cards: Sequence[str], locale: str, left: float,
               right: float = WIDTH - MARGIN) -> int:
    """Every card as a chip, flowing left to right and wrapping onto new rows; returns the y below."""
    for card in cards:
        image = chip(card, locale)
        if x + image.width > right and x > left:
            x, y = left, y + CHIP_H + 6
        canvas.image.paste(image, (round(x), round(y)))
        x += image.width + 8
    return y + CHIP_H + 6


# --- full card faces (the hand picture) -------------------------------------------------------------

FACE_W = (WIDTH - 2 * MARGIN - GAP) // 2  # two cards a row
FACE_TEXT_W = FACE_W - 18


@lru_cache(maxsize=512)
def face_text_lines(card_id: str, locale: str) -> tuple[str, ...]:
    return tuple(wrap(catalogue.by_id()[card_id].text(locale), SMALL, FACE_TEXT_W))


def face_height(card_id: str, locale: str) -> int:
    foot = 0 if catalogue.info(card_id)["type"] == "instant" else 40
    names = len(name_lines(card_id, locale, FACE_W - 16))
    return 46 + 31 * names + 30 + 25 * len(face_text_lines(card_id, locale)) + 8 + foot


def card_face(card_id: str, height: int, locale: str) -> Image.Image:
    """A card in full at ``height`` (its row's). Drawn each time, not kept: a face is ~250-300 KB, so the
    cache's share held none and a face of its own size was drawn again for every hand anyway (2,000
    pictures: 0 hits in 670); its text comes from the stamps."""
    return draw_face(card_id, height, locale)


def draw_face(card_id: str, height: int, locale: str) -> Image.Image:
    """A card in full: colour letter, id, cost (and the public-cost mark), name, type, text, power/toughness."""
    info = catalogue.info(card_id)
    colour = info["colour"]
    canvas = Canvas(FACE_W, height, background=BACKGROUND)
    canvas.rect((0, 0, FACE_W - 1, height - 1), fill=TILE, outline=FILL[colour], width=3, on=BACKGROUND)
    canvas.rect((0, 0, FACE_W - 1, 42), fill=DEEP[colour], radius=6)
    badge(canvas, 5, 6, colour, locale, on=DEEP[colour])
    write(canvas, (44, 21), card_id, SMALL, MUTED, True, "lm")
    draw_cost(canvas, FACE_W - 44, 1, int(info["cost"]))
    if info["public"]:  # the public-cost mark beside the cost, as well as in the text
        draw_eye(canvas, FACE_W - 64, 21, 13)
    y = 46
    for line in name_lines(card_id, locale, FACE_W - 16):
        write(canvas, (8, y), line, MAIN, bold=True)
        y += 31
    write(canvas, (8, y + 1), fit(type_name(info["type"], locale), SMALL, FACE_W - 16), SMALL, HIGHLIGHT)
    y += 30
    for line in face_text_lines(card_id, locale):
        write(canvas, (9, y), line, SMALL, words=True)
        y += 25
    if info["type"] != "instant":  # power / toughness in a bar at the foot, as on the field
        canvas.rect((3, height - 40, FACE_W - 4, height - 4), fill=DARK, radius=4)
        write(canvas, (FACE_W / 2, height - 22), f"{info['power']} / {info['toughness']}", MAIN, bold=True,
              anchor="mm")
    return canvas.image


def clear_caches() -> None:
    """Forget every cached stamp and tile (the legibility tests record text as it is first drawn)."""
    clear_picture_caches()
    for cached in (wrapped, name_lines, face_text_lines):  # text only, but measured with the fonts
        cached.cache_clear()
