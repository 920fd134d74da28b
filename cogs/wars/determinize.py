"""3x3 Wars for the bot player (bot/ai/search.py): a world consistent with what one seat has seen.

Hidden from ``seat``: the deck order, the opponent's hand and territories (face down), its face-down magic
and the magic set aside, and during setup the opponent's pools (Seven Mage hands, magic to keep, the
cards it returned). Unit cards and magic cards form two pools, each the complement of what the seat can
see, so a sorted pool reshuffled by ``rng`` depends only on the seat's information. The set-aside pile
holds magic whose place the rules of setup make public (``public_magic``: at Overlord the magic outside
the Overlord set, the basic magic where a level leaves it out, the seat's own Apprentice deck and Wizard
basics): those cards stay aside, so a world never gives the opponent a card it cannot hold. At Apprentice
the opponent's hidden magic is dealt from one of the magic decks it may hold (``_opponent_deck``: not the
seat's own, holding every magic card shown of it), as its whole deck was dealt to it. An open setup
question of the opponent is asked again over its new cards; the engine's seed is redrawn, so later
shuffles are unknown too.
"""

from __future__ import annotations

import math
import random
from typing import Any

from bot.engine import Decision, Seat, State, copy_state
from cogs.wars import cards as C
from cogs.wars import policy
from cogs.wars.board import seen_by_opponent
from cogs.wars.setup import WIZARD_BASICS, ask_setup

# Short playouts judged by the greedy player's score (cogs/wars/policy.py) instead of random play to the end:
# a random playout of ~50 decisions says little about a position, and six cost a sixth of it, so the same
# thinking time buys 100 iterations at normal instead of 35. With the greedy player as the prior (15 virtual
# wins, as Starfall's lookahead) the bot won 93.5 % against random before (100 matches) and, over 60 matches
# against the greedy player itself, 33 % before and 54 % after (2026-11-28, docs/BOT-STUDIES.md).
ROLLOUT_DEPTH = 6
# Hard's playouts are the greedy player's all the way (six decisions, about a turn), not two guided and four
# random ones: random steps (a magic card fired at nothing, a strategy picked blind) blur the position the
# score then judges. Against the greedy player (seed 0): two guided plies and four random won 19 of the
# first 25 deals, six guided plies 22 (and all of the first 18 in a screen); over 100 deals 80 % (docs/BOT-STUDIES.md,
# "Hard's playouts in 3x3 Wars": still short of the 90 % hard is asked for).
HARD_GUIDED_PLIES = ROLLOUT_DEPTH
BUDGET_SCALE = 1.0
PRIOR_WINS = 15
EVALUATION_SCALE = 10.0  # points of the greedy score (about points of life) for a clear lead
MAGIC = frozenset(C.MAGIC_IDS)


def public_magic(state: State, seat: Seat) -> frozenset[str]:
    """Magic cards ``seat`` knows are not the opponent's, wherever they lie: set aside whole by the level's
    setup, or dealt to ``seat`` itself (the one it did not keep is in the set-aside pile too)."""
    level = state["level"]
    if level == "overlord":
        return MAGIC - frozenset(C.OVERLORD_MAGIC_IDS)
    if level == "wizard":
        return frozenset(WIZARD_BASICS[seat])
    known = frozenset(C.BASIC_MAGIC_IDS)  # Apprentice (both kinds) and Seven Mage set every basic card aside
    own_decks = state.get("magic_decks")
    if own_decks and own_decks[seat]:  # Apprentice: the seat was dealt its own deck of magic, and knows it
        known |= frozenset(C.APPRENTICE_DECKS[own_decks[seat]])
    return known


def _opponent_deck(state: State, seat: Seat, rng: random.Random) -> tuple[str, ...] | None:
    """Apprentice: one of the magic decks the opponent may hold (not the seat's own, holding every magic card
    seen of it), drawn by ``rng``; None at other levels or when no deck fits (a fixed deal of tests)."""
    own_decks = state.get("magic_decks")
    if state["level"] != "apprentice" or not own_decks or not own_decks[seat]:
        return None
    own = C.APPRENTICE_DECKS[own_decks[seat]]
    seen = {slot["card"] for slot in state["magic"][1 - seat] if slot["state"] != "down"}
    seen |= {card for card in state["exile"] if card in MAGIC and card not in own}
    fits = [name for name in sorted(C.APPRENTICE_DECKS) if name != own_decks[seat] and seen <= set(C.APPRENTICE_DECKS[name])]
    return C.APPRENTICE_DECKS[fits[rng.randrange(len(fits))]] if fits else None


def _deck_cards_placed(pool: list[str], deck: tuple[str, ...], front: int, back: int) -> list[str]:
    """The reshuffled pool reordered so that the places the opponent's hidden cards are dealt from hold cards
    of ``deck``: the last ``back`` (its face-down slots, popped first) and the first ``front`` (its set-up
    pool, what is left once the set-aside places have popped theirs); the rest keeps its drawn order."""
    theirs = [card for card in pool if card in deck]
    if len(theirs) < front + back:
        return pool
    first, last = theirs[:front], theirs[len(theirs) - back:] if back else []
    return first + [card for card in pool if card not in first and card not in last] + last


def _deal(zones: list[tuple[Any, Any]], pool: list[str], rng: random.Random) -> list[str]:
    """Refill each ``(container, key)`` list with as many cards from the reshuffled pool as it held."""
    pool = sorted(pool)
    rng.shuffle(pool)
    for container, key in zones:
        count = len(container[key])
        container[key] = pool[:count]
        del pool[:count]
    return pool


def _deal_with_seen(world: State, other: Seat, zones: list[tuple[Any, Any]], pool: list[str],
                    rng: random.Random) -> bool:
    """Deal the unit cards as ``_deal`` does, but keep the opponent's cards the seat has seen
    (``board.seen_by_opponent``) in its hand, or in its hand or territories: a world where a bounced unit or a
    card 暴露 showed is back in the deck cannot happen. False (nothing dealt) when nothing was seen, so those
    worlds are drawn exactly as before."""
    seen = seen_by_opponent(world, other)
    in_hand, either = list(seen["hand"]), list(seen["hand_or_territory"])
    hand_size, territory_size = len(world["hands"][other]), len(world["territories"][other])
    # Counts are public: a record that no longer fits them (it cannot, by the engine) is ignored, not trusted.
    if not (in_hand or either) or len(in_hand) > hand_size or len(in_hand) + len(either) > hand_size + territory_size:
        return False
    known = set(in_hand) | set(either)
    unknown = sorted(card for card in pool if card not in known)
    rng.shuffle(unknown)
    open_places = hand_size + territory_size - len(in_hand)
    mixed = either + unknown[:open_places - len(either)]
    del unknown[:open_places - len(either)]
    rng.shuffle(mixed)
    world["hands"][other] = in_hand + mixed[:hand_size - len(in_hand)]
    world["territories"][other] = mixed[hand_size - len(in_hand):]
    for container, key in zones:
        if container is world["hands"] or container is world["territories"]:
            continue
        count = len(container[key])
        container[key] = unknown[:count]
        del unknown[:count]
    return True


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    public = public_magic(state, seat)
    world = copy_state(state)
    world["seed"] = rng.randrange(2**62)
    # Which Apprentice magic deck each seat was dealt: only recorded (the engine never reads it), and the
    # opponent's is hidden: a world carries the seat's own only (public_magic reads it again).
    if "magic_decks" in world:
        world["magic_decks"] = [deck if each == seat else None for each, deck in enumerate(world["magic_decks"])]
    other = 1 - seat
    setup = world["setup"][other]
    units: list[tuple[Any, Any]] = [(world, "deck"), (world["hands"], other), (world["territories"], other)]
    units += [(setup["hand_pool"], index) for index in range(len(setup.get("hand_pool", [])))]
    if "returned" in setup:
        units.append((setup, "returned"))
    unit_pool = [card for container, key in units for card in container[key]]
    if not _deal_with_seen(world, other, units, unit_pool, rng):
        _deal(units, unit_pool, rng)

    down = [slot for slot in world["magic"][other] if slot["state"] == "down"]
    # Before public_magic, any set-aside magic card could be dealt to the opponent: at Overlord 21 candidates
    # for its one face-down card, now 7 (the rules allow 6: the state does not mark which set-aside card is
    # the one the seat itself did not keep), so hard searched worlds that cannot happen.
    aside = [index for index, card in enumerate(world["set_aside"]) if card in MAGIC and card not in public]
    magic_pool = [slot["card"] for slot in down] + [world["set_aside"][i] for i in aside]
    magic_pool += setup.get("magic_pool", [])
    magic_pool.sort()
    rng.shuffle(magic_pool)
    deck = _opponent_deck(state, seat, rng)
    if deck is not None:
        magic_pool = _deck_cards_placed(magic_pool, deck, len(setup.get("magic_pool", [])), len(down))
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
    """The greedy player's score (life, the combat owed this turn, power on the field, territories, hand),
    squashed into 0..1. It reads the whole state: the search calls it on its worlds only."""
    return 0.5 + 0.5 * math.tanh(policy.score(state, seat) / EVALUATION_SCALE)


def prior(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """The greedy player's answer on the determinized root (bot/ai/search.py asks it on a world only)."""
    return policy.greedy(state, decision, rng)
