"""The store on both backends (a real SQLite file, a real PostgreSQL server): migrations, optimistic
versions, append-only log, and the timekeeper's claims with several processes at once."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import pytest

from bot.db import POSTGRES, SQLITE
from bot.store import DecisionCommit, Store, open_store
from bot.store.migrations import migration_files


@contextlib.asynccontextmanager
async def separate_stores(target, count: int):
    """``count`` stores on one database, as that many bot processes open it (each its own connection on
    SQLite, its own pool on PostgreSQL); all closed afterwards."""
    stores = [await open_store(target) for _ in range(count)]
    try:
        yield stores
    finally:
        for store in stores:
            await store.close()


@pytest.fixture(params=[SQLITE, POSTGRES])
def target(request, tmp_path) -> str:
    """Where a store may be opened several times: a SQLite file, or a fresh migrated PostgreSQL database."""
    if request.param == POSTGRES:
        return request.getfixturevalue("postgres_cluster").new_database()
    return str(tmp_path / "shared.sqlite3")


async def test_sqlite_store_uses_wal_on_a_real_file(tmp_path):
    store = await Store.open(tmp_path / "wal.sqlite3")
    try:
        assert store.dialect == SQLITE and await store.journal_mode() == "wal"
    finally:
        await store.close()


@pytest.mark.parametrize("backend", [SQLITE, POSTGRES])
async def test_migrations_are_numbered_and_applied_once(backend, tmp_path, request):
    target = (request.getfixturevalue("postgres_cluster").new_database(migrated=False) if backend == POSTGRES
              else str(tmp_path / "m.sqlite3"))
    first = await open_store(target)
    assert first.dialect == backend
    newest = migration_files()[-1][0]
    assert await first.schema_version() == newest
    assert await first.migrate() == []  # nothing left to apply
    await first.close()
    second = await open_store(target)
    assert await second.migrate() == []
    assert set(await _columns(second)) >= {"matches", "decisions", "challenges", "users", "guild_settings"}
    await second.close()


async def _columns(store: Store) -> dict[str, set[str]]:
    if store.dialect == POSTGRES:
        rows = await store.db.fetchall("SELECT table_name, column_name FROM information_schema.columns"
                                       " WHERE table_schema = 'public' AND table_name != 'schema_version'")
        pairs = [(row[0], row[1]) for row in rows]
    else:
        tables = [row[0] for row in await store.db.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        pairs = [(table, row["name"]) for table in tables
                 for row in await store.db.fetchall(f"PRAGMA table_info({table})")]
    columns: dict[str, set[str]] = {}
    for table, column in pairs:
        columns.setdefault(table, set()).add(column)
    return columns


async def test_both_backends_end_with_the_same_tables_and_columns(tmp_path, postgres_url):
    lite, pg = await Store.open(tmp_path / "same.sqlite3"), await Store.open(postgres_url)
    try:
        assert await _columns(lite) == await _columns(pg)
        assert await lite.schema_version() == await pg.schema_version()
        # Snowflakes need 64 bits and times need doubles on PostgreSQL (INTEGER/REAL are 32-bit there).
        types = {row[0]: row[1] for row in await pg.db.fetchall(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'matches'")}
        assert types["guild_id"] == "bigint" and types["next_timer_at"] == "double precision"
    finally:
        await lite.close()
        await pg.close()


async def test_snowflakes_and_times_round_trip(store):
    snowflake = 1_234_567_890_123_456_789
    match_id = await store.create_match(
        game="tiny", options={}, seed=2**40, guild_id=snowflake, channel_id=snowflake + 1, players=(snowflake + 2, 20),
        bot_seat=None, days=3, locale="en", state={}, panels={}, now=1_800_000_000.123456, deadline=1.5,
        next_timer_at=None)
    row = await store.get_match(match_id)
    assert row.guild_id == snowflake and row.players[0] == snowflake + 2 and row.seed == 2**40
    assert row.turn_started == 1_800_000_000.123456


async def _match(store: Store, *, guild_id: int = 1, next_timer_at: float | None = 5.0) -> int:
    return await store.create_match(
        game="tiny", options={}, seed=1, guild_id=guild_id, channel_id=2, players=(10, 20), bot_seat=None, days=3,
        locale="en", state={"x": 0}, panels={"0": 0}, now=0.0, deadline=10.0, next_timer_at=next_timer_at)


def _commit(match_id: int, expected: int, x: int) -> DecisionCommit:
    return DecisionCommit(match_id=match_id, expected_version=expected, state={"x": x}, panels={"0": expected + 1},
                          seat=0, choice=["go"], user_id=10, now=1.0, turn_started=1.0, deadline=11.0,
                          timer_stage=0, next_timer_at=6.0)


async def test_decision_commits_only_against_the_current_version(store):
    match_id = await _match(store)
    assert await store.commit_decision(_commit(match_id, 0, 1))
    assert not await store.commit_decision(_commit(match_id, 0, 2))  # stale: version moved to 1
    row = await store.get_match(match_id)
    assert row.version == 1 and row.state == {"x": 1}
    assert await store.decision_log(match_id) == [(0, ["go"])]


async def test_a_decision_commits_in_one_database_trip_on_sqlite(tmp_path):
    store = await Store.open(tmp_path / "trips.sqlite3")
    try:
        match_id = await _match(store)
        trips = []
        execute = store.db.connection._execute

        async def counted(function, *args, **kwargs):
            trips.append(function)
            return await execute(function, *args, **kwargs)

        store.db.connection._execute = counted
        assert await store.commit_decision(_commit(match_id, 0, 1))
        assert not await store.commit_decision(_commit(match_id, 0, 2))  # stale: rolled back, nothing written
        assert len(trips) == 2
        store.db.connection._execute = execute
        assert (await store.get_match(match_id)).state == {"x": 1}
        assert await store.decision_log(match_id) == [(0, ["go"])]
        assert await store.db.fetchval("SELECT COUNT(*) FROM decisions") == 1
    finally:
        await store.close()


async def test_a_refreshed_match_has_what_others_wrote_and_reads_the_state_only_when_it_moved(store):
    match_id = await _match(store)
    known = await store.get_match(match_id)
    await store.set_dm_panel(match_id, 1, {"c": 5, "m": 6})
    await store.mark_posted(match_id, 0, 77, "0", ["a line"])
    await store.set_dm_ok(match_id, (True, False))
    fresh = await store.refresh_match(known)
    assert fresh == await store.get_match(match_id)
    assert fresh.dm_panels == {"1": {"c": 5, "m": 6}} and fresh.live_message_id == 77 and fresh.dm_ok == (True, False)
    assert await store.commit_decision(_commit(match_id, 0, 1))  # another decision: the state moved on
    moved = await store.refresh_match(known)
    assert moved.version == 1 and moved.state == {"x": 1}


async def test_a_match_is_read_with_its_members_vacations_in_one_query(store):
    match_id = await _match(store)  # players 10 and 20
    assert await store.start_vacation(20, 1.0, 50.0, budget=1000.0, window=10_000.0) == 51.0
    await store.start_vacation(30, 1.0, 80.0, budget=1000.0, window=10_000.0)  # not a player here
    match, vacations = await store.match_and_vacations(match_id, 2.0)
    assert match == await store.get_match(match_id)
    assert vacations == {20: 51.0} == await store.vacation_until(match.players, 2.0)
    assert (await store.match_and_vacations(match_id, 60.0))[1] == {}  # over
    assert await store.match_and_vacations(match_id + 1, 2.0) == (None, {})


async def test_a_forgotten_dm_panel_leaves_the_other_seats(store):
    match_id = await _match(store)
    await store.set_dm_panel(match_id, 0, {"c": 1, "m": 2, "h": "ab", "v": 0})
    await store.set_dm_panel(match_id, 1, {"c": 3, "m": 4})
    await store.set_dm_panel(match_id, 0, {"c": 1, "m": 2, "h": "cd", "v": 3})
    assert (await store.get_match(match_id)).dm_panels == {"0": {"c": 1, "m": 2, "h": "cd", "v": 3}, "1": {"c": 3, "m": 4}}
    await store.set_dm_panel(match_id, 0, None)
    assert (await store.get_match(match_id)).dm_panels == {"1": {"c": 3, "m": 4}}


async def test_decision_log_is_append_only_per_version(store):
    match_id = await _match(store)
    for version in range(3):
        assert await store.commit_decision(_commit(match_id, version, version + 1))
    assert [choice for _, choice in await store.decision_log(match_id)] == [["go"]] * 3


async def test_accepting_a_closed_challenge_creates_no_match(store):
    challenge_id = await _challenge(store)
    assert await store.close_challenge(challenge_id, "declined")
    created = await store.create_match(
        game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=(10, 20), bot_seat=None, days=3,
        locale="en", state={}, panels={}, now=0.0, deadline=10.0, next_timer_at=5.0, challenge_id=challenge_id)
    assert created is None
    assert await store.count_matches() == 0


async def _challenge(store: Store, *, guild_id: int = 1, expires_at: float = 100.0, challenger: int = 10) -> int:
    return await store.create_challenge(
        guild_id=guild_id, channel_id=2, game="tiny", options={}, days=3, locale="en", challenger_id=challenger,
        opponent_id=20, now=0.0, expires_at=expires_at)


# ---- the timekeeper's claims (several bot processes on one database) -------------------------------


async def test_a_claim_takes_due_matches_for_a_lease_and_returns_them_as_they_were(store):
    due, later = await _match(store, next_timer_at=5.0), await _match(store, next_timer_at=50.0)
    await _match(store, next_timer_at=None)
    claimed = await store.claim_due_timers(10.0, lease=120.0)
    assert [row.id for row in claimed] == [due] and claimed[0].next_timer_at == 5.0
    assert (await store.get_match(due)).next_timer_at == 130.0
    assert [row.id for row in await store.claim_due_timers(60.0)] == [later]  # the first is leased
    assert [row.id for row in await store.claim_due_timers(181.0)] == [due, later]  # both leases ended
    # The outcome is recorded version-checked, as before claims existed.
    assert await store.set_timer(due, 0, 1, 900.0)
    assert (await store.get_match(due)).timer_stage == 1


async def test_claims_follow_the_guild_shards(store):
    guilds = [(shard << 22) | 7 for shard in range(4)]
    ids = {guild: await _match(store, guild_id=guild) for guild in guilds}
    mine = await store.claim_due_timers(10.0, shard_count=4, shard_ids={1, 3})
    assert {row.id for row in mine} == {ids[guilds[1]], ids[guilds[3]]}
    assert await store.claim_due_timers(10.0, shard_count=4, shard_ids=()) == []
    rest = await store.claim_due_timers(10.0, shard_count=4, shard_ids=None)
    assert {row.id for row in rest} == {ids[guilds[0]], ids[guilds[2]]}


async def test_due_challenges_are_claimed_once_and_expire_once(store):
    first, second = await _challenge(store, expires_at=5.0), await _challenge(store, expires_at=6.0)
    await _challenge(store, expires_at=500.0)
    claimed = await store.claim_due_challenges(10.0, lease=60.0)
    assert [row.id for row in claimed] == [first, second] and claimed[0].status == "open"
    assert await store.claim_due_challenges(20.0) == []
    assert await store.close_challenge(first, "expired")
    assert [row.id for row in await store.claim_due_challenges(71.0)] == [second]  # its lease ended unhandled


async def test_many_processes_claim_each_due_match_exactly_once(target):
    seeding = await open_store(target)
    due = {await _match(seeding, guild_id=index, next_timer_at=float(index % 9)) for index in range(60)}
    challenges = {await _challenge(seeding, expires_at=float(index % 5), challenger=100 + index)
                  for index in range(30)}
    await seeding.close()

    async def claim(store: Store) -> tuple[list[int], list[int]]:
        timers = await store.claim_due_timers(100.0, limit=4)
        return [row.id for row in timers], [row.id for row in await store.claim_due_challenges(100.0, limit=3)]

    rounds = []
    async with separate_stores(target, 5) as processes:
        while not rounds or any(matches or ids for matches, ids in rounds[-1]):
            rounds.append(await asyncio.gather(*(claim(store) for store in processes)))  # all at once
    claimed = [match_id for results in rounds for matches, _ in results for match_id in matches]
    expired = [challenge_id for results in rounds for _, ids in results for challenge_id in ids]
    assert sorted(claimed) == sorted(due) and sorted(expired) == sorted(challenges)
    assert all(matches for matches, _ in rounds[0])  # every process got a share of the first round


async def test_a_sqlite_store_is_a_file_and_a_url_is_postgres(tmp_path, postgres_url):
    lite = await open_store(str(tmp_path / "plain.sqlite3"))
    pg = await open_store(postgres_url)
    try:
        assert (lite.dialect, pg.dialect) == (SQLITE, POSTGRES)
        with sqlite3.connect(tmp_path / "plain.sqlite3") as raw:
            assert raw.execute("PRAGMA user_version").fetchone()[0] == migration_files()[-1][0]
    finally:
        await lite.close()
        await pg.close()


@pytest.mark.parametrize("backend", [SQLITE, POSTGRES])
async def test_processes_starting_at_once_migrate_once(backend, tmp_path, request):
    target = (request.getfixturevalue("postgres_cluster").new_database(migrated=False) if backend == POSTGRES
              else str(tmp_path / "race.sqlite3"))
    opened = await asyncio.gather(*(open_store(target) for _ in range(6)), return_exceptions=True)
    stores = [store for store in opened if isinstance(store, Store)]
    try:
        assert len(stores) == 6, [error for error in opened if not isinstance(error, Store)]
        assert {await store.schema_version() for store in stores} == {migration_files()[-1][0]}
    finally:
        for store in stores:
            await store.close()


def _finish(match_id: int, now: float) -> DecisionCommit:
    return DecisionCommit(match_id=match_id, expected_version=0, state={}, panels={}, seat=1, choice=["!resign"],
                          user_id=20, now=now, turn_started=now, deadline=now, timer_stage=0, next_timer_at=None,
                          status="finished", winner=0, result_reason="resign")


async def test_rated_matches_of_one_member_finishing_at_once_all_count(target):
    async with separate_stores(target, 4) as processes:
        ids = [await processes[0].create_match(
            game="tiny", options={}, seed=1, guild_id=5, channel_id=6, players=(10, 20 + index), bot_seat=None,
            days=3, locale="en", state={}, panels={}, now=1.0, deadline=9.0, next_timer_at=None, rated=True)
            for index in range(8)]
        results = await asyncio.gather(*(processes[index % 4].commit_decision(_finish(match_id, 2.0 + index))
                                         for index, match_id in enumerate(ids)))
        assert all(results)
        rating = await processes[0].rating(5, "tiny", 10)
        assert rating["wins"] == 8 and len(await processes[0].rating_history(5, "tiny", 10)) == 8


async def test_concurrent_deck_creations_cannot_pass_the_limit(target):
    async with separate_stores(target, 4) as processes:
        outcomes = await asyncio.gather(
            *(processes[index % 4].create_deck(user_id=10, game="tinydeck", name=f"deck {index}", cards={"a": 1},
                                               now=1.0, limit=3) for index in range(8)),
            return_exceptions=True)
        assert sum(1 for outcome in outcomes if not isinstance(outcome, BaseException)) == 3
        assert all(type(outcome).__name__ == "DeckLimitReached" for outcome in outcomes
                   if isinstance(outcome, BaseException))
        assert len(await processes[0].list_decks(10)) == 3


async def test_a_challenge_accepted_in_two_processes_at_once_starts_one_match(target):
    async with separate_stores(target, 4) as processes:
        challenge_id = await _challenge(processes[0])
        created = await asyncio.gather(*(store.create_match(
            game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=(10, 20), bot_seat=None, days=3,
            locale="en", state={}, panels={}, now=0.0, deadline=10.0, next_timer_at=5.0, challenge_id=challenge_id)
            for store in processes))
        [match_id] = [match for match in created if match is not None]
        assert await processes[0].count_matches() == 1
        assert (await processes[0].get_challenge(challenge_id)).match_id == match_id


async def test_dm_panels_of_both_seats_recorded_at_once_are_both_kept(target):
    async with separate_stores(target, 2) as processes:
        match_id = await _match(processes[0])
        for round_ in range(5):
            await asyncio.gather(*(processes[seat].set_dm_panel(match_id, seat, {"message_id": 100 * round_ + seat})
                                   for seat in (0, 1)))
        panels = (await processes[0].get_match(match_id)).dm_panels
        assert panels == {"0": {"message_id": 400}, "1": {"message_id": 401}}


async def test_a_postgres_setting_in_the_url_wins_over_the_store_default(postgres_url):
    relaxed = await open_store(postgres_url)
    strict = await open_store(postgres_url + "&synchronous_commit=on")
    try:
        assert await relaxed.db.fetchval("SHOW synchronous_commit") == "off"
        assert await strict.db.fetchval("SHOW synchronous_commit") == "on"
    finally:
        await relaxed.close()
        await strict.close()


def test_a_database_url_is_described_without_its_password():
    from bot.db import describe_target

    assert describe_target("postgresql://bob:s3cret@db.example:5433/duel?sslmode=require") == \
        "PostgreSQL db.example:5433/duel"
    assert describe_target("data/dueltable.sqlite3") == "data/dueltable.sqlite3"
