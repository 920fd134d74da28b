"""The match pages through a real HTTP client, against matches played in Discord (the fake) by the real bot.

For every game: the thread post links the public page and each DM panel its seat's page; the public page
says what the thread's board says (the same picture, pixel for pixel, and the words of its alt text) and
nothing ``view(state, None)`` lacks (the other seats' hidden cards swapped in the store give the same page,
picture and live part, byte for byte; no name of a card only one seat sees is in any answer); a seat's page
holds that seat's view and question only.
"""

from __future__ import annotations

import copy
import html
import random

import pytest

from bot import i18n
from bot.alttext import fit
from bot.cards import Card
from bot.engine import decision_for
from bot.games import GAME_IDS, get_game
from bot.render.names import render_with_names
from bot.web.links import Links
from bot.web.pages import ShownStates
from tests.contract.games import determinize_hide, hooks_of
from tests.e2e.test_hidden_information import pixels
from tests.web.webtable import WebTable, link_buttons, path_of

CLICKS = 10  # random clicks before the pages are read: past the opening, hands and fields filled
PAGE_BUDGET = 50_000  # bytes of HTML and data a page costs (its picture apart)


def strings_in(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values()), *(strings_in(k) for k in value)) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def card_names(cards: dict[str, Card], ids: set[str]) -> set[str]:
    return {name for card_id in ids if card_id in cards for name in (cards[card_id].name_en, cards[card_id].name_ja)}


def secret_names(game_id: str, state: dict, seat: int) -> set[str]:
    """Names of cards only ``seat`` sees (not in the public view, not in the other seat's, not a name some
    visible card shares)."""
    game = get_game(game_id)
    cards = {card.id: card for card in game.cards()}
    views = {who: strings_in(game.engine.view(state, who)) for who in (None, 0, 1)}
    seen_elsewhere = card_names(cards, views[None] | views[1 - seat])
    return {name for name in card_names(cards, views[seat] - views[None] - views[1 - seat]) - seen_elsewhere
            if len(name) >= 2}


async def public_answers(web: WebTable, path: str) -> dict[str, bytes]:
    answers = {}
    for part in ("", "/live", "?lang=ja", "/live?lang=ja"):
        status, body = await web.get(path + part)
        assert status == 200, (path + part, status)
        answers[part] = body
    return answers


async def play_into(web: WebTable, game_id: str, clicks: int = CLICKS):
    await web.table.start(game_id)
    rng = random.Random(3)
    for _ in range(clicks):
        if not await web.step(rng):
            break
    return await web.table.match()


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_games_public_page_says_what_the_thread_says_and_no_hidden_card(web: WebTable, game_id):
    bot, fake, world = web.bot, web.fake, web.table.world
    match = await play_into(web, game_id)
    game = get_game(game_id)
    # The links: the public page on the thread's newest post, each seat's page in its own DM panel only.
    post = next(m for m in reversed(web.table.thread_messages()) if m.attachments)
    public_url = bot.web_url(match, None)
    assert link_buttons(post) == [public_url]
    for seat, user in enumerate((world.alice, world.bob)):
        panels = [m.content for m in fake.dm_messages(user.id) if m.author_id == fake.bot_user_id]
        assert bot.web_url(match, seat) in panels[-1]
        assert not any(bot.web_url(match, 1 - seat) in text for text in panels)
    assert not any(bot.web_url(match, seat) in m.content for m in web.table.thread_messages() for seat in (0, 1))
    path = path_of(public_url)
    answers = await public_answers(web, path)
    page = html.unescape(answers[""].decode())
    assert len(answers[""]) <= PAGE_BUDGET, len(answers[""])
    # The same facts as the thread: its newest board picture pixel for pixel, the words of its alt text.
    status, picture = await web.get(f"{path}/board.png?v={match.posted_version}")
    assert status == 200 and pixels(picture) == pixels(post.attachments[0][1])
    names = (await bot.members.names(match)).literal
    view = game.engine.view(await ShownStates().of(bot.store, match), None)
    words = render_with_names(names, game.describe, view, match.locale)
    assert fit(words) == post.files[0].description
    for line in words.split("\n"):
        assert line in page, line
    assert f"{i18n.t(f'games.{game_id}', match.locale)} #{match.id}" in page
    # Nothing the spectator view lacks: the other seats' hidden cards swapped give the same answers.
    hide = hooks_of(game_id).hide or determinize_hide(game_id)
    rng = random.Random(17)
    for _ in range(3):
        await web.set_state(match.id, hide(copy.deepcopy(match.state), None, rng))
        assert await public_answers(web, path) == answers, "the public page changes with cards nobody may see"
        status, swapped_picture = await web.get(f"{path}/board.png?v={match.posted_version}")
        assert pixels(swapped_picture) == pixels(picture)
    await web.set_state(match.id, match.state)
    for seat in (0, 1):
        hidden = secret_names(game_id, match.state, seat)
        for part, body in answers.items():
            leaked = [name for name in hidden if name in html.unescape(body.decode())]
            assert not leaked, f"the public page{part} names seat {seat}'s hidden cards {leaked}"


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_seat_page_holds_that_seats_view_and_question_only(web: WebTable, game_id):
    bot = web.bot
    match = await play_into(web, game_id, clicks=6)
    game = get_game(game_id)
    hide = hooks_of(game_id).hide or determinize_hide(game_id)
    names = (await bot.members.names(match)).literal
    for seat in (0, 1):
        path = path_of(bot.web_url(match, seat))
        locale = await bot.store.user_locale(match.players[seat]) or match.locale
        answer = await web.text(path)
        assert len(answer.encode()) <= PAGE_BUDGET
        page = html.unescape(answer)
        words = render_with_names(names, game.describe, game.engine.view(match.state, seat), locale)
        assert all(line in page for line in words.split("\n"))
        decision = decision_for(game.engine.pending(match.state), seat)
        if decision is not None:
            assert all(f'name="choice" value="{option}"' in page for option in decision.options)  # its form
        else:
            assert i18n.t("web.no_question", locale) in page
        status, hand = await web.get(f"{path}/board.png")
        assert status == 200
        assert pixels(hand) == pixels(render_with_names(names, game.render_hand, game.engine.view(match.state, seat),
                                                        locale))
        # The other seat's hidden cards swapped (a world this seat cannot tell apart): the same page.
        other_secrets = secret_names(game_id, match.state, 1 - seat)
        assert not [name for name in other_secrets if name in page]
        await web.set_state(match.id, hide(copy.deepcopy(match.state), seat, random.Random(seat)))
        assert await web.text(path) == answer and await web.text(path + "/live") in answer
        status, swapped = await web.get(f"{path}/board.png")
        assert pixels(swapped) == pixels(hand)
        await web.set_state(match.id, match.state)


async def test_forged_foreign_and_rotated_links_get_the_same_bare_404(web: WebTable):
    bot = web.bot
    match = await web.table.start("formation")
    status, nothing = await web.get("/no/such/page")
    assert status == 404
    token = bot.web.links.token(match, None)
    seat_token = bot.web.links.token(match, 0)
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    rotated = Links("another-secret-after-a-rotation-0123456789", "").token(match, None)
    forged = [f"/m/{match.id}/{flipped}", f"/m/{match.id}/1{token[1:]}", f"/m/{match.id}/0{token[1:]}",
              f"/m/{match.id}/{seat_token[:-2]}", f"/m/{match.id}/{rotated}", f"/m/{match.id + 1}/{token}",
              f"/m/{match.id}/x{token[1:]}", f"/m/{match.id}/", f"/m/99999999999999999999/{token}",
              f"/m/{2**63}/{token}", f"/m/0/{token}"]
    for path in forged:
        for part in ("", "/live", "/board.png", "/events", "/board.png?v=1"):
            status, body = await web.get(path + part)
            assert (status, body) == (404, nothing), (path + part, status, body[:100])
    assert (await web.get(f"/m/{match.id}/{token}"))[0] == 200
    assert (await web.get(f"/m/{match.id}/{seat_token}"))[0] == 200
    # A seat the bot plays has no page (its hand is nobody's to read), even with a well-signed token.
    await bot.store.db.execute("UPDATE matches SET bot_seat = 1 WHERE id = ?", (match.id,))
    bot.web._matches.clear()
    assert await web.get(f"/m/{match.id}/{bot.web.links.token(match, 1)}") == (404, nothing)
    assert (await web.get(f"/m/{match.id}/{seat_token}"))[0] == 200
    bot.web.links = Links("another-secret-after-a-rotation-0123456789", bot.web.links.base_url)
    assert await web.get(f"/m/{match.id}/{token}") == (404, nothing), "a new secret revokes every old link"
    assert (await web.get(f"/m/{match.id}/{rotated}"))[0] == 200


async def test_the_public_page_shows_the_threads_position_while_the_match_moved_on_in_secret(web: WebTable):
    """While only one seat owes a secret answer the thread stays still and the match moves on: the public
    page keeps showing the thread's position (replayed from the log up to the thread's version), its words,
    picture and lines, not the newer one. Here the thread is set back as if it had stayed still."""
    bot = web.bot
    match = await play_into(web, "afterlife", clicks=6)
    path = path_of(bot.web_url(match, None))
    shown = await public_answers(web, path)
    status, picture = await web.get(f"{path}/board.png?v={match.posted_version}")
    rng = random.Random(8)
    while (later := await web.table.match()).posted_version == match.posted_version:
        assert await web.step(rng)
    assert await public_answers(web, path) != shown
    await bot.store.db.execute("UPDATE matches SET posted_version = ?, live_key = ? WHERE id = ?",
                               (match.posted_version, match.live_key, match.id))
    bot.web._pictures.clear()
    bot.web._pages.clear()
    bot.web._matches.clear()
    assert await public_answers(web, path) == shown
    assert pixels((await web.get(f"{path}/board.png?v={match.posted_version}"))[1]) == pixels(picture)
    assert later.version > match.posted_version
