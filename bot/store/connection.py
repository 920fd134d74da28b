"""The store's connection: the database (``bot.db``: SQLite or PostgreSQL) and the few SQL fragments that
differ by dialect, which every table's functions take as their first argument (``store``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from bot.db import POSTGRES, SQLITE, Database


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
