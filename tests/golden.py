"""Goldens shared by every game: recorded playthroughs replayed by one tool, and golden PNG comparison.

A golden playthrough (tests/<game>/golden/*.json) is a seeded match's decision log; the contract suite
(tests/contract) replays every game's through :func:`replay_playthrough` and lets the game's hook judge
the steps against what the file recorded.

Golden PNGs are stored as palette PNGs (a third of the size); the comparison decodes both images and
tolerates a small mean absolute pixel difference, which absorbs the palette's colour shift and
font rasterizer differences between machines. ``UPDATE_GOLDEN=1`` rewrites them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.engine import Engine
from tests.contract.games import Step

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
MEAN_ABS_DIFF_TOLERANCE = 2.0


def replay_playthrough(engine: Engine, seed: int, options: dict[str, str],
                       moves: list[tuple[int, tuple[str, ...]]]) -> list[Step]:
    """Every step of a recorded decision log, replayed from a new game; the game must not end before
    the log does."""
    state = engine.new_game(seed, options)
    steps = []
    for number, (seat, choice) in enumerate(moves):
        assert engine.outcome(state) is None, f"the game ended before decision {number}"
        after, events = engine.apply(state, seat, tuple(choice))
        steps.append(Step(state, seat, tuple(choice), after, events))
        state = after
    return steps


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def compact_png(png: bytes) -> bytes:
    buffer = io.BytesIO()
    decode(png).quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def assert_matches_golden(png: bytes, path: Path, tolerance: float = MEAN_ABS_DIFF_TOLERANCE) -> None:
    if UPDATE or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compact_png(png))
        if not UPDATE:
            pytest.fail(f"golden {path.name} was missing and has been written; review it and rerun")
    actual, expected = decode(png), Image.open(path).convert("RGB")
    assert actual.size == expected.size, f"{path.name}: size {actual.size} != golden {expected.size}"
    diff = mean_abs_diff(actual, expected)
    assert diff <= tolerance, f"{path.name}: mean abs diff {diff:.2f}; UPDATE_GOLDEN=1 if intended"


def font_sizes_used(monkeypatch: pytest.MonkeyPatch, renders) -> list[int]:
    """Every font size the renderers ask the toolkit for while running ``renders`` (callables)."""
    from bot.render import toolkit

    sizes: list[int] = []
    original = toolkit.font
    toolkit.clear_picture_caches(remembered=False)  # cached text and tiles would not ask for fonts again

    def recording_font(size: int, bold: bool = False):
        sizes.append(size)
        return original(size, bold)

    monkeypatch.setattr(toolkit, "font", recording_font)
    for render in renders:
        render()
    return sizes


# Phone legibility (issue 13): a phone shows a picture about 360 pt wide, so text must scale with the
# picture. Floors as fractions of the picture's width.
SMALLEST_TEXT = 1 / 40
MAIN_TEXT = 1 / 28


def texts_drawn(monkeypatch: pytest.MonkeyPatch, render) -> tuple[int, list[tuple[float, str]]]:
    """Run ``render`` (returns PNG bytes): the picture's width and every text drawn, with its pixel size.

    Records at ``ImageDraw.text``, so text drawn by any helper is seen. A layer drawn at another scale
    and resized before pasting would be misjudged: renderers draw text at the final scale.
    """
    from PIL import ImageDraw

    from bot.render import toolkit

    drawn: list[tuple[float, str]] = []
    original = ImageDraw.ImageDraw.text
    # Cached text and tiles are pasted, not drawn: draw them again. A remembered picture is given back
    # whole (its tests see that); renderers' own clear functions forget those too.
    toolkit.clear_picture_caches(remembered=False)

    def recording_text(self, xy, text, fill=None, font=None, *args, **kwargs):
        size = getattr(font, "size", None) if font is not None else None
        if str(text).strip():
            drawn.append((float(size) if size is not None else 10.0, str(text)))
        return original(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    try:
        png = render()
    finally:
        monkeypatch.setattr(ImageDraw.ImageDraw, "text", original)
    return decode(png).size[0], drawn


def texts_drawn_apart(monkeypatch: pytest.MonkeyPatch, render) -> tuple[int, list[tuple[float, str]],
                                                                      list[tuple[float, str]]]:
    """``texts_drawn``, and the same list without the words of running text (``Canvas.words``: log lines,
    rules text) and the runs of ``Canvas.numbered`` lines. Those are drawn word by word (run by run), so a
    word may equal a one-word card name ("Frost", "忍") or a run a unit's power ("3") drawn at a smaller
    size: check the main texts on the second list, the 1/40 floor on the first."""
    from collections import Counter

    from PIL import ImageDraw

    from bot.render import toolkit

    running: Counter[tuple[float, str]] = Counter()
    original = toolkit.Canvas.words
    original_numbered = toolkit.Canvas.numbered
    original_text = ImageDraw.ImageDraw.text
    inside_numbered = [0]

    def recording_words(self, xy, text, size=20, *args, **kwargs):
        running.update((float(size), token.strip()) for token in toolkit.tokens(text) if token.strip())
        return original(self, xy, text, size, *args, **kwargs)

    # The texts rasterized while a numbered line is drawn are its runs (its masks are cached, so counting
    # the runs it asks for would also take away a main text drawn the same way elsewhere).
    def recording_numbered(self, *args, **kwargs):
        inside_numbered[0] += 1
        try:
            return original_numbered(self, *args, **kwargs)
        finally:
            inside_numbered[0] -= 1

    def noting_text(self, xy, text, fill=None, font=None, *args, **kwargs):
        if inside_numbered[0] and str(text).strip():
            size = getattr(font, "size", None) if font is not None else None
            running[(float(size) if size is not None else 10.0, str(text))] += 1
        return original_text(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(toolkit.Canvas, "words", recording_words)
    monkeypatch.setattr(toolkit.Canvas, "numbered", recording_numbered)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", noting_text)
    try:
        width, drawn = texts_drawn(monkeypatch, render)
    finally:
        monkeypatch.setattr(toolkit.Canvas, "words", original)
        monkeypatch.setattr(toolkit.Canvas, "numbered", original_numbered)
        monkeypatch.setattr(ImageDraw.ImageDraw, "text", original_text)
    return width, drawn, leave_out(drawn, running)


def leave_out(drawn: list, counted) -> list:
    """``drawn`` without the entries ``counted`` (a Counter of entries drawn as running text), each as
    many times as counted: what is left was drawn whole."""
    left, kept = counted.copy(), []
    for entry in drawn:
        if left[entry] > 0:
            left[entry] -= 1
        else:
            kept.append(entry)
    return kept


def assert_legible(width: int, drawn: list[tuple[float, str]], main: list[str] = ()) -> None:
    """No text under 1/40 of the width; every text in ``main`` (drawn exactly so) at least 1/28."""
    assert drawn, "nothing was drawn as text"
    small = [(size, text) for size, text in drawn if size < width * SMALLEST_TEXT]
    assert not small, f"text under {width * SMALLEST_TEXT:.1f} px on a {width}-px picture: {small[:5]}"
    for wanted in main:
        sizes = [size for size, text in drawn if text == wanted]
        assert sizes, f"main text {wanted!r} was not drawn"
        assert min(sizes) >= width * MAIN_TEXT, (
            f"main text {wanted!r} at {min(sizes)} px, under {width * MAIN_TEXT:.1f} px on {width} px")
