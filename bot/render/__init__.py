"""Pillow toolkit shared by every game's renderer: bundled fonts, text fitting, PNG encoding."""

from bot.render.toolkit import (
    FONT_DIR,
    Canvas,
    encode_png,
    font,
    text_size,
    wrap_text,
)

__all__ = ["FONT_DIR", "Canvas", "encode_png", "font", "text_size", "wrap_text"]
