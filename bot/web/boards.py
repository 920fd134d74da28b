"""The board drawn for the web (issue 29, deliverable 4): each game's ``web_board(view, locale)`` hook turns
exactly the view its PNG is drawn from into an HTML fragment with real text (selectable, translatable, read
by screen readers), the game's colours (``/static/boards.css``) and its shapes as inline SVG.

Every board is a Jinja2 template under ``bot/web/boards/`` rendered autoescaped, so a member's name or a
card's text can never become markup. A game's hook builds plain data from its view (the same words its
renderer and ``describe`` use) and calls :func:`draw`; the page puts the result above the picture, which
stays as the fallback and the download.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from bot import i18n
from bot.render.names import SEAT_MARKERS, render_with_names, seat_name_words

HERE = Path(__file__).parent / "boards"
STYLE_SHEET = "boards.css"  # served at /static/boards.css (bot/web/templates/boards.css)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE), autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    env.globals["style_sheet"] = f"/static/{STYLE_SHEET}"
    return env


def draw(template: str, locale: str, **context: Any) -> Markup:
    """One game's board template, autoescaped, with ``t`` (this locale's strings) and ``seat`` (a seat's
    marker and name, as the picture labels it) at hand."""
    env = environment()
    text = env.get_template(template).render(
        locale=locale, t=lambda key, **args: i18n.t(key, locale, **args),
        marker=lambda seat: SEAT_MARKERS[seat] if seat in (0, 1) else "",
        seat=lambda seat: seat_name_words(seat, locale), **context)
    return Markup(text)


def web_board(game: Any, view: Mapping[str, Any], locale: str, names: tuple[str, str]) -> Markup | None:
    """The game's web board of ``view`` with the members' names (as its pictures and words name them), or
    None when the game has no web board (the page then shows the picture and the words only)."""
    hook = getattr(game, "web_board", None)
    if hook is None:
        return None
    return Markup(render_with_names(names, hook, view, locale))
