"""Run a real discord.py client against a FakeDiscord."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def pointed_at(fake: FakeDiscord | str) -> Iterator[None]:
    """Point discord.py's REST base and gateway URL at the fake, restoring them afterwards.

    ``fake`` may also be the base URL (``http://127.0.0.1:PORT``) of a fake served by another process.
    These are process-wide class attributes: run bots against one fake at a time.
    """
    base = fake if isinstance(fake, str) else fake.base_url
    saved_base, saved_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = f"{base}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http://", "ws://", 1) + "/gateway")
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved_base, saved_gateway


@contextlib.asynccontextmanager
async def run_bot(bot: ClientT, fake: FakeDiscord, *, token: str | None = None, ready_timeout: float = 10.0,
                  settle: bool = True) -> AsyncIterator[ClientT]:
    """Log ``bot`` in to the fake, connect it, wait for on_ready (and command sync), close it on exit.

    ``setup_hook`` runs inside ``login`` as in production; a sync done in ``on_ready`` is waited for by
    settling (``fake.idle()``) after ready. The bot's ``guild_ready_timeout`` is lowered to
    ``fake.guild_ready_timeout``: discord.py otherwise waits 2 s after the last GUILD_CREATE.
    """
    state = bot._connection
    state.guild_ready_timeout = min(state.guild_ready_timeout, fake.guild_ready_timeout)
    with pointed_at(fake):
        connect_task: asyncio.Task[None] | None = None
        try:
            await bot.login(token or fake.token or "fake-bot-token")
            connect_task = asyncio.create_task(bot.connect(reconnect=True), name="fakediscord-connect")
            await _wait_ready(bot, connect_task, ready_timeout)
            if settle:
                await fake.idle()
            yield bot
        finally:
            await bot.close()
            if connect_task is not None:
                await _finish(connect_task)


async def _wait_ready(bot: discord.Client, connect_task: asyncio.Task[None], timeout: float) -> None:
    ready = asyncio.create_task(bot.wait_until_ready(), name="fakediscord-wait-ready")
    done, _ = await asyncio.wait({ready, connect_task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if ready in done:
        return
    ready.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await ready
    if connect_task in done:
        connect_task.result()  # re-raise why connecting failed
        raise RuntimeError("the bot's connection ended before it became ready")
    raise TimeoutError(f"the bot was not ready within {timeout}s")


async def _finish(task: asyncio.Task[None]) -> None:
    try:
        await asyncio.wait_for(task, timeout=5.0)
    except (TimeoutError, asyncio.CancelledError):
        task.cancel()
    except (discord.ConnectionClosed, discord.HTTPException, OSError):
        pass  # the connection ending on close is the point
