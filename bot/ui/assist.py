"""The assist row of a decision panel (row 2; options and paging hold rows 0-1): controls that help a seat with
its open question rather than answer it: the ? (its question explained, bot/ui/help.py) and, where hints are
offered, Hint (what the bot player would choose, bot/ui/hints.py).

To add a control, write a builder ``(match, decision, locale) -> item or None`` (None: not offered here, e.g. a
control for unrated matches only) and list it in ``ASSIST_CONTROLS``; each gets the row's next place (5 at most).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot import i18n
from bot.engine import Decision
from bot.store import MatchRow
from bot.ui.components import HelpButton, button
from bot.ui.hints import hint_button

ASSIST_ROW = 2
ROW_WIDTH = 5  # Discord's buttons a row

AssistControl = Callable[[MatchRow, Decision, str], discord.ui.Item | None]


def help_button(match: MatchRow, decision: Decision, locale: str) -> discord.ui.Item:
    """? : the seat's question explained privately, at the version of the panel it sits on."""
    return button(HelpButton, f"dt:q:{match.id}:{decision.seat}:{match.panel_version(decision.seat)}",
                  i18n.t("help.button", locale), row=ASSIST_ROW)


def hint_control(match: MatchRow, decision: Decision, locale: str) -> discord.ui.Item | None:
    """Hint, only in lessons, matches against the bot and unrated matches (bot/ui/hints.py decides)."""
    return hint_button(match, decision.seat, locale, row=ASSIST_ROW)


ASSIST_CONTROLS: tuple[AssistControl, ...] = (help_button, hint_control)


def assist_row(match: MatchRow, decision: Decision, locale: str) -> list[discord.ui.Item]:
    """The assist controls offered for this seat's ``decision``, all on row ``ASSIST_ROW``."""
    items = [item for make in ASSIST_CONTROLS if (item := make(match, decision, locale)) is not None]
    return items[:ROW_WIDTH]
