"""The league tables (migration 012): a season per server and game, its members, and the finished matches
its table is made of (bot/tournaments/league.py decides which count). One open league per server and game,
checked in the transaction that creates it; closing a season is a conditional update, so it happens once, and
the same update records its final table as owed (migration 017) until ``mark_final_table_posted``."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.db import Database, advisory_key
from bot.store.connection import Connection, claim_leased, lock_members, marks
from bot.store.rows import valid_id
from bot.tournaments.league import SeasonMatch, league_of

OPEN, CLOSED = "open", "closed"
JOINED, ALREADY_IN, NOT_OPEN = "joined", "already_in", "not_open"
LEFT, NOT_IN, HAS_GAMES = "left", "not_in", "has_games"
# Why a league game was refused (LeagueGameRefused.reason).
NOT_MEMBER, PAIR_DONE = "not_member", "pair_done"


class LeagueGameRefused(Exception):
    """A challenge marked as a league game that the season cannot take (nothing was stored)."""

    def __init__(self, reason: str, user_id: int | None = None) -> None:
        super().__init__(reason)
        self.reason, self.user_id = reason, user_id


class LeagueAlreadyOpen(Exception):
    """The server already has an open league of that game."""


@dataclass(frozen=True)
class LeagueRow:
    id: int
    guild_id: int
    channel_id: int
    organizer_id: int
    game: str
    games_per_pair: int
    locale: str
    status: str
    starts_at: float
    ends_at: float
    final_posting: str | None  # the final table's post nonce while owed (closed, not recorded as posted)


def league_row(row: Any) -> LeagueRow:
    data = dict(row)
    return LeagueRow(data["id"], data["guild_id"], data["channel_id"], data["organizer_id"], data["game"],
                     data["games_per_pair"], data["locale"], data["status"], data["starts_at"], data["ends_at"],
                     data["final_posting"])


async def create_league(store: Connection, *, guild_id: int, channel_id: int, organizer_id: int, game: str,
                        games_per_pair: int, locale: str, now: float, ends_at: float) -> int:
    """A new open season; raises LeagueAlreadyOpen (nothing written) while one of that game is open here."""
    async with store.db.transaction() as tx:
        await tx.lock(advisory_key("league", guild_id, game))
        if await tx.fetchval("SELECT COUNT(*) FROM leagues WHERE guild_id = ? AND game = ? AND status = 'open'",
                             (guild_id, game)):
            raise LeagueAlreadyOpen()
        return await tx.fetchval(
            "INSERT INTO leagues (guild_id, channel_id, organizer_id, game, games_per_pair, locale, status,"
            " starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?) RETURNING id",
            (guild_id, channel_id, organizer_id, game, games_per_pair, locale, now, ends_at, now))


async def get_league(store: Connection, league_id: int) -> LeagueRow | None:
    if not valid_id(league_id):
        return None
    row = await store.db.fetchone("SELECT * FROM leagues WHERE id = ?", (league_id,))
    return league_row(row) if row else None


async def latest_league(store: Connection, guild_id: int, game: str) -> LeagueRow | None:
    """The server's open league of the game, else its latest closed one."""
    row = await store.db.fetchone(
        "SELECT * FROM leagues WHERE guild_id = ? AND game = ? ORDER BY status = 'open' DESC, id DESC LIMIT 1",
        (guild_id, game))
    return league_row(row) if row else None


async def join_league(store: Connection, league_id: int, user_id: int, now: float) -> str:
    """One transaction under the season's lock: a burst of joins (command or button) joins once."""
    async with store.db.transaction() as tx:
        await tx.lock(advisory_key("league_id", league_id))
        status = await tx.fetchval("SELECT status FROM leagues WHERE id = ? AND ends_at > ?", (league_id, now))
        if status != OPEN:
            return NOT_OPEN
        if await tx.fetchval("SELECT COUNT(*) FROM league_members WHERE league_id = ? AND user_id = ?",
                             (league_id, user_id)):
            return ALREADY_IN
        await tx.execute("INSERT INTO league_members (league_id, user_id, joined_at) VALUES (?, ?, ?)",
                         (league_id, user_id, now))
        return JOINED


async def leave_league(store: Connection, league_id: int, user_id: int, now: float) -> str:
    """Leave an open season, only while the member has no league game in it (no marked match, no open marked
    challenge): leaving later would take counted games out of the other members' tables. Under the member's
    lock, as a league challenge's check is, so a challenge and a leave at once cannot both pass."""
    async with store.db.transaction() as tx:
        await lock_members(tx, user_id)
        await tx.lock(advisory_key("league_id", league_id))
        league = await tx.fetchone("SELECT * FROM leagues WHERE id = ?", (league_id,))
        if league is None or league["status"] != OPEN or league["ends_at"] <= now:
            return NOT_OPEN
        if not await tx.fetchval("SELECT COUNT(*) FROM league_members WHERE league_id = ? AND user_id = ?",
                                 (league_id, user_id)):
            return NOT_IN
        if await _league_games(tx, league_row(league), (user_id,), challenges=True):
            return HAS_GAMES
        await tx.execute("DELETE FROM league_members WHERE league_id = ? AND user_id = ?", (league_id, user_id))
        return LEFT


async def check_league_game(tx: Database, league_id: int, challenger_id: int, opponent_id: int,
                            now: float) -> None:
    """Inside the transaction that stores a league challenge (its members already locked): the season is open,
    both are members, and the pair has league games left (running and finished marked matches count against
    ``games_per_pair``). Raises LeagueGameRefused."""
    league = await tx.fetchone("SELECT * FROM leagues WHERE id = ?", (league_id,))
    if league is None or league["status"] != OPEN or league["ends_at"] <= now:
        raise LeagueGameRefused(NOT_OPEN)
    for user_id in (challenger_id, opponent_id):
        if not await tx.fetchval("SELECT COUNT(*) FROM league_members WHERE league_id = ? AND user_id = ?",
                                 (league_id, user_id)):
            raise LeagueGameRefused(NOT_MEMBER, user_id)
    row = league_row(league)
    pair = {challenger_id, opponent_id}
    played = [players for players in await _league_games(tx, row, (challenger_id,)) if set(players) == pair]
    if len(played) >= row.games_per_pair:
        raise LeagueGameRefused(PAIR_DONE)


async def _league_games(db: Database, league: LeagueRow, members: tuple[int, ...], *,
                        challenges: bool = False) -> list[tuple[int, int]]:
    """The players of the season's marked matches (and, with ``challenges``, open marked challenges) that one
    of ``members`` plays in. The mark is in the options JSON, read here rather than in SQL (the two backends
    spell JSON access differently); the rows are one server's matches of one game in one season."""
    found = []
    rows = await db.fetchall(
        "SELECT options, player0, player1 FROM matches WHERE guild_id = ? AND game = ? AND created_at >= ?"
        f" AND (player0 IN ({marks(members)}) OR player1 IN ({marks(members)}))",
        (league.guild_id, league.game, league.starts_at, *members, *members))
    found += [(row["player0"], row["player1"]) for row in rows if league_of(json.loads(row["options"])) == league.id]
    if challenges:
        rows = await db.fetchall(
            "SELECT options, challenger_id, opponent_id FROM challenges WHERE guild_id = ? AND game = ?"
            f" AND status = 'open' AND (challenger_id IN ({marks(members)}) OR opponent_id IN ({marks(members)}))",
            (league.guild_id, league.game, *members, *members))
        found += [(row["challenger_id"], row["opponent_id"]) for row in rows
                  if league_of(json.loads(row["options"])) == league.id]
    return found


async def league_members(store: Connection, league_id: int) -> dict[int, float]:
    """Members and when they joined, in joining order."""
    rows = await store.db.fetchall(
        "SELECT user_id, joined_at FROM league_members WHERE league_id = ? ORDER BY joined_at, user_id", (league_id,))
    return {row["user_id"]: row["joined_at"] for row in rows}


async def season_matches(store: Connection, league: LeagueRow) -> list[SeasonMatch]:
    """The server's finished matches of the league's game marked for this season, between two of its members,
    created in the season, against no bot and on no tournament board (the pure rules then pick those that
    count)."""
    members = list(await league_members(store, league.id))
    if len(members) < 2:
        return []
    rows = await store.db.fetchall(
        "SELECT m.id, m.options, m.created_at, COALESCE(m.finished_at, m.updated_at) AS finished, m.player0, m.player1,"
        " m.winner FROM matches m WHERE m.guild_id = ? AND m.game = ? AND m.status = 'finished'"
        " AND m.bot_seat IS NULL AND m.created_at >= ? AND m.created_at < ?"
        f" AND m.player0 IN ({marks(members)}) AND m.player1 IN ({marks(members)})"
        " AND NOT EXISTS (SELECT 1 FROM tournament_pairings p WHERE p.match_id = m.id) ORDER BY m.id",
        (league.guild_id, league.game, league.starts_at, league.ends_at, *members, *members))
    return [SeasonMatch(row["id"], row["created_at"], row["finished"], (row["player0"], row["player1"]),
                        row["winner"]) for row in rows if league_of(json.loads(row["options"])) == league.id]


async def claim_due_leagues(store: Connection, now: float, *, lease: float = 120.0, shard_count: int = 1,
                            shard_ids: Collection[int] | None = None, limit: int = 50) -> list[LeagueRow]:
    """Open seasons past their end, and closed ones whose final table is owed (a kill after the close), of
    this process's guilds not claimed by another process for ``lease`` seconds; claimed for that long in one
    transaction."""
    rows = await claim_leased(store, "leagues", "(status = 'open' AND ends_at <= ?)"
                              " OR id IN (SELECT id FROM leagues WHERE final_posting IS NOT NULL)",
                              (now,), "id", now, lease=lease, shard_count=shard_count, shard_ids=shard_ids,
                              limit=limit)
    return [league_row(row) for row in rows]


async def close_league(store: Connection, league_id: int, final_nonce: str) -> bool:
    """Close the season and owe its final table (its post's nonce kept, in the same statement, so a kill
    right after leaves the post to the next claim); True only for the call that closed it."""
    return await store.db.execute(
        "UPDATE leagues SET status = 'closed', final_posting = ? WHERE id = ? AND status = 'open'",
        (final_nonce, league_id)) == 1


async def mark_final_table_posted(store: Connection, league_id: int) -> bool:
    """Record that the season's final table was posted (or given up); False if already recorded."""
    return await store.db.execute(
        "UPDATE leagues SET final_posting = NULL WHERE id = ? AND final_posting IS NOT NULL", (league_id,)) == 1
