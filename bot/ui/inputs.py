"""What members pick and type in commands, shared by the cogs: the game choice of a ``game`` option, and
typed text quoted back safely in an error message."""

from __future__ import annotations

import discord
from discord import app_commands

from bot import i18n
from bot.games import get_game, playable_game_ids
from bot.ui.commandtext import cmd


def game_choices(*, with_cards: bool = False) -> list[app_commands.Choice[str]]:
    """The playable games as a command's choices (``with_cards``: only games that have cards, for /card)."""
    return [app_commands.Choice(name=cmd(f"games.{game_id}", i18n.t(f"games.{game_id}", "en")), value=game_id)
            for game_id in playable_game_ids() if not with_cards or get_game(game_id).cards()]


def quote_input(text: str, limit: int = 40) -> str:
    """A short, inert prefix of what a user typed, for an error message."""
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(" ".join(text.split())))
    return text if len(text) <= limit else text[:limit - 1] + "…"
