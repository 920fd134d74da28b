"""Post-game reviews (bot/ai/advice.py ``review``), one per match and seat, written once."""

from __future__ import annotations

import json
from typing import Any

from bot.store.connection import Connection


async def review_of(store: Connection, match_id: int, seat: int) -> list[dict[str, Any]] | None:
    """The stored review of a match's seat (its mistakes as JSON objects), None if none was made yet."""
    row = await store.db.fetchone("SELECT mistakes FROM match_reviews WHERE match_id = ? AND seat = ?",
                                  (match_id, seat))
    return None if row is None else json.loads(row["mistakes"])


async def keep_review(store: Connection, match_id: int, seat: int, mistakes: list[dict[str, Any]],
                      now: float) -> list[dict[str, Any]]:
    """Store a review unless one is there already, and return the one stored: two processes that computed
    it at once (each from the same log, the same seeds) end with one row, and both answer with it."""
    await store.db.execute("INSERT INTO match_reviews (match_id, seat, mistakes, created_at) VALUES (?,?,?,?)"
                           " ON CONFLICT (match_id, seat) DO NOTHING", (match_id, seat, json.dumps(mistakes), now))
    stored = await review_of(store, match_id, seat)
    return mistakes if stored is None else stored
