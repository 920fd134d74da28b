"""The store's connection: the database (``bot.db``: SQLite or PostgreSQL) and the few SQL fragments that
differ by dialect, which every table's functions take as their first argument (``store``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from bot.db import POSTGRES, SQLITE, Database, advisory_key
from bot.store.rows import OPEN_OPPONENT


class Connection:
    """What the table functions of ``bot.store`` share; ``Store`` is one, with the functions as its methods."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.dialect = db.dialect
        # PostgreSQL has no NOCASE collation: deck names match through lower() and an index on it.
        self.deck_name_is = "name = ?" if db.dialect == SQLITE else "lower(name) = lower(?)"
        self.skip_locked = " FOR UPDATE SKIP LOCKED" if db.dialect == POSTGRES else ""

    async def close(self) -> None:
        await self.db.close()


def shard_filter(shard_count: int, shard_ids: Collection[int] | None) -> tuple[str | None, tuple[int, ...]]:
    """The SQL condition (and its parameters) for "this process's guilds"; None when it owns none."""
    if shard_ids is None or shard_count <= 1:
        return "", ()
    ids = tuple(sorted(set(shard_ids)))
    if not ids:
        return None, ()
    return f" AND (guild_id >> 22) % ? IN ({marks(ids)})", (shard_count, *ids)


def marks(values: Collection[Any]) -> str:
    return ",".join("?" * len(values))


async def claim_leased(store: Connection, table: str, due: str, due_params: tuple, order: str, now: float, *,
                       lease: float, shard_count: int, shard_ids: Collection[int] | None, limit: int) -> list[Any]:
    """The rows of ``table`` (a literal of the store's own) that are ``due`` in this process's guilds and not
    claimed by another process (``claimed_until`` past), claimed for ``lease`` seconds in the same
    transaction, so two processes never take the same row at once (challenges, tournaments, leagues)."""
    shard, shard_params = shard_filter(shard_count, shard_ids)
    if shard is None:
        return []
    async with store.db.transaction() as tx:
        rows = await tx.fetchall(
            f"SELECT * FROM {table} WHERE ({due}) AND (claimed_until IS NULL OR claimed_until <= ?)" + shard
            + f" ORDER BY {order} LIMIT ?" + store.skip_locked, (*due_params, now, *shard_params, limit))
        if rows:
            ids = [row["id"] for row in rows]
            await tx.execute(f"UPDATE {table} SET claimed_until = ? WHERE id IN ({marks(ids)})", (now + lease, *ids))
    return rows


async def lock_members(tx: Any, *user_ids: int) -> None:
    """Serialize with every other transaction that checks, then changes, these members' challenges or active
    matches. On PostgreSQL an advisory lock per member, taken in one order so two such transactions never
    deadlock (counting rows under READ COMMITTED alone would let two inserts pass the same check); on SQLite
    the transaction's BEGIN IMMEDIATE already holds the write lock before anything is read."""
    for user_id in sorted({user_id for user_id in user_ids if user_id != OPEN_OPPONENT}):
        await tx.lock(advisory_key("member", user_id))


async def active_count(db: Database, user_id: int, kind: str = "match") -> int:
    """The member's active matches of ``kind`` (lessons are limited apart from normal play), through ``db``:
    the store's database or an open transaction."""
    return await db.fetchval(
        "SELECT COUNT(*) FROM matches WHERE status = 'active' AND (player0 = ? OR player1 = ?) AND kind = ?",
        (user_id, user_id, kind),
    )
