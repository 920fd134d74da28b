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


def test_sized_cache_holds_at_most_its_bytes_and_drops_the_least_recently_used():
    from PIL import Image

    from bot.render.toolkit import footprint, sized_cache

    drawn: list[int] = []

    @sized_cache(megabytes=1)
    def tile(n: int, *, wide: bool = False) -> Image.Image:
        drawn.append(n)
        return Image.new("RGB", (400 if wide else 200, 200))  # 240 KB or 120 KB of pixels

    for n in range(20):
        tile(n)
    assert tile.cache_bytes() <= 1024 * 1024
    assert tile.cache_len() == (1024 * 1024) // footprint(Image.new("RGB", (200, 200)))
    tile(19)  # the newest is held: no drawing
    assert drawn.count(19) == 1
    tile(0)  # the oldest was dropped: drawn again
    assert drawn.count(0) == 2
    tile(5, wide=True)
    assert tile(5, wide=True) is tile(5, wide=True) and drawn.count(5) == 2
    tile.cache_clear()
    assert tile.cache_bytes() == 0 and tile.cache_len() == 0
