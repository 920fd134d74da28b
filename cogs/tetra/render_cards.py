"""TetrAction's cards as drawn: the cached public-card tile, a hand card on the table, the full-text detail
of a card (the hand picture's list) and the /card picture."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.cards import Card
from bot.i18n import t
from bot.render.toolkit import Canvas, sized_cache, token_width, wrap_text
from cogs.tetra import cards as catalogue
from cogs.tetra import cardtext
from cogs.tetra.render_pieces import (
    ACCIDENT,
    BACKGROUND,
    BODY,
    DEEP,
    FILL,
    HIGHLIGHT,
    MAIN,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    TILE,
    TITLE,
    draw_cost,
    draw_shape,
    words_box,
)
from cogs.tetra.text import colour_name, public_effect_text

PUBLIC_W, PUBLIC_H = 168, 206


@sized_cache(megabytes=2)
def public_tile(card_id: str, locale: str, width: int = PUBLIC_W) -> Image.Image:
    """A public card on the table: colour band with the number, name (main size, up to two lines),
    cost, what it gives."""
    found = catalogue.card(card_id)
    colour = found.stats["colour"]
    canvas = Canvas(width, PUBLIC_H, background=PANEL)
    canvas.rect((0, 0, width - 1, PUBLIC_H - 1), fill=TILE, outline=FILL[colour], width=3, on=PANEL)
    canvas.rect((0, 0, width - 1, 30), fill=DEEP[colour], radius=6)
    draw_shape(canvas.draw, colour, 17, 15, 9, ink=FILL[colour])
    canvas.text((width - 8, 15), card_id, size=SMALL, bold=True, anchor="rm", on=DEEP[colour])
    y = 34
    for line in public_name_lines(card_id, locale, width)[:2]:
        fits = token_width(line, MAIN, True) <= width - 14  # a long word reaches the frame: blend it
        canvas.text((8, y), line, size=MAIN, bold=True, on=TILE if fits else None)
        y += MAIN + 4
    draw_cost(canvas.image, 8, 102, found.stats["cost"], 26, gap=3)
    words_box(canvas, (8, 134, width - 6, PUBLIC_H - 4), public_effect_text(card_id, locale), BODY, MUTED, TILE)
    return canvas.image


def public_name_lines(card_id: str, locale: str, width: int = PUBLIC_W) -> list[str]:
    """A public card's name as drawn on its tile (wrapped at the main size)."""
    return wrap_text(catalogue.card(card_id).name(locale), MAIN, width - 14, bold=True)


def detail_lines(card_id: str, locale: str) -> list[tuple[str, int | None]]:
    """The text of a hand card line by line, each with the band index it belongs to (None: none)."""
    found = catalogue.card(card_id)
    lines: list[tuple[str, int | None]] = []
    for index, band in enumerate(found.stats["bands"]):
        lines.append((cardtext.band_text(band, locale), index))
    release = cardtext.effects_text(found.stats["release"], locale)
    lines.append((f"{t('tetra.board.release', locale)}{'：' if locale == 'ja' else ': '}{release}", None))
    return lines


DETAIL_STEP = BODY + 6


@lru_cache(maxsize=256)
def detail_layout(card_id: str, locale: str, width: int) -> tuple[int, tuple[tuple[tuple[str, ...], int | None], ...]]:
    """A hand card's full picture height and its wrapped text, paragraph by paragraph with its band."""
    wrapped = tuple((tuple(wrap_text(text, BODY, width - 28)), band) for text, band in detail_lines(card_id, locale))
    return 130 + sum(len(lines) * DETAIL_STEP + 6 for lines, _ in wrapped) + 8, wrapped


def draw_detail(canvas: Canvas, x: int, y: int, card_id: str, locale: str,
                width: int) -> tuple[tuple[int, int, int], ...]:
    """A hand card with everything printed on it, top-left at (x, y) (on the background). Returns
    (band, top, bottom) of each band's text, relative to the card, so the current band can be framed.
    Drawn in place, not cached: a ~700 KB picture came back too rarely to keep, and its words are
    cached tiles."""
    found = catalogue.card(card_id)
    colour = found.stats["colour"]
    height, wrapped = detail_layout(card_id, locale, width)
    canvas.rect((x, y, x + width - 1, y + height - 1), fill=TILE, outline=FILL[colour], width=3, on=BACKGROUND)
    canvas.rect((x, y, x + width - 1, y + 42), fill=DEEP[colour], radius=6)
    draw_shape(canvas.draw, colour, x + 20, y + 21, 10, ink=FILL[colour])
    canvas.text((x + 38, y + 21), found.name(locale), size=TITLE, bold=True, anchor="lm", on=DEEP[colour])
    tag = card_id + (f"  {t('tetra.board.start', locale)}" if found.stats.get("start") else "")
    canvas.text((x + width - 12, y + 21), tag, size=SMALL, anchor="rm", on=DEEP[colour])
    draw_cost(canvas.image, x + 14, y + 50, found.stats["cost"], 32)
    info = "   ".join([t("tetra.board.max_charge", locale, max=found.stats["max_charge"]),
                       t("tetra.board.release_count", locale, count=found.stats["release_count"])])
    canvas.text((x + 14, y + 92), info, size=BODY, fill=MUTED, on=TILE)
    line_y = 124
    boxes = []
    for lines, band in wrapped:
        top = line_y
        for line in lines:
            canvas.words((x + 14, y + line_y), line, BODY, TEXT if band is not None else (214, 190, 255), on=TILE)
            line_y += DETAIL_STEP
        if band is not None:
            boxes.append((band, top - 3, line_y + 1))
        line_y += 6
    return tuple(boxes)


def render_card(card: Card, locale: str) -> bytes:
    """A card for /card: name (both languages), number, kind and colour, cost as symbols, the text."""
    stats = card.stats
    colour = stats.get("colour")
    frame = FILL[colour] if colour else ACCIDENT
    band = DEEP[colour] if colour else (70, 44, 98)
    width = 640
    text_lines = wrap_text(card.text(locale), 22, width - 60)
    height = max(420, 230 + len(text_lines) * 30 + 40)
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((8, 8, width - 8, height - 8), fill=TILE, outline=frame, width=5, radius=16)
    canvas.rect((8, 8, width - 8, 70), fill=band, radius=14)
    canvas.text((26, 18), card.name(locale), size=30, bold=True)
    canvas.text((width - 26, 24), card.id, size=22, bold=True, anchor="ra")
    other = card.name_en if locale == "ja" else card.name_ja
    kind = t(f"tetra.board.kind_{card.kind}", locale)
    facts = [kind]
    if colour:
        facts.append(colour_name(colour, locale))
    if stats.get("start"):
        facts.append(t("tetra.board.start", locale))
    canvas.text((26, 82), " · ".join(facts) + f"   ({other})", size=20, fill=MUTED)
    y = 118
    if stats.get("cost"):
        draw_cost(canvas.image, 26, y, stats["cost"], 44, gap=6)
        y += 60
    if card.kind == "hand":
        info = "  ".join([t("tetra.board.max_charge", locale, max=stats["max_charge"]),
                          t("tetra.board.release_count", locale, count=stats["release_count"])])
        canvas.text((26, y), info, size=20, fill=HIGHLIGHT)
        y += 34
    elif card.kind == "accident":
        y += 8
    for line in text_lines:
        canvas.text((30, y), line, size=22)
        y += 30
    source = t(f"card.source_{card.source}", locale)
    canvas.text((26, height - 40), f"{t('tetra.name', locale)} · {source}", size=18, fill=MUTED)
    return canvas.png()
