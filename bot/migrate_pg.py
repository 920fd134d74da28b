"""``python -m bot migrate-to-postgres SQLITE_FILE DATABASE_URL``: copy a SQLite database into PostgreSQL.

Both sides are first brought to the newest migration (the SQLite file as the bot would on start), then
every table is copied in one PostgreSQL transaction with its ids kept and identity sequences moved past
them. The copy is checked before it is reported: the same row count and the same checksum per table (an
order-independent sum of a hash per row, each value normalized to the PostgreSQL column's type).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.db import POSTGRES, SQLITE, is_postgres_url
from bot.store import Store

BATCH = 2000
FLOAT_TYPES = {"double precision", "real", "numeric"}
INT_TYPES = {"bigint", "integer", "smallint"}


class MigrationRefused(Exception):
    """The copy was not made (non-empty target, bad arguments) or did not verify; the message says why."""


@dataclass(frozen=True)
class TableCopy:
    name: str
    rows: int
    checksum: str


async def migrate_to_postgres(sqlite_file: str | Path, database_url: str, *, replace: bool = False,
                              out: Callable[[str], None] = print) -> list[TableCopy]:
    """Copy every table; refuse a target that holds rows unless ``replace`` (which empties it first)."""
    if not is_postgres_url(database_url):
        # The URL is not echoed: it may hold a password.
        raise MigrationRefused("DATABASE_URL must be a PostgreSQL URL: postgresql://user:password@host/db")
    if not Path(sqlite_file).is_file():
        raise MigrationRefused(f"no SQLite database at {sqlite_file}")
    source = await Store.open(sqlite_file)
    try:
        target = await Store.open(database_url)
        try:
            return await _copy(source, target, replace=replace, out=out)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Store, target: Store, *, replace: bool, out: Callable[[str], None]) -> list[TableCopy]:
    assert source.dialect == SQLITE and target.dialect == POSTGRES
    if await source.schema_version() != await target.schema_version():
        raise MigrationRefused("the two databases are at different migrations; update the bot first")
    tables = await _sqlite_tables(source)
    columns = {table: await _postgres_columns(target, table) for table in tables}
    missing = [table for table in tables if not columns[table]]
    if missing:
        raise MigrationRefused(f"tables missing in PostgreSQL: {', '.join(missing)}")
    held = {table: await target.db.fetchval(f"SELECT COUNT(*) FROM {table}") for table in tables}
    if any(held.values()) and not replace:
        listed = ", ".join(f"{table} ({count})" for table, count in held.items() if count)
        raise MigrationRefused(f"the PostgreSQL database is not empty: {listed}; pass --replace to overwrite it")
    pool = target.db.pool
    async with pool.acquire() as connection, connection.transaction():
        if any(held.values()):
            await connection.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY")
        for table in tables:
            names = list(columns[table])
            kinds = [columns[table][name] for name in names]
            async for rows in _sqlite_batches(source, table, names):
                records = [tuple(_as_type(value, kind) for value, kind in zip(row, kinds, strict=True))
                           for row in rows]
                await connection.copy_records_to_table(table, records=records, columns=names)
            if "id" in names and await connection.fetchval(
                    "SELECT pg_get_serial_sequence($1, 'id') IS NOT NULL", table):
                # Identity columns keep counting after the copied ids.
                await connection.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 1),"
                    f" MAX(id) IS NOT NULL) FROM {table}")
    copies = []
    for table in tables:
        names = list(columns[table])
        kinds = [columns[table][name] for name in names]
        mine, theirs = Checksum(kinds), Checksum(kinds)
        async for rows in _sqlite_batches(source, table, names):
            mine.add(rows)
        async with pool.acquire() as connection, connection.transaction():
            cursor = connection.cursor(f"SELECT {', '.join(names)} FROM {table}", prefetch=BATCH)
            async for row in cursor:
                theirs.add((row,))
        mine, theirs = mine.result(), theirs.result()
        if mine != theirs:
            raise MigrationRefused(f"{table}: the copy differs from the source ({mine} != {theirs})")
        copies.append(TableCopy(table, mine[0], mine[1]))
        out(f"{table:16} {mine[0]:>9} rows  checksum {mine[1]}  ok")
    return copies


async def _sqlite_tables(store: Store) -> list[str]:
    """Tables in creation order (a table is created after the tables its foreign keys name)."""
    rows = await store.db.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
    return [row[0] for row in rows]


async def _postgres_columns(store: Store, table: str) -> dict[str, str]:
    rows = await store.db.fetchall(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()"
        " AND table_name = ? ORDER BY ordinal_position", (table,))
    return {row[0]: row[1] for row in rows}


def _as_type(value: Any, kind: str) -> Any:
    # SQLite keeps whatever a column was given; PostgreSQL's binary COPY wants the column's own type.
    if value is None:
        return None
    if kind in FLOAT_TYPES:
        return float(value)
    if kind in INT_TYPES:
        if isinstance(value, float) and not value.is_integer():
            raise MigrationRefused(f"a fractional number {value!r} in an integer column")
        return int(value)
    if kind == "text" and not isinstance(value, str):
        return str(value)
    return value


async def _sqlite_batches(store: Store, table: str, names: list[str]) -> AsyncIterator[list[Any]]:
    """The table's rows in batches, by rowid (a big table never sits in memory whole)."""
    last = 0
    while True:
        rows = await store.db.fetchall(f"SELECT rowid, {', '.join(names)} FROM {table} WHERE rowid > ?"
                                       f" ORDER BY rowid LIMIT {BATCH}", (last,))
        if not rows:
            return
        last = rows[-1][0]
        yield [tuple(row)[1:] for row in rows]


class Checksum:
    """Row count and an order-independent sum of a 64-bit hash per row (values normalized by type)."""

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = kinds
        self.rows = 0
        self.total = 0

    def add(self, rows: Any) -> None:
        for row in rows:
            canonical = repr(tuple(_as_type(value, kind) for value, kind in zip(row, self.kinds, strict=True)))
            digest = hashlib.blake2b(canonical.encode(), digest_size=8).digest()
            self.total = (self.total + int.from_bytes(digest, "big")) % 2**64
            self.rows += 1

    def result(self) -> tuple[int, str]:
        return self.rows, f"{self.total:016x}"


def run_migrate_command(sqlite_file: str, database_url: str, replace: bool) -> int:
    import asyncio

    try:
        copies = asyncio.run(migrate_to_postgres(sqlite_file, database_url, replace=replace))
    except MigrationRefused as error:
        print(f"migrate-to-postgres: {error}", file=sys.stderr)
        return 1
    total = sum(copy.rows for copy in copies)
    print(f"copied {total} rows in {len(copies)} tables; start the bot with DATABASE_URL set to use PostgreSQL")
    return 0
