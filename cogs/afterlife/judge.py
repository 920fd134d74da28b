"""How Afterlife's hard search judges a position where a playout stops: a score fitted to how matches end.

``determinize.evaluate`` (easy and normal) weighs life and half the power on the field. Hard's playouts stop
after two turns or so, and the side with more cards in hand, more cores and creatures left standing to block
wins more often than that says. The weights below are a logistic fit of who won, on the positions of 8,000
self-play matches (greedy against itself, 5 % random decisions; 119,346 positions, each seen from both
sides): on matches held out of the fit it names the winner 67.7 % of the time where ``evaluate`` does 64.9 %
(log-loss 0.571 against 0.734). ``python -m tools.fit_judge afterlife --matches 8000`` plays those matches again
and prints these weights. Against greedy, hard judged so won 91 of 100 arena matches where ``evaluate`` won 88 of
the same, against normal 80 where it won 74 (docs/BOT-STUDIES.md, "Afterlife: hard's judge fitted to how matches
end"). It reads a world, as the search does: counts that are public (hand sizes) and the fields.

Every feature is mine minus theirs, so the score is zero-sum: ``chance(state, 0) == 1 - chance(state, 1)``.
The cards in the deck are left out: with the hand, field and grave they add up to the deck list, so the
other counts are read against it (a card in hand is worth 0.22 log-odds more than one still in the deck).
"""

from __future__ import annotations

import math
from typing import Any

from bot.engine import State
from cogs.afterlife import cards as C
from cogs.afterlife import zones as Z

# Log-odds of winning per unit of each feature (mine minus theirs). A fit, not a judgment: the features overlap.
WEIGHTS: dict[str, float] = {
    "life": 0.399864,  # 1,000 life
    "life_low": 0.141315,  # 1,000 life or less
    "power": 0.231616,  # 1,000 power on the field
    "toughness": 0.147000,  # 1,000 toughness left on the field
    "biggest": 0.126315,  # the strongest creature's power, per 1,000
    "creatures": -0.106359,  # a creature (its power and toughness apart)
    "keywords": -0.064106,
    "untapped": 0.317024,  # an untapped creature: a blocker now
    "hand": 0.219695,  # a card in hand (hidden or public)
    "cores": 0.278393,
    "grave": -0.063569,
    "to_move": -0.035199,  # +1 on one's own turn, -1 on the opponent's
    "threat": 0.126456,  # the field's power reaches the other's life (+1 mine, -1 theirs)
}


def side_features(state: State, seat: int) -> dict[str, float]:
    player: dict[str, Any] = Z.player(state, seat)
    field = player["field"]
    powers = [Z.power(state, seat, unit) for unit in field]
    life = max(0, player["life"])
    return {
        "life": life / 1000,
        "life_low": float(life <= 1000),
        "power": sum(powers) / 1000,
        "toughness": sum(Z.toughness(unit) - unit["damage"] for unit in field) / 1000,
        "biggest": max(powers, default=0) / 1000,
        "creatures": len(field),
        "keywords": sum(len(C.keywords(unit["card"])) for unit in field),
        "untapped": sum(1 for unit in field if not unit["tapped"]),
        "hand": len(player["hand"]) + len(player["public"]),
        "cores": player["cores"],
        "grave": len(player["grave"]),
        "power_sum": sum(powers),
    }


def features(state: State, seat: int) -> dict[str, float]:
    mine, theirs = side_features(state, seat), side_features(state, 1 - seat)
    found = {name: mine[name] - theirs[name] for name in mine if name != "power_sum"}
    found["to_move"] = 1.0 if state["active"] == seat else -1.0
    found["threat"] = float(mine["power_sum"] >= Z.player(state, 1 - seat)["life"]) - float(
        theirs["power_sum"] >= Z.player(state, seat)["life"])
    return found


def in_play(state: State) -> bool:
    """A position the fit learns from (tools/fit_judge.py): set-up is over."""
    return state["phase"] != "setup"


def chance(state: State, seat: int) -> float:
    """``seat``'s fitted chance of winning, 0..1."""
    return chance_of(features(state, seat))


def chance_of(found: dict[str, float], weights: dict[str, float] = WEIGHTS) -> float:
    """The chance of winning that ``weights`` give a position's features (tools/fit_judge.py asks it
    with the weights it has just fitted)."""
    return 1.0 / (1.0 + math.exp(-sum(weight * found[name] for name, weight in weights.items())))
