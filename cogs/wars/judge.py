"""How 3x3 Wars' hard search judges a position where a playout stops: a score fitted to how matches end.

``determinize.evaluate`` (easy and normal) squashes the greedy player's hand-set score: life, the combat owed
this turn, the power on the field, territories and cards in hand, weighted for choosing one move well. Hard's
playouts stop after about a turn and must then say who is winning; the weights below say it better. They are a
logistic fit of who won, on the positions of self-play matches (greedy against itself at Overlord, 5 % random
decisions, each position seen from both sides, every fifth match held out): see ``FIT`` for the figures, and
``python -m tools.fit_judge wars --matches 4000`` plays those matches again and prints these weights.

Like ``policy.score`` it first plays out the combat still owed this turn (on a copy), so a position before
combat is judged by what that combat leaves. It reads a world, as the search does: the search never gives it
the real state.

Every feature is mine minus theirs, so the score is zero-sum: ``chance(state, 0) == 1 - chance(state, 1)``.
"""

from __future__ import annotations

import math
from typing import Any

from bot.engine import Seat, State, copy_state
from cogs.wars import cards as C
from cogs.wars.board import has_trait, is_pierce
from cogs.wars.combat import power, resolve_combat
from cogs.wars.policy import BEFORE_COMBAT

LATE_DECK = 10  # from here the deck's end (higher life wins) is near: life counts again
LOW_LIFE = 10
TERRITORY_USEFUL = 6  # as policy.TERRITORY_USEFUL: past this many, another territory raises the limit for few cards

# Log-odds of winning per unit of each feature (mine minus theirs). A fit, not a judgment: the features overlap
# (a unit's power counts in the field and in the blow it deals), so a weight is read together with its neighbours'.
WEIGHTS: dict[str, float] = {
    "life": 1.011360,  # 10 life
    "life_low": -0.276887,  # 10 life or less
    "life_late": 0.744631,  # 10 life again once the deck holds 10 cards or fewer
    "field": 1.456387,  # 10 power on the field
    "units": 0.365987,  # a unit (its power apart)
    "blow": 0.991457,  # 10 damage the field would deal in its owner's combat now
    "territories": 0.769187,  # a territory, up to six
    "territories_extra": 0.439486,  # a territory past six
    "hand": 0.877950,  # a card in hand
    "hand_spells": -0.148775,  # a spell card in hand (the card itself counted in ``hand``)
    "hand_cost": 0.037570,  # 10 cost of the unit cards in hand
    "magic_down": 0.093788,  # a face-down magic card: two activations left
    "magic_up": 0.133574,  # a face-up magic card: one activation left
    "to_move": -0.365306,  # +1 on one's own turn, -1 on the opponent's
    "threat": 0.553718,  # the blow reaches the other's life (+1 mine, -1 theirs)
}
# The fit behind WEIGHTS: on held-out matches the share of positions whose winner each names, and its log-loss.
FIT = {"matches": 4000, "positions": 42382, "held_out": 8532, "fitted": (77.6, 0.453), "evaluate": (73.7, 0.530)}


def powers(state: State) -> list[list[tuple[dict[str, Any], int]]]:
    """Each seat's units with their power now (a power reads every standing and lasting effect: once each)."""
    return [[(unit, power(state, seat, unit)) for unit in state["fields"][seat]] for seat in (0, 1)]


def blow(state: State, seat: Seat, power_of: list[list[tuple[dict[str, Any], int]]]) -> int:
    """The damage ``seat``'s field would deal in a combat now (its transparent step, then its attack step),
    as ``combat.resolve_combat`` counts it, without changing anything."""
    attackers, defenders = power_of[seat], power_of[1 - seat]
    pierce = sum(value for unit, value in attackers if is_pierce(state, unit))
    wall = sum(value for unit, value in defenders if has_trait(state, unit["card"], "twin_wall"))
    attack = sum(value for unit, value in attackers if not is_pierce(state, unit))
    block = sum(value for unit, value in defenders if not has_trait(state, unit["card"], "no_block"))
    return max(0, pierce - wall) + max(0, attack - block)


def side_features(state: State, seat: Seat, power_of: list[list[tuple[dict[str, Any], int]]]) -> dict[str, float]:
    """What one side has, feature by feature (``power_of``: ``powers(state)``)."""
    life = max(0, state["life"][seat])
    hand = state["hands"][seat]
    territories = len(state["territories"][seat])
    magic = state["magic"][seat]
    late = len(state["deck"]) <= LATE_DECK
    return {
        "life": life / 10,
        "life_low": float(life <= LOW_LIFE),
        "life_late": life / 10 if late else 0.0,
        "field": sum(value for _unit, value in power_of[seat]) / 10,
        "units": len(power_of[seat]),
        "blow": blow(state, seat, power_of) / 10,
        "territories": min(territories, TERRITORY_USEFUL),
        "territories_extra": max(0, territories - TERRITORY_USEFUL),
        "hand": len(hand),
        "hand_spells": sum(1 for card in hand if not C.is_unit(card)),
        "hand_cost": sum(C.cost(card) for card in hand if C.is_unit(card)) / 10,
        "magic_down": sum(1 for slot in magic if slot["state"] == "down"),
        "magic_up": sum(1 for slot in magic if slot["state"] == "up"),
    }


def settled(state: State) -> State:
    """The position once the combat still owed this turn is fought (a copy; ``state`` itself if none is owed)."""
    if state["result"] is None and state["step"] in BEFORE_COMBAT and state["turn"] > 0:
        state = copy_state(state)
        resolve_combat(state, [])
    return state


def features(state: State, seat: Seat) -> dict[str, float]:
    """The position from ``seat``'s side (read as it stands: ``settled`` first to judge it)."""
    power_of = powers(state)
    mine, theirs = side_features(state, seat, power_of), side_features(state, 1 - seat, power_of)
    found = {name: mine[name] - theirs[name] for name in mine}
    found["to_move"] = 1.0 if state["active"] == seat else -1.0
    # A blow is "blow" times 10: the side whose field would deal the other's life or more in its next combat.
    found["threat"] = float(10 * mine["blow"] >= state["life"][1 - seat]) - float(
        10 * theirs["blow"] >= state["life"][seat])
    return found


def in_play(state: State) -> bool:
    """A position the fit learns from (tools/fit_judge.py): set-up is over."""
    return state["turn"] > 0


def fit_features(state: State) -> dict[str, float] | None:
    """Seat 0's features of a position in play, for the fit, or None where the combat owed decides the match."""
    played = settled(state)
    return features(played, 0) if played["result"] is None else None


def chance(state: State, seat: Seat) -> float:
    """``seat``'s fitted chance of winning, 0..1 (a match the owed combat decides: 1, 0, or 0.5 drawn)."""
    played = settled(state)
    result = played["result"]
    if result is not None:
        return 0.5 if result["winner"] is None else float(result["winner"] == seat)
    return chance_of(features(played, seat))


def chance_of(found: dict[str, float], weights: dict[str, float] = WEIGHTS) -> float:
    """The chance of winning that ``weights`` give a position's features (the fit tool asks it with the weights
    it has just fitted)."""
    return 1.0 / (1.0 + math.exp(-sum(weight * found[name] for name, weight in weights.items())))
