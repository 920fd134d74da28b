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


def snowflake_time_ms(snowflake: int) -> int:
    """Unix time in milliseconds encoded in a snowflake."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS
