"""Moves from a seat's page (``POST /m/<match>/<seat token>/move``, bot/web/play.py), against the real bot on
the fake Discord: for every game a move made on the page is decided and published as a click is (the thread
shows it); a stale page is refused with the page as it is now; a forged POST (another seat's token, an option
not offered, no form token, another site's Origin) changes nothing; a burst of identical POSTs acts once; a
response window offered to one seat shows only on that seat's page."""

from __future__ import annotations

import asyncio
import html
import random
import re

import pytest

from bot import i18n
from bot.engine import decision_for, random_choice
from bot.games import GAME_IDS, get_game
from tests.e2e.test_quiet_threads import ALICE_DECK, BOB_HOLDS_ONE
from tests.web.webtable import WebTable, path_of

FETCH = {"X-Requested-With": "fetch"}


def form_of(page: str) -> dict:
    """The move form a seat page holds: its hidden fields and the option ids it offers."""
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    version = re.search(r'name="version" value="(\d+)"', page)
    options = [html.unescape(value) for value in re.findall(r'name="choice" value="([^"]+)"', page)]
    return {"csrf": csrf.group(1) if csrf else None, "version": version.group(1) if version else None,
            "options": options}


async def acting(web: WebTable):
    """The match and a seat that owes a decision now, with that decision."""
    match = await web.table.match()
    pending = get_game(match.game).engine.pending(match.state)
    seat = 0 if decision_for(pending, 0) else pending[0].seat
    return match, seat, decision_for(pending, seat)


async def post(web: WebTable, path: str, fields: list[tuple[str, str]], headers=None) -> tuple[int, str]:
    async with web.http.post(path + "/move", data=fields, headers=headers or {}, allow_redirects=False) as answer:
        return answer.status, (await answer.read()).decode()


def move_fields(form: dict, choice) -> list[tuple[str, str]]:
    return [("csrf", form["csrf"]), ("version", form["version"]), *(("choice", option) for option in choice)]


async def log_length(web: WebTable, match_id: int) -> int:
    return len(await web.bot.store.unposted(match_id, 0))


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_move_from_the_seat_page_is_played_and_published_as_a_click(web: WebTable, game_id):
    await web.table.start(game_id)
    rng = random.Random(5)
    for _ in range(3):
        await web.step(rng)
    match, seat, decision = await acting(web)
    path = path_of(web.bot.web_url(match, seat))
    page = await web.text(path + "?lang=en")
    form = form_of(page)
    assert form["version"] == str(match.panel_version(seat))
    assert form["options"] == list(decision.options)  # every option the buttons offer, as their ids
    view = get_game(game_id).engine.view(match.state, seat)
    for option in decision.options:  # ... with the buttons' own labels
        assert html.escape(get_game(game_id).option_label(option, view, "en")) in page
    if decision.max > 1:
        assert 'type="checkbox"' in page and f'data-max="{min(decision.max, len(decision.options))}"' in page
    thread_before = [(m.id, m.content, len(m.revisions)) for m in web.table.thread_messages()]
    choice = random_choice(decision, rng)
    status, body = await post(web, path, move_fields(form, choice), FETCH)
    assert status == 200, body[:300]
    assert "<html" not in body and any(i18n.t("panel.chosen", lang, choice="").strip() in html.unescape(body)
                                       for lang in i18n.LOCALES)
    await web.table.settle()
    after = await web.bot.store.get_match(match.id)
    assert after.version == match.version + 1
    rows = await web.bot.store.unposted(match.id, match.version)
    assert rows[0][1] == seat and tuple(rows[0][2]) == tuple(choice)
    if after.posted_version < after.version:
        # A secret step: both choose in secret, or the move opened a window to the other seat in secret. The
        # thread waits, as it does for a click.
        waiting = get_game(game_id).engine.pending(after.state)
        assert decision.secret or all(d.secret and d.seat != seat for d in waiting), waiting
        assert [(m.id, m.content, len(m.revisions)) for m in web.table.thread_messages()] == thread_before
        await web.step(rng)  # the other seat's own secret choice, in Discord
        after = await web.bot.store.get_match(match.id)
    assert after.posted_version == after.version
    assert [(m.id, m.content, len(m.revisions)) for m in web.table.thread_messages()] != thread_before


async def test_a_plain_form_is_redirected_to_the_page_and_a_stale_one_gets_the_page_as_it_is_now(web: WebTable):
    match = await web.table.start("wars")
    match, seat, decision = await acting(web)
    path = path_of(web.bot.web_url(match, seat))
    form = form_of(await web.text(path))
    status, _ = await post(web, path, move_fields(form, decision.options[:decision.min or 1]))
    assert status == 303  # post/redirect/get: the page again, no script needed
    await web.table.settle()
    moved = await web.bot.store.get_match(match.id)
    length = await log_length(web, match.id)
    # The same form again (an old tab): "out of date", the page as it is now, nothing played.
    status, body = await post(web, path, move_fields(form, decision.options[:decision.min or 1]))
    assert status == 409 and "<html" in body
    assert any(i18n.t("webplay.stale", lang) in html.unescape(body) for lang in i18n.LOCALES)
    status, part = await post(web, path, move_fields(form, decision.options[:decision.min or 1]), FETCH)
    assert status == 409 and "<html" not in part
    now = await web.bot.store.get_match(match.id)
    assert now.version == moved.version and await log_length(web, match.id) == length
    fresh = form_of(part)
    pending = decision_for(get_game("wars").engine.pending(now.state), seat)
    if pending is not None:  # the refreshed part holds the current question, at the current version
        assert fresh["version"] == str(now.panel_version(seat)) and fresh["options"] == list(pending.options)


async def test_forged_posts_change_nothing(web: WebTable):
    await web.table.start("formation")
    match, seat, decision = await acting(web)
    own, other = path_of(web.bot.web_url(match, seat)), path_of(web.bot.web_url(match, 1 - seat))
    public = path_of(web.bot.web_url(match, None))
    form = form_of(await web.text(own))
    good = decision.options[:max(decision.min, 1)]
    length = await log_length(web, match.id)
    refusals = [
        (other, move_fields(form, good), {}),  # another seat's link with this seat's form
        (own, [("version", form["version"]), *(("choice", o) for o in good)], {}),  # no form token
        (own, [("csrf", "A" * 24), ("version", form["version"]), *(("choice", o) for o in good)], {}),
        (own, move_fields(form, good), {"Origin": "https://evil.example"}),  # another site's page
        (own, move_fields(form, ["not-an-option"]), {}),
        (own, move_fields(form, list(good) * 2), {}),  # the same option twice
        (own, move_fields(form, list(decision.options)[:decision.max + 1] if len(decision.options) > decision.max
                          else []), {}),  # more than max (or none at all)
        (public, move_fields(form, good), {}),  # the public link plays nothing
        (own[:-3] + "AAA", move_fields(form, good), {}),  # a forged link
    ]
    for path, fields, headers in refusals:
        status, body = await post(web, path, fields, headers)
        assert status in (400, 403, 404, 409), (path, fields, status)
        assert decision.prompt not in body
    assert (await web.bot.store.get_match(match.id)).version == match.version
    assert await log_length(web, match.id) == length
    status, _ = await post(web, own, move_fields(form, good), FETCH)  # the real form still plays
    assert status == 200


async def test_a_burst_of_identical_posts_acts_once(web: WebTable):
    await web.table.start("tetra")
    match, seat, decision = await acting(web)
    path = path_of(web.bot.web_url(match, seat))
    fields = move_fields(form_of(await web.text(path)), random_choice(decision, random.Random(1)))
    length = await log_length(web, match.id)
    answers = await asyncio.gather(*(post(web, path, fields, FETCH) for _ in range(6)))
    await web.table.settle()
    assert sorted(status for status, _ in answers) == [200] + [409] * 5
    assert await log_length(web, match.id) == length + 1


async def test_a_window_offered_to_one_seat_shows_on_its_page_only(web: WebTable):
    """Bob holds the stone that opens his secret window: his page offers it and answers it; Alice's page and
    the public page hold no trace of it, and their stamps do not move while it is open."""
    table, world = web.table, web.table.world
    store = web.bot.store
    alice = await store.create_deck(user_id=world.alice.id, game="tinydeck", name="A", cards=ALICE_DECK, now=1.0,
                                    limit=50)
    bob = await store.create_deck(user_id=world.bob.id, game="tinydeck", name="B", cards=BOB_HOLDS_ONE, now=1.0,
                                  limit=50)
    record = await table.challenge(world.alice, world.bob, "tinydeck", rules="window=yes", deck=f"#{alice.id}")
    await table.accept(record, world.bob, deck=f"#{bob.id}")
    await table.play(world.alice, "pick:7")
    await table.play(world.bob, "pick:2")
    match = await table.match()
    paths = {who: path_of(web.bot.web_url(match, who)) for who in (None, 0, 1)}
    await table.play(world.alice, "call:heads")
    match = await table.match()
    assert match.state["window"] == 1 and match.posted_version < match.version  # the thread stays still
    window = decision_for(get_game("tinydeck").engine.pending(match.state), 1)
    assert window is not None and window.secret
    shown = {who: {part: await web.text(paths[who] + part) for part in ("", "/live", "?lang=ja")}
             for who in (None, 0, 1)}
    bob_form = form_of(shown[1][""])
    assert bob_form["options"] == list(window.options)
    secrets = {*window.options, *(i18n.t(window.prompt, lang, **dict(window.args)) for lang in i18n.LOCALES)}
    for who in (None, 0):
        for body in shown[who].values():
            assert "<form" not in body
            assert not [secret for secret in secrets if secret in html.unescape(body)], who
    public_stamp = re.search(r'data-stamp="([^"]+)"', shown[None]["/live"]).group(1)
    assert public_stamp == str(match.posted_version)
    alice_live = shown[0]["/live"]
    # Bob declines from his page: the window closes and only then does the thread (and the public page) move.
    status, _ = await post(web, paths[1], move_fields(bob_form, ["window:pass"]), FETCH)
    assert status == 200
    await table.settle()
    after = await table.match()
    assert after.posted_version == after.version > match.version
    assert await web.text(paths[0] + "/live") != alice_live  # the next trick: Alice is asked again
