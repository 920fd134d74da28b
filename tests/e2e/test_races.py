"""Check-then-act races through the fake Discord (issue 24), on SQLite and on PostgreSQL: concurrent clicks and
commands of the real bot, each interaction's reply taking a real round trip (~150 ms) as Discord's does.
Exactly one challenge for a burst of /challenge, one rematch match when both players press Rematch, never
more active matches than the limit; every refused request gets a private answer in its member's language
(bob uses Japanese)."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot import i18n
from fakediscord import run_bot
from tests.e2e.table import Table, make_bot
from tests.e2e.test_player_features import play_out, result_post

ROUND_TRIP = 0.15  # s: how long Discord takes to take an interaction's reply


@pytest.fixture(params=["sqlite", "postgres"])
async def table(request, fake_world, tmp_path, clock):
    overrides = {"database_url": request.getfixturevalue("postgres_url")} if request.param == "postgres" else {}
    bot = make_bot(tmp_path / "races.sqlite3", clock, **overrides)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)


@contextlib.contextmanager
def round_trips(table: Table, seconds: float = ROUND_TRIP):
    """Every reply to an interaction (response, deferral) reaches the fake Discord ``seconds`` late."""
    interactions = table.fake.interactions
    original = interactions.callback

    async def late_callback(record, body, files, *, with_response):
        await asyncio.sleep(seconds)
        return await original(record, body, files, with_response=with_response)

    interactions.callback = late_callback
    try:
        yield
    finally:
        interactions.callback = original


async def _count(table: Table, where: str, params: tuple = ()) -> int:
    return await table.bot.store.db.fetchval(f"SELECT COUNT(*) FROM challenges WHERE {where}", params)


def _answer(record) -> str:
    assert record.messages, "the interaction got no answer"
    return record.messages[-1].content


def _challenge_posts(table: Table) -> list:
    return [m for m in table.fake.messages(table.world.channel)
            if table.fake.find_component(m, custom_id_prefix="dt:ch:accept:")]


async def _finished_match(table: Table):
    first = await table.start()
    await play_out(table, first.id)
    post = result_post(table, table.thread().id)
    return first, post, table.fake.find_component(post, custom_id_prefix="dt:rm:")["custom_id"]


async def test_two_rematch_clicks_100_ms_apart_post_one_rematch(table: Table):
    world = table.world
    first, post, rematch = await _finished_match(table)
    with round_trips(table):
        click = asyncio.create_task(world.fake.click(world.alice, post, rematch))
        await asyncio.sleep(0.1)
        second = await world.fake.click(world.alice, post, rematch)
        first_click = await click
        await table.settle()
    assert await _count(table, "rematch_of = ?", (first.id,)) == 1
    assert len(_challenge_posts(table)) == 1
    answers = {_answer(first_click), _answer(second)}
    assert answers == {i18n.t("players.rematch.asked", "en"), i18n.t("players.rematch.already_asked", "en")}
    assert first_click.ephemeral and second.ephemeral


async def test_both_players_pressing_rematch_five_times_at_once_start_one_match(table: Table):
    world = table.world
    first, post, rematch = await _finished_match(table)
    presses = [world.alice, world.bob] * 5
    with round_trips(table):
        records = await asyncio.gather(*(world.fake.click(user, post, rematch) for user in presses))
        await table.settle()
    assert await _count(table, "rematch_of = ?", (first.id,)) == 1
    assert await _count(table, "status = 'open'") == 0
    assert await table.bot.store.count_matches() == 2  # the first and its one rematch
    rematch_match = await table.match()
    assert rematch_match.series_id == first.id and rematch_match.players == (world.bob.id, world.alice.id)
    assert all(record.ephemeral for record in records)
    refusals = {locale: {i18n.t("players.rematch.already_asked", locale), i18n.t("players.rematch.taken", locale)}
                for locale in ("en", "ja")}
    refused = [record for user, record in zip(presses, records, strict=True)
               if _answer(record) in refusals["ja" if user is world.bob else "en"]]
    assert len(refused) == len(presses) - 2  # all but the press that asked and the one that started it


async def test_a_burst_of_ten_challenges_to_one_member_posts_one(table: Table):
    world = table.world
    senders = [world.alice] * 8 + [world.bob] * 2  # two of them the other way round, from bob (Japanese)
    with round_trips(table):
        records = await asyncio.gather(*(
            world.fake.slash(user, world.guild, world.channel, "challenge",
                             options={"game": "tiny", "opponent": world.bob if user is world.alice else world.alice})
            for user in senders))
        await table.settle()
    assert await _count(table, "status = 'open'") == 1
    assert len(_challenge_posts(table)) == 1
    refused = [(user, record) for user, record in zip(senders, records, strict=True) if record.ephemeral]
    assert len(refused) == 9
    for user, record in refused:
        assert _answer(record) == i18n.t("challenge.already_open", "ja" if user is world.bob else "en")


async def test_a_burst_of_open_challenges_posts_one(table: Table):
    world = table.world
    with round_trips(table):
        records = await asyncio.gather(*(world.fake.slash(world.bob, world.guild, world.channel, "challenge",
                                                          options={"game": "tiny"}) for _ in range(6)))
        await table.settle()
    assert await _count(table, "status = 'open'") == 1
    refused = [record for record in records if record.ephemeral]
    assert len(refused) == 5
    assert {_answer(record) for record in refused} == {i18n.t("players.open.already_open", "ja")}


async def test_five_challenges_accepted_at_once_start_at_most_the_limit(table: Table):
    world = table.world
    limit = table.bot.settings.max_active_matches
    challengers = [await world.fake.add_user(f"rival{index}") for index in range(5)]
    posts = []
    for challenger in challengers:
        record = await table.challenge(challenger, world.bob)
        posts.append(record.messages[0])
    with round_trips(table):
        records = await asyncio.gather(*(
            world.fake.click(world.bob, post, table.fake.find_component(post, custom_id_prefix="dt:ch:accept:")
                             ["custom_id"]) for post in posts))
        await table.settle()
    assert await table.bot.store.count_active(world.bob.id) == limit
    assert await _count(table, "status = 'open'") == len(challengers) - limit  # the refused ones wait, untouched
    refused = [record for record in records if record.messages and record.ephemeral]
    assert len(refused) == len(challengers) - limit
    assert {_answer(record) for record in refused} == {i18n.t("challenge.too_many_self", "ja", limit=limit)}


async def test_a_burst_of_challenges_to_duel_table_starts_at_most_the_limit(table: Table):
    world = table.world
    limit = table.bot.settings.max_active_matches
    with round_trips(table):
        records = await asyncio.gather(*(
            world.fake.slash(world.alice, world.guild, world.channel, "challenge",
                             options={"game": "tiny", "opponent": world.fake.bot_user_id}) for _ in range(5)))
        await table.settle()
    assert await table.bot.store.count_active(world.alice.id) == limit
    refused = [record for record in records if record.ephemeral]
    assert len(refused) == 5 - limit
    assert {_answer(record) for record in refused} == {i18n.t("challenge.too_many_self", "en", limit=limit)}
