"""The ``challenges`` table: a challenge posted in a channel, its message, its closing (accepted, declined,
expired, withdrawn), the timekeeper's claim of due ones, and rematch offers. Creating one checks the members'
open challenges and active matches in the same transaction as the insert."""

from __future__ import annotations

import json
from collections.abc import Collection

from bot.db import Database
from bot.store.connection import Connection, active_count, claim_leased, lock_members
from bot.store.leagues import LeagueGameRefused, check_league_game
from bot.store.rows import (
    OPEN_OPPONENT,
    ActiveMatchLimit,
    ChallengeAlreadyOpen,
    ChallengeRow,
    challenge_row,
    valid_id,
)
from bot.tournaments.league import LEAGUE_OPTION, league_of

# What a press of Rematch did (``ask_rematch``).
REMATCH_ASKED, REMATCH_ALREADY_ASKED, REMATCH_ACCEPT, REMATCH_TAKEN = "asked", "already_asked", "accept", "taken"


async def create_challenge(store: Connection, *, guild_id: int, channel_id: int, game: str, options: dict[str, str],
                           days: int, locale: str, challenger_id: int, opponent_id: int,
                           now: float, expires_at: float, challenger_deck: str | None = None,
                           rated: bool = False, rematch_of: int | None = None, single_open: bool = False,
                           active_limit: int | None = None, league_id: int | None = None) -> int:
    """Insert an open challenge; its id.

    ``single_open``: refused (ChallengeAlreadyOpen) while the two members have an open challenge between
    them (an open challenge: while its challenger has another open one). ``active_limit``: refused
    (ActiveMatchLimit) when either member already has that many active matches. The checks and the insert
    are one transaction under both members' locks, so a burst of the same /challenge creates one.
    ``league_id``: a league game of that season, refused (LeagueGameRefused) unless both are members and the
    pair has league games left, checked in the same transaction."""
    async with store.db.transaction() as tx:
        await lock_members(tx, challenger_id, opponent_id)
        await _refuse(tx, challenger_id, opponent_id, single_open=single_open, active_limit=active_limit)
        if league_id is not None:
            await check_league_game(tx, league_id, challenger_id, opponent_id, now)
        return await _insert(tx, guild_id=guild_id, channel_id=channel_id, game=game, options=options, days=days,
                             locale=locale, challenger_id=challenger_id, opponent_id=opponent_id, now=now,
                             expires_at=expires_at, challenger_deck=challenger_deck, rated=rated,
                             rematch_of=rematch_of)


async def _refuse(tx: Database, challenger_id: int, opponent_id: int, *, single_open: bool,
                  active_limit: int | None) -> None:
    if active_limit is not None:
        for member in (challenger_id, opponent_id):
            if member != OPEN_OPPONENT and await active_count(tx, member) >= active_limit:
                raise ActiveMatchLimit(member, active_limit)
    if single_open and await _open_between(tx, challenger_id, opponent_id) is not None:
        raise ChallengeAlreadyOpen()


async def _insert(tx: Database, *, guild_id: int, channel_id: int, game: str, options: dict[str, str], days: int,
                  locale: str, challenger_id: int, opponent_id: int, now: float, expires_at: float,
                  challenger_deck: str | None, rated: bool, rematch_of: int | None) -> int:
    return await tx.fetchval(
        "INSERT INTO challenges (guild_id, channel_id, game, options, days, locale, challenger_id,"
        " opponent_id, status, created_at, expires_at, challenger_deck, rated, rematch_of)"
        " VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?, ?, ?, ?) RETURNING id",
        (guild_id, channel_id, game, json.dumps(options), days, locale, challenger_id, opponent_id,
         now, expires_at, challenger_deck, int(rated), rematch_of),
    )


async def ask_rematch(store: Connection, *, match_id: int, user_id: int, opponent_id: int, guild_id: int,
                      channel_id: int, game: str, options: dict[str, str], days: int, locale: str, rated: bool,
                      now: float, expires_at: float, active_limit: int | None = None) -> tuple[str, ChallengeRow]:
    """A player's press of Rematch on a finished match, decided in one transaction under both players' locks,
    so presses at any moment by either player meet: ``("asked", new challenge)`` for the first press;
    ``("already_asked", it)`` for its asker's later presses; ``("accept", it)`` for the other player's
    (who starts it: the match's insert closes it, once); ``("taken", it)`` once it was accepted. Asking is
    refused as ``create_challenge`` refuses (ActiveMatchLimit, ChallengeAlreadyOpen). The rematch of a league
    game is one too while the pair has league games left in the open season, else a friendly game."""
    async with store.db.transaction() as tx:
        await lock_members(tx, user_id, opponent_id)
        latest = await tx.fetchone("SELECT * FROM challenges WHERE rematch_of = ? ORDER BY id DESC LIMIT 1",
                                   (match_id,))
        if latest is not None:
            previous = challenge_row(latest)
            if previous.status == "accepted":
                return REMATCH_TAKEN, previous
            if previous.status == "open":
                return (REMATCH_ALREADY_ASKED if previous.challenger_id == user_id else REMATCH_ACCEPT), previous
        await _refuse(tx, user_id, opponent_id, single_open=True, active_limit=active_limit)
        if (league_id := league_of(options)) is not None:  # a league game's rematch: one while the pair may
            try:
                await check_league_game(tx, league_id, user_id, opponent_id, now)
            except LeagueGameRefused:  # ... else a friendly game
                options = {name: value for name, value in options.items() if name != LEAGUE_OPTION}
        challenge_id = await _insert(tx, guild_id=guild_id, channel_id=channel_id, game=game, options=options,
                                     days=days, locale=locale, challenger_id=user_id, opponent_id=opponent_id,
                                     now=now, expires_at=expires_at, challenger_deck=None, rated=rated,
                                     rematch_of=match_id)
        asked = await tx.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return REMATCH_ASKED, challenge_row(asked)


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
    rows = await claim_leased(store, "challenges", "status = 'open' AND expires_at <= ?", (now,), "expires_at", now,
                              lease=lease, shard_count=shard_count, shard_ids=shard_ids, limit=limit)
    return [challenge_row(row) for row in rows]


async def open_challenge_between(store: Connection, user_a: int, user_b: int) -> ChallengeRow | None:
    return await _open_between(store.db, user_a, user_b)


async def _open_between(db: Database, user_a: int, user_b: int) -> ChallengeRow | None:
    row = await db.fetchone(
        "SELECT * FROM challenges WHERE status = 'open' AND ((challenger_id = ? AND opponent_id = ?)"
        " OR (challenger_id = ? AND opponent_id = ?)) LIMIT 1",
        (user_a, user_b, user_b, user_a),
    )
    return challenge_row(row) if row else None
