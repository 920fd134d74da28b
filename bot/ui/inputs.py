"""What members pick and type in commands, shared by the cogs: the game choice of a ``game`` option, typed
text quoted back safely in an error message, and the check of every option a slash command receives.

Why the bot checks the options itself: discord.py passes an option's raw value to the command unchanged
(an ``app_commands.Range`` only tells Discord the range; a ``bool`` option given ``"maybe"`` arrives as
``"maybe"``, an integer option given ``0`` or ``"7"`` arrives as such; only ``Choice[...]`` annotations
and custom transformers raise ``TransformerError``). Discord's client keeps to the declared types, ranges
and choices, but a forged or buggy client need not, so ``check_options`` holds every option of every
command to its declaration before the command runs (the client's tree calls it: bot/client.py).
"""

from __future__ import annotations

import math
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from bot import i18n
from bot.games import get_game, playable_game_ids
from bot.ui.commandtext import cmd

# Discord's own bounds when a command declares none: a string option holds at most 6,000 characters, an
# integer option lies within ±2^53 (what JSON numbers carry exactly).
MAX_STRING_LENGTH = 6000
MAX_INTEGER = 2**53

# Options that name a Discord object: where Discord resolves their snowflake in ``data.resolved``.
RESOLVED_KEYS: dict[AppCommandOptionType, tuple[str, ...]] = {
    AppCommandOptionType.user: ("users",),
    AppCommandOptionType.channel: ("channels",),
    AppCommandOptionType.role: ("roles",),
    AppCommandOptionType.mentionable: ("users", "roles"),
    AppCommandOptionType.attachment: ("attachments",),
}


class BadOption(app_commands.AppCommandError):
    """An option a command did not declare, or whose value breaks its declared type, range or choices."""

    def __init__(self, option: str) -> None:
        # Shown in code quotes: only what Discord allows in an option name (a forged one may hold anything).
        self.option = "".join(c for c in option if c.isalnum() or c in "-_")[:32] or "?"
        super().__init__(f"bad option {self.option!r}")


def game_choices(*, with_cards: bool = False) -> list[app_commands.Choice[str]]:
    """The playable games as a command's choices (``with_cards``: only games that have cards, for /card)."""
    return [app_commands.Choice(name=cmd(f"games.{game_id}", i18n.t(f"games.{game_id}", "en")), value=game_id)
            for game_id in playable_game_ids() if not with_cards or get_game(game_id).cards()]


def quote_input(text: str, limit: int = 40) -> str:
    """A short, inert prefix of what a user typed, for an error message."""
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(" ".join(text.split())))
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_options(command: app_commands.Command, options: list[dict[str, Any]], resolved: dict[str, Any]) -> None:
    """Raise ``BadOption`` unless ``options`` (a slash command's leaf options, as Discord sends them) are
    exactly what ``command`` declares: known names, each once, every required one present, each value of
    its declared type, within its range or length and among its choices; an object option resolved."""
    parameters = {parameter.display_name: parameter for parameter in command.parameters}
    seen: set[str] = set()
    for option in options:
        name = option.get("name")
        parameter = parameters.get(name) if isinstance(name, str) else None
        if parameter is None or name in seen:
            raise BadOption(str(name))
        seen.add(name)
        if option.get("type") != parameter.type.value or not value_fits(parameter, option.get("value"), resolved):
            raise BadOption(name)
    missing = [name for name, parameter in parameters.items() if parameter.required and name not in seen]
    if missing:
        raise BadOption(missing[0])


def value_fits(parameter: app_commands.Parameter, value: Any, resolved: dict[str, Any]) -> bool:
    """Whether ``value`` is of ``parameter``'s type, within its bounds and among its choices."""
    kind = parameter.type
    if kind is AppCommandOptionType.boolean:
        return isinstance(value, bool)
    if kind is AppCommandOptionType.string:
        low, high = parameter.min_value or 0, parameter.max_value or MAX_STRING_LENGTH
        fits = isinstance(value, str) and low <= len(value) <= high
    elif kind is AppCommandOptionType.integer:
        low = parameter.min_value if parameter.min_value is not None else -MAX_INTEGER
        high = parameter.max_value if parameter.max_value is not None else MAX_INTEGER
        fits = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    elif kind is AppCommandOptionType.number:
        fits = (isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
                and (parameter.min_value is None or value >= parameter.min_value)
                and (parameter.max_value is None or value <= parameter.max_value))
    elif kind in RESOLVED_KEYS:
        if not isinstance(value, str) or not value.isdigit():
            return False
        found = [item for key in RESOLVED_KEYS[kind] if isinstance(item := (resolved.get(key) or {}).get(value), dict)]
        if not found:
            return False
        kinds = {channel_type.value for channel_type in parameter.channel_types}
        return not kinds or found[0].get("type") in kinds  # a channel option's declared channel types
    else:
        return False
    return fits and (not parameter.choices or value in [choice.value for choice in parameter.choices])


def is_match_number(value: Any) -> bool:
    """A value a ``match`` option may hold (``Range[int, 1, 2**53 - 1]``): for autocomplete, which sees the
    other options before any check."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value < MAX_INTEGER
