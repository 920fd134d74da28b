"""The ``challenges`` table: a challenge posted in a channel, its message, its closing (accepted, declined,
expired, withdrawn), the timekeeper's claim of due ones, and rematch offers."""

from __future__ import annotations

import json
from collections.abc import Collection

from bot.store.connection import Connection, marks, shard_filter
from bot.store.rows import ChallengeRow, challenge_row, valid_id


async def create_challenge(store: Connection, *, guild_id: int, channel_id: int, game: str, options: dict[str, str],
                           days: int, locale: str, challenger_id: int, opponent_id: int,
                           now: float, expires_at: float, challenger_deck: str | None = None,
                           rated: bool = False, rematch_of: int | None = None) -> int:
    return await store.db.fetchval(
        "INSERT INTO challenges (guild_id, channel_id, game, options, days, locale, challenger_id,"
        " opponent_id, status, created_at, expires_at, challenger_deck, rated, rematch_of)"
        " VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?, ?, ?, ?) RETURNING id",
        (guild_id, channel_id, game, json.dumps(options), days, locale, challenger_id, opponent_id,
         now, expires_at, challenger_deck, int(rated), rematch_of),
    )


async def set_challenge_message(store: Connection, challenge_id: int, message_id: int) -> None:
    await store.db.execute("UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id))


async def get_challenge(store: Connection, challenge_id: int) -> ChallengeRow | None:
    if not valid_id(challenge_id):
        return None
    row = await store.db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
    return challenge_row(row) if row else None


async def close_challenge(store: Connection, challenge_id: int, status: str, match_id: int | None = None) -> bool:
    """Move an open challenge to ``status``; False if someone else closed it first."""
    changed = await store.db.execute(
        "UPDATE challenges SET status = ?, match_id = ? WHERE id = ? AND status = 'open'",
        (status, match_id, challenge_id),
    )
    return changed == 1


async def claim_due_challenges(store: Connection, now: float, *, lease: float = 120.0, shard_count: int = 1,
                               shard_ids: Collection[int] | None = None, limit: int = 200) -> list[ChallengeRow]:
    """Open challenges past their expiry in this process's guilds, not claimed by another process in
    the last ``lease`` seconds; claims them for ``lease`` seconds, in one transaction. Expiring one
    stays exactly-once through ``close_challenge``'s status check."""
    shard, shard_params = shard_filter(shard_count, shard_ids)
    if shard is None:
        return []
    async with store.db.transaction() as tx:
        rows = await tx.fetchall(
            "SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ?"
            " AND (claimed_until IS NULL OR claimed_until <= ?)" + shard
            + " ORDER BY expires_at LIMIT ?" + store.skip_locked,
            (now, now, *shard_params, limit))
        if rows:
            ids = [row["id"] for row in rows]
            await tx.execute(f"UPDATE challenges SET claimed_until = ? WHERE id IN ({marks(ids)})",
                             (now + lease, *ids))
    return [challenge_row(row) for row in rows]


async def open_challenge_between(store: Connection, user_a: int, user_b: int) -> ChallengeRow | None:
    row = await store.db.fetchone(
        "SELECT * FROM challenges WHERE status = 'open' AND ((challenger_id = ? AND opponent_id = ?)"
        " OR (challenger_id = ? AND opponent_id = ?)) LIMIT 1",
        (user_a, user_b, user_b, user_a),
    )
    return challenge_row(row) if row else None


async def open_rematch(store: Connection, match_id: int) -> ChallengeRow | None:
    row = await store.db.fetchone("SELECT * FROM challenges WHERE rematch_of = ? AND status = 'open' LIMIT 1",
                                 (match_id,))
    return challenge_row(row) if row else None


async def rematch_challenge(store: Connection, match_id: int) -> ChallengeRow | None:
    """The newest rematch challenge of a match, whatever its status."""
    row = await store.db.fetchone("SELECT * FROM challenges WHERE rematch_of = ? ORDER BY id DESC LIMIT 1",
                                 (match_id,))
    return challenge_row(row) if row else None
