"""Players' names on the pictures, for every game at once.

Each game labels a seat through ``seat_label`` (its ``seat_name`` calls it). Rendered for a match, the
label is the member's server display name with a seat marker, so colour is never the only cue
(``▲ Alice`` / ``● Bob``); rendered without names (tests, /card) it stays the locale's "Player 1".
The names travel in a context variable set around one render in the render worker, so no renderer
signature changes and nothing about a player leaks between renders.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any

from bot import i18n

SEAT_MARKERS = ("▲", "●")
NAME_LIMIT = 20  # characters of a display name on a picture (then "…")
_SEAT_NAMES: ContextVar[tuple[str, str] | None] = ContextVar("seat_names", default=None)


def picture_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A display name safe to draw: printable characters only, whitespace collapsed, truncated."""
    text = " ".join(unicodedata.normalize("NFKC", name).split())  # newlines and tabs become spaces
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


# A seat's own picture (its hand or panel) posted for everyone to see, as the thread posts both hands when a
# match ends: titled with its owner ("Alice's hand"), never "Your hand". bot/ui/thread.py sets it on the view;
# each game's render_hand (and describe) reads it through ``shown_to_all``.
SHOWN_TO_ALL = "shown_to_all"


def shown_to_all(view: Mapping[str, Any]) -> bool:
    return bool(view.get(SHOWN_TO_ALL))


def seat_label(seat: int, locale: str) -> str:
    names = _SEAT_NAMES.get()
    if names is None or seat not in (0, 1):
        return i18n.t(f"common.seat{seat}", locale)
    return f"{SEAT_MARKERS[seat]} {names[seat]}"


def seat_name_words(seat: int, locale: str) -> str:
    """A seat as text describing a picture (alt text, /board): the name set for this render without its
    seat marker, else the locale's "Player 1"."""
    names = _SEAT_NAMES.get()
    if names is None or seat not in (0, 1):
        return i18n.t(f"common.seat{seat}", locale)
    return names[seat]


def render_with_names(names: tuple[str, str], function: Callable[..., bytes], *args: object) -> bytes:
    """Run one renderer with the seats' names set (call it inside the render worker thread)."""
    token = _SEAT_NAMES.set((picture_name(names[0]) or "?", picture_name(names[1]) or "?"))
    try:
        return function(*args)
    finally:
        _SEAT_NAMES.reset(token)


def localized_args(args, locale: str, formatters) -> dict:
    """Event or prompt arguments ready for a picture: a game's formatters (card ids -> names), and
    seat numbers (``seat``, ``winner``) as the seat's label."""
    out = {}
    for key, value in args.items():
        if key in formatters:
            out[key] = formatters[key](value, locale)
        elif key in ("seat", "winner") and isinstance(value, int):
            out[key] = seat_label(value, locale)
        else:
            out[key] = value
    return out


def localized_log(view, locale: str, formatters) -> list[str]:
    """The public events a view carries (its ``log``: ``{key, args}`` entries), as a picture's lines; an
    entry whose text cannot be made (a key or argument from an older version) is left out, not drawn raw."""
    parts = []
    for entry in view.get("log") or []:
        try:
            parts.append(i18n.t(entry["key"], locale, **localized_args(entry.get("args") or {}, locale, formatters)))
        except (KeyError, IndexError, ValueError, TypeError):
            continue
    return [part for part in parts if part]
