"""The geometry pictures of docs/rules/tetra.md (tools/make_tetra_pictures.py) and the rules page itself.

The pictures are drawn by the board's own code; these tests check that they render and decode, stay
small, are embedded in the page, and that the page carries the card lists and the rulings. They do not
compare pixels (the board's golden tests do that for the drawing code).
"""

from __future__ import annotations

import importlib.util
import io
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

from cogs.tetra import cards as catalogue

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "make_tetra_pictures.py"
DOC = ROOT / "docs" / "rules" / "tetra.md"
BUDGET = 150 * 1024
EXPECTED = ("faces", "views", "rotation", "tip", "start", "flip")


@cache
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_tetra_pictures", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_the_script_makes_the_six_pictures_the_issue_asks_for() -> None:
    assert tuple(script().PICTURES) == EXPECTED
    assert script().OUT_DIR == DOC.parent / "img" / "tetra"


@pytest.mark.parametrize("stem", EXPECTED)
def test_every_picture_renders_and_decodes_within_150_kb(stem: str) -> None:
    png = script().PICTURES[stem]()
    image = decoded(png)
    assert image.format == "PNG" and image.mode == "RGB"
    width, height = image.size
    assert 400 <= width <= 1100 and 400 <= height <= 800
    assert len(png) <= BUDGET


@pytest.mark.parametrize("stem", EXPECTED)
def test_every_picture_is_committed_and_embedded_in_the_rules_page(stem: str) -> None:
    path = script().OUT_DIR / f"{stem}.png"
    assert path.stat().st_size <= BUDGET
    assert decoded(path.read_bytes()).format == "PNG"
    text = DOC.read_text(encoding="utf-8")
    assert re.search(rf"!\[[^\]]+\]\(img/tetra/{stem}\.png\)", text), stem


def test_rules_page_has_the_geometry_the_card_lists_and_the_rulings() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "## Geometry of a tetrite" in text and "```" in text  # the ASCII explanation stays
    for card in catalogue.all_cards():
        assert f"| {card.id} | {card.name_en} | {card.name_ja} |" in text, card.id
    rulings = text.split("## Rulings", 1)[1]
    bullets = [" ".join(b.split()) for b in re.split(r"\n- ", rulings) if b.startswith("**")]
    assert len(bullets) >= 15
    for bullet in bullets:
        assert "*We rule:*" in bullet, bullet[:60]
