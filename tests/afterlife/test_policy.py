"""The greedy player and the self-play hooks used by ``python -m bot selfplay afterlife``."""

from __future__ import annotations

import random

from bot.engine import random_choice
from cogs.afterlife import cards as C
from cogs.afterlife import policy
from cogs.afterlife.engine import ENGINE, TURN_LIMIT


def play(index: int, greedy_seats: tuple[int, ...]) -> dict:
    rng = random.Random(index)
    state = ENGINE.new_game(index, policy.selfplay_options(index, rng))
    while ENGINE.outcome(state) is None:
        decision = rng.choice(ENGINE.pending(state))
        if decision.seat in greedy_seats:
            choice = policy.greedy(state, decision, rng)
            assert set(choice) <= set(decision.options)
        else:
            choice = random_choice(decision, rng)
        state, _ = ENGINE.apply(state, decision.seat, choice)
    return state


def test_greedy_beats_random() -> None:
    wins = 0
    for index in range(30):
        seat = index % 2
        wins += ENGINE.outcome(play(index, (seat,))).winner == seat
    assert wins >= 27


def test_greedy_matches_end_within_30_turns() -> None:
    turns = sorted(play(100 + index, (0, 1))["turn"] for index in range(40))
    assert turns[int(len(turns) * 0.95) - 1] <= 30 and turns[-1] < TURN_LIMIT


def test_selfplay_options_cover_every_ordered_pair_of_ready_made_decks() -> None:
    rng = random.Random(0)
    pairs = set()
    for index in range(len(policy.deck_pairs())):
        options = policy.selfplay_options(index, rng)
        for seat in (0, 1):
            C.parse_deck(options[f"deck{seat}"])
        state = ENGINE.new_game(index, options)
        keys = policy.side_keys(state)
        assert keys == (options["deck_name0"], options["deck_name1"])
        pairs.add(keys)
    assert len(pairs) == len(C.decks()) * (len(C.decks()) - 1)


def test_side_keys_default_to_the_first_two_ready_made_decks() -> None:
    assert policy.side_keys(ENGINE.new_game(1, {})) == tuple(list(C.decks())[:2])
