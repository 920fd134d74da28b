"""Match pictures as Discord uploads: rendered off the event loop, with the players' names drawn in.

The thread's boards and the private panels' hands both come through here, so a picture is always made the
same way: in the render pool (bot/render/toolkit.py), with the members' display names (and seat markers)
where a game's renderer says "Player 1", and handed to discord.py as an ``upload`` whose alt text
(``description``) is the game's ``describe`` of the very arguments the picture is drawn from.
"""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import discord

from bot.alttext import fit
from bot.render.names import render_with_names
from bot.render.toolkit import render_off_loop
from bot.ui.panel import Names


async def render_match(names: Names, filename: str, function, *args, describe=None) -> discord.File:
    """A match picture with the players' display names (and seat markers) where a game says "Player 1";
    ``describe`` (a GameSpec's) gives its alt text from the same ``(view, locale)``, names as drawn."""
    data = await render_off_loop(render_with_names, names.literal, function, *args)
    description = fit(render_with_names(names.literal, describe, *args)) if describe is not None else None
    return upload(data, filename, description or None)


def upload(data: bytes, filename: str, description: str | None = None) -> Any:
    """A ``discord.File`` of ``data`` that leaves no garbage cycle behind once sent.

    ``discord.File`` swaps its file object's ``close`` for a no-op and, when the send is done, puts back
    the bound method: the BytesIO then holds itself, so its ~100 KB picture lives until Python's full
    collection, which a busy bot runs rarely (13 MB of uploads were waiting for it after 1,000 decisions
    of the benchmark). Dropping the attribute instead leaves the same working ``close`` and no cycle.
    """
    return _upload_class()(io.BytesIO(data), filename=filename, description=description)


@cache
def _upload_class() -> type:
    class Upload(discord.File):
        __slots__ = ()

        def close(self) -> None:
            super().close()
            self.fp.__dict__.pop("close", None)

    return Upload
