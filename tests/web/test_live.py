"""Live pages: a decision made in Discord reaches the open pages as a server-sent event, fed by the same
publish path as the thread; a page that reconnects is resynced by its last stamp; a page served by a
process that did not publish learns the news at its keep-alive; a stopping server ends its connections."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time

from bot.engine import decision_for
from bot.games import get_game
from bot.web.live import stamp
from tests.web.webtable import WebTable, path_of, read_event


async def watching(web: WebTable, match_id: int, count: int) -> None:
    for _ in range(200):
        if web.bot.web.hub.watchers(match_id) == count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{web.bot.web.hub.watchers(match_id)} watchers, not {count}")


async def test_a_decision_in_discord_reaches_the_public_and_the_acting_seats_pages(web: WebTable):
    bot = web.bot
    match = await web.table.start("formation")
    seat = get_game("formation").engine.pending(match.state)[0].seat
    public, own = path_of(bot.web_url(match, None)), path_of(bot.web_url(match, seat))
    other = path_of(bot.web_url(match, 1 - seat))
    headers = {"Last-Event-ID": str(match.posted_version)}
    async with web.http.get(public + "/events", headers=headers) as events, \
            web.http.get(f"{own}/events?since={stamp(match, str(seat))}") as own_events, \
            web.http.get(f"{other}/events?since={stamp(match, str(1 - seat))}") as other_events:
        assert events.headers["Content-Type"] == "text/event-stream"
        await watching(web, match.id, 3)
        started = time.perf_counter()
        await web.step(random.Random(1))  # a click in Discord (the fake): the decision, then its publish
        told = await read_event(events.content)
        latency = time.perf_counter() - started
        after = await web.table.match()
        assert told == {"id": str(after.posted_version), "event": "version", "data": str(after.posted_version)}
        assert after.posted_version > match.posted_version and latency < 1.0, latency
        assert (await read_event(own_events.content))["data"] == stamp(after, str(seat))
        if stamp(after, str(1 - seat)) == stamp(match, str(1 - seat)):  # its view did not change: not woken
            try:
                await read_event(other_events.content, timeout=0.3)
                raise AssertionError("a seat page was told news it cannot see")
            except TimeoutError:
                pass
    live = await web.text(public + "/live")
    assert f'data-stamp="{after.posted_version}"' in live and "<html" not in live


async def test_a_reconnecting_page_is_resynced_by_its_last_stamp(web: WebTable):
    bot = web.bot
    match = await web.table.start("wars")
    public = path_of(bot.web_url(match, None))
    async with web.http.get(public + "/events", headers={"Last-Event-ID": "old"}) as stale:
        assert (await read_event(stale.content))["data"] == str(match.posted_version), "told at once"
    async with web.http.get(f"{public}/events?since={match.posted_version}") as current:
        try:
            await read_event(current.content, timeout=0.3)
            raise AssertionError("a page up to date was told again")
        except TimeoutError:
            pass


async def test_news_published_elsewhere_arrives_at_the_keep_alive(web: WebTable):
    """Another process published (its hub, not this one's, was told): the keep-alive re-reads the stamp."""
    bot = web.bot
    match = await web.table.start("tetra")
    bot.publisher.on_change = lambda match: None  # as if another process ran this match's publish
    bot.web.keepalive = 0.2
    public = path_of(bot.web_url(match, None))
    async with web.http.get(f"{public}/events?since={match.posted_version}") as events:
        await watching(web, match.id, 1)
        await web.step(random.Random(2))
        after = await web.table.match()
        assert (await read_event(events.content, timeout=2.0))["data"] == str(after.posted_version)
        await bot.web.stop()  # the server stops: the connection ends (the browser reconnects elsewhere)
        assert await asyncio.wait_for(events.content.read(), 2.0) == b""
    assert bot.web.hub.watchers() == 0


def test_the_public_stamp_is_the_threads_version_so_a_secret_answer_moves_no_page():
    """While only a secret window is open the match's version moves on and the thread stays still: the public
    page's stamp is the thread's version, so nothing tells a spectator that a window was offered."""
    from bot.store import MatchRow

    state = get_game("tiny").engine.new_game(1, {})
    match = MatchRow(id=1, game="tiny", options={}, seed=1, guild_id=1, channel_id=1, thread_id=2, players=(1, 2),
                     bot_seat=None, days=3, locale="en", status="active", state=state, version=5, panels={},
                     dm_ok=(True, True), turn_started=0, deadline=0, timer_stage=0, next_timer_at=None, winner=None,
                     result_reason=None, posted_version=5)
    moved = dataclasses.replace(match, version=6)
    assert stamp(moved, "p") == stamp(match, "p") == "5"
    seat = next(s for s in (0, 1) if decision_for(get_game("tiny").engine.pending(state), s) is not None)
    assert stamp(moved, str(seat)) == stamp(match, str(seat))  # the same view and question: the same stamp


async def test_with_parts_each_news_brings_the_pages_own_live_part(web: WebTable):
    """The page's script asks ``parts=1``: the news carries the live part itself (what ``/live`` answers), so a
    hundred pages cost one build and no request each; a seat's stream carries that seat's part only."""
    bot = web.bot
    match = await web.table.start("formation")
    seat = get_game("formation").engine.pending(match.state)[0].seat
    public, own = path_of(bot.web_url(match, None)), path_of(bot.web_url(match, seat))
    async with web.http.get(f"{public}/events?parts=1&since={match.posted_version}&lang=en") as events, \
            web.http.get(f"{own}/events?parts=1&since={stamp(match, str(seat))}&lang=en") as own_events:
        await watching(web, match.id, 2)
        await web.step(random.Random(1))
        after = await web.table.match()
        told = await read_part(events.content)
        assert told["id"] == str(after.posted_version) and told["event"] == "part"
        assert told["data"] == await web.text(public + "/live?lang=en")
        mine = await read_part(own_events.content)
        assert mine["id"] == stamp(after, str(seat)) and mine["data"] == await web.text(own + "/live?lang=en")
        assert mine["data"] != told["data"]


async def read_part(stream, timeout: float = 5.0) -> dict[str, str]:
    """The next event with its data lines joined as a browser joins them."""
    fields: dict[str, str] = {}
    data: list[str] = []

    async def read() -> dict[str, str]:
        while True:
            line = (await stream.readline()).decode().rstrip("\n")
            if not line:
                if data:
                    return fields | {"data": "\n".join(data)}
                fields.clear()
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            if name == "data":
                data.append(value)
            else:
                fields[name] = value

    return await asyncio.wait_for(read(), timeout)


async def test_requests_arriving_together_share_one_store_read_but_never_one_from_before_the_news(web: WebTable):
    bot = web.bot
    match = await web.table.start("wars")
    public = path_of(bot.web_url(match, None))
    await web.text(public + "/live")  # the row is known: later requests refresh it
    store = bot.store
    reads = []
    real = store.refresh_match

    async def counted(known):
        reads.append(known.id)
        return await real(known)

    store.refresh_match = counted
    try:
        answers = await asyncio.gather(*(web.get(f"{public}/board.png") for _ in range(20)))
        assert all(status == 200 for status, _ in answers)
        assert len(reads) < 5, reads  # one read a flight (aiohttp may serve a few apart), not one a request
        await web.step(random.Random(3))  # news: the publish path tells the server
        after = await web.table.match()
        reads.clear()
        live = await web.text(public + "/live")
        assert reads and f'data-stamp="{after.posted_version}"' in live
    finally:
        store.refresh_match = real
