"""The tournament tables (migration 012): a tournament, its entrants, its rounds and their boards.

Every change is one transaction under the tournament's lock (a PostgreSQL advisory lock; SQLite's BEGIN
IMMEDIATE holds the write lock before the first read), its check inside it. A round is paired once: the
round's row has a primary key and the tournament's ``current_round`` moves by a conditional update in the
same transaction, so a second process pairing the same round at once writes nothing and reads the first's
boards. A board's match is created with ``create_match(tournament_board=...)``, which records it on the
board in the match's own transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from bot.db import Database, advisory_key
from bot.store.connection import Connection, claim_leased
from bot.store.rows import valid_id
from bot.tournaments.results import Outcome, Pairing

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
# What a Join press did.
JOINED, ALREADY_IN, FULL, CLOSED = "joined", "already_in", "full", "closed"


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    organizer_id: int
    game: str
    format: str
    rounds: int
    days: int
    round_days: int
    rated: bool
    options: dict[str, str]
    max_players: int
    locale: str
    status: str
    starts_at: float
    current_round: int
    created_at: float
    finished_at: float | None


@dataclass(frozen=True)
class EntrantRow:
    user_id: int
    seed: int
    deck: str | None
    withdrawn: bool


@dataclass(frozen=True)
class BoardRow:
    round: int
    board: int
    seat0: int
    seat1: int | None
    outcome: str | None
    match_id: int | None

    def pairing(self) -> Pairing:
        return Pairing(self.round, self.seat0, self.seat1, Outcome(self.outcome) if self.outcome else None)


@dataclass(frozen=True)
class RoundRow:
    round: int
    paired_at: float
    deadline: float
    closed_at: float | None
    posted: int
    posting: str | None = None  # the nonce of the round's post sent but not recorded yet (see mark_round_posted)


def tournament_row(row: Any) -> TournamentRow:
    data = dict(row)
    return TournamentRow(
        id=data["id"], guild_id=data["guild_id"], channel_id=data["channel_id"], message_id=data["message_id"],
        organizer_id=data["organizer_id"], game=data["game"], format=data["format"], rounds=data["rounds"],
        days=data["days"], round_days=data["round_days"], rated=bool(data["rated"]),
        options=json.loads(data["options"]), max_players=data["max_players"], locale=data["locale"],
        status=data["status"], starts_at=data["starts_at"], current_round=data["current_round"],
        created_at=data["created_at"], finished_at=data["finished_at"])


def _board(row: Any) -> BoardRow:
    return BoardRow(row["round"], row["board"], row["seat0"], row["seat1"], row["outcome"], row["match_id"])


async def _lock(tx: Database, tournament_id: int) -> TournamentRow | None:
    await tx.lock(advisory_key("tournament", tournament_id))
    row = await tx.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    return tournament_row(row) if row else None


async def create_tournament(store: Connection, *, guild_id: int, channel_id: int, organizer_id: int, game: str,
                            format: str, rounds: int, days: int, round_days: int, rated: bool,
                            options: dict[str, str], max_players: int, locale: str, starts_at: float,
                            now: float) -> int:
    return await store.db.fetchval(
        "INSERT INTO tournaments (guild_id, channel_id, organizer_id, game, format, rounds, days, round_days,"
        " rated, options, max_players, locale, status, starts_at, created_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?, 'signup', ?, ?) RETURNING id",
        (guild_id, channel_id, organizer_id, game, format, rounds, days, round_days, int(rated),
         json.dumps(options), max_players, locale, starts_at, now))


async def set_tournament_message(store: Connection, tournament_id: int, message_id: int) -> None:
    await store.db.execute("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))


async def get_tournament(store: Connection, tournament_id: int) -> TournamentRow | None:
    if not valid_id(tournament_id):
        return None
    row = await store.db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    return tournament_row(row) if row else None


async def tournaments_of_guild(store: Connection, guild_id: int, live_only: bool = True) -> list[TournamentRow]:
    rows = await store.db.fetchall(
        "SELECT * FROM tournaments WHERE guild_id = ?"
        + (" AND status IN ('signup', 'running')" if live_only else "") + " ORDER BY id DESC LIMIT 25",
        (guild_id,))
    return [tournament_row(row) for row in rows]


async def join_tournament(store: Connection, tournament_id: int, user_id: int, now: float,
                          deck: str | None = None) -> str:
    """JOINED, ALREADY_IN, FULL or CLOSED (sign-up over: round 1 is paired, or cancelled)."""
    async with store.db.transaction() as tx:
        tournament = await _lock(tx, tournament_id)
        if tournament is None or tournament.status != SIGNUP:
            return CLOSED
        if await tx.fetchval("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                             (tournament_id, user_id)):
            return ALREADY_IN
        count = await tx.fetchval("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ?",
                                  (tournament_id,))
        if count >= tournament.max_players:
            return FULL
        seed = await tx.fetchval("SELECT COALESCE(MAX(seed), 0) + 1 FROM tournament_entrants"
                                 " WHERE tournament_id = ?", (tournament_id,))
        await tx.execute("INSERT INTO tournament_entrants (tournament_id, user_id, seed, deck, joined_at)"
                         " VALUES (?, ?, ?, ?, ?)", (tournament_id, user_id, seed, deck, now))
        return JOINED


async def leave_tournament(store: Connection, tournament_id: int, user_id: int) -> bool:
    """Leave during sign-up; False if not in it or sign-up is over."""
    async with store.db.transaction() as tx:
        tournament = await _lock(tx, tournament_id)
        if tournament is None or tournament.status != SIGNUP:
            return False
        return await tx.execute("DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                                (tournament_id, user_id)) == 1


async def withdraw(store: Connection, tournament_id: int, user_id: int, now: float) -> tuple[bool, list[int]]:
    """Withdraw a running tournament's entrant: whether this call withdrew them, and the ids of their
    matches still running in it (for the caller to resign). Nothing written if they are not in it or
    already withdrawn."""
    async with store.db.transaction() as tx:
        tournament = await _lock(tx, tournament_id)
        if tournament is None or tournament.status != RUNNING:
            return False, []
        changed = await tx.execute(
            "UPDATE tournament_entrants SET withdrawn_at = ? WHERE tournament_id = ? AND user_id = ?"
            " AND withdrawn_at IS NULL", (now, tournament_id, user_id))
        if changed != 1:
            return False, []
        rows = await tx.fetchall(
            "SELECT match_id FROM tournament_pairings WHERE tournament_id = ? AND outcome IS NULL"
            " AND match_id IS NOT NULL AND (seat0 = ? OR seat1 = ?)", (tournament_id, user_id, user_id))
        return True, [row["match_id"] for row in rows]


async def entrants(store: Connection, tournament_id: int) -> list[EntrantRow]:
    return await _entrants(store.db, tournament_id)


async def _entrants(db: Database, tournament_id: int) -> list[EntrantRow]:
    rows = await db.fetchall(
        "SELECT user_id, seed, deck, withdrawn_at FROM tournament_entrants WHERE tournament_id = ? ORDER BY seed",
        (tournament_id,))
    return [EntrantRow(row["user_id"], row["seed"], row["deck"], row["withdrawn_at"] is not None) for row in rows]


async def cancel_tournament(store: Connection, tournament_id: int, now: float) -> bool:
    changed = await store.db.execute(
        "UPDATE tournaments SET status = 'cancelled', finished_at = ? WHERE id = ?"
        " AND status IN ('signup', 'running')", (now, tournament_id))
    return changed == 1


PairFunction = Callable[[TournamentRow, list[EntrantRow], list[Pairing]], tuple[int, list[Pairing]]]


async def pair_next_round(store: Connection, tournament_id: int, round_no: int, now: float,
                          pair: PairFunction) -> list[BoardRow] | None:
    """Pair round ``round_no`` once: ``pair(tournament, entrants, history)`` (pure) gives the tournament's
    round count and the boards; they are written with the round's row, the count and ``current_round`` in
    one transaction. None (nothing written) when the round was paired already, the previous one is still
    open, or the tournament is not in sign-up (round 1) or running."""
    async with store.db.transaction() as tx:
        tournament = await _lock(tx, tournament_id)
        expected = SIGNUP if round_no == 1 else RUNNING
        if tournament is None or tournament.status != expected or tournament.current_round != round_no - 1:
            return None
        if round_no > 1 and await tx.fetchval(
                "SELECT COUNT(*) FROM tournament_rounds WHERE tournament_id = ? AND round = ?"
                " AND closed_at IS NOT NULL", (tournament_id, round_no - 1)) != 1:
            return None
        people = await _entrants(tx, tournament_id)
        history = [board.pairing() for board in await _boards(tx, tournament_id)]
        rounds, pairings = pair(tournament, people, history)
        moved = await tx.execute(
            "UPDATE tournaments SET current_round = ?, rounds = ?, status = 'running' WHERE id = ?"
            " AND current_round = ?", (round_no, rounds, tournament_id, round_no - 1))
        if moved != 1:
            tx.abort()
            return None
        await tx.execute("INSERT INTO tournament_rounds (tournament_id, round, paired_at, deadline)"
                         " VALUES (?, ?, ?, ?)", (tournament_id, round_no, now, now + tournament.round_days * 86400))
        for number, pairing in enumerate(pairings, start=1):
            await tx.execute(
                "INSERT INTO tournament_pairings (tournament_id, round, board, seat0, seat1, outcome)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (tournament_id, round_no, number, pairing.seat0, pairing.seat1,
                 pairing.outcome.value if pairing.outcome else None))
        return [board for board in await _boards(tx, tournament_id) if board.round == round_no]


async def boards(store: Connection, tournament_id: int) -> list[BoardRow]:
    return await _boards(store.db, tournament_id)


async def _boards(db: Database, tournament_id: int) -> list[BoardRow]:
    rows = await db.fetchall(
        "SELECT round, board, seat0, seat1, outcome, match_id FROM tournament_pairings WHERE tournament_id = ?"
        " ORDER BY round, board", (tournament_id,))
    return [_board(row) for row in rows]


async def rounds_of(store: Connection, tournament_id: int) -> list[RoundRow]:
    rows = await store.db.fetchall(
        "SELECT round, paired_at, deadline, closed_at, posted, posting FROM tournament_rounds"
        " WHERE tournament_id = ? ORDER BY round", (tournament_id,))
    return [RoundRow(row["round"], row["paired_at"], row["deadline"], row["closed_at"], row["posted"], row["posting"])
            for row in rows]


async def board_of_match(store: Connection, match_id: int) -> tuple[int, BoardRow] | None:
    """The tournament and board a match was created for, if any."""
    if not valid_id(match_id):
        return None
    row = await store.db.fetchone(
        "SELECT tournament_id, round, board, seat0, seat1, outcome, match_id FROM tournament_pairings"
        " WHERE match_id = ?", (match_id,))
    return (row["tournament_id"], _board(row)) if row else None


async def record_results(store: Connection, tournament_id: int) -> int:
    """Copy the result of every finished match of the tournament's open boards onto its board (winner seat
    0 or 1, or a draw); how many boards it recorded. Idempotent: a board's outcome is written once."""
    rows = await store.db.fetchall(
        "SELECT p.round, p.board, m.winner FROM tournament_pairings p JOIN matches m ON m.id = p.match_id"
        " WHERE p.tournament_id = ? AND p.outcome IS NULL AND m.status = 'finished'", (tournament_id,))
    recorded = 0
    for row in rows:
        outcome = {0: Outcome.SEAT0, 1: Outcome.SEAT1}.get(row["winner"], Outcome.DRAW)
        recorded += await store.db.execute(
            "UPDATE tournament_pairings SET outcome = ? WHERE tournament_id = ? AND round = ? AND board = ?"
            " AND outcome IS NULL", (outcome.value, tournament_id, row["round"], row["board"]))
    return recorded


async def close_round(store: Connection, tournament_id: int, round_no: int, now: float) -> bool:
    """Close the round once every board has its outcome; the last round finishes the tournament. True only
    for the call that closed it."""
    async with store.db.transaction() as tx:
        tournament = await _lock(tx, tournament_id)
        if tournament is None or tournament.status != RUNNING or tournament.current_round != round_no:
            return False
        if await tx.fetchval("SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = ? AND round = ?"
                             " AND outcome IS NULL", (tournament_id, round_no)):
            return False
        closed = await tx.execute("UPDATE tournament_rounds SET closed_at = ? WHERE tournament_id = ?"
                                  " AND round = ? AND closed_at IS NULL", (now, tournament_id, round_no))
        if closed != 1:
            return False
        if round_no >= tournament.rounds:
            await tx.execute("UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?",
                             (now, tournament_id))
        return True


async def mark_round_posted(store: Connection, tournament_id: int, round_no: int, stage: int) -> bool:
    """Record that the round's pairings (1) or standings (2) were posted; False if already recorded."""
    changed = await store.db.execute(
        "UPDATE tournament_rounds SET posted = ?, posting = NULL WHERE tournament_id = ? AND round = ? AND posted < ?",
        (stage, tournament_id, round_no, stage))
    return changed == 1


async def set_round_posting(store: Connection, tournament_id: int, round_no: int, nonce: str) -> None:
    """Remember the nonce of the round's post about to be sent, until ``mark_round_posted`` records it."""
    await store.db.execute("UPDATE tournament_rounds SET posting = ? WHERE tournament_id = ? AND round = ?",
                           (nonce, tournament_id, round_no))


async def claim_live_tournaments(store: Connection, now: float, *, lease: float = 120.0, shard_count: int = 1,
                                 shard_ids: Collection[int] | None = None, limit: int = 50) -> list[TournamentRow]:
    """Tournaments in sign-up past their start, running ones, and finished ones whose last round's standings
    are not recorded as posted (a kill after the round closed), of this process's guilds not claimed by
    another process for ``lease`` seconds; claimed for that long in one transaction."""
    rows = await claim_leased(store, "tournaments", "(status = 'signup' AND starts_at <= ?) OR status = 'running'"
                              " OR (status = 'finished' AND id IN (SELECT tournament_id FROM tournament_rounds"
                              " WHERE posted < 2 AND closed_at IS NOT NULL))",
                              (now,), "id", now, lease=lease, shard_count=shard_count, shard_ids=shard_ids,
                              limit=limit)
    return [tournament_row(row) for row in rows]


async def release_tournament(store: Connection, tournament_id: int) -> None:
    await store.db.execute("UPDATE tournaments SET claimed_until = NULL WHERE id = ?", (tournament_id,))
