"""The store's connection layer: one small interface over aiosqlite (one connection) and asyncpg (a pool).

SQL is written once with ``?`` placeholders in the subset both dialects understand; for PostgreSQL the
placeholders become ``$1, $2, ...``. ``execute`` returns the number of rows a statement changed,
``transaction()`` yields a handle with the same methods whose statements form one transaction (committed
when the block ends, rolled back if it raises or calls ``abort()``).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlsplit

import aiosqlite

try:  # a main dependency; imported lazily by nothing else, so a broken install still runs on SQLite
    import asyncpg
except ImportError:  # pragma: no cover - asyncpg is in the dependencies
    asyncpg = None

SQLITE, POSTGRES = "sqlite", "postgres"
INTEGRITY_ERRORS: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,) + (
    (asyncpg.IntegrityConstraintViolationError,) if asyncpg is not None else ())

Row = Any  # aiosqlite.Row or asyncpg.Record: both index by name and position, and dict(row) works
Params = Sequence[Any]
T = TypeVar("T")


def is_postgres_url(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$n`` (the store's SQL holds no ``?`` inside a string literal)."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def advisory_key(*parts: object) -> int:
    """A signed 64-bit key for ``pg_advisory_xact_lock`` naming one thing (e.g. a member's decks)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def describe_target(target: str | Path) -> str:
    """Where the store lives, for a log line: a SQLite path, or a PostgreSQL URL without its user and password."""
    if not is_postgres_url(target):
        return str(target)
    parts = urlsplit(str(target))
    host = parts.hostname or "localhost"
    return f"PostgreSQL {host}{f':{parts.port}' if parts.port else ''}{parts.path or '/'}"


def postgres_settings(url: str) -> dict[str, str]:
    """Session settings for the store's connections; a setting named in the URL's query wins.

    * ``synchronous_commit=off``: the durability of SQLite in WAL mode with ``synchronous=NORMAL`` (what
      the SQLite store uses): a crash of the bot or of PostgreSQL loses nothing; a crash of the machine
      itself may lose the last fraction of a second of commits, never half of one. A commit then waits
      for no disk flush. ``?synchronous_commit=on`` in DATABASE_URL restores the flush.
    * ``jit=off``: JIT compiles plans for scans of millions of rows; every store query touches a handful.
    """
    named = {key for key, _ in parse_qsl(urlsplit(url).query)}
    return {key: value for key, value in (("synchronous_commit", "off"), ("jit", "off")) if key not in named}


async def _keep_session(connection: Any) -> None:
    """The pool's reset on release: asyncpg's default (RESET ALL, UNLISTEN, ...) is one more round trip per
    statement, and the store leaves no session state behind (its advisory locks end with their
    transaction, and asyncpg still rolls back a transaction left open)."""


def _rowcount(status: str) -> int:
    # asyncpg returns the command tag: "UPDATE 3", "INSERT 0 1", "DELETE 0", "SELECT 2".
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class Database:
    """What the store needs from a database; one subclass per backend."""

    dialect: str

    async def execute(self, sql: str, params: Params = ()) -> int:
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        raise NotImplementedError

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]

    def transaction(self) -> Any:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError


class SqliteTransaction(Database):
    dialect = SQLITE

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection
        self.aborted = False

    def abort(self) -> None:
        """Roll back (instead of committing) when the transaction's block ends."""
        self.aborted = True

    async def lock(self, key: int) -> None:
        """Serialize with other writers of the same thing: BEGIN IMMEDIATE already holds the write lock."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        cursor = await self.connection.execute(sql, params)
        return cursor.rowcount

    # One trip to aiosqlite's thread per read (a cursor's execute, fetch and close were three, each
    # waiting its turn on the one connection: the bench counted 28 trips a decision).
    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.connection.execute_fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self.connection.execute_fetchall(sql, params))


class SqliteDatabase(Database):
    """One aiosqlite connection. Every statement holds ``lock``, so a statement outside a transaction
    never runs inside another coroutine's open transaction on the same connection."""

    dialect = SQLITE

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection
        self.lock = asyncio.Lock()
        self._direct = SqliteTransaction(connection)

    @classmethod
    async def open(cls, path: str | Path) -> SqliteDatabase:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        connection.row_factory = aiosqlite.Row
        try:
            await connection.execute("PRAGMA busy_timeout=5000")
            await _wal(connection)
            for pragma in ("synchronous=NORMAL", "foreign_keys=ON"):
                await connection.execute(f"PRAGMA {pragma}")
        except BaseException:
            await connection.close()
            raise
        return cls(connection)

    async def execute(self, sql: str, params: Params = ()) -> int:
        async with self.lock:
            return await self._direct.execute(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self.lock:
            return await self._direct.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self.lock:
            return await self._direct.fetchall(sql, params)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(sqlite3_connection, *args)`` in aiosqlite's thread, as one trip there and back: a
        whole transaction of several statements costs one hop instead of one per statement (each hop
        waits its turn on the one connection and wakes the event loop). ``function`` must leave no
        transaction open. aiosqlite has no public call for this; ``_execute`` is what its own methods use."""
        async with self.lock:
            return await self.connection._execute(function, self.connection._conn, *args)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        async with self.lock:
            await self.connection.execute("BEGIN IMMEDIATE")
            handle = SqliteTransaction(self.connection)
            try:
                yield handle
            except BaseException:
                await self.connection.execute("ROLLBACK")
                raise
            await self.connection.execute("ROLLBACK" if handle.aborted else "COMMIT")

    async def close(self) -> None:
        await self.connection.close()


async def _wal(connection: aiosqlite.Connection) -> None:
    # Switching a new file to WAL while another process migrates it can answer "database is locked" at
    # once (SQLite's deadlock avoidance skips the busy timeout): retry for a while.
    for attempt in range(100):
        try:
            await connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == 99:
                raise
            await asyncio.sleep(0.05)


class PostgresTransaction(Database):
    dialect = POSTGRES

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True

    async def lock(self, key: int) -> None:
        """Serialize with other transactions that lock the same key, until this one ends."""
        await self.connection.execute("SELECT pg_advisory_xact_lock($1)", key)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _rowcount(await self.connection.execute(numbered(sql), *params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self.connection.fetchrow(numbered(sql), *params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.connection.fetch(numbered(sql), *params)

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        return await self.connection.fetchval(numbered(sql), *params)


class PostgresDatabase(Database):
    """An asyncpg pool: statements outside a transaction take any free connection."""

    dialect = POSTGRES

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @classmethod
    async def open(cls, url: str, *, min_size: int = 2, max_size: int = 10) -> PostgresDatabase:
        if asyncpg is None:  # pragma: no cover
            raise RuntimeError("DATABASE_URL names PostgreSQL but asyncpg is not installed (pip install asyncpg)")
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, reset=_keep_session,
                                         server_settings=postgres_settings(url))
        return cls(pool)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _rowcount(await self.pool.execute(numbered(sql), *params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self.pool.fetchrow(numbered(sql), *params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.pool.fetch(numbered(sql), *params)

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        return await self.pool.fetchval(numbered(sql), *params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        async with self.pool.acquire() as connection:
            transaction = connection.transaction()
            await transaction.start()
            handle = PostgresTransaction(connection)
            try:
                yield handle
            except BaseException:
                await transaction.rollback()
                raise
            if handle.aborted:
                await transaction.rollback()
            else:
                await transaction.commit()

    async def close(self) -> None:
        await self.pool.close()


async def open_database(target: str | Path) -> Database:
    """A ``postgresql://`` URL opens a PostgreSQL pool; anything else is a SQLite file path."""
    if is_postgres_url(target):
        return await PostgresDatabase.open(str(target))
    return await SqliteDatabase.open(target)
