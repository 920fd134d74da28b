"""The shared Pillow toolkit: Japanese line breaking and the legibility floor."""

from __future__ import annotations

import pytest

from bot.render.toolkit import MIN_TEXT_PX, NO_LINE_START, font, wrap_text


def test_japanese_wrap_never_starts_a_line_with_closing_punctuation():
    text = "相手の場のユニット1体を破壊する。あなたはそのコストに等しいダメージを受ける、そして終わる。" * 3
    for width in range(120, 400, 7):
        lines = wrap_text(text, 20, width)
        assert all(line[:1] not in NO_LINE_START for line in lines[1:])
        assert "".join(lines) == text


def test_fonts_below_the_legibility_floor_are_refused():
    with pytest.raises(ValueError):
        font(MIN_TEXT_PX - 1)
    assert font(MIN_TEXT_PX).getbbox("漢字")[2] > 0  # the bundled font has kanji
