"""Numbered callouts over a rulebook page's picture (bot/rulebook.py): circled numbers a page's body explains.

Pure drawing on the PNG a game's renderer made. A callout sits at (x * width, y * height), moved inward so its
whole circle stays on the picture. Its number is drawn at the main text size of the pictures (above 1/28 of the
width, bot/render/toolkit.py), so it is read at phone size like the ranks and names it points at; an amber disc
with a dark ring stands out on the dark boards and on the red, blue and pale cards alike.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from bot.render.toolkit import Canvas, encode_png
from bot.rulebook import Callout

DISC = (255, 196, 64)
RING = (20, 22, 28)
NUMBER = (20, 22, 28)


def callout_radius(width: int) -> int:
    return max(20, round(width / 30))


def draw_callouts(png: bytes, callouts: Sequence[Callout]) -> bytes:
    """``png`` with each callout's number in a disc; the picture unchanged when there are none."""
    if not callouts:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    canvas = Canvas(image.width, image.height)
    canvas.image.paste(image)
    radius = callout_radius(image.width)
    size = round(radius * 1.3)
    for callout in callouts:
        x = min(max(callout.x * image.width, radius + 2), image.width - radius - 2)
        y = min(max(callout.y * image.height, radius + 2), image.height - radius - 2)
        canvas.draw.ellipse((x - radius - 3, y - radius - 3, x + radius + 3, y + radius + 3), fill=RING)
        canvas.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=DISC)
        canvas.text((x, y), str(callout.number), size=size, fill=NUMBER, bold=True, anchor="mm")
    return encode_png(canvas.image)


def rulebook_picture(game_id: str, page_index: int, locale: str) -> bytes:
    """A page's picture with its callouts, by game and page (picklable arguments: drawn in a render worker)."""
    from bot.games import get_game  # here: the registry loads every game, which a pure drawing never needs

    page = list(get_game(game_id).rulebook())[page_index]
    return draw_callouts(page.picture(locale), page.callouts)
