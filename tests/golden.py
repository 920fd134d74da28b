"""Golden PNG comparison shared by every game's render tests.

Goldens are stored as palette PNGs (a third of the size); the comparison decodes both images and
tolerates a small mean absolute pixel difference, which absorbs the palette's colour shift and
font rasterizer differences between machines. ``UPDATE_GOLDEN=1`` rewrites them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
MEAN_ABS_DIFF_TOLERANCE = 2.0


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

    def recording_font(size: int, bold: bool = False):
        sizes.append(size)
        return original(size, bold)

    monkeypatch.setattr(toolkit, "font", recording_font)
    for render in renders:
        render()
    return sizes
