"""The Activity's launcher list reads the active matches whose threads were opened under a channel, newest
first, on both backends (a real SQLite file, a real PostgreSQL server)."""

from __future__ import annotations

from bot.store import Store


async def _match(store: Store, *, guild_id: int, channel_id: int, thread_id: int | None) -> int:
    match_id = await store.create_match(
        game="tiny", options={}, seed=1, guild_id=guild_id, channel_id=channel_id, players=(10, 20), bot_seat=None,
        days=3, locale="en", state={"x": 0}, panels={"0": 0}, now=0.0, deadline=10.0, next_timer_at=None)
    if thread_id is not None:
        await store.set_thread(match_id, thread_id)
    return match_id


async def test_active_matches_in_a_channel_newest_first(store):
    guild, channel = 1_234_567_890_123_456_789, 1_234_567_890_123_456_790
    first = await _match(store, guild_id=guild, channel_id=channel, thread_id=501)
    second = await _match(store, guild_id=guild, channel_id=channel, thread_id=502)
    third = await _match(store, guild_id=guild, channel_id=channel, thread_id=503)
    await _match(store, guild_id=guild, channel_id=channel, thread_id=None)  # no thread yet: nothing to open
    await _match(store, guild_id=guild, channel_id=channel + 1, thread_id=504)  # another channel
    await _match(store, guild_id=guild + 1, channel_id=channel, thread_id=505)  # another server
    await store.db.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (second,))  # over: not listed
    assert [match.id for match in await store.active_matches_in_channel(guild, channel, 10)] == [third, first]
    assert [match.id for match in await store.active_matches_in_channel(guild, channel, 1)] == [third]


async def test_the_launcher_reads_the_channel_through_its_own_index(store):
    """Migration 018: the list reads the channel's active matches through ``matches_channel_active`` instead
    of every active match of the server (SQLite's plan says so; PostgreSQL has the same partial index)."""
    query = ("SELECT * FROM matches WHERE status = 'active' AND guild_id = ? AND channel_id = ?"
             " AND thread_id IS NOT NULL ORDER BY id DESC LIMIT ?")
    if store.dialect == "sqlite":
        plan = " ".join(str(row[-1]) for row in await store.db.fetchall(f"EXPLAIN QUERY PLAN {query}", (1, 2, 10)))
        assert "matches_channel_active" in plan, plan
    else:
        definition = await store.db.fetchval(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'matches' AND indexname = 'matches_channel_active'")
        assert "(guild_id, channel_id, id)" in definition and "status = 'active'" in definition, definition
