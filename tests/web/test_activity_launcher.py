"""The Activity opened from the App Launcher outside a match's thread (a text channel, or a thread that is no
match's): the matches it may open there, the member's own first (at their seat), then the channel's other
active matches they may see (public pages), newest first; never a seat for a match they do not play, nothing
a thread does not show."""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path

import pytest

from bot import i18n
from bot.web.live import stamp as live_stamp
from bot.web.pages import turn_line
from fakediscord.overwrites import MEMBER, ROLE, set_overwrite
from tests.contract.games import determinize_hide, hooks_of
from tests.web.browser import chromium, find_browser
from tests.web.test_activity import sign_in
from tests.web.webtable import WebTable

BROWSER = find_browser()
VIEW = 1 << 10


async def second_match(web: WebTable, first_name: str, second_name: str, game: str = "wars"):
    fake = web.fake
    first, second = await fake.add_user(first_name), await fake.add_user(second_name)
    record = await web.table.challenge(first, second, game)
    await web.table.accept(record, second)
    await web.table.settle()
    return first, second, (await web.bot.store.active_matches_of(first.id))[-1]


async def test_a_channel_lists_the_members_own_matches_then_those_they_may_see(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    links = web.bot.web.links
    mine = await web.table.start("wars")
    carol, dave, theirs = await second_match(web, "carol", "dave")
    # Another channel's match: not listed in this one (except to its players, as their own).
    elsewhere = await fake.add_channel(world.guild, "elsewhere")
    hidden_status, _ = await sign_in(web, fake.oauth.issue_code(carol.id), elsewhere.id)
    assert hidden_status == 200, "carol's own match is listed on her server wherever she opens the Activity"

    status, signed = await sign_in(web, fake.oauth.issue_code(world.alice.id), world.channel.id)
    assert status == 200, signed
    assert set(signed) == {"access_token", "matches", "words", "locale", "live", "offline"}
    assert [(entry["match"], entry["own"], entry["link"]) for entry in signed["matches"]] == [
        (mine.id, True, links.path(mine, 0)), (theirs.id, False, links.path(theirs, None))]
    entry = signed["matches"][1]
    names = await web.bot.web.names(theirs)
    assert entry["game"] == i18n.t("games.wars", "en") and entry["players"] == ["carol", "dave"]
    assert entry["versus"] == "carol vs dave" and entry["title"] == f"{entry['game']} #{theirs.id}"
    theirs = await web.bot.store.get_match(theirs.id)
    assert entry["turn"] == turn_line(theirs, "en", names) != ""
    assert set(signed["words"]) == {"heading", "pick", "yours", "reopen"}

    # A spectator: both public, newest first; bob (ja) reads the list in Japanese.
    erin = await fake.add_user("erin")
    status, signed = await sign_in(web, fake.oauth.issue_code(erin.id), world.channel.id)
    assert [(e["match"], e["link"]) for e in signed["matches"]] == [
        (theirs.id, links.path(theirs, None)), (mine.id, links.path(mine, None))]
    assert not any(e["own"] for e in signed["matches"])
    status, signed = await sign_in(web, fake.oauth.issue_code(world.bob.id), world.channel.id)
    assert signed["locale"] == "ja" and signed["words"]["heading"] == i18n.t("activity_launcher.heading", "ja")
    assert signed["matches"][0]["link"] == links.path(mine, 1) and signed["matches"][0]["game"] == \
        i18n.t("games.wars", "ja")

    # In a thread that is no match's: the list of its parent channel.
    side = fake.world.create_thread(world.channel, name="chat", owner_id=erin.id, private=False)
    await fake.emit_thread_create(side)
    await fake.idle()
    status, in_thread = await sign_in(web, fake.oauth.issue_code(erin.id), side.id)
    assert [e["match"] for e in in_thread["matches"]] == [theirs.id, mine.id]

    # Nothing under the other channel for erin; every page it lists opens.
    status, refused = await sign_in(web, fake.oauth.issue_code(erin.id), elsewhere.id)
    assert status == 404 and refused["error"] == "activity_launcher.none"
    assert refused["message"] == i18n.t("activity_launcher.none", "en")
    for listed in signed["matches"]:
        assert (await web.get(listed["link"] + "/live"))[0] == 200


async def test_a_match_the_member_may_not_see_is_not_listed(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    mine = await web.table.start("wars")
    erin, frank = await fake.add_user("erin"), await fake.add_user("frank")
    bot_role = next(role for role in world.guild.roles.values() if role.name == fake.world.bot.name)
    await set_overwrite(fake, world.channel, world.guild.id, kind=ROLE, deny=VIEW)
    for allowed in (world.alice.id, world.bob.id, frank.id):
        await set_overwrite(fake, world.channel, allowed, kind=MEMBER, allow=VIEW)
    await set_overwrite(fake, world.channel, bot_role.id, kind=ROLE, allow=VIEW)
    await fake.idle()
    status, refused = await sign_in(web, fake.oauth.issue_code(erin.id), world.channel.id)
    assert status == 404 and refused["error"] == "activity_launcher.none"
    status, signed = await sign_in(web, fake.oauth.issue_code(frank.id), world.channel.id)
    assert [(e["match"], e["own"]) for e in signed["matches"]] == [(mine.id, False)]


async def test_the_list_is_the_same_whatever_the_hidden_cards(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    match = await web.table.start("wars")
    hide = hooks_of("wars").hide or determinize_hide("wars")
    erin = await fake.add_user("erin")
    for user, seat in ((world.alice, 0), (world.bob, 1), (erin, None)):
        answers = []
        for rng in (random.Random(1), random.Random(2)):
            await web.set_state(match.id, hide(copy.deepcopy(match.state), seat, rng))
            status, signed = await sign_in(web, fake.oauth.issue_code(user.id), world.channel.id)
            signed.pop("access_token")
            answers.append((status, signed))
        assert answers[0] == answers[1]
    await web.set_state(match.id, match.state)


@pytest.mark.skipif(BROWSER is None, reason="no Chromium installed: the browser test needs one "
                    "(apt-get install chromium chromium-driver; see docs/WEB.md)")
async def test_the_list_in_a_real_browser_opens_the_chosen_match(activity: WebTable):
    web, fake, world = activity, activity.fake, activity.table.world
    mine = await web.table.start("wars")
    _, _, theirs = await second_match(web, "carol", "dave")
    code = fake.oauth.issue_code(world.alice.id)
    url = f"{web.bot.web.address}/?mock_code={code}&guild_id={world.guild.id}&channel_id={world.channel.id}"
    async with chromium(BROWSER) as tab:
        await tab.open(url)
        await tab.wait_for("document.querySelectorAll('#matches button').length === 2")
        labels = await tab.evaluate("[...document.querySelectorAll('#matches button')].map(b => b.innerText)")
        assert labels[0].startswith(i18n.t("activity_launcher.yours", "en")) and f"#{mine.id}" in labels[0]
        assert f"#{theirs.id}" in labels[1] and "carol vs dave" in labels[1]
        if os.environ.get("DUELTABLE_WEB_SHOTS"):
            await tab.screenshot(Path(os.environ["DUELTABLE_WEB_SHOTS"]) / "activity_launcher_list.png")
        await tab.evaluate("document.querySelectorAll('#matches button')[1].click()")
        await tab.wait_for("document.querySelector('#live [data-stamp]') !== null")
        assert await tab.evaluate("document.getElementById('live').dataset.base") == \
            web.bot.web.links.path(theirs, None)
        assert await tab.evaluate("document.querySelector('#live .question')") is None  # the public page
        await tab.wait_for(f"document.getElementById('status').textContent === {i18n.t('web.live', 'en')!r}")
        if os.environ.get("DUELTABLE_WEB_SHOTS"):
            await tab.screenshot(Path(os.environ["DUELTABLE_WEB_SHOTS"]) / "activity_launcher_opened.png")
        # The list stays: the member's own match, chosen next, replaces the page and is followed live.
        assert await tab.evaluate("document.querySelectorAll('#matches button')[1].getAttribute('aria-current')") \
            == "true"
        await tab.evaluate("document.querySelectorAll('#matches button')[0].click()")
        seat_path = web.bot.web.links.path(mine, mine.seat_of(world.alice.id))
        await tab.wait_for(f"document.getElementById('live').dataset.base === {seat_path!r}"
                           " && document.querySelector('#live .question') !== null", 5.0)
        assert await tab.evaluate("document.querySelectorAll('script[src=\"/static/live.js\"]').length") == 1
        rng = random.Random(5)
        while (after := await web.table.match()).posted_version == mine.posted_version:
            await web.step(rng)  # clicks in Discord until the thread moves
        await tab.wait_for("document.getElementById('live').dataset.stamp === "
                           f"{live_stamp(after, str(mine.seat_of(world.alice.id)))!r}", 5.0)
        assert await tab.evaluate("document.getElementById('live').dataset.base") == seat_path
