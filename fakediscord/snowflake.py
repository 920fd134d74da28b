"""Snowflake ids that look like Discord's.

discord.py derives ``created_at`` from an id (and picks a sub-rate-limit bucket for deletes from it), so
the fake hands out real time-based snowflakes instead of small counters.
"""

from __future__ import annotations

import time

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeGenerator:
    """Strictly increasing snowflakes: ``(ms since the Discord epoch) << 22`` plus a sequence."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        # Several ids in the same millisecond: bump the low bits so ordering by id is creation order.
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id whose guild Discord would route to ``shard_id``: ``(id >> 22) % shard_count``."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} is not one of {shard_count} shards")
        candidate = self.next()
        while (candidate >> 22) % shard_count != shard_id:
            candidate = ((candidate >> 22) + 1) << 22  # one millisecond on: the shard moves by one
        self._last = candidate
        return candidate


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; DMs (no guild) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def snowflake_time_ms(snowflake: int) -> int:
    """Unix time in milliseconds encoded in a snowflake."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS
