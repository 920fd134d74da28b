"""Afterlife images: the public board, a seat's private hand picture and /card pictures.

Renderers read a view (``ENGINE.view`` or, for the end-of-match board, ``ENGINE.reveal_all``, which is
the public view plus both hands) and nothing else, so no image can show a hidden card.

Drawn for a phone (issue 13): 720 px wide, sections stacked top to bottom, text sizes and marks in
``render_tiles``. The board: the top seat's bar, public zone, grave and afterlife, and field; the combat and
instants band; the bottom seat's field, zones and bar; the last public events. The hand picture: the
seat's bar, its open question, its hand in full (or its four bundles), then both fields.

A picture is a pure function of the view, the locale and the seats' names, so the last few pictures are
kept (``picture_cache``) and a render of an unchanged view returns the same bytes without drawing.

The drawing is split by picture: ``render_table`` (the board's sections), ``render_private`` (the hand
picture), ``render_tiles`` (sizes, colours, cached tiles); this module keeps the pictures, the entry points
the game's spec registers and the /card picture.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from bot.cards import Card
from bot.i18n import t
from bot.render.names import seat_label
from bot.render.toolkit import Canvas, sized_cache, token_width
from cogs.afterlife import cards as catalogue
from cogs.afterlife.render_private import draw_hand
from cogs.afterlife.render_table import View, draw_board, laid_zone_lines
from cogs.afterlife.render_tiles import (
    BACKGROUND,
    DARK,
    DEEP,
    FILL,
    HIGHLIGHT,
    KEYWORD,
    LINE,
    MUTED,
    TILE,
    badge,
    draw_cost,
    draw_eye,
    fit,
    wrap,
    write,
)
from cogs.afterlife.render_tiles import clear_caches as clear_tile_caches
from cogs.afterlife.text import keyword_name, lang, type_name


class ViewKey:
    """A view with its canonical JSON: hashable, so the last pictures can be looked up by what they show."""

    __slots__ = ("view", "text")

    def __init__(self, view: View) -> None:
        self.view = view
        self.text = json.dumps(view, sort_keys=True, default=str, separators=(",", ":"))

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ViewKey) and other.text == self.text


@sized_cache(megabytes=0.25)
def picture_cache(kind: str, key: ViewKey, locale: str, names: tuple[str, str]) -> bytes:
    """One picture per (kind, view, locale, seat labels): the board and hand pictures of a position are
    asked for again (the thread post, its edits, the DMs, the My hand button) while nothing changed."""
    draw: Callable[[View, str], bytes] = draw_board if kind == "board" else draw_hand
    return draw(key.view, locale)


def render_board(view: View, locale: str) -> bytes:
    """Both sides (the viewer at the bottom, else Player 1), the combat/instant band between the fields,
    and the last public events when the view carries them."""
    return picture_cache("board", ViewKey(view), locale, (seat_label(0, locale), seat_label(1, locale)))


def render_hand(view: View, locale: str) -> bytes:
    """A seat's own picture: its hand in full (public cards marked, usable and choosable cards framed),
    its bundles during setup, then both fields with the creatures it may pick framed."""
    return picture_cache("hand", ViewKey(view), locale, (seat_label(0, locale), seat_label(1, locale)))


def clear_caches() -> None:
    """Forget every kept picture, tile and text stamp."""
    clear_tile_caches()
    laid_zone_lines.cache_clear()


CARD_W = 640


def render_card(card: Card, locale: str) -> bytes:
    """A card for /card: name (and the other language's), id, colour letter, cost, type, public cost,
    keywords, the text, power/toughness. 640 px wide: text >= 18 px (1/36), name, cost and
    power/toughness >= 26 px."""
    info = catalogue.info(card.id)
    colour = info["colour"]
    width = CARD_W
    text_lines = wrap(card.text(locale), 24, width - 70)
    height = max(460, 300 + len(text_lines) * 32 + 60)
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((8, 8, width - 8, height - 8), fill=TILE, outline=FILL[colour], width=5, radius=16)
    canvas.rect((8, 8, width - 8, 76), fill=DEEP[colour], radius=14)
    badge(canvas, 22, 24, colour, locale, size=34, on=DEEP[colour])
    write(canvas, (66, 42), fit(card.name(locale), 30, width - 170, True), 30, bold=True, anchor="lm")
    draw_cost(canvas, width - 76, 16, int(info["cost"]), size=52)
    other = card.name_en if lang(locale) == "ja" else card.name_ja
    write(canvas, (26, 86), fit(f"{card.id} · {other}", 24, width - 52), 24, MUTED)
    facts = [t("afterlife.ui.colour." + colour, locale), type_name(info["type"], locale),
             t("afterlife.ui.card.cost", locale, cost=info["cost"])]
    write(canvas, (26, 122), " · ".join(facts), 24, HIGHLIGHT, True)
    y = 160
    if info["public"]:
        draw_eye(canvas, 40, y + 14, 14)
        write(canvas, (62, y + 14), t("afterlife.ui.card.public_cost", locale), 22, bold=True, anchor="lm")
    else:
        write(canvas, (26, y + 14), t("afterlife.ui.card.no_public_cost", locale), 20, MUTED, anchor="lm")
    y += 40
    keywords = [keyword_name(k, locale) for k in info["keywords"]]
    if keywords:
        x = 26
        for word in keywords:
            w = token_width(word, 20, True) + 20
            canvas.rect((x, y, x + w, y + 32), fill=(70, 56, 100), outline=KEYWORD, width=2, radius=8)
            write(canvas, (x + 10, y + 16), word, 20, (230, 215, 255), True, "lm")
            x += w + 8
        y += 44
    canvas.rect((24, y, width - 24, y + 2), fill=LINE, radius=0)
    y += 14
    for line in text_lines:
        write(canvas, (32, y), line, 24, words=True)
        y += 32
    if info["type"] != "instant":
        pt = f"{info['power']} / {info['toughness']}"
        w = token_width(pt, 30, True) + 30
        canvas.rect((width - 26 - w, height - 70, width - 26, height - 24), fill=DARK, radius=10)
        write(canvas, (width - 26 - w / 2, height - 47), pt, 30, bold=True, anchor="mm")
    source = t(f"card.source_{card.source}", locale)
    write(canvas, (26, height - 40), t("afterlife.ui.card.source", locale, source=source), 18, MUTED, anchor="lm")
    return canvas.png()
