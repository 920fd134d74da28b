"""Formation's self-play policy (tools/selfplay.py): the greedy player the balance is measured with.

Greedy, as issue 14 describes it: attack with the strongest card that surely wins, defend with the
cheapest card that wins. In full:

* attack: every attack option is judged against every defence the opponent could answer with (the
  defender's rows are face up during battles). The best class wins: a sure win, then a sure win or
  draw, then the rest. Among sure wins the strongest card attacks (highest effective rank, then
  points); otherwise the cheapest card is risked (fewest points, then lowest rank);
* defence: the cheapest card that wins; else the cheapest that draws; else the cheapest card;
* placement: the strongest card of the hand goes to each front or back square with a bonus or Wild,
  the others at random; of the last two cards the stronger goes to the reserve and the weaker is kept;
* the formation type, the formation card and the 2 Cards pick are drawn at random, so every type
  and every card is measured.
"""

from __future__ import annotations

import random

from bot.engine import Decision, State, random_choice
from cogs.formation import engine as rules
from cogs.formation.data import SQUARE_INDEX, card_points, card_rank

PHASE_FREE = ("type", "formation", "advance")


def side_keys(state: State) -> tuple[str, str]:
    """Each seat's formation type (sword, shield, bow)."""
    return state["types"][0], state["types"][1]


def selfplay_options(index: int, rng: random.Random) -> dict[str, str]:
    return {}


def _cost(card: str) -> tuple[int, int]:
    """How much a card is worth keeping: its points, then its rank (a 0 is cheap but precious vs 12)."""
    return card_points(card), card_rank(card)


def _strength(card: str, bonus: int) -> int:
    return card_rank(card) + bonus


def _defence_options_against(state: State, seat: int, option: str) -> list[str]:
    after, _ = rules.ENGINE.apply(state, seat, (option,))
    return list(rules.battle_decision(after).options)


def _result(attack: dict, defence: dict) -> str:
    return rules.battle_winner(attack["card"], attack["colour"], attack["bonus"],
                               defence["card"], defence["colour"], defence["bonus"])


def _attack(state: State, decision: Decision) -> str:
    seat = decision.seat
    scored = []
    for option in decision.options:
        attack = rules.pick_record(state, seat, option)
        results = {_result(attack, rules.pick_record(state, 1 - seat, answer))
                   for answer in _defence_options_against(state, seat, option)}
        if results == {rules.ATTACKER_WINS}:
            key = (2, _strength(attack["card"], attack["bonus"]), card_points(attack["card"]))
        else:
            points, rank = _cost(attack["card"])
            key = (1 if rules.DEFENDER_WINS not in results else 0, -points, -rank)
        scored.append((key, option))
    return max(scored)[1]


def _defend(state: State, decision: Decision) -> str:
    seat = decision.seat
    attack = state["attack"]
    order = {rules.DEFENDER_WINS: 0, rules.DRAW: 1, rules.ATTACKER_WINS: 2}
    scored = []
    for option in decision.options:
        defence = rules.pick_record(state, seat, option)
        scored.append(((order[_result(attack, defence)], *_cost(defence["card"])), option))
    return min(scored)[1]


def _place(state: State, decision: Decision, rng: random.Random) -> str:
    seat = decision.seat
    chosen = rules.seat_layout(state, seat)
    square = SQUARE_INDEX[decision.args["square"]]
    cards = [option.rsplit(":", 1)[1] for option in decision.options if option != "place:undo"]
    effect = chosen.squares[square]
    battle_rows = (rules.FRONT, rules.BACK)
    special = square // 3 in battle_rows and (effect.bonus or effect.wild)
    if special:
        card = max(cards, key=lambda c: (card_rank(c), c))
    elif state["phase"] == rules.RESERVE_STEP and decision.args["left"] == 1:
        # The last reserve card: keep the weakest of the two left in hand.
        card = max(cards, key=_cost)
    else:
        card = rng.choice(cards)
    return f"place:{decision.args['square']}:{card}"


def greedy(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    verb = decision.options[0].split(":", 1)[0]
    if verb in PHASE_FREE:
        return random_choice(decision, rng)
    if verb == "attack":
        return (_attack(state, decision),)
    if verb == "defend":
        return (_defend(state, decision),)
    return (_place(state, decision, rng),)
