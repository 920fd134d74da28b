"""How Starfall's hard player judges the position a played-on line reaches: a score fitted to how matches end.

The greedy player's score (``policy.score``) is a hand-set sum, good for choosing the best way to finish a turn.
Hard plays each line on for two of the opponent's turns (cogs/starfall/hard.py) and must then say who is
winning; the score below says it better. Its weights are a logistic fit of who won, on the positions of 544
self-play matches (greedy and the two-turn lookahead, 3 % random decisions; 27,622 positions seen from both
sides): on matches held out of the fit it predicts the winner 73.4 % of the time where ``policy.score`` does
68.6 % (log-loss 0.520 against 0.558). Hard judged so won 62 of 100 arena matches against normal, as before,
and more against greedy (docs/BOT-STUDIES-STARFALL.md, "Starfall: a position score fitted to how matches end").
``python -m tools.fit_judge starfall`` plays that recipe again (its own 544 matches: the study's seeds are lost)
and fits weights that judge its held-out matches no better than these (log-loss 0.467 against these weights'
0.463): the features overlap, so single weights move between fits while the judgment holds
(docs/BOT-STUDIES-STARFALL.md, "Starfall: the judge refitted from the repository").

Every feature is mine minus theirs, so the score is zero-sum: ``points(state, 0) == -points(state, 1)``.
"""

from __future__ import annotations

import math
from typing import Any

from bot.engine import State
from cogs.starfall import board, policy
from cogs.starfall import cards as catalogue

LATE_ROUND = 17  # from here the round limit (round 20: fewer graves, then more HP left) is near

# Log-odds of winning per unit of each feature (mine minus theirs). A fit, not a judgment: the features overlap
# (a card in the front row also stands where its skill works), so a weight is read together with its neighbours'.
WEIGHTS: dict[str, float] = {
    "grave": -1.104033,  # a card in the grave
    "grave5": -0.323943,  # five in the grave: two deaths from losing
    "grave6": -0.543069,  # six: one death from losing
    "cards": -0.226717,  # a card on the field (its HP and ★ count apart)
    "one_card": 0.002015,  # one card left: a wipe away from losing
    "two_cards": -0.14572,
    "hp": 0.135304,  # 10 HP left on the field
    "weakest_hp": 0.051628,  # 10 HP left on the weakest card
    "low": -0.065464,  # cards at 20 HP or less
    "star0": -0.083274,  # cards at ★0: they cannot move or use a skill
    "star3": -0.217654,
    "star4": -0.596253,  # ★4 or more: dies at the next round start unless it sheds ★
    "stars": -0.048862,  # ★ on the field (each card's counted up to 3)
    "locked": -0.143195,
    "sick": -0.039393,  # sick and not yet acted: 10 damage when it acts
    "placed": -0.161696,  # standing in a row its normal skill works from
    "covered": 0.006656,  # in the back row behind a front card
    "front": -0.109331,
    "r_effect": 0.120927,
    "acted": 0.026644,
    "to_move": 0.332504,  # +1 on one's own turn, -1 on the opponent's
    "late_grave": -0.376625,  # from round 17: a card in the grave again
    "late_hp": 0.058585,  # from round 17: 10 HP left again
}
POINTS_PER_LOG_ODDS = 75.0  # determinize.squashed(points) = 1 / (1 + e^(-points / 75)): the fitted win chance


def side_features(state: State, seat: int) -> dict[str, float]:
    """What one side has, feature by feature (cards, graves, HP, ★, states, places)."""
    player: dict[str, Any] = state["players"][seat]
    field = player["field"]
    cards = [(sq, record) for sq, record in field.items() if record is not None]
    hp_left = [catalogue.hp(record["id"]) - record["dmg"] for _sq, record in cards]
    grave = len(player["grave"])
    return {
        "grave": grave,
        "grave5": float(grave >= 5),
        "grave6": float(grave >= 6),
        "cards": len(cards),
        "one_card": float(len(cards) == 1),
        "two_cards": float(len(cards) == 2),
        "hp": sum(hp_left) / 10,
        "weakest_hp": min(hp_left) / 10 if hp_left else 0.0,
        "low": sum(1 for hp in hp_left if hp <= 20),
        "star0": sum(1 for _sq, record in cards if record["star"] == 0),
        "star3": sum(1 for _sq, record in cards if record["star"] == 3),
        "star4": sum(1 for _sq, record in cards if record["star"] >= 4),
        "stars": sum(min(record["star"], 3) for _sq, record in cards),
        "locked": sum(1 for _sq, record in cards if record["status"] == "lock"),
        "sick": sum(1 for _sq, record in cards if record["status"] == "sick" and not record["acted"]),
        "placed": sum(1 for sq, record in cards if policy.placed(record, sq)),
        "covered": sum(1 for sq, _record in cards if policy.covered(field, sq)),
        "front": sum(1 for sq, _record in cards if board.row_of(sq) == "f"),
        "r_effect": sum(1 for _sq, record in cards if record["r"]),
        "acted": sum(1 for _sq, record in cards if record["acted"]),
    }


def features(state: State, seat: int) -> dict[str, float]:
    """The position from ``seat``'s side: each side feature mine minus theirs, whose turn it is, and the late
    round's graves and HP."""
    mine, theirs = side_features(state, seat), side_features(state, 1 - seat)
    found = {name: mine[name] - theirs[name] for name in mine}
    found["to_move"] = 1.0 if state["active"] == seat else -1.0
    late = float(state["round"] >= LATE_ROUND)
    found["late_grave"] = late * found["grave"]
    found["late_hp"] = late * found["hp"]
    return found


def in_play(state: State) -> bool:
    """A position the fit learns from (tools/fit_judge.py): a turn's first decision (which card acts), from
    round 1 on. Later steps of a turn say nearly what its first one does. Only a turn's first step asks "act"
    (set-up asks "place"), so the prompt says it all."""
    step = state["step"]
    return state["result"] is None and step is not None and step["prompt"] == "act"


def log_odds(found: dict[str, float], weights: dict[str, float] = WEIGHTS) -> float:
    """The log-odds of winning that ``weights`` give a position's features."""
    return sum(weight * found[name] for name, weight in weights.items())


def chance_of(found: dict[str, float], weights: dict[str, float] = WEIGHTS) -> float:
    """The chance of winning that ``weights`` give a position's features (tools/fit_judge.py asks it with the
    weights it has just fitted)."""
    return 1.0 / (1.0 + math.exp(-log_odds(found, weights)))


def points(state: State, seat: int) -> float:
    """``seat``'s fitted chance of winning as points of ``policy.score`` (75 a unit of log-odds); a finished
    match is ±``policy.WIN_SCORE`` as there."""
    if state["result"] is not None:
        return policy.score(state, seat)
    return POINTS_PER_LOG_ODDS * log_odds(features(state, seat))
