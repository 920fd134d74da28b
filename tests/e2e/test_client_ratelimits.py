"""discord.py's rate-limit buckets as the bot keeps them: idle ones are still dropped, but the walk over all of
them runs at most every few seconds, not on each new bucket (every thread, DM channel and interaction token
makes one, so with hundreds of matches it ran on nearly every request)."""

from __future__ import annotations

import asyncio

import discord

from bot.client import sweep_ratelimits_less_often


async def test_idle_buckets_are_swept_at_most_once_every_few_seconds():
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    now = [0.0]
    sweep_ratelimits_less_often(http, every=10.0, clock=lambda: now[0])
    for index in range(300):
        http.get_ratelimit(f"old:{index}")
    for bucket in http._buckets.values():
        bucket._last_request -= 400.0  # unused for longer than discord.py's 300 s: idle
    now[0] = 5.0
    http.get_ratelimit("new:1")
    assert len(http._buckets) == 301  # swept at 0 s: not again before 10 s
    now[0] = 11.0
    http.get_ratelimit("new:2")
    assert sorted(http._buckets) == ["new:1", "new:2"]  # the idle ones went; the ones in use stay
    await http.close()
