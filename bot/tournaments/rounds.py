"""The next round's boards for a tournament of either format, from its entrants and its boards so far."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournaments import roundrobin, swiss
from bot.tournaments.results import Outcome, Pairing

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
DOUBLE_ROUND_ROBIN = "double_round_robin"
FORMATS = (SWISS, ROUND_ROBIN, DOUBLE_ROUND_ROBIN)


def total_rounds(fmt: str, entrants: int, asked: int) -> int:
    """How many rounds a tournament plays: Swiss as asked (at most entrants - 1), a round robin its cycle."""
    if fmt == SWISS:
        return max(1, min(asked, entrants - 1))
    return roundrobin.rounds_needed(entrants, fmt == DOUBLE_ROUND_ROBIN)


def next_boards(fmt: str, round_no: int, entrants: Sequence[int], withdrawn: frozenset[int],
                history: Sequence[Pairing]) -> list[Pairing]:
    """Round ``round_no``'s boards. ``entrants`` in seed order (all of them, withdrawn too).

    Swiss pairs the players still in. A round robin follows its fixed schedule; a board with a withdrawn
    player is not played, and the opponent still in has a bye that round (docs/TOURNAMENTS.md)."""
    active = [player for player in entrants if player not in withdrawn]
    if fmt == SWISS:
        if len(active) < 2:  # everyone else withdrew: the last player in has the bye, the round no game
            return [Pairing(round_no, player, None, Outcome.BYE) for player in active]
        return swiss.pair_round(active, history, round_no)
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    planned = roundrobin.schedule(list(entrants), fmt == DOUBLE_ROUND_ROBIN)[round_no - 1]
    boards: list[Pairing] = []
    for board in planned:
        present = [player for player in board.players() if player not in withdrawn]
        if len(present) == 2:
            boards.append(board)
        elif len(present) == 1:
            boards.append(Pairing(round_no, present[0], None, Outcome.BYE))
    return boards
