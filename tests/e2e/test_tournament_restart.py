"""A tournament survives killed processes (issue 28): the bot dies after posting a round's pairings but
before recording the post, then (restarted) dies again while the round's matches are being opened; after
the last restart each board has exactly one match and one thread, the pairings were posted once, and the
tournament plays on."""

from __future__ import annotations

import random

import pytest

from fakediscord import run_bot
from fakediscord.world import P_MANAGE_GUILD
from tests.e2e.table import Table, make_bot
from tests.e2e.test_tournaments import create, join_all, players, resign_round

LEASE_GONE = 300.0  # a dead process's lease on the tournament has run out by then


def pairing_posts(world) -> list:
    return [m for m in world.fake.messages(world.channel) if "round 1 of 3" in (m.content or "")]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_kills_while_a_round_starts_lose_nothing_and_double_nothing(backend, request, fake_world, tmp_path,
                                                                          clock):
    database = tmp_path / "tournament.sqlite3"
    world = fake_world
    on = {"database_url": request.getfixturevalue("postgres_url")} if backend == "postgres" else {}
    first = make_bot(database, clock, **on)
    async with run_bot(first, world.fake):
        table = Table(world, first)
        await world.fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
        await create(table, world.alice, format="swiss", rounds=3, max_players=8, starts=1)
        await join_all(table, await players(table, 6))

        async def killed(*args):
            raise RuntimeError("killed")

        first.store.mark_round_posted = killed  # dies right after the pairings post, before recording it
        clock.now += 3601
        await first.timekeeper.tick()
        await table.settle()
        assert len(pairing_posts(world)) == 1
        assert all(board.match_id is None for board in await first.store.boards(1))
    clock.now += LEASE_GONE
    second = make_bot(database, clock, **on)
    async with run_bot(second, world.fake):
        table = Table(world, second)
        opened = []
        real_open = second.publisher.open_match

        async def killed_after_the_first_thread(match, message_id):
            if opened:
                raise RuntimeError("killed")  # this match is stored, its thread never opened
            opened.append(match.id)
            return await real_open(match, message_id)

        second.publisher.open_match = killed_after_the_first_thread
        await second.timekeeper.tick()
        await table.settle()
        assert len(pairing_posts(world)) == 1  # the repeat was answered with the first post (its nonce)
        assert sum(board.match_id is not None for board in await second.store.boards(1)) == 2
        assert len(world.fake.threads(world.channel)) == 1
    clock.now += LEASE_GONE
    third = make_bot(database, clock, **on)
    async with run_bot(third, world.fake):
        table = Table(world, third)
        await table.settle()  # start-up catch-up opens the thread of the match stored without one
        await third.timekeeper.tick()
        await table.settle()
        boards = await third.store.boards(1)
        assert len(boards) == 3 and all(board.match_id is not None for board in boards)
        assert await third.store.count_matches() == 3
        threads = world.fake.threads(world.channel)
        matches = [await third.store.get_match(board.match_id) for board in boards]
        assert sorted(match.thread_id for match in matches) == sorted(thread.id for thread in threads)  # one each
        assert len(pairing_posts(world)) == 1
        assert [row.posted for row in await third.store.rounds_of(1)] == [1]
        await resign_round(table, 1, random.Random(1))
        await third.timekeeper.tick()
        await table.settle()
        assert (await third.store.get_tournament(1)).current_round == 2
        assert len([m for m in world.fake.messages(world.channel) if (m.content or "").startswith("📊")]) == 1
