"""The store: numbered migrations, challenges, matches with an optimistic ``version``, decision log.

Runs on SQLite (a file path, one connection) or PostgreSQL (a ``postgresql://`` URL, an asyncpg pool)
through ``bot.db``; the SQL is written once, with a dialect branch only where the two must differ.

One decision is one transaction: the match row is updated ``WHERE version = ?`` and the decision is
appended in the same transaction, so a stale or repeated click can never half-apply.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sqlite3
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.db import INTEGRITY_ERRORS, POSTGRES, SQLITE, Database, Row, advisory_key, open_database
from bot.ratings import Rating, rate_pair

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
POSTGRES_OVERRIDES = MIGRATIONS / "postgres"  # NNN_name.sql here replaces the translation of NNN on PostgreSQL
OPEN_OPPONENT = 0  # challenges.opponent_id of an open challenge: any member but the challenger may accept
MAX_ID = 2**63 - 1  # a 64-bit INTEGER/BIGINT; a larger number in a forged click or option is simply not found
MIGRATION_LOCK = 0x44_54_6D_69_67  # advisory lock: one process migrates a PostgreSQL database at a time


def valid_id(value: object) -> bool:
    return isinstance(value, int) and 0 < value <= MAX_ID


@dataclass(frozen=True)
class ChallengeRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    game: str
    options: dict[str, str]
    days: int
    locale: str
    challenger_id: int
    opponent_id: int
    status: str
    created_at: float
    expires_at: float
    match_id: int | None
    challenger_deck: str | None = None  # the engine's deck0 option, copied at challenge time
    rated: int = 0  # 1: the match it starts changes both ratings
    rematch_of: int | None = None  # the finished match this challenge repeats (seats swapped)


@dataclass(frozen=True)
class DeckRow:
    id: int
    user_id: int
    game: str
    name: str
    cards: dict[str, int]
    created_at: float
    updated_at: float


class DeckLimitReached(Exception):
    pass


class DeckNameTaken(Exception):
    pass


@dataclass(frozen=True)
class MatchRow:
    id: int
    game: str
    options: dict[str, str]
    seed: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    players: tuple[int, int]
    bot_seat: int | None
    days: int
    locale: str
    status: str
    state: dict[str, Any] = field(repr=False)
    version: int
    panels: dict[str, int]
    dm_ok: tuple[bool, bool]
    turn_started: float
    deadline: float
    timer_stage: int
    next_timer_at: float | None
    winner: int | None
    result_reason: str | None
    posted_version: int = 0
    live_message_id: int | None = None
    live_key: str | None = None
    live_log: list[str] = field(default_factory=list)
    dm_panels: dict[str, dict[str, Any]] = field(default_factory=dict)
    rated: bool = False
    series_id: int | None = None  # the first match of its rematch series (None: not a rematch)
    finished_at: float | None = None

    def seat_of(self, user_id: int) -> int | None:
        if user_id == self.players[0] and self.bot_seat != 0:
            return 0
        if user_id == self.players[1] and self.bot_seat != 1:
            return 1
        return None

    def panel_version(self, seat: int) -> int:
        return self.panels.get(str(seat), self.version)


@dataclass(frozen=True)
class DecisionCommit:
    """Everything one applied decision writes, in one transaction."""

    match_id: int
    expected_version: int
    state: dict[str, Any]
    panels: dict[str, int]
    seat: int
    choice: list[str]
    user_id: int | None
    now: float
    turn_started: float
    deadline: float
    timer_stage: int
    next_timer_at: float | None
    status: str = "active"
    winner: int | None = None
    result_reason: str | None = None
    events: list[list[Any]] = field(default_factory=list)  # [key, args, audience] per engine event
    thread_key: str | None = None  # who the thread says must act after it (bot.engine.thread_key)


class Store:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.dialect = db.dialect
        # PostgreSQL has no NOCASE collation: deck names match through lower() and an index on it.
        self._deck_name_is = "name = ?" if db.dialect == SQLITE else "lower(name) = lower(?)"
        self._skip_locked = " FOR UPDATE SKIP LOCKED" if db.dialect == POSTGRES else ""

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """A ``postgresql://`` URL opens PostgreSQL (asyncpg pool); anything else is a SQLite file path."""
        db = await open_database(target)
        store = cls(db)
        try:
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    # ---- migrations ---------------------------------------------------------------------------

    async def migrate(self) -> list[int]:
        """Apply every ``NNN_name.sql`` newer than the schema version; returns what it applied."""
        if self.dialect == POSTGRES:
            return await self._migrate_postgres()
        applied = []
        for number, path in migration_files():
            if number <= await self.schema_version():
                continue
            async with self.db.transaction() as tx:
                # Read again under the write lock: another process may have applied it meanwhile.
                if number <= await tx.fetchval("PRAGMA user_version"):
                    continue
                for statement in _statements(path.read_text(encoding="utf-8")):
                    await tx.execute(statement)
                await tx.execute(f"PRAGMA user_version = {number}")
            applied.append(number)
        return applied

    async def _migrate_postgres(self) -> list[int]:
        # All pending migrations in one transaction (PostgreSQL's DDL is transactional), under a lock so
        # several processes starting at once migrate once.
        applied = []
        async with self.db.transaction() as tx:
            await tx.lock(MIGRATION_LOCK)
            await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT PRIMARY KEY,"
                             " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            current = await tx.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            for number, path in migration_files():
                if number <= current:
                    continue
                for statement in _statements(postgres_migration(number, path)):
                    await tx.execute(statement)
                await tx.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
                applied.append(number)
        return applied

    async def schema_version(self) -> int:
        if self.dialect == POSTGRES:
            return await self.db.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return await self.db.fetchval("PRAGMA user_version")

    async def journal_mode(self) -> str:
        """SQLite's journal mode (``wal``); PostgreSQL always logs ahead."""
        if self.dialect == POSTGRES:
            return "wal"
        return await self.db.fetchval("PRAGMA journal_mode")

    # ---- challenges -------------------------------------------------------------------------

    async def create_challenge(self, *, guild_id: int, channel_id: int, game: str, options: dict[str, str],
                               days: int, locale: str, challenger_id: int, opponent_id: int,
                               now: float, expires_at: float, challenger_deck: str | None = None,
                               rated: bool = False, rematch_of: int | None = None) -> int:
        return await self.db.fetchval(
            "INSERT INTO challenges (guild_id, channel_id, game, options, days, locale, challenger_id,"
            " opponent_id, status, created_at, expires_at, challenger_deck, rated, rematch_of)"
            " VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, game, json.dumps(options), days, locale, challenger_id, opponent_id,
             now, expires_at, challenger_deck, int(rated), rematch_of),
        )

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.db.execute("UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id))

    async def get_challenge(self, challenge_id: int) -> ChallengeRow | None:
        if not valid_id(challenge_id):
            return None
        row = await self.db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return _challenge(row) if row else None

    async def close_challenge(self, challenge_id: int, status: str, match_id: int | None = None) -> bool:
        """Move an open challenge to ``status``; False if someone else closed it first."""
        changed = await self.db.execute(
            "UPDATE challenges SET status = ?, match_id = ? WHERE id = ? AND status = 'open'",
            (status, match_id, challenge_id),
        )
        return changed == 1

    async def claim_due_challenges(self, now: float, *, lease: float = 120.0, shard_count: int = 1,
                                   shard_ids: Collection[int] | None = None, limit: int = 200) -> list[ChallengeRow]:
        """Open challenges past their expiry in this process's guilds, not claimed by another process in
        the last ``lease`` seconds; claims them for ``lease`` seconds, in one transaction. Expiring one
        stays exactly-once through ``close_challenge``'s status check."""
        shard, shard_params = _shard_filter(shard_count, shard_ids)
        if shard is None:
            return []
        async with self.db.transaction() as tx:
            rows = await tx.fetchall(
                "SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ?"
                " AND (claimed_until IS NULL OR claimed_until <= ?)" + shard
                + " ORDER BY expires_at LIMIT ?" + self._skip_locked,
                (now, now, *shard_params, limit))
            if rows:
                ids = [row["id"] for row in rows]
                await tx.execute(f"UPDATE challenges SET claimed_until = ? WHERE id IN ({_marks(ids)})",
                                 (now + lease, *ids))
        return [_challenge(row) for row in rows]

    async def open_challenge_between(self, user_a: int, user_b: int) -> ChallengeRow | None:
        row = await self.db.fetchone(
            "SELECT * FROM challenges WHERE status = 'open' AND ((challenger_id = ? AND opponent_id = ?)"
            " OR (challenger_id = ? AND opponent_id = ?)) LIMIT 1",
            (user_a, user_b, user_b, user_a),
        )
        return _challenge(row) if row else None

    # ---- matches ----------------------------------------------------------------------------

    async def create_match(self, *, game: str, options: dict[str, str], seed: int, guild_id: int,
                           channel_id: int, players: tuple[int, int], bot_seat: int | None, days: int,
                           locale: str, state: dict[str, Any], panels: dict[str, int], now: float,
                           deadline: float, next_timer_at: float | None,
                           challenge_id: int | None = None, rated: bool = False,
                           series_id: int | None = None) -> int | None:
        """Create a match and (if given) close its challenge in one transaction.

        Returns None when the challenge was no longer open (a double accept): nothing is written.
        """
        async with self.db.transaction() as tx:
            match_id = await tx.fetchval(
                "INSERT INTO matches (game, options, seed, guild_id, channel_id, player0, player1, bot_seat,"
                " days, locale, status, state, version, panels, turn_started, deadline, next_timer_at,"
                " created_at, updated_at, rated, series_id)"
                " VALUES (?,?,?,?,?,?,?,?,?,?, 'active', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (game, json.dumps(options), seed, guild_id, channel_id, players[0], players[1], bot_seat,
                 days, locale, json.dumps(state), json.dumps(panels), now, deadline, next_timer_at, now, now,
                 int(rated and bot_seat is None), series_id),
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
        return match_id

    async def get_match(self, match_id: int) -> MatchRow | None:
        if not valid_id(match_id):
            return None
        row = await self.db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        return _match(row) if row else None

    async def match_and_vacations(self, match_id: int, now: float) -> tuple[MatchRow | None, dict[int, float]]:
        """The match and, for each of its two members on vacation at ``now``, when it ends: what a decision
        reads, in one query (one trip) instead of two."""
        if not valid_id(match_id):
            return None, {}
        row = await self.db.fetchone(
            "SELECT *, " + ", ".join(
                f"(SELECT MAX(ends_at) FROM vacations WHERE user_id = player{seat} AND started_at <= ?"
                f" AND ends_at > ?) AS vacation{seat}" for seat in (0, 1))
            + " FROM matches WHERE id = ?", (now, now, now, now, match_id))
        if row is None:
            return None, {}
        match = _match(row)
        return match, {match.players[seat]: row[f"vacation{seat}"] for seat in (0, 1)
                       if row[f"vacation{seat}"] is not None}

    async def refresh_match(self, known: MatchRow) -> MatchRow | None:
        """The match as stored now, from ``known`` (a row this process just wrote, e.g. by a decision) and the
        columns others may have written since (thread outbox, DM panels, DM status): the state is not read
        and decoded again unless the version moved on meanwhile."""
        row = await self.db.fetchone(
            "SELECT version, status, thread_id, posted_version, live_message_id, live_key, live_log, dm_panels,"
            " dm_ok FROM matches WHERE id = ?", (known.id,))
        if row is None:
            return None
        if row["version"] != known.version or row["status"] != known.status:
            return await self.get_match(known.id)
        return dataclasses.replace(
            known, thread_id=row["thread_id"], posted_version=row["posted_version"],
            live_message_id=row["live_message_id"], live_key=row["live_key"], live_log=json.loads(row["live_log"]),
            dm_panels=json.loads(row["dm_panels"]), dm_ok=tuple(json.loads(row["dm_ok"])))

    async def match_by_thread(self, thread_id: int) -> MatchRow | None:
        if not valid_id(thread_id):
            return None
        row = await self.db.fetchone("SELECT * FROM matches WHERE thread_id = ?", (thread_id,))
        return _match(row) if row else None

    async def set_thread(self, match_id: int, thread_id: int) -> None:
        await self.db.execute("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id))

    async def set_dm_ok(self, match_id: int, dm_ok: tuple[bool, bool]) -> None:
        await self.db.execute("UPDATE matches SET dm_ok = ? WHERE id = ?", (json.dumps(list(dm_ok)), match_id))

    async def commit_decision(self, commit: DecisionCommit) -> bool:
        """Apply one decision atomically; False (and nothing written) if the version moved on."""
        update = (json.dumps(commit.state), json.dumps(commit.panels), commit.turn_started, commit.deadline,
                  commit.timer_stage, commit.next_timer_at, commit.status, commit.winner, commit.result_reason,
                  commit.now, commit.match_id, commit.expected_version)
        decision = (commit.expected_version + 1, commit.seat, json.dumps(commit.choice), commit.user_id, commit.now,
                    json.dumps(commit.events, default=str), commit.thread_key)
        if self.dialect == POSTGRES and commit.status != "finished":
            # One statement is one transaction and one round trip: the log row is written only if the
            # version-checked update matched.
            return await self.db.execute(_PG_DECISION, update + decision) == 1
        if commit.status != "finished":
            # SQLite: the whole transaction in one trip to aiosqlite's thread (four before).
            return await self.db.run(_sqlite_decision, update, (commit.match_id, *decision))
        async with self.db.transaction() as tx:  # the finishing decision: ratings and series move with it
            changed = await tx.execute(_UPDATE_MATCH, update)
            if changed != 1:
                tx.abort()
                return False
            await tx.execute(_INSERT_DECISION, (commit.match_id, *decision))
            await self._finish_match(tx, commit)
        return True

    async def _finish_match(self, tx: Database, commit: DecisionCommit) -> None:
        """Inside the finishing transaction: stamp the end, and move both ratings of a rated match.

        Runs only when the ``UPDATE ... WHERE version = ? AND status = 'active'`` succeeded, so once per
        match; ``rating_changes``' primary key would refuse a second application anyway (and roll the
        whole decision back)."""
        row = await tx.fetchone(
            "UPDATE matches SET finished_at = ? WHERE id = ?"
            " RETURNING guild_id, game, player0, player1, bot_seat, rated", (commit.now, commit.match_id))
        if not row["rated"] or row["bot_seat"] is not None or row["player0"] == row["player1"]:
            return
        players = (row["player0"], row["player1"])
        # Two matches of one member finishing at once on PostgreSQL: the second waits for the first's
        # rating (keys taken in one order, so two finishing transactions cannot deadlock).
        for key in sorted(advisory_key("rating", row["guild_id"], row["game"], user) for user in players):
            await tx.lock(key)
        before = [await self._rating_in_transaction(tx, row["guild_id"], row["game"], user) for user in players]
        score0 = 0.5 if commit.winner is None else (1.0 if commit.winner == 0 else 0.0)
        after = rate_pair(before[0], before[1], score0)
        for seat, user in enumerate(players):
            score = score0 if seat == 0 else 1.0 - score0
            won, lost, drew = int(score == 1.0), int(score == 0.0), int(score == 0.5)
            await tx.execute(
                "INSERT INTO rating_changes (match_id, user_id, guild_id, game, before, after, rd_before,"
                " rd_after, at) VALUES (?,?,?,?,?,?,?,?,?)",
                (commit.match_id, user, row["guild_id"], row["game"], before[seat].rating, after[seat].rating,
                 before[seat].rd, after[seat].rd, commit.now))
            await tx.execute(
                "INSERT INTO ratings (guild_id, game, user_id, rating, rd, vol, wins, losses, draws, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                " rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,"
                " wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses,"
                " draws = ratings.draws + excluded.draws, updated_at = excluded.updated_at",
                (row["guild_id"], row["game"], user, after[seat].rating, after[seat].rd, after[seat].vol,
                 won, lost, drew, commit.now))

    @staticmethod
    async def _rating_in_transaction(tx: Database, guild_id: int, game: str, user_id: int) -> Rating:
        row = await tx.fetchone("SELECT rating, rd, vol FROM ratings WHERE guild_id = ? AND game = ?"
                                " AND user_id = ?", (guild_id, game, user_id))
        return Rating(row["rating"], row["rd"], row["vol"]) if row else Rating()

    # ---- ratings, history, series (issue 15) ---------------------------------------------------

    async def rating(self, guild_id: int, game: str, user_id: int) -> dict[str, Any] | None:
        row = await self.db.fetchone("SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                                     (guild_id, game, user_id))
        return dict(row) if row else None

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[dict[str, Any]]:
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? ORDER BY rating DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [dict(row) for row in rows]

    async def rank_of(self, guild_id: int, game: str, user_id: int) -> tuple[int, int] | None:
        """(rank, players rated) of a member in a game on a server, or None if unrated."""
        mine = await self.rating(guild_id, game, user_id)
        if mine is None:
            return None
        above, total = await self.db.fetchone(
            "SELECT SUM(CASE WHEN rating > ? OR (rating = ? AND user_id < ?) THEN 1 ELSE 0 END), COUNT(*)"
            " FROM ratings WHERE guild_id = ? AND game = ?",
            (mine["rating"], mine["rating"], user_id, guild_id, game),
        )
        return (above or 0) + 1, total

    async def rating_changes(self, match_id: int) -> dict[int, dict[str, Any]]:
        rows = await self.db.fetchall("SELECT * FROM rating_changes WHERE match_id = ?", (match_id,))
        return {row["user_id"]: dict(row) for row in rows}

    async def rating_history(self, guild_id: int, game: str, user_id: int) -> list[dict[str, Any]]:
        rows = await self.db.fetchall(
            "SELECT * FROM rating_changes WHERE guild_id = ? AND game = ? AND user_id = ? ORDER BY at, match_id",
            (guild_id, game, user_id),
        )
        return [dict(row) for row in rows]

    async def finished_matches_of(self, user_id: int, guild_id: int, game: str | None = None,
                                  limit: int = 10) -> list[MatchRow]:
        """Newest first."""
        sql = ("SELECT * FROM matches WHERE status = 'finished' AND guild_id = ? AND (player0 = ? OR player1 = ?)"
               + (" AND game = ?" if game else "") + " ORDER BY COALESCE(finished_at, updated_at) DESC, id DESC LIMIT ?")
        params = (guild_id, user_id, user_id, *((game,) if game else ()), limit)
        return [_match(row) for row in await self.db.fetchall(sql, params)]

    async def move_times(self, match_ids: list[int]) -> list[tuple[int, int | None, float, float]]:
        """(match, user, at, match created_at) of every decision of the given matches, in order."""
        if not match_ids:
            return []
        rows = await self.db.fetchall(
            "SELECT d.match_id, d.user_id, d.at, m.created_at FROM decisions d JOIN matches m ON m.id = d.match_id"
            f" WHERE d.match_id IN ({_marks(match_ids)}) ORDER BY d.match_id, d.version",
            tuple(match_ids),
        )
        return [(row[0], row[1], row[2], row[3]) for row in rows]

    async def series_matches(self, series_id: int) -> list[MatchRow]:
        rows = await self.db.fetchall("SELECT * FROM matches WHERE id = ? OR series_id = ? ORDER BY id",
                                      (series_id, series_id))
        return [_match(row) for row in rows]

    async def open_rematch(self, match_id: int) -> ChallengeRow | None:
        row = await self.db.fetchone("SELECT * FROM challenges WHERE rematch_of = ? AND status = 'open' LIMIT 1",
                                     (match_id,))
        return _challenge(row) if row else None

    async def rematch_challenge(self, match_id: int) -> ChallengeRow | None:
        """The newest rematch challenge of a match, whatever its status."""
        row = await self.db.fetchone("SELECT * FROM challenges WHERE rematch_of = ? ORDER BY id DESC LIMIT 1",
                                     (match_id,))
        return _challenge(row) if row else None

    # ---- vacations ------------------------------------------------------------------------------

    async def vacation_until(self, user_ids: tuple[int, ...], now: float) -> dict[int, float]:
        """Members of ``user_ids`` on vacation at ``now``, with when it ends."""
        if not user_ids:
            return {}
        rows = await self.db.fetchall(
            f"SELECT user_id, MAX(ends_at) FROM vacations WHERE user_id IN ({_marks(user_ids)}) AND started_at <= ?"
            " AND ends_at > ? GROUP BY user_id", (*user_ids, now, now))
        return {row[0]: row[1] for row in rows}

    async def vacation_used(self, user_id: int, now: float, window: float) -> float:
        """Seconds of vacation (taken or booked) that fall after ``now - window``."""
        return await self._vacation_used(self.db, user_id, now, window)

    @staticmethod
    async def _vacation_used(db: Database, user_id: int, now: float, window: float) -> float:
        since = now - window
        return await db.fetchval(
            "SELECT COALESCE(SUM(ends_at - CASE WHEN started_at > ? THEN started_at ELSE ? END), 0)"
            " FROM vacations WHERE user_id = ? AND ends_at > ?", (since, since, user_id, since))

    async def start_vacation(self, user_id: int, now: float, length: float, budget: float,
                             window: float) -> float | None:
        """Book a vacation from ``now`` and push every clock of the member's active matches back by its
        length, in one transaction. None (nothing written) if it would pass ``budget`` in ``window``."""
        async with self.db.transaction() as tx:
            await tx.lock(advisory_key("vacation", user_id))
            if await self._vacation_used(tx, user_id, now, window) + length > budget + 1e-6:
                tx.abort()
                return None
            await tx.execute("INSERT INTO vacations (user_id, started_at, ends_at) VALUES (?,?,?)",
                             (user_id, now, now + length))
            await self._shift_clocks(tx, user_id, length)
        return now + length

    async def end_vacation(self, user_id: int, now: float) -> bool:
        """End a running vacation early: its unused time comes off the clocks again. False if none runs."""
        async with self.db.transaction() as tx:
            await tx.lock(advisory_key("vacation", user_id))
            row = await tx.fetchone(
                "SELECT id, ends_at FROM vacations WHERE user_id = ? AND started_at <= ? AND ends_at > ?"
                " ORDER BY ends_at DESC LIMIT 1", (user_id, now, now))
            if row is None:
                tx.abort()
                return False
            await tx.execute("UPDATE vacations SET ends_at = ? WHERE id = ?", (now, row["id"]))
            await self._shift_clocks(tx, user_id, -(row["ends_at"] - now))
        return True

    @staticmethod
    async def _shift_clocks(tx: Database, user_id: int, seconds: float) -> None:
        """Move the whole timer plan (turn start, reminders, deadline) of the member's active matches."""
        await tx.execute(
            "UPDATE matches SET turn_started = turn_started + ?, deadline = deadline + ?,"
            " next_timer_at = next_timer_at + ? WHERE status = 'active' AND (player0 = ? OR player1 = ?)",
            (seconds, seconds, seconds, user_id, user_id))

    async def decision_log(self, match_id: int) -> list[tuple[int, list[str]]]:
        rows = await self.db.fetchall("SELECT seat, choice FROM decisions WHERE match_id = ? ORDER BY version",
                                      (match_id,))
        return [(row["seat"], json.loads(row["choice"])) for row in rows]

    async def unposted(self, match_id: int, after_version: int) -> list[tuple[int, int, list[str], list]]:
        """Decisions the thread does not show yet: (version, seat, choice, events), oldest first."""
        return [row[:4] for row in await self.unposted_with_keys(match_id, after_version)]

    async def unposted_with_keys(self, match_id: int, after_version: int
                                 ) -> list[tuple[int, int, list[str], list, str | None]]:
        """As ``unposted``, each with the thread key after it (None: recorded before migration 010, or no
        public decision owed after it)."""
        rows = await self.db.fetchall(
            "SELECT version, seat, choice, events, thread_key FROM decisions WHERE match_id = ? AND version > ?"
            " ORDER BY version", (match_id, after_version))
        return [(row["version"], row["seat"], json.loads(row["choice"]), json.loads(row["events"]), row["thread_key"])
                for row in rows]

    async def mark_posted(self, match_id: int, version: int, live_message_id: int | None, live_key: str | None,
                          live_log: list[str]) -> None:
        await self.db.execute(
            "UPDATE matches SET posted_version = ?, live_message_id = ?, live_key = ?, live_log = ?"
            " WHERE id = ? AND posted_version <= ?",
            (version, live_message_id, live_key, json.dumps(live_log), match_id, version))

    async def set_dm_panel(self, match_id: int, seat: int, record: dict[str, Any] | None) -> None:
        """Remember (or forget) the DM message that holds a seat's panel, to edit it in place. One UPDATE
        that changes only this seat's entry, so the other seat's, written at the same time, stays."""
        if self.dialect == POSTGRES:
            if record is None:
                await self.db.execute("UPDATE matches SET dm_panels = (dm_panels::jsonb - ?::text)::text"
                                      " WHERE id = ?", (str(seat), match_id))
            else:
                await self.db.execute("UPDATE matches SET dm_panels = jsonb_set(dm_panels::jsonb, ARRAY[?::text],"
                                      " ?::jsonb)::text WHERE id = ?", (str(seat), json.dumps(record), match_id))
        elif record is None:
            await self.db.execute("UPDATE matches SET dm_panels = json_remove(dm_panels, ?) WHERE id = ?",
                                  (f'$."{seat}"', match_id))
        else:
            await self.db.execute("UPDATE matches SET dm_panels = json_set(dm_panels, ?, json(?)) WHERE id = ?",
                                  (f'$."{seat}"', json.dumps(record), match_id))

    async def matches_behind(self) -> list[MatchRow]:
        """Matches whose thread lags their state (a crash between commit and post), or that never got one."""
        # Two indexed halves (matches_unposted, matches_thread): start-up never scans every match.
        rows = await self.db.fetchall(
            "SELECT * FROM matches WHERE posted_version < version AND thread_id IS NOT NULL UNION ALL"
            " SELECT * FROM matches WHERE thread_id IS NULL AND status = 'active' ORDER BY id"
        )
        return [_match(row) for row in rows]

    async def set_timer(self, match_id: int, version: int, stage: int, next_timer_at: float | None) -> bool:
        """Record a reminder as sent, only if no decision happened meanwhile."""
        changed = await self.db.execute(
            "UPDATE matches SET timer_stage = ?, next_timer_at = ? WHERE id = ? AND version = ?"
            " AND status = 'active'",
            (stage, next_timer_at, match_id, version),
        )
        return changed == 1

    async def claim_due_timers(self, now: float, *, lease: float = 120.0, shard_count: int = 1,
                               shard_ids: Collection[int] | None = None, limit: int = 200) -> list[MatchRow]:
        """Active matches whose timer is due, in this process's guilds (``(guild_id >> 22) % shard_count``
        in ``shard_ids``; all if None), claimed in one transaction: their ``next_timer_at`` moves to
        ``now + lease``, so no other process takes them until the lease ends. Returns the rows as they
        were before the claim; ``set_timer`` (version-checked) then records what was done."""
        shard, shard_params = _shard_filter(shard_count, shard_ids)
        if shard is None:
            return []
        async with self.db.transaction() as tx:
            rows = await tx.fetchall(
                "SELECT * FROM matches WHERE status = 'active' AND next_timer_at IS NOT NULL AND next_timer_at <= ?"
                + shard + " ORDER BY next_timer_at LIMIT ?" + self._skip_locked,
                (now, *shard_params, limit))
            if rows:
                ids = [row["id"] for row in rows]
                await tx.execute(f"UPDATE matches SET next_timer_at = ? WHERE id IN ({_marks(ids)})",
                                 (now + lease, *ids))
        return [_match(row) for row in rows]

    async def active_matches_of(self, user_id: int) -> list[MatchRow]:
        rows = await self.db.fetchall(
            "SELECT * FROM matches WHERE status = 'active' AND (player0 = ? OR player1 = ?) ORDER BY id",
            (user_id, user_id),
        )
        return [_match(row) for row in rows]

    async def count_active(self, user_id: int) -> int:
        return await self.db.fetchval(
            "SELECT COUNT(*) FROM matches WHERE status = 'active' AND (player0 = ? OR player1 = ?)",
            (user_id, user_id),
        )

    async def count_matches(self) -> int:
        return await self.db.fetchval("SELECT COUNT(*) FROM matches")

    # ---- users and guilds ---------------------------------------------------------------------

    async def remember_user(self, user_id: int, locale: str, name: str, now: float) -> None:
        # The WHERE skips a write when nothing changed (NULL-safe on the name).
        await self.db.execute(
            "INSERT INTO users (user_id, locale, name, updated_at) VALUES (?,?,?,?) ON CONFLICT (user_id)"
            " DO UPDATE SET locale = excluded.locale, name = excluded.name, updated_at = excluded.updated_at"
            " WHERE users.locale != excluded.locale OR users.name != excluded.name"
            " OR (users.name IS NULL) != (excluded.name IS NULL)",
            (user_id, locale, name, now),
        )

    async def user_names(self, user_ids: tuple[int, ...]) -> dict[int, str]:
        if not user_ids:
            return {}
        rows = await self.db.fetchall(
            f"SELECT user_id, name FROM users WHERE user_id IN ({_marks(user_ids)}) AND name IS NOT NULL",
            tuple(user_ids))
        return {row["user_id"]: row["name"] for row in rows}

    async def set_always_stop(self, user_id: int, on: bool, locale: str, now: float) -> None:
        await self.db.execute(
            "INSERT INTO users (user_id, locale, updated_at, always_stop) VALUES (?,?,?,?) ON CONFLICT (user_id)"
            " DO UPDATE SET always_stop = excluded.always_stop", (user_id, locale, now, int(on)))

    async def always_stop(self, user_ids: tuple[int, ...]) -> dict[int, bool]:
        if not user_ids:
            return {}
        rows = await self.db.fetchall(
            f"SELECT user_id, always_stop FROM users WHERE user_id IN ({_marks(user_ids)})", tuple(user_ids))
        return {row["user_id"]: bool(row["always_stop"]) for row in rows}

    async def set_notify(self, user_id: int, locale: str, now: float, **changes: Any) -> None:
        """Change some of ``notify``, ``quiet_start``, ``quiet_end``, ``timezone`` in one statement."""
        allowed = {"notify", "quiet_start", "quiet_end", "timezone"}
        if not changes or set(changes) - allowed:
            raise ValueError(sorted(set(changes) - allowed))
        names = sorted(changes)
        await self.db.execute(
            f"INSERT INTO users (user_id, locale, updated_at, {', '.join(names)}) VALUES (?,?,?,{_marks(names)})"
            f" ON CONFLICT (user_id) DO UPDATE SET {', '.join(f'{n} = excluded.{n}' for n in names)}",
            (user_id, locale, now, *(changes[n] for n in names)))

    async def notify_prefs(self, user_ids: tuple[int, ...]) -> dict[int, dict[str, Any]]:
        """Per member: notify mode, quiet hours, time zone (defaults for members never seen)."""
        default = {"notify": "both", "quiet_start": None, "quiet_end": None, "timezone": None}
        prefs = {user_id: dict(default) for user_id in user_ids}
        if not user_ids:
            return prefs
        rows = await self.db.fetchall(f"SELECT user_id, notify, quiet_start, quiet_end, timezone FROM users"
                                      f" WHERE user_id IN ({_marks(user_ids)})", tuple(user_ids))
        for row in rows:
            prefs[row["user_id"]] = {key: row[key] for key in default}
        return prefs

    async def user_locale(self, user_id: int) -> str | None:
        return await self.db.fetchval("SELECT locale FROM users WHERE user_id = ?", (user_id,))

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self.db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return dict(row) if row else {"guild_id": guild_id, "locale": None, "inline_lookup": 1}

    async def set_guild_setting(self, guild_id: int, name: str, value: Any) -> None:
        if name not in ("locale", "inline_lookup"):
            raise ValueError(name)
        if name == "inline_lookup":
            value = int(value)
        await self.db.execute(f"INSERT INTO guild_settings (guild_id, {name}) VALUES (?, ?) ON CONFLICT (guild_id)"
                              f" DO UPDATE SET {name} = excluded.{name}", (guild_id, value))

    # ---- decks --------------------------------------------------------------------------------

    async def list_decks(self, user_id: int, game: str | None = None) -> list[DeckRow]:
        sql = "SELECT * FROM decks WHERE user_id = ?" + (" AND game = ?" if game else "")
        params = (user_id, game) if game else (user_id,)
        return [_deck(row) for row in await self.db.fetchall(sql + " ORDER BY updated_at DESC, id DESC", params)]

    async def get_deck(self, user_id: int, name: str) -> DeckRow | None:
        row = await self.db.fetchone(f"SELECT * FROM decks WHERE user_id = ? AND {self._deck_name_is}",
                                     (user_id, name))
        return _deck(row) if row else None

    async def get_deck_by_id(self, user_id: int, deck_id: int) -> DeckRow | None:
        if not valid_id(deck_id):
            return None
        row = await self.db.fetchone("SELECT * FROM decks WHERE user_id = ? AND id = ?", (user_id, deck_id))
        return _deck(row) if row else None

    async def create_deck(self, *, user_id: int, game: str, name: str, cards: dict[str, int], now: float,
                          limit: int) -> DeckRow:
        """Insert a deck; the count check and the insert are one transaction, so two concurrent
        creations cannot pass the limit together. Raises DeckLimitReached or DeckNameTaken."""
        async with self.db.transaction() as tx:
            await tx.lock(advisory_key("decks", user_id))
            if await tx.fetchval("SELECT COUNT(*) FROM decks WHERE user_id = ?", (user_id,)) >= limit:
                raise DeckLimitReached()
            try:
                deck_id = await tx.fetchval(
                    "INSERT INTO decks (user_id, game, name, cards, created_at, updated_at) VALUES (?,?,?,?,?,?)"
                    " RETURNING id", (user_id, game, name, json.dumps(cards, sort_keys=True), now, now))
            except INTEGRITY_ERRORS as error:
                raise DeckNameTaken() from error
        return await self.get_deck_by_id(user_id, deck_id)

    async def save_deck_cards(self, user_id: int, deck_id: int, cards: dict[str, int], now: float) -> bool:
        changed = await self.db.execute(
            "UPDATE decks SET cards = ?, updated_at = ? WHERE id = ? AND user_id = ?",
            (json.dumps(cards, sort_keys=True), now, deck_id, user_id))
        return changed == 1

    async def rename_deck(self, user_id: int, deck_id: int, name: str, now: float) -> bool:
        """False if the name is taken by another of the user's decks."""
        try:
            changed = await self.db.execute("UPDATE decks SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?",
                                            (name, now, deck_id, user_id))
        except INTEGRITY_ERRORS:
            return False
        return changed == 1

    async def delete_deck(self, user_id: int, deck_id: int) -> bool:
        if not valid_id(deck_id):
            return False
        return await self.db.execute("DELETE FROM decks WHERE id = ? AND user_id = ?", (deck_id, user_id)) == 1


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


async def open_store(target: str | Path) -> Store:
    """The store at ``target``: a ``postgresql://`` URL (PostgreSQL, pooled) or a SQLite file path."""
    return await Store.open(target)


def migration_files() -> list[tuple[int, Path]]:
    """(number, file) of every numbered migration, in order (the PostgreSQL overrides live apart)."""
    return sorted((int(path.name.split("_", 1)[0]), path) for path in MIGRATIONS.glob("[0-9]*.sql"))


def postgres_migration(number: int, path: Path) -> str:
    """Migration ``number`` for PostgreSQL: its override file if there is one, else a mechanical translation
    (64-bit integers for snowflakes, double-precision times, identity keys)."""
    overrides = sorted(POSTGRES_OVERRIDES.glob(f"{number:03d}_*.sql"))
    if overrides:
        return overrides[0].read_text(encoding="utf-8")
    return postgres_translation(path.read_text(encoding="utf-8"))


def postgres_translation(sql: str) -> str:
    sql = re.sub(r"\bINTEGER PRIMARY KEY\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", sql)
    sql = re.sub(r"\bINTEGER\b", "BIGINT", sql)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql)


def _shard_filter(shard_count: int, shard_ids: Collection[int] | None) -> tuple[str | None, tuple[int, ...]]:
    """The SQL condition (and its parameters) for "this process's guilds"; None when it owns none."""
    if shard_ids is None or shard_count <= 1:
        return "", ()
    ids = tuple(sorted(set(shard_ids)))
    if not ids:
        return None, ()
    return f" AND (guild_id >> 22) % ? IN ({_marks(ids)})", (shard_count, *ids)


def _marks(values: Collection[Any]) -> str:
    return ",".join("?" * len(values))


def _deck(row: Row) -> DeckRow:
    data = dict(row)
    data["cards"] = json.loads(data["cards"])
    return DeckRow(**data)


def _statements(sql: str) -> list[str]:
    # Migrations hold no string literal with "--" or ";", so comments and statements split plainly.
    without_comments = re.sub(r"--[^\n]*", "", sql)
    return [part.strip() for part in without_comments.split(";") if part.strip()]


def _challenge(row: Row) -> ChallengeRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data.pop("claimed_until", None)  # the timekeeper's lease, not part of the challenge
    return ChallengeRow(**data)


def _match(row: Row) -> MatchRow:
    data = dict(row)
    return MatchRow(
        id=data["id"], game=data["game"], options=json.loads(data["options"]), seed=data["seed"],
        guild_id=data["guild_id"], channel_id=data["channel_id"], thread_id=data["thread_id"],
        players=(data["player0"], data["player1"]), bot_seat=data["bot_seat"], days=data["days"],
        locale=data["locale"], status=data["status"], state=json.loads(data["state"]),
        version=data["version"], panels=json.loads(data["panels"]),
        dm_ok=tuple(json.loads(data["dm_ok"])), turn_started=data["turn_started"],
        deadline=data["deadline"], timer_stage=data["timer_stage"], next_timer_at=data["next_timer_at"],
        winner=data["winner"], result_reason=data["result_reason"],
        posted_version=data["posted_version"], live_message_id=data["live_message_id"],
        live_key=data["live_key"], live_log=json.loads(data["live_log"]), dm_panels=json.loads(data["dm_panels"]),
        rated=bool(data.get("rated", 0)), series_id=data.get("series_id"), finished_at=data.get("finished_at"),
    )
