"""Two bot processes move the same tournament at once (issue 28): two bots on one store and one sharded fake
Discord, the second owning the tournament's guild, the first moving it too, as a process does whose lease
ran out in the middle of a pass (or the old process of a rolling deploy). Both start it and advance every
round concurrently; each round is paired once, every board has one match and one thread, and the pairings,
the standings and the winner are posted once."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter

import pytest

from bot.client import DuelTable
from fakediscord import FakeDiscord, run_bot
from fakediscord.world import P_MANAGE_GUILD
from tests.e2e.table import e2e_settings
from tests.e2e.test_shards import settle

DAY = 86400.0
PLAYERS, ROUNDS = 7, 3


def shard_bot(database, clock, shard: int, database_url: str | None) -> DuelTable:
    overrides = {"database_url": database_url} if database_url else {}
    settings = e2e_settings(database, shard_count=2, shard_ids=(shard,), **overrides)
    return DuelTable(settings, clock=clock, run_timekeeper=False, seed_source=lambda: 11, outbox_poll=0.05)


def posts(fake: FakeDiscord, channel, start: str) -> list:
    return [m for m in fake.messages(channel) if (m.content or "").startswith(start)]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_two_processes_advancing_one_tournament_pair_and_post_each_round_once(backend, request, tmp_path,
                                                                                     clock):
    url = request.getfixturevalue("postgres_url") if backend == "postgres" else None
    database = tmp_path / "shared.sqlite3"
    async with FakeDiscord(shard_count=2) as fake, contextlib.AsyncExitStack() as stack:
        guild = await fake.add_guild("cup", shard=1)
        channel = await fake.add_channel(guild, "games")
        users = [await fake.add_user(f"p{index}") for index in range(PLAYERS)]
        await fake.add_role(guild, "Mods", P_MANAGE_GUILD, members=(users[0],))
        bots = [await stack.enter_async_context(run_bot(shard_bot(database, clock, shard, url), fake))
                for shard in (0, 1)]
        owner = bots[1]
        assert [g.id for g in owner.guilds] == [guild.id]
        await fake.slash(users[0], guild, channel, "tournament create", options={
            "game": "tiny", "format": "swiss", "rounds": ROUNDS, "days_per_move": 2, "round_days": 4})
        await settle(fake, *bots)
        signup = next(m for m in fake.messages(channel) if fake.find_component(m, custom_id_prefix="dt:tn:join:"))
        for user in users:
            await fake.click(user, signup, "dt:tn:join:1")
        await settle(fake, *bots)
        store = owner.store
        assert len(await store.entrants(1)) == PLAYERS
        cogs = [bot.get_cog("Tournaments") for bot in bots]
        tournament = await store.get_tournament(1)
        await asyncio.gather(*(cog.begin(tournament) for cog in cogs))
        await settle(fake, *bots)
        rng = random.Random(5)
        for round_no in range(1, ROUNDS + 1):
            tournament = await store.get_tournament(1)
            assert tournament.current_round == round_no
            boards = [b for b in await store.boards(1) if b.round == round_no]
            assert len(boards) == (PLAYERS + 1) // 2 and all(b.match_id for b in boards if b.seat1 is not None)
            for board in boards:
                if board.seat1 is None:
                    continue
                match = await store.get_match(board.match_id)
                loser = fake.world.user(match.players[rng.randrange(2)])
                record = await fake.slash(loser, guild, channel, "resign", options={"match": match.id})
                confirm = fake.find_component(record.messages[0], custom_id_prefix="dt:r:")
                await fake.click(loser, record.messages[0], confirm["custom_id"])
                await settle(fake, *bots)
            await asyncio.gather(*(cog.advance(tournament) for cog in cogs))
            await settle(fake, *bots)
        assert (await store.get_tournament(1)).status == "finished"
        rounds = await store.rounds_of(1)
        assert [row.round for row in rounds] == list(range(1, ROUNDS + 1))  # each round paired once
        assert all(row.posted == 2 for row in rounds)
        boards = await store.boards(1)
        games = [b for b in boards if b.seat1 is not None]
        assert len(boards) == ROUNDS * (PLAYERS + 1) // 2
        assert set(Counter(frozenset((b.seat0, b.seat1)) for b in games).values()) == {1}  # no repeat
        assert await store.count_matches() == len(games) == len({b.match_id for b in games})  # a match each
        threads = fake.threads(channel)
        matches = [await store.get_match(b.match_id) for b in games]
        assert sorted(m.thread_id for m in matches) == sorted(t.id for t in threads)  # one thread each
        pairings = posts(fake, channel, "📋")
        assert [f"round {round_no} of {ROUNDS}**" in post.content for round_no, post in
                enumerate(pairings, 1)] == [True] * ROUNDS  # each round's pairings once
        assert len(posts(fake, channel, "📊")) == ROUNDS  # standings once a round
        assert len(posts(fake, channel, "🏆")) == 1  # the winner once
