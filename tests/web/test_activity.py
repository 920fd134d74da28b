"""The pages as a Discord Activity: the sign-in (the SDK's code traded at the fake Discord's /oauth2/token,
the member read at /users/@me) maps a player to their seat's page and anyone else who sees the thread to
the public page, and nothing more; and /watch launches the Activity (callback 12) or answers with the link.
"""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path

import pytest

from bot import i18n
from fakediscord import run_bot
from tests.contract.games import determinize_hide, hooks_of
from tests.e2e.table import Table, make_bot
from tests.web.browser import chromium, find_browser
from tests.web.webtable import WebTable

BROWSER = find_browser()


async def sign_in(web: WebTable, code: str, channel_id: int | str) -> tuple[int, dict]:
    async with web.http.post("/activity/token", json={"code": code, "channel_id": str(channel_id)}) as answer:
        return answer.status, await answer.json()


async def test_a_player_gets_their_seat_and_a_spectator_the_public_page(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    match = await web.table.start("wars")
    links = web.bot.web.links
    carol = await fake.add_user("carol")
    for user, seat in ((world.alice, 0), (world.bob, 1), (carol, None)):
        status, signed = await sign_in(web, fake.oauth.issue_code(user.id), match.thread_id)
        assert status == 200, signed
        assert signed["link"] == links.path(match, seat) and signed["own"] is (seat is not None)
        assert set(signed) == {"access_token", "link", "own", "locale", "live", "offline"}
        assert (await web.get(signed["link"] + "/live"))[0] == 200
    assert fake.oauth.exchanges == [(200, None)] * 3


async def test_a_forged_used_or_expired_code_or_a_wrong_secret_is_refused(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    match = await web.table.start("wars")
    status, refused = await sign_in(web, "forged-code", match.thread_id)
    assert status == 403 and set(refused) == {"error", "message"} and refused["error"] == "activity.signin_failed"
    code = fake.oauth.issue_code(world.alice.id)
    assert (await sign_in(web, code, match.thread_id))[0] == 200
    assert (await sign_in(web, code, match.thread_id))[0] == 403, "a code is used once"
    late = fake.oauth.issue_code(world.alice.id)
    fake.advance(601)  # Discord's codes live ten minutes
    assert (await sign_in(web, late, match.thread_id))[0] == 403
    other_app = fake.oauth.issue_code(world.alice.id, client_id="1234")
    assert (await sign_in(web, other_app, match.thread_id))[0] == 403
    fake.oauth.client_secret = "rotated"  # the bot still has the old secret
    assert (await sign_in(web, fake.oauth.issue_code(world.alice.id), match.thread_id))[0] == 403
    assert [error for _, error in fake.oauth.exchanges] == [
        "invalid_grant", None, "invalid_grant", "invalid_grant", "invalid_grant", "invalid_client"]
    for body in (b"not json", b'{"code": 5}', b'["code"]'):
        async with web.http.post("/activity/token", data=body) as answer:
            assert answer.status == 400


async def test_no_seat_for_a_member_of_another_match_and_nothing_for_a_stranger(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    first = await web.table.start("wars")
    carol, dave = await fake.add_user("carol"), await fake.add_user("dave")
    record = await web.table.challenge(carol, dave, "wars")
    await web.table.accept(record, dave)
    second = (await web.bot.store.active_matches_of(carol.id))[-1]
    assert second.id != first.id and second.thread_id != first.thread_id
    status, signed = await sign_in(web, fake.oauth.issue_code(carol.id), first.thread_id)
    assert status == 200 and signed["link"] == web.bot.web.links.path(first, None) and not signed["own"]
    status, signed = await sign_in(web, fake.oauth.issue_code(carol.id), second.thread_id)
    assert signed["link"] == web.bot.web.links.path(second, 0)
    # Someone who is not on the server: nothing at all, in the match's thread or its channel (where a member
    # gets the list of matches, test_activity_launcher.py), nor in a channel no server of the bot's holds.
    stranger = fake.world.add_user("stranger")
    fake.world.guilds[world.guild.id].member_ids.remove(stranger.id)
    status, refused = await sign_in(web, fake.oauth.issue_code(stranger.id), first.thread_id)
    assert status == 404 and refused["error"] == "activity.no_match"
    status, refused = await sign_in(web, fake.oauth.issue_code(stranger.id), world.channel.id)
    assert status == 404 and refused["error"] == "activity_launcher.none"
    status, refused = await sign_in(web, fake.oauth.issue_code(world.alice.id), fake.dm_channel(world.alice).id)
    assert status == 404 and refused["error"] == "activity_launcher.none"


async def test_the_sign_in_answer_is_the_same_whatever_the_hidden_cards(activity: WebTable):
    """The answer names a path and strings, never the position: swapping the other seats' hidden cards in
    the store changes nothing the Activity is told (its page is the seat's/public page, tested elsewhere)."""
    web, fake, world = activity, activity.fake, activity.table.world
    match = await web.table.start("wars")
    hide = hooks_of("wars").hide or determinize_hide("wars")
    carol = await fake.add_user("carol")
    for user, seat in ((world.alice, 0), (world.bob, 1), (carol, None)):
        answers = []
        for rng in (random.Random(1), random.Random(2)):
            await web.set_state(match.id, hide(copy.deepcopy(match.state), seat, rng))
            status, signed = await sign_in(web, fake.oauth.issue_code(user.id), match.thread_id)
            signed.pop("access_token")  # a new token each sign-in
            answers.append((status, signed))
        assert answers[0] == answers[1]
    await web.set_state(match.id, match.state)


async def test_the_activity_page_is_framed_by_discord_only(activity: WebTable):
    async with activity.http.get("/") as answer:
        assert answer.status == 200
        policy = answer.headers["Content-Security-Policy"]
        page = await answer.text()
    assert "frame-ancestors https://discord.com" in policy and "script-src 'self'" in policy
    assert f'data-client-id="{activity.fake.application_id}"' in page and "/activity/app.js" in page
    async with activity.http.get("/activity/app.js") as answer:
        assert answer.status == 200 and answer.content_type == "text/javascript"
    async with activity.http.get("/m/1/p" + "A" * 24) as answer:  # the pages keep their own policy
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]


async def test_watch_launches_the_activity_in_the_thread_and_else_answers_with_the_link(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    match = await web.table.start("wars")
    thread = fake.world.channels[match.thread_id]
    record = await fake.slash(world.alice, world.guild, thread, "watch")
    assert record.response_type == 12 and fake.world.activity_launches == [(world.alice.id, thread.id)]
    assert not record.messages
    # Outside the thread (the match named): the public link, privately; never a seat's.
    record = await fake.slash(world.bob, world.guild, world.channel, "watch", options={"match": match.id})
    assert record.response_type == 4 and len(record.messages) == 1 and record.messages[0].ephemeral
    assert web.bot.web.links.url(match, None) in record.messages[0].content
    assert web.bot.web.links.token(match, 1) not in record.messages[0].content
    # Activities switched off in the Developer Portal after login: the launch is refused, the link answers.
    fake.world.activities_enabled = False
    record = await fake.slash(world.alice, world.guild, thread, "watch")
    await web.table.settle()  # the refused callback ended the fake's wait; the answer follows it
    assert [error.code for error in record.errors] == [50035]
    assert record.response_type == 4 and web.bot.web.links.url(match, None) in record.messages[0].content
    assert fake.world.activity_launches == [(world.alice.id, thread.id)]


async def test_watch_without_the_activity_answers_with_the_link(web: WebTable):
    match = await web.table.start("wars")
    world, fake = web.table.world, web.fake
    fake.world.activities_enabled = True  # enabled at Discord, but this bot has no client secret
    record = await fake.slash(world.alice, world.guild, fake.world.channels[match.thread_id], "watch")
    assert record.response_type == 4 and web.bot.web.links.url(match, None) in record.messages[0].content
    assert fake.world.activity_launches == []
    record = await fake.slash(world.alice, world.guild, world.channel, "watch", options={"match": 999})
    assert "#999" in record.messages[0].content


async def test_watch_without_the_web_server_says_so(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "duel.sqlite3", clock)
    async with run_bot(bot, fake_world.fake):
        table = Table(fake_world, bot)
        match = await table.start("wars")
        record = await fake_world.fake.slash(fake_world.alice, fake_world.guild,
                                             fake_world.fake.world.channels[match.thread_id], "watch")
        assert record.messages[0].ephemeral and "not turned on" in record.messages[0].content


@pytest.mark.skipif(BROWSER is None, reason="no Chromium installed: the browser test needs one "
                    "(apt-get install chromium chromium-driver; see docs/WEB.md)")
async def test_the_activity_page_in_a_real_browser_signs_in_with_the_sdks_mock_and_shows_the_seat(
        activity: WebTable):
    """Outside Discord the bundle runs the SDK's DiscordSDKMock; the code is one the fake Discord issued for
    bob (as its client does when he accepts), traded by the server at the fake's /oauth2/token."""
    web, fake, world = activity, activity.fake, activity.table.world
    match = await web.table.start("wars")
    code = fake.oauth.issue_code(world.bob.id)
    url = f"{web.bot.web.address}/?mock_code={code}&guild_id={world.guild.id}&channel_id={match.thread_id}"
    seat_part = (await web.text(web.bot.web.links.path(match, 1) + "/live?lang=ja"))
    async with chromium(BROWSER) as tab:
        await tab.open(url)
        await tab.wait_for("document.querySelector('#live .question') !== null")
        assert await tab.evaluate("document.getElementById('live').dataset.base") == web.bot.web.links.path(match, 1)
        assert await tab.evaluate("document.documentElement.lang") == "ja"  # bob's own language, as his DMs
        shown = await tab.evaluate("document.querySelector('#live .question').innerText")
        assert shown.split("\n")[0] in seat_part
        await tab.wait_for(f"document.getElementById('status').textContent === {i18n.t('web.live', 'ja')!r}")
        await tab.wait_for("document.querySelector('#live img').naturalWidth > 0")
        if os.environ.get("DUELTABLE_WEB_SHOTS"):  # a developer's look at the Activity at phone size
            await tab.screenshot(Path(os.environ["DUELTABLE_WEB_SHOTS"]) / "activity_seat1_wars.png")
        # Opened again with the same (now used) code: refused, and nothing of the match is shown.
        await tab.open(url)
        await tab.wait_for(f"document.getElementById('status').textContent === "
                           f"{i18n.t('activity.signin_failed', 'en')!r}")
        assert await tab.evaluate("document.getElementById('live').innerHTML") == ""
