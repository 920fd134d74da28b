"""Lessons (/learn, migration 011): a learner's active lesson, and the coach's tips each learner has seen.

A lesson is a row of ``matches`` with ``kind = 'lesson'`` (created by ``matches.create_match``); this module
holds only what is the lesson's own: which tips a learner was shown, and where."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.connection import Connection
from bot.store.rows import MatchRow, match_row


async def active_lesson_of(store: Connection, user_id: int) -> MatchRow | None:
    """The member's lesson in play, if any (a member learns one game at a time)."""
    row = await store.db.fetchone(
        "SELECT * FROM matches WHERE status = 'active' AND kind = 'lesson' AND (player0 = ? OR player1 = ?)"
        " ORDER BY id DESC LIMIT 1", (user_id, user_id))
    return match_row(row) if row else None


async def tips_to_show(store: Connection, user_id: int, game: str, tips: Sequence[str], match_id: int,
                       version: int, now: float) -> tuple[str, ...]:
    """Of ``tips`` (the rules that matter at this decision), the ones this panel shows: those the learner has
    never been shown, now recorded as shown on this panel (match, panel version), and those first shown on
    this same panel, so a panel drawn again (an edit, a page, a restart) says the same. One transaction: two
    panels drawn at once cannot both claim a tip."""
    if not tips:
        return ()
    wanted = list(dict.fromkeys(tips))
    async with store.db.transaction() as tx:
        for tip in wanted:
            await tx.execute(
                "INSERT INTO lesson_tips (user_id, game, tip, match_id, version, shown_at) VALUES (?,?,?,?,?,?)"
                " ON CONFLICT (user_id, game, tip) DO NOTHING", (user_id, game, tip, match_id, version, now))
        rows = await tx.fetchall(
            f"SELECT tip FROM lesson_tips WHERE user_id = ? AND game = ? AND tip IN ({','.join('?' * len(wanted))})"
            " AND match_id = ? AND version = ?", (user_id, game, *wanted, match_id, version))
    here = {row[0] for row in rows}
    return tuple(tip for tip in wanted if tip in here)


async def tips_seen(store: Connection, user_id: int, game: str) -> set[str]:
    rows = await store.db.fetchall("SELECT tip FROM lesson_tips WHERE user_id = ? AND game = ?", (user_id, game))
    return {row[0] for row in rows}
