"""A plain card picture for /card when a game has no renderer of its own: name, kind, text, stats.

600 px wide: every text is at least 20 px (1/30 of the width) and the name 40 px; the picture grows
with the card's text instead of cutting it.
"""

from __future__ import annotations

from bot import i18n
from bot.cards import Card
from bot.render.toolkit import Canvas, wrap_text

WIDTH, MIN_HEIGHT = 600, 840
BODY, STAT = 26, 22


def render_generic_card(card: Card, locale: str) -> bytes:
    body = wrap_text(card.text(locale), BODY, WIDTH - 80)
    stats = [f"{key}: {value}" for key, value in list(card.stats.items())[:5] if isinstance(value, (str, int, float))]
    stats_top = max(160 + len(body) * (BODY + 4) + 16, 620)
    height = max(MIN_HEIGHT, stats_top + len(stats) * 30 + 100)
    canvas = Canvas(WIDTH, height, background=(24, 26, 32))
    canvas.rect((16, 16, WIDTH - 16, height - 16), fill=(246, 241, 228), outline=(120, 98, 60), width=6, radius=24)
    canvas.text((40, 40), card.name(locale), size=40, fill=(30, 30, 30), bold=True)
    other = card.name_en if locale == "ja" else card.name_ja
    canvas.text((40, 96), other, size=24, fill=(90, 90, 90))
    canvas.text((WIDTH - 40, 44), card.id, size=24, fill=(90, 90, 90), anchor="ra")
    canvas.rect((40, 140, WIDTH - 40, 142), fill=(120, 98, 60), radius=0)
    y = 160
    for line in body:
        canvas.text((40, y), line, size=BODY, fill=(30, 30, 30))
        y += BODY + 4
    y = stats_top
    for line in stats:
        canvas.text((40, y), line, size=STAT, fill=(60, 60, 60))
        y += 30
    source = i18n.t(f"card.source_{card.source}", locale)
    canvas.text((40, height - 64), f"{i18n.t(f'games.{card.game}', locale)} · {source}", size=20,
                fill=(90, 90, 90))
    return canvas.png()
