"""Standings: score, then the format's tie-breaks, then wins, then seed (docs/TOURNAMENTS.md).

- Buchholz: the sum of the final scores of every opponent met over a board. A bye adds nothing.
- Sonneborn–Berger: the sum, over the player's games, of the opponent's final score times the player's
  result there (a win the whole score, a draw half, a loss nothing). A bye adds nothing.
- A withdrawn player keeps the boards they played; their score stops growing and counts as it stands in
  their opponents' tie-breaks. Unplayed boards count for nobody.

Swiss ranks by score, Buchholz, Sonneborn–Berger, wins; round robin by score, Sonneborn–Berger, wins
(Buchholz is the same for everyone who played everyone, so it is shown but not used there). Players equal
on all of these share a rank; the seed only orders them in the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.tournaments.results import WIN, Outcome, Pairing, scores


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"


@dataclass(frozen=True)
class Row:
    rank: int
    player: int
    score: int  # half points
    buchholz: int  # half points
    sonneborn_berger: int  # quarter points (a score in halves times a result in halves)
    wins: int
    played: int  # games over a board, byes excluded
    byes: int
    withdrawn: bool


def tiebreak_key(row: Row, fmt: Format) -> tuple[int, ...]:
    if fmt is Format.SWISS:
        return (row.score, row.buchholz, row.sonneborn_berger, row.wins)
    return (row.score, row.sonneborn_berger, row.wins)


def standings(
    entrants: Sequence[int], pairings: Sequence[Pairing], fmt: Format, withdrawn: frozenset[int] = frozenset()
) -> list[Row]:
    """Every entrant ranked, from the finished boards (unfinished ones are ignored)."""
    finished = [p for p in pairings if p.finished]
    score = {player: 0 for player in entrants} | scores(finished)
    buchholz = dict.fromkeys(entrants, 0)
    berger = dict.fromkeys(entrants, 0)
    wins = dict.fromkeys(entrants, 0)
    played = dict.fromkeys(entrants, 0)
    byes = dict.fromkeys(entrants, 0)
    for pairing in finished:
        if pairing.outcome is Outcome.BYE:
            byes[pairing.seat0] += 1
            continue
        for player in pairing.players():
            opponent = pairing.opponent(player)
            assert opponent is not None
            result = pairing.points(player)
            played[player] += 1
            buchholz[player] += score[opponent]
            berger[player] += score[opponent] * result
            wins[player] += result == WIN
    seed = {player: index for index, player in enumerate(entrants)}
    rows = [
        Row(0, player, score[player], buchholz[player], berger[player], wins[player], played[player],
            byes[player], player in withdrawn)
        for player in entrants
    ]
    rows.sort(key=lambda row: (tuple(-value for value in tiebreak_key(row, fmt)), seed[row.player]))
    ranked: list[Row] = []
    for index, row in enumerate(rows):
        tied = ranked and tiebreak_key(ranked[-1], fmt) == tiebreak_key(row, fmt)
        rank = ranked[-1].rank if tied else index + 1
        ranked.append(Row(rank, *(getattr(row, field) for field in Row.__dataclass_fields__ if field != "rank")))
    return ranked


def crosstable(entrants: Sequence[int], pairings: Sequence[Pairing]) -> dict[int, dict[int, list[int]]]:
    """For each player, the half points they scored against each opponent (a list: a double round robin
    meets twice), from the finished boards."""
    table: dict[int, dict[int, list[int]]] = {player: {} for player in entrants}
    for pairing in pairings:
        if not pairing.finished or pairing.seat1 is None:
            continue
        for player in pairing.players():
            opponent = pairing.opponent(player)
            assert opponent is not None
            table.setdefault(player, {}).setdefault(opponent, []).append(pairing.points(player))
    return table
