"""Build the private panel of one seat: hand image, prompt and the controls for its pending decision.

Layout rules (Discord limits: 5 rows, 5 buttons a row, one select a row, 25 options a select):
up to 5 single-choice options become buttons; more become one select of 25 per page with
previous/next buttons; a multi-choice decision becomes a select with min/max values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import discord

from bot import i18n
from bot.engine import Decision, Event, decision_for
from bot.games import GameSpec
from bot.render.names import picture_name
from bot.store import MatchRow
from bot.ui.components import ConfirmButton, OptionButton, PageButton, button, select, view_of
from bot.ui.hints import offer_hint

PAGE_SIZE = 25
MAX_BUTTONS = 5


@dataclass(frozen=True)
class Names:
    """Display names of both seats. ``seats``: for message text, where a name is never formatting or a
    ping (markdown and mentions escaped, control characters dropped); ``drawn``: as the members show
    themselves, for pictures and files, which show text literally (None: the same as ``seats``)."""

    seats: tuple[str, str]
    drawn: tuple[str, str] | None = None

    @property
    def literal(self) -> tuple[str, str]:
        return self.drawn if self.drawn is not None else self.seats


def message_name(name: str) -> str:
    """A display name inside a message: "**Eve**", "# Eve" or "@everyone" are shown as typed, never as
    bold text, a heading or a mention (the allowed mentions stop pings; this stops the look of one)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(picture_name(name, limit=64)))


def format_args(game: GameSpec, args: dict[str, Any], locale: str, names: Names) -> dict[str, Any]:
    formatters = game.arg_formatters or {}
    out: dict[str, Any] = {}
    for key, value in args.items():
        if key in formatters:
            out[key] = formatters[key](value, locale)
        elif key in ("seat", "winner", "loser", "attacker", "defender", "player") and isinstance(value, int):
            out[key] = names.seats[value]
        else:
            out[key] = value
    return out


def format_event(game: GameSpec, event: Event, locale: str, names: Names) -> str:
    return i18n.t(event.key, locale, **format_args(game, dict(event.args), locale, names))


def format_prompt(game: GameSpec, decision: Decision, locale: str, names: Names) -> str:
    return i18n.t(decision.prompt, locale, **format_args(game, dict(decision.args), locale, names))


def panel_controls(game: GameSpec, match: MatchRow, decision: Decision, seat_view: dict, locale: str,
                   page: int = 0) -> discord.ui.View:
    version = match.panel_version(decision.seat)
    options = list(decision.options)
    labels = [game.option_label(option, seat_view, locale) for option in options]
    if decision.max == 1 and len(options) <= MAX_BUTTONS:
        return view_of(*(
            _option_button(match.id, version, index, option, label, decision.confirm)
            for index, (option, label) in enumerate(zip(options, labels, strict=True))
        ))
    pages = max(1, math.ceil(len(options) / PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    start = page * PAGE_SIZE
    chunk = list(zip(options[start:start + PAGE_SIZE], labels[start:start + PAGE_SIZE], strict=True))
    select_options = [discord.SelectOption(label=label[:100], value=option) for option, label in chunk]
    placeholder = i18n.t("panel.select_placeholder", locale, page=page + 1, pages=pages)
    if decision.max > 1:
        placeholder = i18n.t("panel.select_many", locale, min=decision.min, max=decision.max)
    items: list[discord.ui.Item] = [select(
        f"dt:s:{match.id}:{version}:{page}", placeholder, select_options,
        min_values=min(decision.min, len(chunk)), max_values=min(decision.max, len(chunk)), row=0,
    )]
    if pages > 1:
        # Disabled ends still need valid, distinct ids: clamp them into range.
        items.append(button(PageButton, f"dt:p:{match.id}:{version}:{max(page - 1, 0)}",
                            i18n.t("panel.previous", locale), row=1, disabled=page == 0))
        items.append(button(PageButton, f"dt:p:{match.id}:{version}:{min(page + 1, pages - 1)}",
                            i18n.t("panel.next", locale), row=1, disabled=page == pages - 1))
    return view_of(*items)


def _option_button(match_id: int, version: int, index: int, option: str, label: str, confirm: bool):
    if confirm:
        return button(ConfirmButton, f"dt:c:{match_id}:{version}:{index}", label,
                      style=discord.ButtonStyle.primary)
    custom_id = f"dt:o:{match_id}:{version}:{option}"
    if len(custom_id) > 100:  # very long option ids fall back to the index form
        return button(ConfirmButton, f"dt:c:{match_id}:{version}:{index}", label, style=discord.ButtonStyle.primary)
    return button(OptionButton, custom_id, label, style=discord.ButtonStyle.primary)


def build_panel(game: GameSpec, match: MatchRow, seat: int, locale: str, names: Names, page: int = 0,
                with_image: bool = True) -> tuple[str, dict, discord.ui.View | None, Decision | None]:
    """Content, the seat's view (to render the hand from), controls and the open decision."""
    seat_view = game.engine.view(match.state, seat)
    header = i18n.t("panel.header", locale, game=i18n.t(f"games.{match.game}", locale), match_id=match.id)
    if match.status != "active":
        return f"{header}\n{i18n.t('panel.finished', locale)}", seat_view, None, None
    pending = game.engine.pending(match.state)
    decision = decision_for(pending, seat)
    if decision is None:
        waiting_for = [d.seat for d in pending]
        secret = any(d.secret for d in pending)
        key = "panel.waiting_secret" if secret else "panel.waiting"
        who = ", ".join(names.seats[s] for s in waiting_for)
        return f"{header}\n{i18n.t(key, locale, players=who)}", seat_view, None, None
    prompt = format_prompt(game, decision, locale, names)
    if decision.max > 1:
        prompt += "\n" + i18n.t("panel.choose_between", locale, min=decision.min, max=decision.max)
    controls = panel_controls(game, match, decision, seat_view, locale, page)
    offer_hint(controls, match, seat, locale)  # the assist row's Hint, where hints are offered
    return f"{header}\n**{prompt}**", seat_view, controls, decision
