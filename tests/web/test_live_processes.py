"""Live pages across processes: a page served by one bot process follows a match another process publishes,
within about a second (PostgreSQL: the publisher's NOTIFY on ``dueltable_web``; a shared SQLite file: the
serving process's one poll of its watched matches), and the public page still moves only with the thread.

Two bots, one shard each of two, on one store and one sharded fake Discord (as tests/e2e/test_shards.py):
the match's guild is on shard 1, so bot ``one`` publishes it; its DM clicks land at bot ``zero``, which
serves the pages here."""

from __future__ import annotations

import asyncio
import contextlib
import time

import aiohttp
import pytest

from bot.client import DuelTable
from bot.games import get_game
from bot.web.live import stamp
from fakediscord import FakeDiscord, run_bot
from fakediscord.autoplay import answer_controls, live_panel
from tests.e2e.table import e2e_settings
from tests.e2e.test_shards import settle, start_match, world
from tests.web.webtable import SECRET, path_of, read_event


def shard_bot(tmp_path, clock, shard: int, url: str | None) -> DuelTable:
    settings = e2e_settings(tmp_path / "shared.sqlite3", shard_count=2, shard_ids=(shard,), database_url=url,
                            web_secret=SECRET)
    return DuelTable(settings, clock=clock, run_timekeeper=False, seed_source=lambda: 11, outbox_poll=0.05)


async def watching(bot: DuelTable, match_id: int, count: int) -> None:
    for _ in range(300):
        if bot.web.hub.watchers(match_id) == count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{bot.web.hub.watchers(match_id)} watchers, not {count}")


async def quiet(stream: aiohttp.StreamReader, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        told = await read_event(stream, timeout=seconds)
        raise AssertionError(f"a page was told news it must not get: {told}")


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_page_on_one_process_follows_a_match_another_process_publishes(tmp_path, clock, request, backend):
    url = request.getfixturevalue("postgres_url") if backend == "postgres" else None
    async with FakeDiscord(shard_count=2) as fake, \
            run_bot(shard_bot(tmp_path, clock, 0, url), fake) as zero, \
            run_bot(shard_bot(tmp_path, clock, 1, url), fake) as one:
        guild, channel, alice, bob = await world(fake)
        for bot in (zero, one):
            await bot.start_web(port=0)
        # Each way, not both: NOTIFY with PostgreSQL, the poll only on the shared SQLite file.
        assert (zero.web.poll_every is None) == (backend == "postgres")
        match = await start_match(fake, guild, channel, alice, bob, (zero, one))
        assert one.owns_guild(match.guild_id) and not zero.owns_guild(match.guild_id)
        published: list[float] = []
        publish = one.publisher.on_change

        def timed(row):
            publish(row)
            published.append(time.perf_counter())

        one.publisher.on_change = timed
        users = {0: alice, 1: bob}
        first, second = (d.seat for d in get_game("tiny").engine.pending(match.state))  # both pick in secret
        public, own = path_of(zero.web_url(match, None)), path_of(zero.web_url(match, first))
        async with aiohttp.ClientSession(base_url=zero.web.address) as http, \
                http.get(f"{public}/events?since={match.posted_version}") as public_events, \
                http.get(f"{own}/events?since={stamp(match, str(first))}") as own_events:
            await watching(zero, match.id, 2)
            if backend == "sqlite":
                assert zero.web._polling is not None and not zero.web._polling.done()  # one task for the hub

            # A secret pick: the seat's own page on the other process moves, the public page does not.
            panel = live_panel(fake, users[first].id)
            await fake.click(users[first], panel, answer_controls(fake, panel)[0]["custom_id"])
            told = await read_event(own_events.content, timeout=3.0)
            latency = time.perf_counter() - published[-1]
            after = await zero.store.get_match(match.id)
            assert after.posted_version == match.posted_version and after.version > match.version
            assert told["data"] == stamp(after, str(first)) != stamp(match, str(first))
            assert latency < 1.5, latency
            await settle(fake, zero, one)
            await quiet(public_events.content, 0.3)

            # The other secret pick: the thread hands over, and the public page on the other process follows.
            published.clear()
            panel = live_panel(fake, users[second].id)
            await fake.click(users[second], panel, answer_controls(fake, panel)[0]["custom_id"])
            told = await read_event(public_events.content, timeout=3.0)
            latency = time.perf_counter() - published[-1]
            after = await zero.store.get_match(match.id)
            assert told["data"] == str(after.posted_version) and after.posted_version > match.posted_version
            assert latency < 1.5, latency
            await settle(fake, zero, one)
        # The pages are closed: their handlers learn it at their next write, a keep-alive (made short here).
        zero.web.keepalive = 0.1
        zero.web.hub.changed(await zero.store.get_match(match.id))  # ends their current (long) wait
        await watching(zero, match.id, 0)
        if backend == "sqlite":  # nobody watching: the poll stops
            await asyncio.wait_for(asyncio.shield(zero.web._polling), 3.0)
