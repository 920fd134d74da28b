"""Afterlife for the bot player (bot/ai/search.py): a world consistent with what one seat has seen.

Hidden from ``seat``: the opponent's deck list (picked in secret, as in Starfall), its hand (its public
cards are shown), its bundles and which one it picked during set-up, and the order of both decks. The
opponent's list is sampled to hold every card seen of it (on the field, in the grave, the afterlife, its
public hand, the stack): ``bot/ai/search.py: sample_deck_list``, a ready-made deck that fits, else the
closest one filled from the pool. Its unseen rest is one pool, reshuffled by ``rng`` and dealt to the
bundles, the hand and the deck, so a world depends only on the seat's information. Whether the opponent
asked to be stopped at every response window is its own preference: the world takes the default (off).
The engine's seed is redrawn, so later shuffles are unknown too.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from bot.ai.search import sample_deck_list
from bot.engine import Decision, Seat, State, copy_state
from cogs.afterlife import engine as rules
from cogs.afterlife import zones as Z
from cogs.afterlife.policy import greedy

ROLLOUT_DEPTH = 20  # greedy playouts (~0.5 ms a decision): about two turns, then evaluate
BUDGET_SCALE = 0.3  # iterations per level (bot/ai/search.py BUDGETS) for ~0.8 s at normal on a loaded host


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    world = copy_state(state)
    world["seed"] = rng.randrange(2**62)
    own = world["players"][seat]
    own_deck = sorted(own["deck"])
    rng.shuffle(own_deck)
    own["deck"] = own_deck
    other = world["players"][1 - seat]
    seen = [*other["public"], *other["grave"], *other["afterlife"], *(unit["card"] for unit in other["field"])]
    seen += [entry["card"] for entry in world["stack"] if entry["seat"] == 1 - seat]
    casting = world["casting"]
    if casting is not None and casting["seat"] == 1 - seat:
        seen.append(casting["card"])
    # Its hidden hand cards the seat has seen (zones.seen_by_opponent) stay in its hand; a record that does not
    # fit the hand's public count (it cannot, by the engine) is ignored, not trusted.
    known = Z.seen_by_opponent(world, 1 - seat)
    if len(known) > len(other["hand"]):
        known = []
    seen += known
    cards, deck_id = sample_deck_list(rules.GAME_ID, seen, rng)
    world["deck_names"][1 - seat] = deck_id or ""
    other["always_stop"] = False
    pool = sorted((Counter(cards) - Counter(seen)).elements())
    rng.shuffle(pool)
    for index, bundle in enumerate(other["bundles"]):
        other["bundles"][index] = pool[:len(bundle)]
        del pool[:len(bundle)]
    hand_size = len(other["hand"]) - len(known)
    other["hand"] = known + pool[:hand_size]
    other["deck"] = pool[hand_size:]
    if other["pick"] is not None and other["bundles"]:
        other["pick"] = rng.randrange(len(other["bundles"]))  # picked in secret: any bundle
    return world


def evaluate(state: State, seat: Seat) -> float:
    """Life, plus the power on the field, squashed to 0..1."""
    score = []
    for each in (0, 1):
        player = Z.player(state, each)
        score.append(player["life"] + sum(Z.power(state, each, unit) for unit in player["field"]) // 2)
    return 0.5 + 0.5 * math.tanh((score[seat] - score[1 - seat]) / 1500.0)


def prior(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """The greedy player's answer starts ahead at the root (it reads the whole determinized world)."""
    return tuple(greedy(state, decision, rng))


def rollout(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """Random playouts say little in a game of attacks and blocks: play them out greedily."""
    return tuple(greedy(state, decision, rng))
