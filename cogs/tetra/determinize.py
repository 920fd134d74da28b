"""TetrAction for the bot player (bot/ai/search.py): a world consistent with what one seat has seen.

Hands, tetrites, mana, the public row, the hand and accident discards are open information. Hidden are
the order of each hand deck (the seat's own too), of the public deck and of the accident deck, the
cards the opponent drew to replace a hand card (only while that choice is open, when the bot is not
asked), and the public cards charged face down under hand cards (both players'; nobody sees them). Each
hand deck's content is known (the complement of what is on the table), so a sorted deck reshuffled by
``rng`` depends only on the seat's information. The public cards not in the row are one pool (the deck,
every charge card, the public discard, whose content the view does not list), dealt back in the same
counts. The engine's seed is redrawn, so later reshuffles are unknown.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from bot.engine import Decision, Seat, State, copy_state, random_choice
from cogs.tetra import cards as catalogue
from cogs.tetra.greedy import DAMAGE_WEIGHT, band_worth, best_spell, choose

ROLLOUT_DEPTH = 16  # a match is ~300 decisions (~7 a turn) and a playout ~50 ms: two turns, then evaluate
# The greedy player's answers that cost no lookahead; its geometry answers (an apply per option) do.
CHEAP_GREEDY = frozenset(f"tetra.prompt.{p}" for p in (
    "cast", "cast_more", "charge", "charge_bonus", "choose_effect", "gain_mana", "yellow_release", "carry",
    "replace", "bottom", "place_mana"))
BUDGET_SCALE = 0.4  # iterations per level (bot/ai/search.py BUDGETS) for ~0.8 s at normal on a loaded host


def _reshuffled(cards: list[str], rng: random.Random) -> list[str]:
    deck = sorted(cards)
    rng.shuffle(deck)
    return deck


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    world = copy_state(state)
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
    public = world["public"]
    charged = [hand for player in world["players"] for hand in player["hand"]]
    pool = _reshuffled(public["deck"] + public["discard"] + [c for hand in charged for c in hand["charge_cards"]], rng)
    for hand in charged:
        count = len(hand["charge_cards"])
        hand["charge_cards"] = pool[:count]
        del pool[:count]
    public["discard"] = pool[:len(public["discard"])]
    public["deck"] = pool[len(public["discard"]):]
    world["accident"]["deck"] = _reshuffled(world["accident"]["deck"], rng)
    return world


# What a hand card's current band will deal, per point of damage it is worth, counts this much: a playout
# ends after about two turns, before most charge is cast, so without it the search saw nothing of what a
# charge did to a hand (blue's bands grow with charge, red's shrink) and played blue below its strength
# (docs/rules/tetra.md, "The bot's evaluation counts the hand").
HAND_WEIGHT = 0.3


def evaluate(state: State, seat: Seat) -> float:
    """Life, a little of the best spell each side could cast now (what the geometry set up), and what its hand
    cards' current bands are worth (``greedy.band_worth``, in points of damage)."""
    value = [state["players"][each]["life"] + 0.25 * _spell_potential(state, each)
             + HAND_WEIGHT * _hand_worth(state, each) for each in (0, 1)]
    return 0.5 + 0.5 * math.tanh((value[seat] - value[1 - seat]) / 5.0)


def _hand_worth(state: State, seat: Seat) -> float:
    total = 0.0
    for hand in state["players"][seat]["hand"]:
        if hand["charge"] <= catalogue.field(hand["id"], "max_charge"):  # over its last band: about to go
            total += band_worth(state, hand["id"], hand["charge"]) / DAMAGE_WEIGHT
    return total


def _spell_potential(state: State, seat: Seat) -> float:
    try:
        return best_spell(state, seat)
    except ValueError:  # a hand card over its last band, between being charged and discarded
        return 0.0


def prune(decision: Decision) -> Decision:
    """Blue carries all the charge it may: not searched. Every blue band hits at least as hard and costs no more
    at a higher charge, so more charge is never worse on the next cast; but the search ends its playouts after
    about two turns, before the carried charge is cast, and without this it sometimes let blue carry nothing
    (carry:0 where 3 were allowed), throwing the ability away."""
    if decision.prompt != "tetra.prompt.carry":
        return decision
    return replace(decision, options=decision.options[-1:])


def rollout(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """Playouts cast, charge and pay like the greedy player; the geometry is random (cheap)."""
    if decision.prompt in CHEAP_GREEDY:
        return choose(state, decision)
    return random_choice(decision, rng)


def prior(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """The greedy player's answer (one decision of lookahead) starts ahead at the root."""
    return choose(state, decision)
