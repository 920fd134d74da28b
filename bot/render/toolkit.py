"""Fonts, text layout and PNG output for the board, hand and card images.

Images are drawn at their posted size. A phone shows a picture at the chat's width whatever its pixel
width, so legibility is text size against the picture's width (issue 13): no text under 1/40 of it and
the main information (names, ranks, life, scores) at least 1/28; pictures are ~720-860 px wide and
grow downwards rather than sideways. ``MIN_TEXT_PX`` (18 px) stays as an absolute floor.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import json
import logging
import multiprocessing
import os
import re
import struct
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot import memory

log = logging.getLogger(__name__)

try:  # ISA-L's deflate, several times faster than zlib's at the same level (see encode_png)
    from isal import isal_zlib as deflate
except ImportError:  # a platform without its wheel
    deflate = zlib

FONT_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "fonts"
MIN_TEXT_PX = 18

Color = tuple[int, int, int] | tuple[int, int, int, int]


ONE_BYTE_MODES = frozenset({"1", "L", "P"})  # Pillow stores every other mode we draw in 4 bytes a pixel


# What a cached image holds besides its pixels (the Image and its pixel store's objects, its cache entry):
# measured ~770 bytes for 20,000 small text masks (resident memory against the pixels). Counted as 200 it
# let the caches hold ~0.7 MB more than their share once they held many small masks.
IMAGE_OVERHEAD = 800


def footprint(value: object) -> int:
    """Bytes a cached value holds: pixels for images (as Pillow stores them: an RGB pixel takes 4 bytes)
    and what an image holds besides, length for bytes, summed over tuples."""
    if isinstance(value, Image.Image):
        return value.width * value.height * (1 if value.mode in ONE_BYTE_MODES else 4) + IMAGE_OVERHEAD
    if isinstance(value, bytes | bytearray):
        return len(value) + 50
    if isinstance(value, tuple | list):
        return sum(footprint(item) for item in value) + 50
    return 100


# The renderers' caches together hold at most PICTURE_CACHE_MB: each declares what it would like
# (``sized_cache(megabytes=N)``) and gets that share of the total, so one setting (DUELTABLE_PICTURE_CACHE_MB,
# see set_picture_cache_mb) sizes them all. Pixels are most of the bot's memory: the whole process is
# meant to stay under 150 MB with 200 matches in play (issue 13).
PICTURE_CACHE_MB = 32.0
_DECLARED_MB = [0.0]
MISSING = object()
_STORES: dict[str, _BoundedStore] = {}


def set_picture_cache_mb(megabytes: float) -> None:
    """Bound every picture cache together to ``megabytes`` (0: cache nothing); shrinks them at once."""
    global PICTURE_CACHE_MB
    PICTURE_CACHE_MB = max(0.0, float(megabytes))
    for store in list(_STORES.values()):
        store.shrink()


class _BoundedStore:
    """Least recently used entries, bounded by the bytes they hold (its share of PICTURE_CACHE_MB);
    thread-safe, since renders run on a pool. Counts its hits and misses for the benchmark."""

    def __init__(self, name: str, megabytes: float, remembered: bool = False) -> None:
        self.name, self.declared, self.remembered = name, megabytes, remembered
        self.entries: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self.held = self.hits = self.misses = 0
        self.miss_seconds = 0.0  # CPU spent drawing what was not held: a hit saves about the mean of it
        self.lock = threading.Lock()
        _DECLARED_MB[0] += megabytes
        _STORES[name] = self

    def budget(self) -> int:
        return int(PICTURE_CACHE_MB * self.declared / _DECLARED_MB[0] * 1024 * 1024) if _DECLARED_MB[0] else 0

    def get(self, key: Any) -> Any:
        """The entry's value, or MISSING."""
        with self.lock:
            hit = self.entries.get(key)
            if hit is None:
                self.misses += 1
                return MISSING
            self.entries.move_to_end(key)
            self.hits += 1
            return hit[0]

    def put(self, key: Any, value: Any, size: int) -> None:
        with self.lock:
            if key not in self.entries and size <= self.budget():
                self.entries[key] = (value, size)
                self.held += size
                self._shrink()

    def shrink(self) -> None:
        with self.lock:
            self._shrink()

    def _shrink(self) -> None:
        budget = self.budget()
        while self.held > budget:
            _, (_, dropped) = self.entries.popitem(last=False)
            self.held -= dropped

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.held = 0


def cache_stats() -> dict[str, list[int]]:
    """Bytes held, entries, hits and misses of every picture cache, by the cached function's name: what
    each holds and what it pays back (the benchmark prints them)."""
    return {name: [store.held, len(store.entries), store.hits, store.misses] for name, store in _STORES.items()}


def cache_savings() -> dict[str, float]:
    """CPU seconds each picture cache saved: its hits times the mean CPU of drawing on a miss."""
    return {name: store.hits * store.miss_seconds / store.misses for name, store in _STORES.items() if store.misses}


def clear_picture_caches(*, remembered: bool = True) -> None:
    """Forget every cached text mask and tile of every renderer, and (``remembered``) their kept pictures:
    a test recording drawn text must see all of it drawn afresh, whichever renderer cached it."""
    for store in list(_STORES.values()):
        if remembered or not store.remembered:
            store.clear()


def sized_cache(megabytes: float) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``lru_cache`` bounded by the bytes it holds instead of its entry count: tiles and text masks vary
    from a few hundred bytes to ~100 KB, so a count bound either wastes hits or holds hundreds of MB.
    ``megabytes`` is the cache's share: it holds megabytes / (all caches' megabytes) of PICTURE_CACHE_MB."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        store = _BoundedStore(f"{function.__module__}.{function.__qualname__}", megabytes)

        @wraps(function)
        def cached(*args: Any, **kwargs: Any) -> Any:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            value = store.get(key)
            if value is MISSING:
                started = time.thread_time()
                value = function(*args, **kwargs)
                store.miss_seconds += time.thread_time() - started
                store.put(key, value, footprint(value))
            return value

        cached.cache_clear = store.clear  # type: ignore[attr-defined]
        cached.cache_bytes = lambda: store.held  # type: ignore[attr-defined]
        cached.cache_budget = store.budget  # type: ignore[attr-defined]
        cached.cache_len = lambda: len(store.entries)  # type: ignore[attr-defined]
        return cached

    return decorate


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled Noto Sans CJK JP subset (OFL), cached per size."""
    if size < MIN_TEXT_PX:
        raise ValueError(f"text below {MIN_TEXT_PX}px is not legible on a phone")
    name = "NotoSansCJKjp-Bold.otf" if bold else "NotoSansCJKjp-Regular.otf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    left, top, right, bottom = font(size, bold).getbbox(text)
    return right - left, bottom - top


@lru_cache(maxsize=16384)
def token_width(token: str, size: int, bold: bool = False) -> float:
    """Width of one word or character; cached, because boards wrap many lines from few tokens."""
    return font(size, bold).getlength(token)


def fit_text(text: str, size: int, width: float, bold: bool = False) -> str:
    """One line of ``text`` shortened to ``width`` pixels at a word boundary, with an ellipsis: never mid-word
    ("…Shield Bearer, J…" read as a card that does not exist). Word boundaries are those of ``wrap_text``
    (spaces; in Japanese between characters, never inside a katakana word or before a closing mark); a
    separator left at the cut goes ("Shield Bearer…", not "Shield Bearer,…"). Only when not even the first
    word fits (one long name) is it cut by character. Binary searches, since every try measures the whole
    string."""
    if token_width(text, size, bold) <= width:
        return text
    units = break_units(text.replace("\n", " "))

    def shortened(count: int) -> str:
        return "".join(units[:count]).rstrip().rstrip(CUT_SEPARATORS).rstrip() + "…"

    low, high = 0, len(units) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if token_width(shortened(middle), size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    if low and shortened(low) != "…":
        return shortened(low)
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if token_width(text[:middle] + "…", size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy wrap that works for Japanese (no spaces) as well as English (break at spaces), at the
    boundaries of ``break_units``: never inside an English or katakana word, never before a closing mark
    or small kana, never after an opening bracket (kinsoku). When such a unit does not fit, it goes down
    whole (oidashi) rather than hanging past the width. A katakana word wider than a whole line is broken
    between its characters (still by kinsoku); only a unit that cannot be broken at all (one long English
    word, a run of closing marks) may hang past the width. A trailing space need not fit.
    """
    space = token_width(" ", size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        length = 0.0
        units = break_units(paragraph)
        units.reverse()  # a stack: an oversized katakana word is pushed back as its pieces
        while units:
            unit = units.pop()
            extra = token_width(unit, size, bold)
            trailing = space if unit.endswith(" ") else 0.0
            if line and length + extra - trailing <= width:
                line.append(unit)
                length += extra
                continue
            if extra - trailing > width:
                pieces = break_units(unit, join_katakana=False)
                if len(pieces) > 1:
                    units.extend(reversed(pieces))
                    continue
            if line:
                lines.append("".join(line).rstrip())
            unit = unit.lstrip()
            line, length = [unit], token_width(unit, size, bold)
        lines.append("".join(line).rstrip())
    return lines


NO_LINE_START = set("、。，．・：；？！）」』】〕〉》］｝”’…‥々ゝゞヽヾー～ァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ),.:;!?]}·")
NO_LINE_END = set("（「『【〔〈《［｛“‘([{")
CUT_SEPARATORS = " ,、，;；:：·・-–—"


def katakana(ch: str) -> bool:
    """A character of a katakana word (the prolonged sound mark included, the middle dot ・ not: it
    separates words)."""
    return "\u30a1" <= ch <= "\u30fa" or ch in "ーヽヾ" or "\uff66" <= ch <= "\uff9d"


def break_units(paragraph: str, join_katakana: bool = True) -> list[str]:
    """The pieces a line may break between: ``tokens`` joined where a break is forbidden (Japanese kinsoku
    rules): a closing mark, small kana or prolonged sound mark goes with what precedes it, an opening
    bracket with what follows it, and a katakana word stays whole ("オーバーライド", not "オー/バーライド")."""
    units: list[str] = []
    for token in tokens(paragraph):
        if units and (token[:1] in NO_LINE_START or units[-1][-1:] in NO_LINE_END
                      or (join_katakana and katakana(token[:1]) and katakana(units[-1][-1:]))):
            units[-1] += token
        else:
            units.append(token)
    return units


def tokens(paragraph: str) -> list[str]:
    """English words (with their trailing space) stay whole; CJK characters may break anywhere."""
    found: list[str] = []
    word = ""
    for ch in paragraph:
        if ch == " ":
            found.append(word + " ")
            word = ""
        elif ord(ch) > 0x2E80:
            if word:
                found.append(word)
                word = ""
            found.append(ch)
        else:
            word += ch
    if word:
        found.append(word)
    return found


@sized_cache(megabytes=16)
def text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A text's antialiased coverage (the box FreeType renders, no margin) and its offset from the anchor
    point; cached, because FreeType rasterizes every glyph of every call again (~1-2 ms a line) and
    pictures repeat their words. Masks once had a pixel of empty margin all round: where a decision
    depends on the box (Starfall's ground check), it is this box grown by one (``MASK_MARGIN``).

    Drawn through ``ImageDraw.text`` so tests that record drawn text see it (clear this cache first).
    """
    return rasterize(text, size, bold, anchor)


def rasterize(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text_mask`` without its cache (a renderer keeping its own, as Afterlife's stamps)."""
    face = font(size, bold)
    caught = coverage(text, face, anchor)
    if caught is None:  # several lines (no renderer draws them): measured first, as Pillow draws each line apart
        left, top, right, bottom = face.getbbox(text, anchor=anchor)
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
        ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
        return mask, left, top
    core, left, top = caught
    width, height = core.size
    mask = Image.new("L", (max(1, width), max(1, height)))
    if width and height:
        mask.im.paste(core, (0, 0, width, height))
    return mask, left, top


# The empty margin masks had (pixels each side): the box of a text without ink starts there, and a
# decision made on a mask's box (Starfall's ground check) uses the box grown by it, so it decides as before.
MASK_MARGIN = 1


class _Catcher:
    """Stands in for an ImageDraw's C drawing object and keeps the coverage bitmap ``ImageDraw.text`` would
    blend, with where (the text's ink box from the anchor point)."""

    __slots__ = ("draw_ink", "caught")

    def __init__(self, draw: Any) -> None:
        self.draw_ink = draw.draw_ink
        self.caught: list[tuple[tuple[int, int], Any]] = []

    def draw_bitmap(self, xy: tuple[int, int], bitmap: Any, ink: int) -> None:
        self.caught.append((xy, bitmap))


def coverage(text: str, face: ImageFont.FreeTypeFont, anchor: str) -> tuple[Any, int, int] | None:
    """The antialiased coverage of one line of ``text`` (an "L" pixel store the size of its box) and the box's
    offset from the anchor point, laid out once: measuring the box first (``getbbox``) lays it out and
    loads its glyphs a second time (~40% of rasterizing). Drawn through ``ImageDraw.text`` with the anchor at
    (0, 0), so tests that record drawn text see it. None for text of several lines."""
    if "\n" in text:
        return None
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    catcher = _Catcher(draw.draw)
    draw.draw = catcher
    draw.text((0, 0), text, font=face, fill=255, anchor=anchor)
    if len(catcher.caught) != 1:
        return None
    (left, top), core = catcher.caught[0]
    return core, left, top


# Only texts of TILED_AREA pixels or more are kept as tiles (Canvas.text_on blends the smaller ones in
# place), and a tile is rebuilt from its mask in ~20 us where a mask costs ~180 us to rasterize: masks get
# most of the text share. Measured over 2,000 pictures of all games (16 MB a worker): 10 MB masks + 8 MB
# tiles missed 3.7 masks and 26 tiles a picture; 16 + 2 with TILED_AREA 1.3 masks and 9.5 tiles (masks
# without their old margin), 2.1 masks once an image's overhead was counted as measured (IMAGE_OVERHEAD).
@sized_cache(megabytes=2)
def text_tile(text: str, size: int, bold: bool, anchor: str, fill: Color, on: Color) -> tuple[Image.Image, int, int]:
    """``text_mask`` blended once onto the flat colour ``on``: pasting it copies rows, where blending a mask
    costs ~5 ns a pixel every time (~80 us for a 500-px line). Same pixels as drawing the mask on ``on``."""
    mask, dx, dy = text_mask(text, size, bold, anchor)
    # Only the ink's box: the mask's empty margin would paint over the neighbours' antialiased edges
    # (Japanese running text is drawn a character at a time, glyphs a pixel apart).
    left, top, right, bottom = mask.getbbox() or (-MASK_MARGIN, -MASK_MARGIN, 1 - MASK_MARGIN, 1 - MASK_MARGIN)
    tile = Image.new("RGB", (right - left, bottom - top), on)
    # What ImageDraw.bitmap does (the same blend of the same ink), without a drawing object for one paste.
    tile.im.paste(fill, (-left, -top, mask.width - left, mask.height - top), mask.im)
    return tile, dx + left, dy + top


# All the corners the games draw (72 kinds, ~550 KB) fit in its share: at 0.25 (~100 KB a worker) 3 a
# picture missed, ~75 us each.
@sized_cache(megabytes=1.5)
def rounded_corners(radius: int, width: int, fill: Color, outline: Color | None, on: Color) -> tuple[Image.Image, ...]:
    """The four corner boxes (top-left, top-right, bottom-left, bottom-right) of a rounded rectangle drawn
    by Pillow on ``on``; outside them such a rectangle is a plain one with the same outline."""
    d = 2 * radius
    ref = Image.new("RGB", (2 * d + 2, 2 * d + 2), on)
    ImageDraw.Draw(ref).rounded_rectangle((0, 0, 2 * d + 1, 2 * d + 1), radius=radius, fill=fill, outline=outline,
                                          width=width)
    return tuple(ref.crop((x, y, x + d + 1, y + d + 1)) for y in (0, d + 1) for x in (0, d + 1))


NUMBER_RUNS = re.compile(r"(\d+)")
# Pixels of a text's mask from which it is pasted from a kept tile rather than blended (~5 ns a pixel) in place.
TILED_AREA = 2000


class Canvas:
    """An RGB image with the drawing helpers every renderer needs."""

    def __init__(self, width: int, height: int, background: Color = (34, 38, 46)) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)

    def text(self, xy: tuple[float, float], text: str, size: int = 22, fill: Color = (235, 235, 235),
             bold: bool = False, anchor: str = "la", on: Color | None = None) -> None:
        """``on``: the flat colour under the text's whole box (its ink box and a pixel around), which the
        caller guarantees; the text is then drawn as its tile would be pasted (``text_on``)."""
        if on is not None:
            self.text_on(round(xy[0]), round(xy[1]), text, size, bold, anchor, fill, on)
            return
        mask, dx, dy = text_mask(text, size, bold, anchor)
        self.draw.bitmap((round(xy[0]) + dx, round(xy[1]) + dy), mask, fill=fill)

    def text_on(self, x: int, y: int, text: str, size: int, bold: bool, anchor: str, fill: Color, on: Color) -> None:
        """``text`` at the anchor point (x, y) over the flat colour ``on``, the pixels of pasting its
        ``text_tile``: a large text is pasted from its tile (rows copied); a small one is blended in place,
        its ink box first filled with ``on`` as the tile's box would be (a few microseconds, where a tile
        missing the cache costs ~20 and keeping small ones squeezed the masks out)."""
        mask, dx, dy = text_mask(text, size, bold, anchor)
        width, height = mask.size
        if width * height >= TILED_AREA:
            self.paste_text(x, y, text_tile(text, size, bold, anchor, fill, on))
            return
        x += dx
        y += dy
        core = self.image.im
        ink = mask.getbbox()
        if ink is None:  # the tile of a text without ink is one pixel of ``on``, where the margin began
            x -= MASK_MARGIN
            y -= MASK_MARGIN
            core.paste(on, (x, y, x + 1, y + 1))
            return
        left, top, right, bottom = ink
        core.paste(on, (x + left, y + top, x + right, y + bottom))
        core.paste(fill, (x, y, x + width, y + height), mask.im)

    def paste_text(self, x: int, y: int, tiled: tuple[Image.Image, int, int]) -> None:
        """A ``text_tile`` at the anchor point (x, y), straight into the pixel store (a canvas is always
        loaded and writable; ``Image.paste``'s checks cost more than the copy of a word)."""
        tile, dx, dy = tiled
        self.image.im.paste(tile.im, (x + dx, y + dy, x + dx + tile.width, y + dy + tile.height))

    def numbered(self, xy: tuple[float, float], text: str, size: int = 22, fill: Color = (235, 235, 235),
                 bold: bool = False, anchor: str = "la", on: Color | None = None) -> None:
        """A line whose numbers change from picture to picture ("Turn 12 · deck 18"), drawn as its runs of
        digits and of the text between them: those recur where the whole line rarely does, and a line
        missing the cache costs ~1 ms to rasterize. Horizontal anchors l, m and r; not for a text a test
        must find whole (life, ranks)."""
        runs = [run for run in NUMBER_RUNS.split(text) if run]
        widths = [token_width(run, size, bold) for run in runs]
        x, y = xy
        x -= {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}[anchor[0]]
        for run, width in zip(runs, widths, strict=True):
            if run.strip():
                self.text((x, y), run, size, fill, bold, "l" + anchor[1], on)
            x += width

    def words(self, xy: tuple[float, float], text: str, size: int = 20, fill: Color = (235, 235, 235),
              bold: bool = False, on: Color | None = None) -> None:
        """One line of running text (a log line, a card's rules) drawn word by word (Japanese: character by
        character) from cached masks, top-left at ``xy``: such lines are new in every picture, their words
        are not, and rasterizing a whole new line costs ~5 ms. Advances come from the cached token widths.
        ``on``: the flat colour under the line, as for ``text``."""
        x, y = xy
        for token in tokens(text):
            word = token.strip()
            if word:
                self.text((x, y), word, size, fill, bold, "la", on)
            x += token_width(token, size, bold)

    def text_box(self, box: tuple[int, int, int, int], text: str, size: int = 20,
                 fill: Color = (235, 235, 235), bold: bool = False, line_gap: int = 4) -> int:
        """Wrapped text inside ``box`` (left, top, right, bottom); returns the y below the last line."""
        left, top, right, bottom = box
        y = top
        for line in wrap_text(text, size, right - left, bold):
            if y + size > bottom:
                break
            self.text((left, y), line, size, fill, bold)
            y += size + line_gap
        return y

    def rect(self, box: tuple[float, float, float, float], fill: Color | None = None,
             outline: Color | None = None, width: int = 2, radius: int = 8, on: Color | None = None) -> None:
        """A rounded rectangle. ``on``: the flat colour under its corners; a filled one is then drawn as a plain
        rectangle with the corners pasted from ``rounded_corners`` (the same pixels, without Pillow's eight
        arcs and slices: ~20 us a rectangle)."""
        x0, y0, x1, y1 = box
        if on is not None and fill is not None and radius > 0 and all(type(v) is int for v in box) \
                and min(x1 - x0, y1 - y0) >= 4 * radius + 3:
            self.draw.rectangle(box, fill=fill, outline=outline, width=width)
            d = 2 * radius
            for corner, xy in zip(rounded_corners(radius, width, fill, outline, on),
                                  ((x0, y0), (x1 - d, y0), (x0, y1 - d), (x1 - d, y1 - d)), strict=True):
                self.image.im.paste(corner.im, (*xy, xy[0] + d + 1, xy[1] + d + 1))
            return
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)

    def png(self) -> bytes:
        return encode_png(self.image)


# Pictures are drawn off the event loop, by default in worker processes (``DUELTABLE_RENDER_PROCESSES``,
# configure_render_pool). Threads inside the bot were the first design, but most of a picture is Python
# (layout, tiles, text pastes) holding the GIL the event loop needs: with 200 matches the bot process
# made ~52 decisions/s on the 2-core host whatever the drawing cost, and 99-113/s once the same renders ran
# in two processes (python -m tools.bench process, 2,000-4,000 decisions). 0 processes keeps the threads:
# ~55 MB less memory in all (PSS, 1,000 decisions) for a small bot that never has 50 clicks a second.
RENDER_THREADS = 2
_pool_settings = {"processes": 0, "cache_mb": PICTURE_CACHE_MB}
# One pool per setting, kept: a process that runs bots with different settings (the tests) switches
# between them without starting workers again.
_render_pools: dict[tuple[int, float], concurrent.futures.Executor] = {}
_pool_lock = threading.Lock()


def configure_render_pool(processes: int, cache_mb: float | None = None) -> None:
    """Draw pictures in ``processes`` worker processes (0: in threads of this process), whose caches hold
    ``cache_mb`` together (default PICTURE_CACHE_MB), each worker its share. Called at bot start."""
    with _pool_lock:
        _pool_settings.update(processes=max(0, int(processes)),
                              cache_mb=PICTURE_CACHE_MB if cache_mb is None else float(cache_mb))


def _pool_key() -> tuple[int, float]:
    return _pool_settings["processes"], _pool_settings["cache_mb"]


def render_pool() -> concurrent.futures.Executor:
    with _pool_lock:
        key = _pool_key()
        pool = _render_pools.get(key)
        if pool is None:
            if key[0] > 0:
                # spawn: a render worker must not inherit the bot's event loop, sockets and threads.
                # The setting bounds the caches of all workers together: each holds its share.
                pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=key[0], mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_render_worker, initargs=(key[1] / key[0],))
            else:
                pool = concurrent.futures.ThreadPoolExecutor(max_workers=RENDER_THREADS, thread_name_prefix="render")
            _render_pools[key] = pool
        return pool


def _forget_pool(pool: concurrent.futures.Executor) -> None:
    with _pool_lock:
        for key, known in list(_render_pools.items()):
            if known is pool:
                del _render_pools[key]


def shutdown_render_pool() -> None:
    """Stop the render workers (at exit: before the interpreter tears down what the pools' threads use)."""
    with _pool_lock:
        pools = list(_render_pools.values())
        _render_pools.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_render_pool)


def start_render_pool() -> None:
    """Start the render workers now (at bot launch), so the first picture waits for no process start and
    no imports; every worker imports every game's renderers once."""
    pool = render_pool()
    if isinstance(pool, concurrent.futures.ProcessPoolExecutor):
        for _ in range(_pool_settings["processes"]):
            pool.submit(_warm_render_worker)


def render_processes() -> list[int]:
    """The pids of the current render worker processes (none with threads or before the first picture):
    the benchmark's memory. Starts nothing."""
    with _pool_lock:
        pool = _render_pools.get(_pool_key())
    return [process.pid for process in (getattr(pool, "_processes", None) or {}).values()]


def _start_render_worker(cache_mb: float) -> None:
    from bot.orphans import exit_with_parent

    exit_with_parent()
    set_picture_cache_mb(cache_mb)


def _warm_render_worker() -> int:
    from bot.games import available_games

    return sum(1 for spec in available_games() if spec.render_board is not None)


async def render_off_loop(function: Callable[..., bytes], *args: object) -> bytes:
    """Draw a picture in the render pool (never in the event loop: a board takes 5-35 ms) and record
    its time in the bot's metrics (by game and kind)."""
    import asyncio  # here: a render worker imports this module and never needs asyncio (~8 MB resident with ssl)

    from bot.metrics import observe_render

    loop = asyncio.get_running_loop()
    pool = render_pool()
    try:
        data, seconds = await loop.run_in_executor(pool, _render, function, *args)
    except concurrent.futures.process.BrokenProcessPool:
        # A worker died (killed, out of memory): a new pool draws this picture and the next ones.
        log.exception("a render worker died; starting new ones")
        _forget_pool(pool)
        data, seconds = await loop.run_in_executor(render_pool(), _render, function, *args)
    observe_render(function, args, seconds)
    return data


def render_worker_stats() -> dict[str, float]:
    """Run in a render worker: its pictures, heap trims (after so many pictures, and when idle) and
    resident memory in MB."""
    return {"pictures": RENDER_CPU[1], "trims": TRIMMER.trims, "idle_trims": TRIMMER.idle_trims, **memory.resident()}


RENDER_CPU = [0.0, 0]  # CPU seconds this process's render threads spent on pictures, and how many (the benchmark)


def _render(function: Callable[..., bytes], *args: object) -> tuple[bytes, float]:
    """In a render worker (thread or process): the picture and the seconds it took."""
    started, cpu = time.perf_counter(), time.thread_time()
    try:
        return function(*args), time.perf_counter() - started
    finally:
        TRIMMER.rendered()
        RENDER_CPU[0] += time.thread_time() - cpu  # two threads, a rare lost update: a measurement only
        RENDER_CPU[1] += 1


# Every 64 pictures: trimming every 8 kept the peak ~20 MB lower but each trimmed page is faulted back in
# by the next canvases, which cost 5-40% more drawing CPU on the loaded 2-core host; every 64 cost nothing
# measurable and keeps ~5 MB off the peak. DUELTABLE_TRIM_EVERY (0: never) is for such studies. And once
# after 2 s without a picture: what the last pictures left goes back while the bot is quiet.
TRIMMER = memory.Trimmer(every=int(os.environ.get("DUELTABLE_TRIM_EVERY", "64")), idle_seconds=2.0)


PNG_BUDGET = 290 * 1024  # bytes of image data; the platform allows 300 KB a picture


def encode_png(image: Image.Image) -> bytes:
    """Lossless RGB PNG: filter type 0 (None) on every row, deflated at level 1 by ISA-L.

    Pillow's PNG encoder tries three filters on every row and keeps the best, which on our flat-colour
    pictures costs more than the deflate itself (~20 ms for a 1100x944 board). Unfiltered rows deflated by
    ISA-L take ~3 ms CPU for a 720x1500 picture, where stdlib zlib level 1 took
    ~8 ms and Pillow's encoder ~20 ms; files are ~10% larger than zlib's (measured on Afterlife boards).
    Pillow has no option to fix the filter, hence the three chunks written here.

    The rows are deflated in one call on one buffer (``compress``, not a ``compressobj`` fed in pieces): a
    stream fed a filter byte and then the rows gave different, equally valid bytes for the same pixels
    now and then (1-2 pictures of 600 drawn in another order, in another process), one call never did
    (0 of 600 in six orders; see docs/OPERATIONS.md), and a picture must be the same bytes every time it
    is drawn (remembered pictures, tests comparing posts).
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    width, height = rgb.size
    rows = filtered_rows(rgb)
    idat = deflate.compress(rows, 1)
    if len(idat) > PNG_BUDGET:  # a very tall picture: ~20% smaller at ~15x the time, so only then
        idat = zlib.compress(rows, 6)
    del rows
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    # Joined once (concatenating copied the ~130 KB of image data three times).
    return b"".join((b"\x89PNG\r\n\x1a\n", *png_chunk(b"IHDR", header), *png_chunk(b"IDAT", idat),
                     *png_chunk(b"IEND", b"")))


# Bytes Pillow's raw encoder hands over at a time: 256 KB (a few dozen rows) took ~0.1 ms a picture less
# than 64 KB (fewer calls and buffers), and is small beside the 3 MB of rows it fills.
ROWS_CHUNK = 256 * 1024


def filtered_rows(rgb: Image.Image) -> memoryview:
    """The picture's rows, each after its filter-type-0 byte, in one buffer, as PNG deflates them.

    A stride one byte longer than a row makes Pillow's raw encoder pad every row with a zero byte: written
    one byte into a zeroed buffer, that is a zero before every row (and one after the last, left out).
    Copied from the encoder a chunk at a time into the buffer, so the rows are never in memory twice
    (``tobytes`` and a shifted copy would be: 3 MB more a picture, for as long as it is drawn).
    """
    width, height = rgb.size
    stride = 3 * width + 1
    buffer = bytearray(1 + stride * height)
    encoder = Image._getencoder("RGB", "raw", ("RGB", stride))
    encoder.setimage(rgb.im, (0, 0, width, height))
    position = 1
    while True:
        _, status, chunk = encoder.encode(ROWS_CHUNK)
        buffer[position:position + len(chunk)] = chunk
        position += len(chunk)
        if status:
            break
    if status < 0:
        raise RuntimeError(f"Pillow's raw encoder failed ({status})")
    return memoryview(buffer)[:-1]


def png_chunk(kind: bytes, data: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    """A PNG chunk's four parts (length, type, data, CRC), to be joined. The CRC comes from ISA-L where it
    is installed: zlib's took ~50 us for 200 KB here, ISA-L's ~4."""
    return struct.pack(">I", len(data)), kind, data, struct.pack(">I", deflate.crc32(data, deflate.crc32(kind)))


REMEMBERED_MB = 0.5  # each renderer's share: ~5 pictures of ~100 KB


def remembered(render: Callable[[dict, str], bytes]) -> Callable[[dict, str], bytes]:
    """A renderer ``(view, locale) -> PNG`` that gives back its recent picture when nothing visible changed.

    The key is everything a picture is drawn from: the view, the locale and the seats' names on it (the
    context variable of ``render_with_names``), so a hit is byte-identical to drawing again. Only the last
    few are kept: with 200 matches in play a picture asked for again is asked for at once (the process
    bench: 0 hits in 1,500 renders with 32 pictures a renderer, 15 MB held for nothing).
    ``forget()`` empties it (tests that record drawn text).
    """
    from bot.render.names import seat_label

    store = _BoundedStore(f"{render.__module__}.{render.__qualname__}", REMEMBERED_MB, remembered=True)

    @wraps(render)
    def remembering(view: dict, locale: str) -> bytes:
        key = (json.dumps(view, sort_keys=True, default=str), locale, seat_label(0, locale), seat_label(1, locale))
        png = store.get(key)
        if png is MISSING:
            png = render(view, locale)
            store.put(key, png, len(png) + len(key[0]) + 200)
        return png

    remembering.forget = store.clear  # type: ignore[attr-defined]
    return remembering
