"""What the store keeps about people: ratings (moved when a rated match finishes), leaderboards, rating
history, finished matches and rematch series; vacations (which shift the clocks of a member's matches);
users' names, locale and preferences (always stop, notifications); and guild settings."""

from __future__ import annotations

from typing import Any

from bot.db import Database, advisory_key
from bot.ratings import Rating, rate_pair
from bot.store.connection import Connection, marks
from bot.store.rows import DecisionCommit, MatchRow, match_row


async def finish_match(tx: Database, commit: DecisionCommit) -> None:
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
    before = [await _rating_in_transaction(tx, row["guild_id"], row["game"], user) for user in players]
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


async def _rating_in_transaction(tx: Database, guild_id: int, game: str, user_id: int) -> Rating:
    row = await tx.fetchone("SELECT rating, rd, vol FROM ratings WHERE guild_id = ? AND game = ?"
                            " AND user_id = ?", (guild_id, game, user_id))
    return Rating(row["rating"], row["rd"], row["vol"]) if row else Rating()


async def rating(store: Connection, guild_id: int, game: str, user_id: int) -> dict[str, Any] | None:
    row = await store.db.fetchone("SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                                 (guild_id, game, user_id))
    return dict(row) if row else None


async def leaderboard(store: Connection, guild_id: int, game: str, limit: int = 10) -> list[dict[str, Any]]:
    rows = await store.db.fetchall(
        "SELECT * FROM ratings WHERE guild_id = ? AND game = ? ORDER BY rating DESC, user_id LIMIT ?",
        (guild_id, game, limit),
    )
    return [dict(row) for row in rows]


async def rank_of(store: Connection, guild_id: int, game: str, user_id: int) -> tuple[int, int] | None:
    """(rank, players rated) of a member in a game on a server, or None if unrated."""
    mine = await rating(store, guild_id, game, user_id)
    if mine is None:
        return None
    above, total = await store.db.fetchone(
        "SELECT SUM(CASE WHEN rating > ? OR (rating = ? AND user_id < ?) THEN 1 ELSE 0 END), COUNT(*)"
        " FROM ratings WHERE guild_id = ? AND game = ?",
        (mine["rating"], mine["rating"], user_id, guild_id, game),
    )
    return (above or 0) + 1, total


async def rating_changes(store: Connection, match_id: int) -> dict[int, dict[str, Any]]:
    rows = await store.db.fetchall("SELECT * FROM rating_changes WHERE match_id = ?", (match_id,))
    return {row["user_id"]: dict(row) for row in rows}


async def rating_history(store: Connection, guild_id: int, game: str, user_id: int) -> list[dict[str, Any]]:
    rows = await store.db.fetchall(
        "SELECT * FROM rating_changes WHERE guild_id = ? AND game = ? AND user_id = ? ORDER BY at, match_id",
        (guild_id, game, user_id),
    )
    return [dict(row) for row in rows]


async def finished_matches_of(store: Connection, user_id: int, guild_id: int, game: str | None = None,
                              limit: int = 10) -> list[MatchRow]:
    """Newest first; lessons (/learn) are not part of a member's record."""
    sql = ("SELECT * FROM matches WHERE status = 'finished' AND kind = 'match' AND guild_id = ?"
           " AND (player0 = ? OR player1 = ?)"
           + (" AND game = ?" if game else "") + " ORDER BY COALESCE(finished_at, updated_at) DESC, id DESC LIMIT ?")
    params = (guild_id, user_id, user_id, *((game,) if game else ()), limit)
    return [match_row(row) for row in await store.db.fetchall(sql, params)]


async def move_times(store: Connection, match_ids: list[int]) -> list[tuple[int, int | None, float, float]]:
    """(match, user, at, match created_at) of every decision of the given matches, in order."""
    if not match_ids:
        return []
    rows = await store.db.fetchall(
        "SELECT d.match_id, d.user_id, d.at, m.created_at FROM decisions d JOIN matches m ON m.id = d.match_id"
        f" WHERE d.match_id IN ({marks(match_ids)}) ORDER BY d.match_id, d.version",
        tuple(match_ids),
    )
    return [(row[0], row[1], row[2], row[3]) for row in rows]


async def series_matches(store: Connection, series_id: int) -> list[MatchRow]:
    rows = await store.db.fetchall("SELECT * FROM matches WHERE id = ? OR series_id = ? ORDER BY id",
                                  (series_id, series_id))
    return [match_row(row) for row in rows]


async def vacation_until(store: Connection, user_ids: tuple[int, ...], now: float) -> dict[int, float]:
    """Members of ``user_ids`` on vacation at ``now``, with when it ends."""
    if not user_ids:
        return {}
    rows = await store.db.fetchall(
        f"SELECT user_id, MAX(ends_at) FROM vacations WHERE user_id IN ({marks(user_ids)}) AND started_at <= ?"
        " AND ends_at > ? GROUP BY user_id", (*user_ids, now, now))
    return {row[0]: row[1] for row in rows}


async def vacation_used(store: Connection, user_id: int, now: float, window: float) -> float:
    """Seconds of vacation (taken or booked) that fall after ``now - window``."""
    return await _vacation_used(store.db, user_id, now, window)


async def _vacation_used(db: Database, user_id: int, now: float, window: float) -> float:
    since = now - window
    return await db.fetchval(
        "SELECT COALESCE(SUM(ends_at - CASE WHEN started_at > ? THEN started_at ELSE ? END), 0)"
        " FROM vacations WHERE user_id = ? AND ends_at > ?", (since, since, user_id, since))


async def start_vacation(store: Connection, user_id: int, now: float, length: float, budget: float,
                         window: float) -> float | None:
    """Book a vacation from ``now`` and push every clock of the member's active matches back by its
    length, in one transaction. None (nothing written) if it would pass ``budget`` in ``window``."""
    async with store.db.transaction() as tx:
        await tx.lock(advisory_key("vacation", user_id))
        if await _vacation_used(tx, user_id, now, window) + length > budget + 1e-6:
            tx.abort()
            return None
        await tx.execute("INSERT INTO vacations (user_id, started_at, ends_at) VALUES (?,?,?)",
                         (user_id, now, now + length))
        await _shift_clocks(tx, user_id, length)
    return now + length


async def end_vacation(store: Connection, user_id: int, now: float) -> bool:
    """End a running vacation early: its unused time comes off the clocks again. False if none runs."""
    async with store.db.transaction() as tx:
        await tx.lock(advisory_key("vacation", user_id))
        row = await tx.fetchone(
            "SELECT id, ends_at FROM vacations WHERE user_id = ? AND started_at <= ? AND ends_at > ?"
            " ORDER BY ends_at DESC LIMIT 1", (user_id, now, now))
        if row is None:
            tx.abort()
            return False
        await tx.execute("UPDATE vacations SET ends_at = ? WHERE id = ?", (now, row["id"]))
        await _shift_clocks(tx, user_id, -(row["ends_at"] - now))
    return True


async def _shift_clocks(tx: Database, user_id: int, seconds: float) -> None:
    """Move the whole timer plan (turn start, reminders, deadline) of the member's active matches."""
    await tx.execute(
        "UPDATE matches SET turn_started = turn_started + ?, deadline = deadline + ?,"
        " next_timer_at = next_timer_at + ? WHERE status = 'active' AND (player0 = ? OR player1 = ?)",
        (seconds, seconds, seconds, user_id, user_id))


async def remember_user(store: Connection, user_id: int, locale: str, name: str, now: float) -> None:
    # The WHERE skips a write when nothing changed (NULL-safe on the name).
    await store.db.execute(
        "INSERT INTO users (user_id, locale, name, updated_at) VALUES (?,?,?,?) ON CONFLICT (user_id)"
        " DO UPDATE SET locale = excluded.locale, name = excluded.name, updated_at = excluded.updated_at"
        " WHERE users.locale != excluded.locale OR users.name != excluded.name"
        " OR (users.name IS NULL) != (excluded.name IS NULL)",
        (user_id, locale, name, now),
    )


async def user_names(store: Connection, user_ids: tuple[int, ...]) -> dict[int, str]:
    if not user_ids:
        return {}
    rows = await store.db.fetchall(
        f"SELECT user_id, name FROM users WHERE user_id IN ({marks(user_ids)}) AND name IS NOT NULL",
        tuple(user_ids))
    return {row["user_id"]: row["name"] for row in rows}


async def set_always_stop(store: Connection, user_id: int, on: bool, locale: str, now: float) -> None:
    await store.db.execute(
        "INSERT INTO users (user_id, locale, updated_at, always_stop) VALUES (?,?,?,?) ON CONFLICT (user_id)"
        " DO UPDATE SET always_stop = excluded.always_stop", (user_id, locale, now, int(on)))


async def always_stop(store: Connection, user_ids: tuple[int, ...]) -> dict[int, bool]:
    if not user_ids:
        return {}
    rows = await store.db.fetchall(
        f"SELECT user_id, always_stop FROM users WHERE user_id IN ({marks(user_ids)})", tuple(user_ids))
    return {row["user_id"]: bool(row["always_stop"]) for row in rows}


async def set_notify(store: Connection, user_id: int, locale: str, now: float, **changes: Any) -> None:
    """Change some of ``notify``, ``quiet_start``, ``quiet_end``, ``timezone`` in one statement."""
    allowed = {"notify", "quiet_start", "quiet_end", "timezone"}
    if not changes or set(changes) - allowed:
        raise ValueError(sorted(set(changes) - allowed))
    names = sorted(changes)
    await store.db.execute(
        f"INSERT INTO users (user_id, locale, updated_at, {', '.join(names)}) VALUES (?,?,?,{marks(names)})"
        f" ON CONFLICT (user_id) DO UPDATE SET {', '.join(f'{n} = excluded.{n}' for n in names)}",
        (user_id, locale, now, *(changes[n] for n in names)))


async def notify_prefs(store: Connection, user_ids: tuple[int, ...]) -> dict[int, dict[str, Any]]:
    """Per member: notify mode, quiet hours, time zone (defaults for members never seen)."""
    default = {"notify": "both", "quiet_start": None, "quiet_end": None, "timezone": None}
    prefs = {user_id: dict(default) for user_id in user_ids}
    if not user_ids:
        return prefs
    rows = await store.db.fetchall(f"SELECT user_id, notify, quiet_start, quiet_end, timezone FROM users"
                                  f" WHERE user_id IN ({marks(user_ids)})", tuple(user_ids))
    for row in rows:
        prefs[row["user_id"]] = {key: row[key] for key in default}
    return prefs


async def user_locale(store: Connection, user_id: int) -> str | None:
    return await store.db.fetchval("SELECT locale FROM users WHERE user_id = ?", (user_id,))


async def guild_settings(store: Connection, guild_id: int) -> dict[str, Any]:
    row = await store.db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return dict(row) if row else {"guild_id": guild_id, "locale": None, "inline_lookup": 1}


async def set_guild_setting(store: Connection, guild_id: int, name: str, value: Any) -> None:
    if name not in ("locale", "inline_lookup", "organizer_role"):
        raise ValueError(name)
    if name == "inline_lookup":
        value = int(value)
    await store.db.execute(f"INSERT INTO guild_settings (guild_id, {name}) VALUES (?, ?) ON CONFLICT (guild_id)"
                          f" DO UPDATE SET {name} = excluded.{name}", (guild_id, value))
