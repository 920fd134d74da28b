"""A seat's page says the events only that seat was told ("You drew …", "You chose …", as its DM panel's
picture shows them), and never another seat's: not on the public page, not on the other seat's page; the other
seat's private events swapped in the store (with its hidden cards) leave both byte-identical."""

from __future__ import annotations

import copy
import json
import random

from bot.engine import Event
from bot.games import get_game
from bot.ui.panel import format_event
from bot.web.pages import page_names
from tests.contract.games import determinize_hide, hooks_of
from tests.web.webtable import WebTable, path_of

GAME = "formation"


async def private_line(web: WebTable, match, key: str, args: dict) -> str:
    names = page_names(await web.bot.members.names(match))
    return format_event(get_game(GAME), Event(key, args), "en", names)


async def pages(web: WebTable, match) -> dict[str, str]:
    web.bot.web._pages.clear()  # built anew from the store (pages are kept by stamp)
    web.bot.web._matches.clear()
    return {role: await web.text(path_of(web.bot.web_url(match, seat)) + "?lang=en")
            for role, seat in (("p", None), ("0", 0), ("1", 1))}


async def events_of(web: WebTable, match_id: int, version: int) -> list:
    row = await web.bot.store.db.fetchone("SELECT events FROM decisions WHERE match_id = ? AND version = ?",
                                          (match_id, version))
    return json.loads(row["events"])


async def test_each_seat_page_says_its_own_private_events_and_no_one_elses(web: WebTable):
    match = await web.table.start(GAME)
    rng = random.Random(1)
    while not any(audience for row in await web.bot.store.unposted(match.id, 0) for *_, audience in row[3]):
        await web.step(rng)  # the types chosen: the round starts, each seat draws its hand in private
    match = await web.table.match()
    [(version, drew)] = [(row[0], row[3]) for row in await web.bot.store.unposted(match.id, 0)
                         if any(audience for *_, audience in row[3])]
    assert version <= match.posted_version
    told = {seat: [(key, args) for key, args, audience in drew if audience == [seat]] for seat in (0, 1)}
    assert told[0] and told[1]
    before = await pages(web, match)
    for seat in (0, 1):
        mine = [await private_line(web, match, key, args) for key, args in told[seat]]
        theirs = [await private_line(web, match, key, args) for key, args in told[1 - seat]]
        assert all(line in before[str(seat)] for line in mine), (seat, mine)
        assert not any(line in before[str(1 - seat)] or line in before["p"] for line in mine)
        assert mine != theirs

    # Seat 1's private events and hidden cards swapped: seat 0's page and the public page cannot tell.
    hide = hooks_of(GAME).hide or determinize_hide(GAME)
    swapped_state = hide(copy.deepcopy(match.state), 0, random.Random(3))
    swapped_events = [[key, {**args, "cards": args["cards"][1:] + args["cards"][:1]} if audience == [1] else args,
                       audience] for key, args, audience in drew]  # other cards in another order
    assert swapped_events != drew
    await web.bot.store.db.execute("UPDATE decisions SET events = ? WHERE match_id = ? AND version = ?",
                                   (json.dumps(swapped_events), match.id, version))
    await web.set_state(match.id, swapped_state)
    after = await pages(web, match)
    assert after["0"] == before["0"] and after["p"] == before["p"]
    assert after["1"] != before["1"]  # (the lines are read from the store: seat 1's own page does change)


async def test_a_secret_answer_not_yet_in_the_thread_shows_on_its_own_page_only(web: WebTable):
    match = await web.table.start(GAME)
    rng = random.Random(1)
    while True:  # the types chosen, the hands drawn: both choose a formation card in secret
        match = await web.table.match()
        pending = get_game(GAME).engine.pending(match.state)
        if len(pending) == 2 and all(decision.secret for decision in pending):
            break
        await web.step(rng)
    before = await pages(web, match)
    await web.step(rng)  # seat 0 answers in secret: the thread stays still
    after_row = (await web.bot.store.unposted(match.id, match.version))[0]
    match_after = await web.table.match()
    assert after_row[1] == 0 and match_after.posted_version == match.posted_version
    now = await pages(web, match_after)
    mine = [await private_line(web, match_after, key, args) for key, args, audience in after_row[3] if audience == [0]]
    public = [await private_line(web, match_after, key, args) for key, args, audience in after_row[3]
              if audience is None]
    assert mine and all(line in now["0"] for line in mine)
    assert public and not any(line in now["1"] or line in now["p"] for line in public)  # not before the thread
    assert now["p"] == before["p"]
    # (seat 1's own view may move: the engine tells it who it waits for; its lines do not)
    assert events_section(now["1"]) == events_section(before["1"])


def events_section(page: str) -> str:
    return page[page.index('<section class="events">'):]
