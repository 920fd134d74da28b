"""3x3 Wars for the bot player (bot/ai/search.py): a world consistent with what one seat has seen.

Hidden from ``seat``: the deck order, the opponent's hand and territories (face down), its face-down magic
and the magic set aside, and during setup the opponent's pools (Seven Mage hands, magic to keep, the
cards it returned). Unit cards and magic cards form two pools, each the complement of what the seat can
see, so a sorted pool reshuffled by ``rng`` depends only on the seat's information. An open setup
question of the opponent is asked again over its new cards; the engine's seed is redrawn, so later
shuffles are unknown too.
"""

from __future__ import annotations

import math
import random
from typing import Any

from bot.engine import Seat, State, copy_state
from cogs.wars import cards as C
from cogs.wars.setup import ask_setup

ROLLOUT_DEPTH = 120  # a random match is ~50 decisions: play most matches to the end
BUDGET_SCALE = 0.35  # iterations per level (bot/ai/search.py BUDGETS) for ~0.8 s at normal on a loaded host
MAGIC = frozenset(C.MAGIC_IDS)


def _deal(zones: list[tuple[Any, Any]], pool: list[str], rng: random.Random) -> list[str]:
    """Refill each ``(container, key)`` list with as many cards from the reshuffled pool as it held."""
    pool = sorted(pool)
    rng.shuffle(pool)
    for container, key in zones:
        count = len(container[key])
        container[key] = pool[:count]
        del pool[:count]
    return pool


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    world = copy_state(state)
    world["seed"] = rng.randrange(2**62)
    # Which Apprentice magic deck each seat was dealt: only recorded (the engine never reads it), and the
    # opponent's is hidden: a world does not carry it.
    world.pop("magic_decks", None)
    other = 1 - seat
    setup = world["setup"][other]
    units: list[tuple[Any, Any]] = [(world, "deck"), (world["hands"], other), (world["territories"], other)]
    units += [(setup["hand_pool"], index) for index in range(len(setup.get("hand_pool", [])))]
    if "returned" in setup:
        units.append((setup, "returned"))
    unit_pool = [card for container, key in units for card in container[key]]
    _deal(units, unit_pool, rng)

    down = [slot for slot in world["magic"][other] if slot["state"] == "down"]
    aside = [index for index, card in enumerate(world["set_aside"]) if card in MAGIC]
    magic_pool = [slot["card"] for slot in down] + [world["set_aside"][i] for i in aside]
    magic_pool += setup.get("magic_pool", [])
    magic_pool.sort()
    rng.shuffle(magic_pool)
    for slot in down:
        slot["card"] = magic_pool.pop()
    for index in aside:
        world["set_aside"][index] = magic_pool.pop()
    if "magic_pool" in setup:
        setup["magic_pool"] = magic_pool[:len(setup["magic_pool"])]

    for position, entry in enumerate(world["asks"]):
        if entry["seat"] == other and entry["kind"].startswith("setup_"):
            # Its options name the old cards: ask again, in the same place of the list.
            del world["asks"][position]
            before = len(world["asks"])
            ask_setup(world, other)
            if len(world["asks"]) > before:
                world["asks"].insert(position, world["asks"].pop())
    return world


def evaluate(state: State, seat: Seat) -> float:
    """Life, plus the cost of the units on the field (what they will deal or absorb)."""
    score = [state["life"][each] + sum(C.cost(unit["card"]) for unit in state["fields"][each]) for each in (0, 1)]
    return 0.5 + 0.5 * math.tanh((score[seat] - score[1 - seat]) / 12.0)
