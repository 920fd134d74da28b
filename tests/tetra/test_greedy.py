"""The greedy player's balance measure: greedy self-play lasts as long as the book says a match does."""

from __future__ import annotations

import statistics

from cogs.tetra import engine as rules
from cogs.tetra.greedy import choose


def test_greedy_self_play_finishes_in_book_length() -> None:
    turns = []
    for match in range(40):
        state = rules.new_game(10_000 + match, {})
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            state, _ = rules.apply(state, decision.seat, choose(state, decision))
        turns.append(state["turn"])
    # The book's 40-60 minutes at ~1.5-2 minutes a turn (see docs/rules/tetra.md "Balance").
    assert 18 <= statistics.mean(turns) <= 45
