"""Issue 14: the cube total. The box holds 16 cubes, the four START cards' release counts; the engine
treats cubes as counters that never run out (docs/rules/tetra.md, Rulings: "Cubes")."""

from __future__ import annotations

import random

from bot.engine import random_choice
from cogs.tetra import cards as catalogue
from cogs.tetra import engine as rules
from cogs.tetra import geometry as geo
from cogs.tetra.greedy import choose

BOX_CUBES = 16  # the book's component list: 木製6面体：16個


def cubes_out(state: dict) -> int:
    return sum(h["cubes"] for p in state["players"] for h in p["hand"]) + state["accident"]["cubes"]


def test_the_four_start_cards_of_a_match_take_exactly_the_boxs_16_cubes() -> None:
    for first in geo.COLOURS:
        for second in geo.COLOURS:
            if first == second:
                continue
            state = rules.new_game(1, {"characters": f"{first}-{second}"})
            assert all(len(p["hand"]) == 2 for p in state["players"])
            assert cubes_out(state) == BOX_CUBES


def test_cubes_are_counters_every_new_hand_card_gets_its_full_count_even_past_the_box() -> None:
    """The box's 16 does not bind: a new hand card always takes its whole release count, and the
    accident deck holds exactly the cubes of the hand casts since the last accident."""
    past_the_box = 0
    for match in range(24):
        rng = random.Random(match)
        state = rules.new_game(match, {"characters": "random"})
        since_accident = 0
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            choice = choose(state, decision) if match % 2 else random_choice(decision, rng)
            state, events = rules.apply(state, decision.seat, choice)
            for event in events:
                if event.key == "tetra.event.cube":
                    since_accident += 1
                elif event.key == "tetra.event.accident":
                    since_accident = 0
                elif event.key == "tetra.event.new_hand_card":
                    card = event.args["card"]
                    record = next(h for h in state["players"][event.args["seat"]]["hand"] if h["id"] == card)
                    assert record["cubes"] == catalogue.field(card, "release_count")
            assert state["accident"]["cubes"] == since_accident
            past_the_box += cubes_out(state) > BOX_CUBES
    # The corner the ruling is about does happen (a cast +1 turn piles cubes on the accident deck).
    assert past_the_box > 0
