"""Starfall for the bot player (bot/search.py): a world consistent with what one seat has seen.

Starfall's only hidden information is the order of the two decks (fields, graves, the cards drawn at
set-up and every summon are face up). Each deck's content is known (the deck list minus what is on the
table), so a sorted deck reshuffled by ``rng`` depends only on the seat's information; the engine's seed
is redrawn as well.
"""

from __future__ import annotations

import math
import random

from bot.engine import Decision, Seat, State
from cogs.starfall import engine as rules
from cogs.starfall.policy import greedy, score

ROLLOUT_DEPTH = 6  # random play spoils a position: look to about the end of the action, then evaluate
BUDGET_SCALE = 3.0  # iterations per level (bot/search.py BUDGETS) for ~0.8 s at normal on a loaded host


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    world = rules._copy(state)
    world["seed"] = rng.randrange(2**62)
    for player in world["players"]:
        deck = sorted(player["deck"])
        rng.shuffle(deck)
        player["deck"] = deck
    return world


def evaluate(state: State, seat: Seat) -> float:
    """The greedy player's position score (cards on the field, graves), squashed to 0..1."""
    return 0.5 + 0.5 * math.tanh(score(state, seat) / 150.0)


def prior(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """The greedy player's answer starts ahead at the root (it reads the whole determinized world)."""
    return tuple(greedy(state, decision, rng))
