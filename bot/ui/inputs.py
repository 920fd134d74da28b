"""What members pick and type in commands, shared by the cogs: the game choice of a ``game`` option, and
typed text quoted back safely in an error message."""

from __future__ import annotations

import discord
from discord import app_commands

from bot import i18n
from bot.games import playable_game_ids
from bot.ui.commandtext import cmd


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=cmd(f"games.{game_id}", i18n.t(f"games.{game_id}", "en")), value=game_id)
            for game_id in playable_game_ids()]


def quote_input(text: str, limit: int = 40) -> str:
    """A short, inert prefix of what a user typed, for an error message."""
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(" ".join(text.split())))
    return text if len(text) <= limit else text[:limit - 1] + "…"
