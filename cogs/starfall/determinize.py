"""Starfall for the bot player (bot/ai/search.py): a world consistent with what one seat has seen.

Hidden from ``seat``: the order of its own deck, and the opponent's deck list (picked in secret, ruling
20) and order. Fields, graves, the cards drawn at set-up and every summon are face up. The seat's own
deck is its list minus what is on the table, reshuffled; the opponent's list is sampled to hold every card
seen of it (``bot/ai/search.py: sample_deck_list``: a ready-made deck that fits, else the closest one filled
from the pool) and its unseen rest is shuffled into the deck. The list goes into the world's options and
deck key, so nothing of the real one is left; the engine's seed is redrawn as well.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from bot.ai.search import sample_deck_list
from bot.engine import Decision, Seat, State
from cogs.starfall import engine as rules
from cogs.starfall.policy import lookahead, score

ROLLOUT_DEPTH = 6  # random play spoils a position: look to about the end of the action, then evaluate
# The two-turn lookahead (policy.lookahead) is far better than random playouts: the search leaves its answer
# only for a line whose playouts are clearly better.
PRIOR_WINS = 20
# Hard does not search this tree: it plays its own player (cogs/starfall/hard.py, BotHooks.hard_player).
BUDGET_SCALE = 2.0  # iterations per level (bot/ai/search.py BUDGETS): with the lookahead, ~0.6 s at normal under load


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    world = rules._copy(state)
    world["seed"] = rng.randrange(2**62)
    own = world["players"][seat]
    deck = sorted(own["deck"])
    rng.shuffle(deck)
    own["deck"] = deck
    other = world["players"][1 - seat]
    seen = [*other["drawn"], *other["grave"], *(rec["id"] for rec in other["field"].values() if rec is not None)]
    cards, deck_id = sample_deck_list(rules.GAME_ID, seen, rng)
    unseen = sorted((Counter(cards) - Counter(seen)).elements())
    rng.shuffle(unseen)
    other["deck"] = unseen
    other["deck_key"] = deck_id or "custom"
    world["options"] = {**world["options"], f"deck{1 - seat}": ",".join(cards)}
    return world


def evaluate(state: State, seat: Seat) -> float:
    """The greedy player's position score (cards on the field, graves), squashed to 0..1."""
    return squashed(score(state, seat))


def squashed(points: float) -> float:
    """A score (``policy.score``) as a value from 0 (lost) to 1 (won): a card's worth moves it ~0.1."""
    return 0.5 + 0.5 * math.tanh(points / 150.0)


def prior(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """The two-turn lookahead's answer starts ahead at the root (it reads the whole determinized world)."""
    return lookahead(state, decision, rng)
