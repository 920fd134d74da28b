"""Tournaments through the fake Discord (issue 28): created by an organizer, joined with the buttons,
played to the end with matches resigned or adjudicated at the round's deadline (clock jumps), standings
equal to an independent count of the stored results; and what organizers alone may do, and bad options,
refused privately with nothing stored."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.tournaments.results import shown
from fakediscord import run_bot
from fakediscord.world import P_MANAGE_GUILD
from tests.e2e.table import Table, make_bot
from tests.e2e.test_checked_by_the_bot import forged

DAY = 86400.0


@pytest.fixture(params=["sqlite", "postgres"])
async def both_stores(request, fake_world, tmp_path, clock):
    """The bot on a SQLite file, and on PostgreSQL."""
    overrides = {"database_url": request.getfixturevalue("postgres_url")} if request.param == "postgres" else {}
    bot = make_bot(tmp_path / "duel.sqlite3", clock, **overrides)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)


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


async def play_to_the_end(table: Table, tournament_id: int, rng: random.Random, *, stall_round: int,
                          withdraw: tuple[int, object] | None = None) -> None:
    """Every round resigned through Discord; ``stall_round``'s first match left to the round's deadline;
    ``withdraw`` (round, member): that member withdraws with /tournament withdraw once that round is paired."""
    store = table.bot.store
    for _ in range(20):
        tournament = await store.get_tournament(tournament_id)
        if tournament.status == "finished":
            return
        if withdraw is not None and tournament.current_round == withdraw[0]:
            record = await table.fake.slash(withdraw[1], table.world.guild, table.world.channel,
                                            "tournament withdraw", options={"tournament": tournament_id})
            await table.settle()
            assert record.ephemeral and "Withdrawn" in reply(record)
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


async def test_a_sixteen_player_swiss_of_five_rounds_is_played_to_the_end(both_stores):
    """On SQLite and on PostgreSQL."""
    table = both_stores
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
    leaver = users[5]
    await play_to_the_end(table, 1, random.Random(16), stall_round=2, withdraw=(3, leaver))
    store = table.bot.store
    boards = await store.boards(1)
    games = [b for b in boards if b.seat1 is not None]
    met = Counter(frozenset((b.seat0, b.seat1)) for b in games)
    assert set(met.values()) == {1}  # 0 repeated opponents
    byes = Counter(b.seat0 for b in boards if b.seat1 is None)
    assert sum(byes.values()) == 2 and set(byes.values()) == {1}  # rounds 4 and 5: 15 players, a bye each
    assert leaver.id not in {p for b in boards if b.round > 3 for p in (b.seat0, b.seat1)}
    [left] = [b for b in boards if b.round == 3 and leaver.id in (b.seat0, b.seat1)]
    match = await store.get_match(left.match_id)
    assert match.result_reason == "resign" and match.players[match.winner] != leaver.id
    await check_standings(table, 1, 5)
    rows, *_ = await table.bot.get_cog("Tournaments").table(await store.get_tournament(1))
    assert [row.withdrawn for row in rows].count(True) == 1


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
    await join_all(table, [world.alice])
    record = await table.fake.slash(world.bob, world.guild, world.channel, "tournament withdraw",
                                    options={"tournament": 1, "member": world.alice})
    await table.settle()
    assert record.ephemeral and len(await table.bot.store.entrants(1)) == 1  # only organizers withdraw others
    refused = await create(table, world.bob, format="swiss", rounds=3)
    assert refused.ephemeral and await table.bot.store.get_tournament(2) is None


async def run_deck_tournament(tmp_path, clock, decks: dict[str, str]) -> list[str]:
    """A tinydeck tournament of three whose entrants pick ``decks`` (name -> ready deck) privately on Join:
    every message everyone can read in the channel (sign-up, pairings) once round 1's matches are open."""
    from fakediscord.server import FakeDiscord

    async with FakeDiscord() as fake:
        guild = await fake.add_guild("Deck cup")
        channel = await fake.add_channel(guild, "games")
        users = {name: await fake.add_user(name) for name in decks}
        first = next(iter(users.values()))
        await fake.add_role(guild, "Mods", P_MANAGE_GUILD, members=(first,))
        bot = make_bot(tmp_path / f"decks-{len(list(tmp_path.iterdir()))}.sqlite3", clock)
        async with run_bot(bot, fake):
            await fake.slash(first, guild, channel, "tournament create", options={
                "game": "tinydeck", "format": "round_robin", "rounds": 1, "days_per_move": 2, "round_days": 4})
            table_post = next(m for m in fake.messages(channel) if fake.find_component(m, custom_id_prefix="dt:tn:"))
            for name, user in users.items():
                record = await fake.click(user, table_post, "dt:tn:join:1")
                picker = record.messages[0]
                assert picker.ephemeral
                select = fake.find_component(picker, custom_id_prefix="dt:tnd:")
                await fake.select(user, picker, select["custom_id"], [f"ready:tinydeck:{decks[name]}"])
            await fake.slash(first, guild, channel, "tournament start", options={"tournament": 1})
            stored = {person.deck for person in await bot.store.entrants(1)}
            assert len(stored) == len(set(decks.values()))  # each entrant's own pick is what they play
            return [m.content for m in fake.messages(channel)]


async def test_decks_picked_on_joining_are_never_shown(tmp_path, clock):
    """Which deck each entrant picked changes no message anyone else can read."""
    one = await run_deck_tournament(tmp_path, clock, {"ann": "ladder", "ben": "twins", "cat": "ladder"})
    other = await run_deck_tournament(tmp_path, clock, {"ann": "twins", "ben": "ladder", "cat": "twins"})
    assert one == other and any("round 1 of 3" in text for text in one)


async def test_show_gives_the_standings_privately_with_a_picture(table):
    world = table.world
    await world.fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    await create(table, world.alice, format="swiss", rounds=2)
    await join_all(table, await players(table, 4))
    before = await table.fake.slash(world.alice, world.guild, world.channel, "tournament show", options={})
    assert before.ephemeral and "round 1 not paired yet" in reply(before)
    in_japanese = await table.fake.slash(world.bob, world.guild, world.channel, "tournament show", options={})
    assert "第1ラウンドはまだ" in reply(in_japanese)  # each member in their own language
    await table.fake.slash(world.alice, world.guild, world.channel, "tournament start", options={"tournament": 1})
    await table.settle()
    during = await table.fake.slash(world.alice, world.guild, world.channel, "tournament show", options={"tournament": 1})
    text = reply(during)
    assert during.ephemeral and during.messages[0].attachments and "playing" in text and "after round 1" in text
    for command in ("tournament show", "tournament withdraw", "tournament cancel"):
        offered = await table.fake.autocomplete(world.alice, world.guild, world.channel, command,
                                                {"tournament": ""}, focused="tournament")
        assert [choice["value"] for choice in offered] == [1] and "running" in offered[0]["name"]
    elsewhere = await table.fake.slash(world.alice, world.guild, world.channel, "tournament show",
                                       options={"tournament": 99})
    assert elsewhere.ephemeral and "no tournament" in reply(elsewhere)


async def test_the_organizer_role_is_set_and_cleared_by_settings(table):
    """/settings organizer_role names the role; clear_organizer_role:True removes it (only Manage Server then);
    both at once are refused privately and change nothing."""
    world, fake = table.world, table.fake
    await fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    staff = await fake.add_role(world.guild, "Tournament staff", 0, members=(world.bob,))
    await fake.slash(world.alice, world.guild, world.channel, "settings", options={"organizer_role": staff.id})
    assert (await table.bot.store.guild_settings(world.guild.id))["organizer_role"] == staff.id
    both = await fake.slash(world.alice, world.guild, world.channel, "settings",
                            options={"organizer_role": staff.id, "clear_organizer_role": True})
    assert both.ephemeral and "clear_organizer_role" in reply(both)
    assert (await table.bot.store.guild_settings(world.guild.id))["organizer_role"] == staff.id
    by_staff = await fake.slash(world.bob, world.guild, world.channel, "settings",
                                options={"clear_organizer_role": True})  # the role alone cannot change settings
    assert by_staff.ephemeral and (await table.bot.store.guild_settings(world.guild.id))["organizer_role"] == staff.id
    cleared = await fake.slash(world.alice, world.guild, world.channel, "settings",
                               options={"clear_organizer_role": True})
    assert cleared.ephemeral and "Tournament organizer role: -" in reply(cleared)
    assert (await table.bot.store.guild_settings(world.guild.id))["organizer_role"] is None
    refused = await create(table, world.bob, format="swiss", rounds=3)
    assert refused.ephemeral and await table.bot.store.get_tournament(1) is None
    await create(table, world.alice, format="swiss", rounds=3)
    assert (await table.bot.store.get_tournament(1)).organizer_id == world.alice.id


async def test_late_join_until_round_one_and_a_no_show_loses_at_the_deadline(table):
    """Joining stays open until round 1 is paired, then is refused privately; a player who never moves
    loses at the round's deadline to the opponent who answered (docs/TOURNAMENTS.md, no-shows)."""
    from fakediscord.autoplay import answer_controls, live_panel

    world, fake, store = table.world, table.fake, table.bot.store
    await fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    await create(table, world.alice, format="swiss", rounds=2, starts=1)
    users = await players(table, 4)
    post = signup_post(table)
    await join_all(table, users[:3])
    table.bot.clock.now += 1800  # half-way to the sign-up deadline: a late join is still a join
    await join_all(table, users[3:])
    table.bot.clock.now += 1801  # the deadline: round 1 is paired
    await table.bot.timekeeper.tick()
    await table.settle()
    assert (await store.get_tournament(1)).current_round == 1
    # The post lost its Join button when sign-up closed, and the store refuses a join that races it.
    assert not fake.find_component(fake.world.message(post.channel_id, post.id), custom_id_prefix="dt:tn:join:")
    assert await store.join_tournament(1, (await fake.add_user("late")).id, table.bot.clock()) == "closed"
    assert len(await store.entrants(1)) == 4
    first, second = [b for b in await store.boards(1) if b.round == 1]
    present_seat = 0
    match = await store.get_match(first.match_id)
    present = world.fake.world.user(match.players[present_seat])
    panel = live_panel(fake, present.id)
    control = answer_controls(fake, panel)[0]
    assert control.get("type") != 3
    await table.click(present, panel, control["custom_id"])  # the other seat never moves
    await resign_round(table, 1, random.Random(2), leave=1)
    assert (await store.get_match(second.match_id)).status == "finished"
    await table.bot.timekeeper.tick()
    await table.settle()
    assert (await store.get_tournament(1)).current_round == 1  # the no-show's match holds the round
    table.bot.clock.now += 4 * DAY + 1
    await table.bot.timekeeper.tick()
    await table.settle()
    judged = await store.get_match(first.match_id)
    assert judged.status == "finished" and judged.winner == present_seat and judged.result_reason == "timeout"
    assert (await store.get_tournament(1)).current_round == 2
    [board] = [b for b in await store.boards(1) if b.round == 1 and b.match_id == first.match_id]
    assert board.outcome == "seat0"


async def test_rules_text_that_names_no_rule_is_refused_by_both_commands_and_stores_nothing(table):
    """/tournament create and /challenge read ``rules`` the same way (cogs/lobby.py: checked_rules): a text that
    names no rule of the game is answered privately with the rules it may name, and nothing is stored."""
    world = table.world
    await world.fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    created = await create(table, world.alice, game="formation", format="swiss", rounds=3, rules="bogus=1")
    challenged = await table.fake.slash(world.alice, world.guild, world.channel, "challenge",
                                        options={"game": "formation", "opponent": world.bob.id, "rules": "bogus=1"})
    await table.settle()
    for record in (created, challenged):
        assert record.ephemeral and "I don't understand the option" in reply(record) and "bogus" in reply(record)
    assert await table.bot.store.get_tournament(1) is None
    assert await table.bot.store.get_challenge(1) is None
    assert not [m for m in table.fake.messages(world.channel) if not m.ephemeral]
