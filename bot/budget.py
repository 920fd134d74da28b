"""One bot token's budget across processes (issue 30).

Discord's limits belong to the bot token, not to a process:

* **the global limit**, 50 requests a second across every shard and process (interaction callbacks and
  interaction webhooks are not counted). Each process keeps to its share, set by the shard layout
  (``DUELTABLE_SHARD_IDS`` of ``DUELTABLE_SHARD_COUNT``: shards carry the guilds, and a guild's process
  makes its threads' and panels' calls), so N processes together stay under the token's limit without
  talking to each other. The share is enforced by a leaky bucket (aiolimiter) whose burst plus one
  second of its rate is 90% of the share: no window of one second holds more than the share, even when
  the network bunches requests up on their way. discord.py
  waits inside the request (an aiohttp trace hook runs before each one is sent), so nothing is dropped;
  a burst is spread out.
* **IDENTIFY**: ``max_concurrency`` sessions per 5 s and a daily budget (1,000 for most bots). A process
  in a crash loop (restarted by systemd after each crash) would spend the day's budget within hours and
  then not be able to connect at all: before each IDENTIFY the process reads what Discord says is left
  (``session_start_limit``) and, once less than half is left, spreads the rest over the time until it
  resets; with several processes on PostgreSQL, the IDENTIFYs of one concurrency bucket are also spaced
  5 s apart across processes (an advisory lock held for the spacing).

Metrics: ``dueltable_discord_budget_share`` (requests a second this process may send),
``dueltable_discord_budget_remaining`` (how many it could send at once without waiting, as of its latest
request),
``dueltable_discord_budget_waits_total`` (requests held back) and ``dueltable_discord_identify_remaining``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import aiohttp
from aiolimiter import AsyncLimiter

from bot import metrics

log = logging.getLogger(__name__)

STEADY = 0.7  # of the share as the steady rate
BURST = 0.2  # of the share a quiet process may send at once; the last 0.1 is headroom for network jitter
# (requests let go on time may reach Discord bunched up: Discord counts them as they arrive)
IDENTIFY_SPACING = 5.0  # seconds between two IDENTIFYs of one max_concurrency bucket
IDENTIFY_LOW = 0.5  # below this share of the day's session starts left, spread the rest until the reset


def process_share(limit: float, shard_count: int | None, shard_ids: tuple[int, ...] | None) -> float:
    """This process's part of the token's global limit: all of it when it runs every shard, else its
    shards' part of the count."""
    if shard_count is None or shard_ids is None:
        return limit
    return limit * len(shard_ids) / shard_count


class RequestBudget:
    def __init__(self, share: float) -> None:
        self.share = share
        rate = share * STEADY
        self.burst = max(1.0, share * BURST)
        # capacity ``burst``, leaking ``rate`` a second: at most burst + rate (0.9 of the share) in any second
        self.limiter = AsyncLimiter(self.burst, self.burst / rate)
        metrics.DISCORD_BUDGET_SHARE.set(share)
        metrics.DISCORD_BUDGET_REMAINING.set(self.burst)

    def remaining(self) -> int:
        """Requests this process may send right now without waiting (in the event loop: the bucket leaks
        by the loop's clock)."""
        return sum(1 for amount in range(1, int(self.burst) + 1) if self.limiter.has_capacity(amount))

    def attach(self, trace: aiohttp.TraceConfig) -> aiohttp.TraceConfig:
        """Hold each counted request until the bucket has room (before discord.py sends it)."""
        async def on_request_start(_session, _context, params: aiohttp.TraceRequestStartParams) -> None:
            if metrics.discord_route(params.method, params.url.path) == "interaction":
                return  # interaction answers are exempt, and have Discord's 3 s to meet
            if not self.limiter.has_capacity():
                metrics.DISCORD_BUDGET_WAITS.inc()
            await self.limiter.acquire()
            metrics.DISCORD_BUDGET_REMAINING.set(self.remaining())  # as of this process's latest request

        trace.on_request_start.append(on_request_start)
        return trace


async def before_identify(bot: Any, shard_id: int | None, initial: bool) -> None:
    """What discord.py's ``before_identify_hook`` does (5 s between its own shards), plus the token's
    session-start budget and, across processes on PostgreSQL, the concurrency bucket's spacing."""
    if not initial:
        await asyncio.sleep(IDENTIFY_SPACING)
    try:
        limits = await bot.fetch_session_start_limits()
    except (discord_errors() + (OSError, asyncio.TimeoutError)) as error:
        log.info("session start limits not readable (%s): identifying", error)
        limits = None
    if limits is not None:
        metrics.DISCORD_IDENTIFY_REMAINING.set(limits.remaining)
        wait = identify_delay(limits.total, limits.remaining, limits.reset_after / 1000)
        if wait:
            log.warning("%d of %d session starts left today: waiting %.0f s before IDENTIFY (a crash loop?)",
                        limits.remaining, limits.total, wait)
            await asyncio.sleep(wait)
    store = getattr(bot, "store", None)
    if store is not None and store.dialect == "postgres" and getattr(bot, "several_processes", False):
        bucket = (shard_id or 0) % max(1, limits.max_concurrency if limits is not None else 1)
        await hold_identify_bucket(store, bucket)


def identify_delay(total: int, remaining: int, reset_after: float) -> float:
    """Seconds to wait before an IDENTIFY: none while at least half the day's session starts are left;
    then the rest spread evenly until Discord resets them; all of the reset when none is left."""
    if remaining <= 0:
        return reset_after
    if remaining >= total * IDENTIFY_LOW:
        return 0.0
    return reset_after / remaining


async def hold_identify_bucket(store: Any, bucket: int) -> None:
    """Take the bucket's cross-process lock and keep it ``IDENTIFY_SPACING`` seconds after this IDENTIFY
    goes out, so the next process's IDENTIFY in the bucket waits for Discord's 5 s."""
    from bot.db import advisory_key

    taken = asyncio.get_running_loop().create_future()

    async def hold() -> None:
        try:
            async with store.db.transaction() as tx:
                await tx.lock(advisory_key("identify", bucket))
                taken.set_result(None)
                await asyncio.sleep(IDENTIFY_SPACING)
        except Exception as error:  # the database away: identify anyway (Discord's own check remains)
            log.info("IDENTIFY spacing lock not held (%s)", error)
            if not taken.done():
                taken.set_result(None)

    task = asyncio.get_running_loop().create_task(hold())
    _holding.add(task)
    task.add_done_callback(_holding.discard)
    await taken


_holding: set[asyncio.Task] = set()


def discord_errors() -> tuple[type[BaseException], ...]:
    import discord

    return (discord.HTTPException, discord.GatewayNotFound)
