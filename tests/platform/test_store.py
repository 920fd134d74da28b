"""The store on a real SQLite file: WAL, migrations, optimistic versions, append-only log."""

from __future__ import annotations

import sqlite3

from bot.store import DecisionCommit, Store


async def test_store_uses_wal_on_a_real_file(store):
    assert await store.journal_mode() == "wal"


async def test_migrations_are_numbered_and_applied_once(tmp_path):
    path = tmp_path / "m.sqlite3"
    first = await Store.open(path)
    async with first.db.execute("PRAGMA user_version") as cursor:
        version = (await cursor.fetchone())[0]
    assert version >= 1
    assert await first.migrate() == []  # nothing left to apply
    await first.close()
    second = await Store.open(path)
    assert await second.migrate() == []
    await second.close()
    with sqlite3.connect(path) as raw:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "decisions", "challenges", "users", "guild_settings"} <= tables


async def _match(store: Store) -> int:
    return await store.create_match(
        game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=(10, 20), bot_seat=None, days=3,
        locale="en", state={"x": 0}, panels={"0": 0}, now=0.0, deadline=10.0, next_timer_at=5.0)


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


async def test_decision_log_is_append_only_per_version(store):
    match_id = await _match(store)
    for version in range(3):
        assert await store.commit_decision(_commit(match_id, version, version + 1))
    assert [choice for _, choice in await store.decision_log(match_id)] == [["go"]] * 3


async def test_accepting_a_closed_challenge_creates_no_match(store):
    challenge_id = await store.create_challenge(
        guild_id=1, channel_id=2, game="tiny", options={}, days=3, locale="en", challenger_id=10,
        opponent_id=20, now=0.0, expires_at=100.0)
    assert await store.close_challenge(challenge_id, "declined")
    created = await store.create_match(
        game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=(10, 20), bot_seat=None, days=3,
        locale="en", state={}, panels={}, now=0.0, deadline=10.0, next_timer_at=5.0, challenge_id=challenge_id)
    assert created is None
    assert await store.count_matches() == 0

