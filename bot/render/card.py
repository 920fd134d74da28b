"""A plain card picture for /card when a game has no renderer of its own: name, kind, text, stats."""

from __future__ import annotations

from bot import i18n
from bot.cards import Card
from bot.render.toolkit import Canvas

WIDTH, HEIGHT = 600, 840


def render_generic_card(card: Card, locale: str) -> bytes:
    canvas = Canvas(WIDTH, HEIGHT, background=(24, 26, 32))
    canvas.rect((16, 16, WIDTH - 16, HEIGHT - 16), fill=(246, 241, 228), outline=(120, 98, 60), width=6, radius=24)
    canvas.text((40, 40), card.name(locale), size=40, fill=(30, 30, 30), bold=True)
    other = card.name_en if locale == "ja" else card.name_ja
    canvas.text((40, 96), other, size=24, fill=(90, 90, 90))
    canvas.text((WIDTH - 40, 44), card.id, size=24, fill=(90, 90, 90), anchor="ra")
    canvas.rect((40, 140, WIDTH - 40, 142), fill=(120, 98, 60), radius=0)
    y = canvas.text_box((40, 160, WIDTH - 40, 600), card.text(locale), size=26, fill=(30, 30, 30))
    y = max(y + 16, 620)
    for key, value in list(card.stats.items())[:5]:
        if isinstance(value, (str, int, float)):
            canvas.text((40, y), f"{key}: {value}", size=22, fill=(60, 60, 60))
            y += 30
    source = i18n.t(f"card.source_{card.source}", locale)
    canvas.text((40, HEIGHT - 64), f"{i18n.t(f'games.{card.game}', locale)} · {source}", size=20,
                fill=(90, 90, 90))
    return canvas.png()
