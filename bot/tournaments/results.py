"""A tournament's pairings and their results, and the scores they add up to.

Scores are kept in half points (a win 2, a draw 1, a loss 0, a bye 2) so every sum is exact; ``shown``
writes them as players read them (``2.5``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

WIN = 2
DRAW = 1
LOSS = 0
BYE_POINTS = WIN


class Outcome(StrEnum):
    SEAT0 = "seat0"  # the player in seat 0 won
    SEAT1 = "seat1"
    DRAW = "draw"
    BYE = "bye"  # seat0 had no opponent this round


@dataclass(frozen=True)
class Pairing:
    """One board of one round: ``seat1`` is None for a bye; ``outcome`` is None while unplayed."""

    round: int
    seat0: int
    seat1: int | None
    outcome: Outcome | None = None

    @property
    def is_bye(self) -> bool:
        return self.seat1 is None

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def players(self) -> tuple[int, ...]:
        return (self.seat0,) if self.seat1 is None else (self.seat0, self.seat1)

    def opponent(self, player: int) -> int | None:
        if player == self.seat0:
            return self.seat1
        if player == self.seat1:
            return self.seat0
        raise ValueError(f"player {player} is not on this board")

    def points(self, player: int) -> int:
        """Half points ``player`` scored on this board (0 while unplayed)."""
        if self.outcome is None:
            return 0
        if self.outcome is Outcome.BYE:
            return BYE_POINTS if player == self.seat0 else 0
        if self.outcome is Outcome.DRAW:
            return DRAW
        winner = self.seat0 if self.outcome is Outcome.SEAT0 else self.seat1
        return WIN if player == winner else LOSS


def scores(pairings: Iterable[Pairing]) -> dict[int, int]:
    """Every player's half points over the finished boards (players with no board are absent)."""
    total: dict[int, int] = {}
    for pairing in pairings:
        for player in pairing.players():
            total[player] = total.get(player, 0) + pairing.points(player)
    return total


def shown(half_points: int) -> str:
    """Half points as players read them: 3, 2.5."""
    whole, half = divmod(half_points, 2)
    return f"{whole}.5" if half else str(whole)
