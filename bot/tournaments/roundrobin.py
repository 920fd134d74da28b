"""Round robin by the circle method: one player fixed, the others turning one place a round.

With an odd count a stand-in "bye" takes the fixed place. Seats: the fixed player alternates seat 0 and
seat 1 round by round; on every other board the player in the top row sits first on even boards and
second on odd ones, and since each turning player moves one board a round its seat alternates too. Each
player ends within one game of equal seat 0 and seat 1 counts (exactly equal with an odd count). A double
round robin plays the cycle twice, seats swapped the second time.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournaments.results import Outcome, Pairing


def rounds_needed(count: int, double: bool = False) -> int:
    single = count - 1 if count % 2 == 0 else count
    return single * (2 if double else 1)


def schedule(players: Sequence[int], double: bool = False) -> list[list[Pairing]]:
    """Every round's boards (byes as finished ``Outcome.BYE`` boards), rounds numbered from 1."""
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("a round robin needs at least two distinct players")
    slots: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    count = len(slots)
    fixed, turning = slots[-1], slots[:-1]
    cycle: list[list[tuple[int | None, int | None]]] = []
    for index in range(count - 1):
        order = turning[index:] + turning[:index]
        boards: list[tuple[int | None, int | None]] = []
        # Board 0: the fixed player against the head of the turning circle.
        boards.append((fixed, order[0]) if index % 2 else (order[0], fixed))
        for board in range(1, count // 2):
            top, bottom = order[board], order[count - 1 - board]
            boards.append((top, bottom) if board % 2 == 0 else (bottom, top))
        cycle.append(boards)
    result: list[list[Pairing]] = []
    for leg in range(2 if double else 1):
        for boards in cycle:
            round_no = len(result) + 1
            pairings = []
            for first, second in boards:
                if leg:
                    first, second = second, first
                if first is None or second is None:
                    player = second if first is None else first
                    assert player is not None
                    pairings.append(Pairing(round_no, player, None, Outcome.BYE))
                else:
                    pairings.append(Pairing(round_no, first, second))
            pairings.sort(key=lambda p: p.is_bye)
            result.append(pairings)
    return result
