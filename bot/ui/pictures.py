"""Match pictures as Discord uploads: rendered off the event loop, with the players' names drawn in.

The thread's boards and the private panels' hands both come through here, so a picture is always made the
same way: in the render pool (bot/render/toolkit.py), with the members' display names (and seat markers)
where a game's renderer says "Player 1", and handed to discord.py as an upload (bot/memory.py).
"""

from __future__ import annotations

import discord

from bot import memory
from bot.render.names import render_with_names
from bot.render.toolkit import render_off_loop
from bot.ui.panel import Names


async def render_match(names: Names, filename: str, function, *args) -> discord.File:
    """A match picture with the players' display names (and seat markers) where a game says "Player 1"."""
    return memory.upload(await render_off_loop(render_with_names, names.literal, function, *args), filename)
