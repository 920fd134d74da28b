"""What the Discord layer needs of the bot that runs it, as a Protocol.

The UI objects (bot/ui/*) and the cogs are handed the bot, but never import ``bot/client.py``: the client
builds them, so importing it back would be a circle. They type it with ``TableBot``, which names only what
they use: the store and match service, the clock and the timer lease, which guilds this process owns, the
count of handlers in flight, and discord.py's own client calls. (The cogs get the whole client.)
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

import discord

from bot.match import MatchService
from bot.store import MatchRow, Store


class TableBot(Protocol):
    store: Store
    service: MatchService
    clock: Callable[[], float]
    timer_lease: float
    http: discord.http.HTTPClient

    @property
    def user(self) -> discord.ClientUser | None: ...

    @property
    def claim_shards(self) -> dict: ...

    def owns_guild(self, guild_id: int | None) -> bool: ...

    async def wake_owner(self, match_id: int) -> None: ...

    def web_url(self, match: MatchRow, seat: int | None) -> str | None: ...

    def working(self) -> AbstractContextManager[None]: ...

    def get_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_user(self, user_id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...
