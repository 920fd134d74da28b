"""One decision is one transaction: the match row is updated ``WHERE version = ?`` and the decision is
appended in the same transaction, so a stale or repeated click can never half-apply (a finishing decision
also moves the ratings: ``players.finish_match``). Also the decision log and the thread's outbox: which
decisions the thread does not show yet, marking them posted, and the DM panels' messages."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from bot.db import POSTGRES
from bot.store import players
from bot.store.connection import Connection
from bot.store.rows import DecisionCommit

_UPDATE_MATCH = (
    "UPDATE matches SET state = ?, version = version + 1, panels = ?, turn_started = ?,"
    " deadline = ?, timer_stage = ?, next_timer_at = ?, status = ?, winner = ?,"
    " result_reason = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'")
_INSERT_DECISION = ("INSERT INTO decisions (match_id, version, seat, choice, user_id, at, events, thread_key)"
                    " VALUES (?,?,?,?,?,?,?,?)")
_PG_DECISION = (
    f"WITH moved AS ({_UPDATE_MATCH} RETURNING id) INSERT INTO decisions (match_id, version, seat, choice,"
    " user_id, at, events, thread_key) SELECT id, ?::bigint, ?::bigint, ?::text, ?::bigint, ?::double precision,"
    " ?::text, ?::text"
    " FROM moved")


def _sqlite_decision(connection: sqlite3.Connection, update: tuple, decision: tuple) -> bool:
    """In aiosqlite's thread: the version-checked update and the log row, committed together, or nothing."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if connection.execute(_UPDATE_MATCH, update).rowcount != 1:
            connection.execute("ROLLBACK")
            return False
        connection.execute(_INSERT_DECISION, decision)
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return True


async def commit_decision(store: Connection, commit: DecisionCommit) -> bool:
    """Apply one decision atomically; False (and nothing written) if the version moved on."""
    update = (json.dumps(commit.state), json.dumps(commit.panels), commit.turn_started, commit.deadline,
              commit.timer_stage, commit.next_timer_at, commit.status, commit.winner, commit.result_reason,
              commit.now, commit.match_id, commit.expected_version)
    decision = (commit.expected_version + 1, commit.seat, json.dumps(commit.choice), commit.user_id, commit.now,
                json.dumps(commit.events, default=str), commit.thread_key)
    if store.dialect == POSTGRES and commit.status != "finished":
        # One statement is one transaction and one round trip: the log row is written only if the
        # version-checked update matched.
        return await store.db.execute(_PG_DECISION, update + decision) == 1
    if commit.status != "finished":
        # SQLite: the whole transaction in one trip to aiosqlite's thread (four before).
        return await store.db.run(_sqlite_decision, update, (commit.match_id, *decision))
    async with store.db.transaction() as tx:  # the finishing decision: ratings and series move with it
        changed = await tx.execute(_UPDATE_MATCH, update)
        if changed != 1:
            tx.abort()
            return False
        await tx.execute(_INSERT_DECISION, (commit.match_id, *decision))
        await players.finish_match(tx, commit)
    return True


async def decision_log(store: Connection, match_id: int) -> list[tuple[int, list[str]]]:
    rows = await store.db.fetchall("SELECT seat, choice FROM decisions WHERE match_id = ? ORDER BY version",
                                  (match_id,))
    return [(row["seat"], json.loads(row["choice"])) for row in rows]


async def unposted(store: Connection, match_id: int, after_version: int) -> list[tuple[int, int, list[str], list]]:
    """Decisions the thread does not show yet: (version, seat, choice, events), oldest first."""
    return [row[:4] for row in await unposted_with_keys(store, match_id, after_version)]


async def unposted_with_keys(store: Connection, match_id: int, after_version: int
                             ) -> list[tuple[int, int, list[str], list, str | None]]:
    """As ``unposted``, each with the thread key after it (None: recorded before migration 010, or no
    public decision owed after it)."""
    rows = await store.db.fetchall(
        "SELECT version, seat, choice, events, thread_key FROM decisions WHERE match_id = ? AND version > ?"
        " ORDER BY version", (match_id, after_version))
    return [(row["version"], row["seat"], json.loads(row["choice"]), json.loads(row["events"]), row["thread_key"])
            for row in rows]


async def mark_posted(store: Connection, match_id: int, version: int, live_message_id: int | None, live_key: str | None,
                      live_log: list[str]) -> None:
    await store.db.execute(
        "UPDATE matches SET posted_version = ?, live_message_id = ?, live_key = ?, live_log = ?, posting = NULL"
        " WHERE id = ? AND posted_version <= ?",
        (version, live_message_id, live_key, json.dumps(live_log), match_id, version))


async def set_posting(store: Connection, match_id: int, nonce: str) -> None:
    """Remember the nonce of the thread post about to be sent, until ``mark_posted`` records it."""
    await store.db.execute("UPDATE matches SET posting = ? WHERE id = ?", (nonce, match_id))


async def set_dm_panel(store: Connection, match_id: int, seat: int, record: dict[str, Any] | None) -> None:
    """Remember (or forget) the DM message that holds a seat's panel, to edit it in place. One UPDATE
    that changes only this seat's entry, so the other seat's, written at the same time, stays."""
    if store.dialect == POSTGRES:
        if record is None:
            await store.db.execute("UPDATE matches SET dm_panels = (dm_panels::jsonb - ?::text)::text"
                                  " WHERE id = ?", (str(seat), match_id))
        else:
            await store.db.execute("UPDATE matches SET dm_panels = jsonb_set(dm_panels::jsonb, ARRAY[?::text],"
                                  " ?::jsonb)::text WHERE id = ?", (str(seat), json.dumps(record), match_id))
    elif record is None:
        await store.db.execute("UPDATE matches SET dm_panels = json_remove(dm_panels, ?) WHERE id = ?",
                              (f'$."{seat}"', match_id))
    else:
        await store.db.execute("UPDATE matches SET dm_panels = json_set(dm_panels, ?, json(?)) WHERE id = ?",
                              (f'$."{seat}"', json.dumps(record), match_id))
