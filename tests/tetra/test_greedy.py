"""The greedy player's balance measure: greedy self-play lasts as long as the book says a match does, and it weighs
what a charge does to a hand card's next band (red's weaken, blue's grow)."""

from __future__ import annotations

import statistics

from bot.engine import Decision
from cogs.tetra import engine as rules
from cogs.tetra.greedy import choose
from tests.tetra.helpers import at, decision, fresh


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


def _hand(state, seat: int, card_id: str) -> dict:
    return next(h for h in state["players"][seat]["hand"] if h["id"] == card_id)


def test_greedy_charges_the_hand_card_a_charge_helps_not_the_one_with_most_room() -> None:
    """Blue's Frost Wall at charge 3 moves to its 2-damage band; Ice Needle at 0 stays at 1 damage (more room)."""
    state = fresh("blue-red")
    _hand(state, 0, "H-B2")["charge"] = 3
    state = at(state, {"do": "charge", "card": "P27"})
    assert decision(state).options == ("charge:H-B1", "charge:H-B2")
    assert choose(state, decision(state)) == ("charge:H-B2",)


def test_greedy_skips_a_bonus_charge_that_weakens_a_red_hand_card() -> None:
    """Fire Bolt at charge 3 would fall from 2 damage to 1: the bonus charge is optional, so red skips it."""
    state = fresh("red-blue")
    _hand(state, 0, "H-R1")["charge"] = 3
    state = at(state, {"do": "charge_bonus", "card": "H-R1"})
    assert choose(state, decision(state)) == ("skip",)
    _hand(state, 0, "H-R1")["charge"] = 0  # 0 -> 1 stays in the 3-damage band: the free charge is taken
    assert choose(state, decision(state)) == ("charge:H-R1",)


def test_greedy_casts_nothing_when_a_public_spell_would_weaken_every_red_hand_card() -> None:
    state = fresh("red-blue")
    _hand(state, 0, "H-R1")["charge"] = 3   # 2 damage -> 1
    _hand(state, 0, "H-R2")["charge"] = 4   # 2 damage -> 1
    spark = Decision(seat=0, prompt="tetra.prompt.cast", options=("cast:P01", "pass"))
    assert choose(state, spark) == ("pass",)
    _hand(state, 0, "H-R2")["charge"] = 0   # a charge that costs nothing: Spark's mana is worth the cast
    assert choose(state, spark) == ("cast:P01",)
