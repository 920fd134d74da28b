"""The ``matches`` table outside a decision: creating a match, reading it (with its members' vacations, or
refreshed after this process wrote it), its thread and DM status, the turn timers the timekeeper claims,
and counts of active matches. A decision's write is in ``decisions``."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection
from typing import Any

from bot.store.connection import Connection, active_count, lock_members, marks, shard_filter
from bot.store.rows import OPEN_OPPONENT, ActiveMatchLimit, MatchRow, match_row, valid_id


async def create_match(store: Connection, *, game: str, options: dict[str, str], seed: int, guild_id: int,
                       channel_id: int, players: tuple[int, int], bot_seat: int | None, days: int,
                       locale: str, state: dict[str, Any], panels: dict[str, int], now: float,
                       deadline: float, next_timer_at: float | None,
                       challenge_id: int | None = None, rated: bool = False,
                       series_id: int | None = None, active_limit: int | None = None,
                       kind: str = "match", tournament_board: tuple[int, int, int] | None = None) -> int | None:
    """Create a match and (if given) close its challenge in one transaction.

    ``tournament_board`` (tournament, round, board): the match is recorded on that board in the same
    transaction; None (nothing written) when the board has its match already, so a retried round start
    creates each board's match once.

    Returns None when the challenge was no longer open (a double accept): nothing is written. With
    ``active_limit``, raises ActiveMatchLimit (nothing written) when a member seated in it already has that
    many active matches: counted under the members' locks in the same transaction, so challenges accepted
    at once cannot pass the limit together. ``kind``: ``match``, or ``lesson`` (/learn), whose limit counts
    only lessons.
    """
    async with store.db.transaction() as tx:
        if active_limit is not None:
            members = [player for seat, player in enumerate(players) if seat != bot_seat]
            await lock_members(tx, *members)
            if challenge_id is not None and await tx.fetchval(
                    "SELECT status FROM challenges WHERE id = ?", (challenge_id,)) != "open":
                return None  # taken meanwhile: a closed challenge, not the limit, is the answer
            for member in members:
                if await active_count(tx, member, kind) >= active_limit:
                    raise ActiveMatchLimit(member, active_limit)
        match_id = await tx.fetchval(
            "INSERT INTO matches (game, options, seed, guild_id, channel_id, player0, player1, bot_seat,"
            " days, locale, status, state, version, panels, turn_started, deadline, next_timer_at,"
            " created_at, updated_at, rated, series_id, kind, opening)"
            " VALUES (?,?,?,?,?,?,?,?,?,?, 'active', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id",
            (game, json.dumps(options), seed, guild_id, channel_id, players[0], players[1], bot_seat,
             days, locale, json.dumps(state), json.dumps(panels), now, deadline, next_timer_at, now, now,
             int(rated and bot_seat is None), series_id, kind),
        )
        if challenge_id is not None:
            closed = await tx.execute(  # an open challenge learns who took it
                "UPDATE challenges SET status = 'accepted', match_id = ?, opponent_id = CASE WHEN"
                " opponent_id = ? THEN ? ELSE opponent_id END WHERE id = ? AND status = 'open'",
                (match_id, OPEN_OPPONENT, players[1], challenge_id),
            )
            if closed != 1:
                tx.abort()
                return None
        if tournament_board is not None:
            recorded = await tx.execute(
                "UPDATE tournament_pairings SET match_id = ? WHERE tournament_id = ? AND round = ? AND board = ?"
                " AND match_id IS NULL AND outcome IS NULL", (match_id, *tournament_board))
            if recorded != 1:
                tx.abort()
                return None
    return match_id


async def get_match(store: Connection, match_id: int) -> MatchRow | None:
    if not valid_id(match_id):
        return None
    row = await store.db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
    return match_row(row) if row else None


async def match_and_vacations(store: Connection, match_id: int, now: float) -> tuple[MatchRow | None, dict[int, float]]:
    """The match and, for each of its two members on vacation at ``now``, when it ends: what a decision
    reads, in one query (one trip) instead of two."""
    if not valid_id(match_id):
        return None, {}
    row = await store.db.fetchone(
        "SELECT *, " + ", ".join(
            f"(SELECT MAX(ends_at) FROM vacations WHERE user_id = player{seat} AND started_at <= ?"
            f" AND ends_at > ?) AS vacation{seat}" for seat in (0, 1))
        + " FROM matches WHERE id = ?", (now, now, now, now, match_id))
    if row is None:
        return None, {}
    match = match_row(row)
    return match, {match.players[seat]: row[f"vacation{seat}"] for seat in (0, 1)
                   if row[f"vacation{seat}"] is not None}


async def refresh_match(store: Connection, known: MatchRow) -> MatchRow | None:
    """The match as stored now, from ``known`` (a row this process just wrote, e.g. by a decision) and the
    columns others may have written since (thread outbox, DM panels, DM status): the state is not read
    and decoded again unless the version moved on meanwhile."""
    row = await store.db.fetchone(
        "SELECT version, status, thread_id, posted_version, live_message_id, live_key, live_log, dm_panels,"
        " dm_ok, posting FROM matches WHERE id = ?", (known.id,))
    if row is None:
        return None
    if row["version"] != known.version or row["status"] != known.status:
        return await get_match(store, known.id)
    return dataclasses.replace(
        known, thread_id=row["thread_id"], posted_version=row["posted_version"],
        live_message_id=row["live_message_id"], live_key=row["live_key"], live_log=json.loads(row["live_log"]),
        dm_panels=json.loads(row["dm_panels"]), dm_ok=tuple(json.loads(row["dm_ok"])), posting=row["posting"])


async def match_versions(store: Connection, match_ids: Collection[int]) -> dict[int, tuple[int, int]]:
    """``posted_version`` and ``version`` of these matches, in one query (the web pages' poll of the matches
    they watch, on a shared SQLite file that has no NOTIFY between processes)."""
    ids = [match_id for match_id in match_ids if valid_id(match_id)]
    if not ids:
        return {}
    rows = await store.db.fetchall(f"SELECT id, posted_version, version FROM matches WHERE id IN ({marks(ids)})",
                                   tuple(ids))
    return {row["id"]: (row["posted_version"], row["version"]) for row in rows}


async def match_by_thread(store: Connection, thread_id: int) -> MatchRow | None:
    if not valid_id(thread_id):
        return None
    row = await store.db.fetchone("SELECT * FROM matches WHERE thread_id = ?", (thread_id,))
    return match_row(row) if row else None


async def set_thread(store: Connection, match_id: int, thread_id: int, posting: str | None = None) -> None:
    """Record the match's thread, and with it (``posting``) the nonce of its opening post about to be sent."""
    await store.db.execute("UPDATE matches SET thread_id = ?, posting = ? WHERE id = ?",
                           (thread_id, posting, match_id))


async def mark_opened(store: Connection, match_id: int) -> None:
    """The match is open (thread, opening post, first panels, the bot's first moves): no longer caught up as
    one being opened (``MatchRow.being_opened``)."""
    await store.db.execute("UPDATE matches SET opening = 0 WHERE id = ?", (match_id,))


async def set_dm_ok(store: Connection, match_id: int, dm_ok: tuple[bool, bool]) -> None:
    await store.db.execute("UPDATE matches SET dm_ok = ? WHERE id = ?", (json.dumps(list(dm_ok)), match_id))


async def matches_behind(store: Connection) -> list[MatchRow]:
    """Matches whose thread lags their state (a crash between commit and post), and active matches still
    being opened (a crash before their thread, its opening post or their first panels were out), each once."""
    # Two indexed halves (matches_opening, matches_unposted): start-up never scans every match. A match can
    # be in both (a decision stored before its opening post was made): it is caught up once.
    rows = await store.db.fetchall(
        "SELECT * FROM matches WHERE opening = 1 AND status = 'active' UNION ALL"
        " SELECT * FROM matches WHERE posted_version < version AND thread_id IS NOT NULL ORDER BY id"
    )
    once = {row["id"]: row for row in rows}
    return [match_row(row) for row in once.values()]


async def set_timer(store: Connection, match_id: int, version: int, stage: int, next_timer_at: float | None) -> bool:
    """Record a reminder as sent, only if no decision happened meanwhile."""
    changed = await store.db.execute(
        "UPDATE matches SET timer_stage = ?, next_timer_at = ? WHERE id = ? AND version = ?"
        " AND status = 'active'",
        (stage, next_timer_at, match_id, version),
    )
    return changed == 1


async def claim_due_timers(store: Connection, now: float, *, lease: float = 120.0, shard_count: int = 1,
                           shard_ids: Collection[int] | None = None, limit: int = 200) -> list[MatchRow]:
    """Active matches whose timer is due, in this process's guilds (``(guild_id >> 22) % shard_count``
    in ``shard_ids``; all if None), claimed in one transaction: their ``next_timer_at`` moves to
    ``now + lease``, so no other process takes them until the lease ends. Returns the rows as they
    were before the claim; ``set_timer`` (version-checked) then records what was done."""
    shard, shard_params = shard_filter(shard_count, shard_ids)
    if shard is None:
        return []
    async with store.db.transaction() as tx:
        rows = await tx.fetchall(
            "SELECT * FROM matches WHERE status = 'active' AND next_timer_at IS NOT NULL AND next_timer_at <= ?"
            + shard + " ORDER BY next_timer_at LIMIT ?" + store.skip_locked,
            (now, *shard_params, limit))
        if rows:
            ids = [row["id"] for row in rows]
            await tx.execute(f"UPDATE matches SET next_timer_at = ? WHERE id IN ({marks(ids)})",
                             (now + lease, *ids))
    return [match_row(row) for row in rows]


async def active_matches_of(store: Connection, user_id: int) -> list[MatchRow]:
    rows = await store.db.fetchall(
        "SELECT * FROM matches WHERE status = 'active' AND (player0 = ? OR player1 = ?) ORDER BY id",
        (user_id, user_id),
    )
    return [match_row(row) for row in rows]


async def active_matches_in_channel(store: Connection, guild_id: int, channel_id: int, limit: int) -> list[MatchRow]:
    """The active matches whose threads were opened under a channel, newest first (the Activity's launcher
    list), through the partial index ``matches_channel_active`` (migration 018)."""
    rows = await store.db.fetchall(
        "SELECT * FROM matches WHERE status = 'active' AND guild_id = ? AND channel_id = ? AND thread_id IS NOT NULL"
        " ORDER BY id DESC LIMIT ?", (guild_id, channel_id, limit))
    return [match_row(row) for row in rows]


async def count_active(store: Connection, user_id: int, kind: str = "match") -> int:
    return await active_count(store.db, user_id, kind)


async def count_matches(store: Connection) -> int:
    return await store.db.fetchval("SELECT COUNT(*) FROM matches")
