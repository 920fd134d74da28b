"""Pictures in words: the shared pieces of every game's ``describe(view, locale)`` (cogs/<game>/describe.py).

A describer states what its picture shows (whose turn and phase, life or score, each field, the counts of
hands, decks and graves) from the same view the picture is drawn from, for a screen reader (a picture's alt
text, Discord's ``attachments[].description``) and for ``/board``. Seats are named as on the pictures
(bot/render/names.py: the members' names set around one render or describe), without the seat markers, which a
screen reader would read out as "black up-pointing triangle".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot import i18n
from bot.render.names import seat_name_words, shown_to_all

ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description


def seat(seat_index: int, locale: str) -> str:
    """A seat's name in words: the member's display name, else the locale's "Player 1"."""
    return seat_name_words(seat_index, locale)


def listing(items: Iterable[str], locale: str) -> str:
    """``a, b, c`` (en) or ``a、b、c`` (ja); an empty list is the locale's "none"."""
    items = [item for item in items if item]
    if not items:
        return i18n.t("alt.none", locale)
    return ("、" if locale.startswith("ja") else ", ").join(items)


def hand_words(view: Mapping[str, Any], viewer: int, cards: list[str], locale: str) -> str:
    """A seat's hand (its cards' names): "Your hand, …" in its own picture, "Alice's hand, …" when the picture
    is shown to everyone (the thread's final hands, ``bot.render.names.shown_to_all``)."""
    if shown_to_all(view):
        return i18n.t("alt.hand_of", locale, seat=seat(viewer, locale), count=len(cards), cards=listing(cards, locale))
    return i18n.t("alt.your_hand", locale, count=len(cards), cards=listing(cards, locale))


def sentences(parts: Iterable[str], locale: str) -> str:
    """Sentences joined as the locale writes them: a space between English ones, none between Japanese."""
    return ("" if locale.startswith("ja") else " ").join(part for part in parts if part)


def fit(text: str, limit: int = ALT_TEXT_LIMIT) -> str:
    """``text`` within ``limit`` characters: whole sentences kept, then "…" (never cut mid-word)."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    cut = max(head.rfind(". "), head.rfind("。"))
    if cut > limit // 2:
        return head[: cut + 1] + "…"
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip() + "…"
