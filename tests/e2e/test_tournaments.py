"""Tournaments through the fake Discord (issue 28): created by an organizer, joined with the buttons,
played to the end with matches resigned or adjudicated at the round's deadline (clock jumps), standings
equal to an independent count of the stored results; and what organizers alone may do, and bad options,
refused privately with nothing stored."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.tournaments.results import shown
from fakediscord.world import P_MANAGE_GUILD
from tests.e2e.table import Table
from tests.e2e.test_checked_by_the_bot import forged

DAY = 86400.0


def reply(record) -> str:
    return "\n".join(message.content or "" for message in record.messages)


async def players(table: Table, count: int) -> list:
    users = [table.world.alice, table.world.bob]
    for index in range(count - 2):
        users.append(await table.fake.add_user(f"player{index + 3}"))
    return users[:count]


async def create(table: Table, organizer, **options):
    record = await table.fake.slash(organizer, table.world.guild, table.world.channel, "tournament create",
                                    options={"game": "tiny", "days_per_move": 2, "round_days": 4, **options})
    await table.settle()
    return record


def signup_post(table: Table):
    return next(m for m in table.fake.messages(table.world.channel)
                if table.fake.find_component(m, custom_id_prefix="dt:tn:join:"))


async def join_all(table: Table, users) -> None:
    post = signup_post(table)
    join = table.fake.find_component(post, custom_id_prefix="dt:tn:join:")["custom_id"]
    for user in users:
        record = await table.click(user, post, join)
        assert record.ephemeral


async def resign_round(table: Table, tournament_id: int, rng: random.Random, leave: int = 0) -> None:
    """Every match of the current round resigned by a random seat through /resign and its confirm button,
    but for ``leave`` of them left running (for the deadline)."""
    store = table.bot.store
    tournament = await store.get_tournament(tournament_id)
    boards = [b for b in await store.boards(tournament_id) if b.round == tournament.current_round and b.match_id]
    for board in boards[leave:]:
        match = await store.get_match(board.match_id)
        if match.status != "active":
            continue
        loser = table.fake.world.user(match.players[rng.randrange(2)])
        record = await table.fake.slash(loser, table.world.guild, table.world.channel, "resign",
                                        options={"match": match.id})
        confirm = table.fake.find_component(record.messages[0], custom_id_prefix="dt:r:")
        await table.click(loser, record.messages[0], confirm["custom_id"])
        assert (await store.get_match(match.id)).status == "finished"


async def recount(table: Table, tournament_id: int) -> dict[int, int]:
    """Half points from the stored matches and byes alone, not through bot/tournaments."""
    store = table.bot.store
    points: Counter = Counter()
    for board in await store.boards(tournament_id):
        if board.seat1 is None:
            points[board.seat0] += 2
            continue
        match = await store.get_match(board.match_id)
        assert match.status == "finished"
        if match.winner is None:
            points[board.seat0] += 1
            points[board.seat1] += 1
        else:
            points[match.players[match.winner]] += 2
    return points


async def play_to_the_end(table: Table, tournament_id: int, rng: random.Random, *, stall_round: int) -> None:
    store = table.bot.store
    for _ in range(20):
        tournament = await store.get_tournament(tournament_id)
        if tournament.status == "finished":
            return
        stall = 1 if tournament.current_round == stall_round else 0
        await resign_round(table, tournament_id, rng, leave=stall)
        await table.bot.timekeeper.tick()
        await table.settle()
        if stall:
            assert (await store.get_tournament(tournament_id)).current_round == stall_round  # waits for it
            table.bot.clock.now += 4 * DAY + 1  # the round's deadline: the unfinished match is adjudicated
            await table.bot.timekeeper.tick()
            await table.settle()
    raise AssertionError("the tournament did not end")


def standings_posts(table: Table) -> list:
    return [m for m in table.fake.messages(table.world.channel) if (m.content or "").startswith("📊")]


async def check_standings(table: Table, tournament_id: int, rounds: int) -> None:
    store = table.bot.store
    assert [row.round for row in await store.rounds_of(tournament_id)] == list(range(1, rounds + 1))
    assert all(row.closed_at is not None and row.posted == 2 for row in await store.rounds_of(tournament_id))
    posts = standings_posts(table)
    assert len(posts) == rounds and all(post.attachments for post in posts)  # once a round, with its picture
    winners = [m for m in table.fake.messages(table.world.channel) if (m.content or "").startswith("🏆 **Tournament")]
    assert len(winners) == 1 and "```" in winners[0].content  # the winner and the crosstable, once
    expected = await recount(table, tournament_id)
    cog = table.bot.get_cog("Tournaments")
    rows, _pairings, names, _entrants = await cog.table(await store.get_tournament(tournament_id))
    assert {row.player: row.score for row in rows} == {player: expected.get(player, 0) for player in names}
    last = posts[-1].content
    for row in rows:
        assert f"{row.rank}. {names[row.player]} · **{shown(row.score)}**" in last
    assert names[rows[0].player] in winners[0].content


async def test_an_eight_player_round_robin_is_played_to_the_end(table):
    world = table.world
    await world.fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    users = await players(table, 8)
    created = await create(table, world.alice, format="round_robin", rounds=1, max_players=8, starts=24)
    assert not created.ephemeral
    await join_all(table, users)
    extra = await table.fake.add_user("late")
    record = await table.click(extra, signup_post(table), f"dt:tn:join:{1}")
    assert "full" in reply(record)
    start = await table.fake.slash(world.alice, world.guild, world.channel, "tournament start",
                                   options={"tournament": 1})
    await table.settle()
    assert start.ephemeral
    await play_to_the_end(table, 1, random.Random(8), stall_round=3)
    store = table.bot.store
    boards = await store.boards(1)
    met = Counter(frozenset((b.seat0, b.seat1)) for b in boards)
    assert len(met) == 28 and set(met.values()) == {1}  # everyone met everyone once
    seats = Counter(b.seat0 for b in boards)
    assert set(seats.values()) <= {3, 4}  # seat 0 in 3 or 4 of 7 games
    adjudicated = [b for b in boards if b.round == 3 and (await store.get_match(b.match_id)).result_reason
                   in ("timeout", "adjudicated")]
    assert len(adjudicated) == 1
    await check_standings(table, 1, 7)
    assert len(table.fake.threads(world.channel)) == 28  # one thread a match


async def test_a_sixteen_player_swiss_of_five_rounds_is_played_to_the_end(table):
    world = table.world
    users = await players(table, 16)
    role = await world.fake.add_role(world.guild, "Tournament staff", 0, members=(world.bob,))
    refused = await create(table, world.bob, format="swiss", rounds=5, max_players=16)
    assert refused.ephemeral and await table.bot.store.get_tournament(1) is None  # not yet an organizer
    await world.fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    await table.fake.slash(world.alice, world.guild, world.channel, "settings", options={"organizer_role": role.id})
    await table.settle()
    await create(table, world.bob, format="swiss", rounds=5, max_players=16, starts=1)
    assert (await table.bot.store.get_tournament(1)).organizer_id == world.bob.id
    await join_all(table, users)
    table.bot.clock.now += 3601  # the sign-up deadline: the timekeeper pairs round 1
    await table.bot.timekeeper.tick()
    await table.settle()
    await play_to_the_end(table, 1, random.Random(16), stall_round=2)
    boards = await table.bot.store.boards(1)
    met = Counter(frozenset((b.seat0, b.seat1)) for b in boards)
    assert len(boards) == 40 and set(met.values()) == {1}  # 0 repeated opponents
    await check_standings(table, 1, 5)


@pytest.mark.parametrize("bad", [{"rounds": 0}, {"days_per_move": 10**9}, {"max_players": 10_000},
                                 {"round_days": 0}, {"format": "knockout"}, {"rounds": "7"}, {"rated": "maybe"},
                                 {"starts": -5}])
async def test_bad_options_are_refused_privately_and_store_nothing(table, bad):
    """Values a forged client sends outside the declared ranges, choices and types."""
    world = table.world
    await world.fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    valid = {"game": "tiny", "format": "swiss", "rounds": 3, "days_per_move": 2, "round_days": 4, "rated": True,
             "max_players": 8, "starts": 2}
    record = await forged(table, world.alice, "tournament create", valid, values=bad)
    [option] = bad
    assert record.ephemeral and f"`{option}`" in reply(record) and "went wrong" not in reply(record)
    assert await table.bot.store.get_tournament(1) is None
    assert not [m for m in table.fake.messages(world.channel) if not m.ephemeral]


async def test_members_who_are_not_organizers_cannot_create_start_or_cancel(table):
    world = table.world
    await world.fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    await create(table, world.alice, format="swiss", rounds=3)
    for name in ("tournament start", "tournament cancel"):
        record = await table.fake.slash(world.bob, world.guild, world.channel, name, options={"tournament": 1})
        await table.settle()
        assert record.ephemeral and "organizer" in reply(record).lower() or "運営" in reply(record)
    assert (await table.bot.store.get_tournament(1)).status == "signup"
    refused = await create(table, world.bob, format="swiss", rounds=3)
    assert refused.ephemeral and await table.bot.store.get_tournament(2) is None
