"""A league season's table (pure): which finished matches count, and the points they add up to.

A match counts when it was marked as a game of the season (``/challenge ... league:True``: its options hold
``LEAGUE_OPTION``), both players were members when it was created, it was created in the season and
finished by its end, and the pair has not yet played ``games_per_pair`` counted games (the first ones
count, in the order they were created). Points as in tournaments (docs/TOURNAMENTS.md): a win 1, a draw ½.
Rank by points, then wins, then fewer games played; members equal on all three share a rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

LEAGUE_OPTION = "league"  # a match option (not a rule of the game): the id of the league season it is played in


def league_of(options: Mapping[str, str]) -> int | None:
    """The league season a challenge's or match's options mark it for, if any."""
    value = options.get(LEAGUE_OPTION)
    return int(value) if isinstance(value, str) and value.isdigit() else None


@dataclass(frozen=True)
class SeasonMatch:
    match_id: int
    created_at: float
    finished_at: float
    players: tuple[int, int]
    winner: int | None  # seat, None for a draw


@dataclass(frozen=True)
class LeagueRow:
    rank: int
    player: int
    points: int  # half points
    played: int
    wins: int
    draws: int
    losses: int


def counted(matches: Sequence[SeasonMatch], joined: Mapping[int, float], starts_at: float, ends_at: float,
            games_per_pair: int) -> list[SeasonMatch]:
    per_pair: Counter = Counter()
    kept = []
    for match in sorted(matches, key=lambda m: (m.created_at, m.match_id)):
        a, b = match.players
        if a == b or a not in joined or b not in joined:
            continue
        if not (starts_at <= match.created_at < ends_at and match.finished_at <= ends_at):
            continue
        if match.created_at < max(joined[a], joined[b]):
            continue
        pair = frozenset(match.players)
        if per_pair[pair] >= games_per_pair:
            continue
        per_pair[pair] += 1
        kept.append(match)
    return kept


def league_table(members: Sequence[int], games: Sequence[SeasonMatch]) -> list[LeagueRow]:
    """Every member ranked from the counted games (``members`` in joining order)."""
    points = dict.fromkeys(members, 0)
    wins, draws, losses = Counter(), Counter(), Counter()
    for game in games:
        for seat, player in enumerate(game.players):
            if game.winner is None:
                points[player] += 1
                draws[player] += 1
            elif game.winner == seat:
                points[player] += 2
                wins[player] += 1
            else:
                losses[player] += 1
    order = {player: index for index, player in enumerate(members)}

    def key(player: int) -> tuple[int, int, int]:
        return (-points[player], -wins[player], wins[player] + draws[player] + losses[player])

    rows: list[LeagueRow] = []
    for index, player in enumerate(sorted(members, key=lambda p: (key(p), order[p]))):
        rank = rows[-1].rank if rows and key(rows[-1].player) == key(player) else index + 1
        played = wins[player] + draws[player] + losses[player]
        rows.append(LeagueRow(rank, player, points[player], played, wins[player], draws[player], losses[player]))
    return rows
