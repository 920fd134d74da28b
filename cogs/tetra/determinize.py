"""TetrAction for the bot player (bot/search.py): a world consistent with what one seat has seen.

Hands, tetrites, mana, the public row and every discard are open information. Hidden are the order of
each hand deck (the seat's own too), of the public deck and of the accident deck, and the cards the
opponent drew to replace a hand card (only while that choice is open, when the bot is not asked). Each
deck's content is known (the complement of what is on the table), so a sorted deck reshuffled by ``rng``
depends only on the seat's information. The engine's seed is redrawn, so later reshuffles are unknown.
"""

from __future__ import annotations

import math
import random

from bot.engine import Seat, State
from cogs.tetra import engine as rules

ROLLOUT_DEPTH = 40  # a match is ~300 decisions and a playout ~50 ms: stop early and evaluate
BUDGET_SCALE = 0.4  # iterations per level (bot/search.py BUDGETS) for ~0.8 s at normal on a loaded host


def _reshuffled(cards: list[str], rng: random.Random) -> list[str]:
    deck = sorted(cards)
    rng.shuffle(deck)
    return deck


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    world = rules._copy(state)
    world["seed"] = rng.randrange(2**62)
    other = 1 - seat
    # Cards the opponent drew to pick a new hand card, or to put under its deck, are its secret: they
    # go back into the pool of its hand deck and are drawn again (the open question is renamed).
    private = [task for task in world["queue"] if task.get("seat") == other
               and (task["do"] == "replace" and "candidates" in task or task["do"] == "bottom")]
    for index, player in enumerate(world["players"]):
        pool = list(player["hand_deck"])
        if index == other:
            pool += [card for task in private for card in task.get("candidates", task.get("cards", []))]
        pool = _reshuffled(pool, rng)
        if index == other:
            for task in private:
                field = "candidates" if task["do"] == "replace" else "cards"
                count = len(task[field])
                task[field] = pool[:count]
                del pool[:count]
        player["hand_deck"] = pool
    step = world["step"]
    if private and step is not None and step["seat"] == other and world["queue"][0] in private:
        task = world["queue"][0]
        verb, field = ("take", "candidates") if task["do"] == "replace" else ("bottom", "cards")
        step["options"] = [f"{verb}:{card}" for card in task[field]]
    world["public"]["deck"] = _reshuffled(world["public"]["deck"], rng)
    world["accident"]["deck"] = _reshuffled(world["accident"]["deck"], rng)
    return world


def evaluate(state: State, seat: Seat) -> float:
    life = [player["life"] for player in state["players"]]
    return 0.5 + 0.5 * math.tanh((life[seat] - life[1 - seat]) / 5.0)
