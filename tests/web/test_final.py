"""After the end: the public and seat pages show what the thread's result post shows (the final board with
every hidden card revealed, the result line) and no form; the live connection says so and ends."""

from __future__ import annotations

import asyncio
import html
import random

import pytest

from bot import i18n
from bot.engine import random_choice
from bot.games import get_game
from bot.ui.thread import result_line
from bot.web.live import stamp
from bot.web.pages import page_names
from tests.e2e.test_hidden_information import pixels
from tests.web.browser import chromium, find_browser
from tests.web.test_live import read_part, watching
from tests.web.webtable import WebTable, path_of

BROWSER = find_browser()


async def resign(web: WebTable, match_id: int) -> None:
    world, fake = web.table.world, web.fake
    asked = await fake.slash(world.alice, world.guild, world.channel, "resign", options={"match": match_id})
    button = fake.find_component(asked.messages[0], custom_id_prefix="dt:r:")
    await web.table.click(world.alice, asked.messages[0], button["custom_id"])


async def test_the_pages_show_the_result_posts_board_and_the_stream_ends(web: WebTable):
    bot = web.bot
    match = await web.table.start("formation")
    rng = random.Random(4)
    for _ in range(8):
        await web.step(rng)
    match = await web.table.match()
    paths = {role: path_of(bot.web_url(match, seat)) for role, seat in (("p", None), ("0", 0), ("1", 1))}
    before = {role: await web.text(path + "/live?lang=en") for role, path in paths.items()}
    assert any("<form" in part for part in before.values())  # someone had a question to answer
    streams = {role: await web.http.get(f"{path}/events?parts=1&lang=en&since={stamp(match, role)}")
               for role, path in paths.items()}
    try:
        await watching(web, match.id, 3)
        await resign(web, match.id)
        final = await web.table.match()
        assert final.status == "finished" and final.posted_version == final.version
        # The thread's result post: its board is every hidden card revealed, and its result line.
        result_post = next(m for m in reversed(web.table.thread_messages())
                           if any(name == "board.png" for name, _ in m.attachments))
        result = result_line(final, page_names(await bot.members.names(final)))
        assert result in result_post.content
        for role, events in streams.items():
            told = await read_part(events.content)
            assert told["event"] == "part" and told["id"] == stamp(final, role)
            part = told["data"]
            assert html.escape(result, quote=False) in part and "<form" not in part, role
            assert 'data-over="1"' in part and "Final position with every hidden card revealed" in part
            assert part == await web.text(paths[role] + "/live?lang=en")
            ended = await read_part(events.content)
            assert ended["event"] == "end"
            assert await asyncio.wait_for(events.content.read(), 2.0) == b""  # the stream ends
            status, picture = await web.get(f"{paths[role]}/board.png?lang=en")  # bob reads ja
            assert status == 200 and pixels(picture) == pixels(result_post.attachments[0][1]), role
    finally:
        for events in streams.values():
            events.close()
    # A page opened after the end is told at once that nothing more will come.
    async with web.http.get(f"{paths['p']}/events?since={final.posted_version}") as late:
        assert (await read_part(late.content))["event"] == "end"
    page = await web.text(paths["1"] + "?lang=en")
    assert 'data-over="The match is over: this is the final position."' in page


async def test_the_public_page_does_not_show_the_end_before_the_thread_does(web: WebTable):
    """The match ended in the store but its result is not posted yet (the owner still publishing): the public
    page stays on the position the thread shows, with no result."""
    bot = web.bot
    match = await web.table.start("formation")
    path = path_of(bot.web_url(match, None))
    shown = await web.text(path + "/live?lang=en")
    game = get_game("formation")
    public = game.engine.view(match.state, None)
    rng = random.Random(5)
    while game.engine.view(match.state, None) == public:  # decisions stored, not published: the thread lags
        decision = game.engine.pending(match.state)[0]
        applied = await bot.service.decide(match.id, match.players[decision.seat], match.panel_version(decision.seat),
                                           random_choice(decision, rng), seat=decision.seat)
        match = applied.after
    applied = await bot.service.resign(match.id, web.table.world.alice.id)  # stored, not published
    assert applied.after.status == "finished" and applied.after.posted_version < applied.after.version
    bot.web._pages.clear()  # built anew from the store, not the page kept for this stamp
    bot.web._matches.clear()
    assert await web.text(path + "/live?lang=en") == shown
    await bot.publisher.publish(applied)
    assert "data-over" in await web.text(path + "/live?lang=en")


@pytest.mark.skipif(BROWSER is None, reason="no Chromium installed (apt-get install chromium chromium-driver; "
                    "see docs/WEB.md)")
async def test_a_seat_page_in_a_real_browser_shows_the_end_and_stops_listening(web: WebTable):
    bot = web.bot
    match = await web.table.start("formation")
    seat = get_game("formation").engine.pending(match.state)[0].seat
    async with chromium(BROWSER) as tab:
        await tab.open(bot.web_url(match, seat) + "?lang=en")
        await tab.wait_for(f"document.getElementById('status').textContent === {i18n.t('web.live', 'en')!r}")
        assert await tab.evaluate("document.querySelector('form.play') !== null")
        await resign(web, match.id)
        await tab.wait_for(f"document.getElementById('status').textContent === {i18n.t('weblive.over', 'en')!r}",
                           5.0)
        assert await tab.evaluate("document.querySelector('form.play') === null")
        assert await tab.evaluate("document.querySelector('#live [data-over]') !== null")
        final = await web.table.match()
        assert await tab.evaluate("document.getElementById('live').dataset.stamp") == stamp(final, str(seat))
