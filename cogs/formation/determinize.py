"""Formation for the bot player (bot/ai/search.py): a world consistent with what one seat has seen.

Hidden from ``seat``: the opponent's hand, its face-down cards (front and back rows while the lines are
placed, the reserve row), both decks' order, the opponent's formation card while both choose in secret,
and which card of a 2 Cards square the opponent picked to advance. Everything else is public or the
seat's own. The opponent's unseen cards are one pool (its deck minus what the seat has seen of it), so a
sorted pool reshuffled by ``rng`` gives a world that depends only on the seat's information.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from bot.engine import Decision, Seat, State, copy_state, random_choice
from cogs.formation import engine as rules
from cogs.formation.data import CARD_ORDER, card_colour, card_points, card_rank, catalogue, layout

ROLLOUT_DEPTH = 40  # a whole match is ~100 decisions (~10 ms): stop within the round and evaluate
BUDGET_SCALE = 0.6  # iterations per level (bot/ai/search.py BUDGETS) for ~0.8 s at normal on a loaded host
DEFENCE_ORDER = {rules.DEFENDER_WINS: 0, rules.DRAW: 1, rules.ATTACKER_WINS: 2}


def _hidden_squares(state: State, owner: Seat) -> list[int]:
    """The opponent's squares whose cards the seat cannot see (as ``build_view`` decides)."""
    if state["formations"][owner] is None or state["phase"] == rules.FORMATION:
        return list(range(9))
    chosen = layout(state["formations"][owner])
    return [index for index in range(9)
            if not rules.is_face_up(state, index, chosen.squares[index].reveal)]


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    world = copy_state(state)
    world["seed"] = rng.randrange(2**62)
    other = 1 - seat
    own_deck = sorted(world["decks"][seat], key=CARD_ORDER.__getitem__)
    rng.shuffle(own_deck)
    world["decks"][seat] = own_deck
    if world["phase"] == rules.FORMATION and world["formations"][other] is not None:
        # Chosen in secret: any of the opponent's formation cards for this round.
        choices = catalogue().layouts_for(world["types"][other], world["round"])
        world["formations"][other] = choices[rng.randrange(len(choices))].id
    board = world["boards"][other]
    squares = _hidden_squares(world, other)
    pool = list(world["hands"][other]) + list(world["decks"][other])
    for index in squares:
        pool += board[index]
    pool.sort(key=CARD_ORDER.__getitem__)
    rng.shuffle(pool)
    for index in squares:
        count = len(board[index])
        board[index] = pool[:count]
        del pool[:count]
    hand_size = len(world["hands"][other])
    world["hands"][other] = rules.sort_cards(pool[:hand_size])
    world["decks"][other] = pool[hand_size:]
    source = world["advance"][other]
    if world["phase"] == rules.ADVANCE and source is not None and world["advance_pick"][other] is not None:
        cards = board[source]  # the pick was secret: any card of that square
        world["advance_pick"][other] = cards[rng.randrange(len(cards))]
    return world


def evaluate(state: State, seat: Seat) -> float:
    """Points banked plus points captured this round, squashed to 0..1."""
    score = [rules.totals(state)[each] + rules.round_points(state["captured"][each]) for each in (0, 1)]
    return 0.5 + 0.5 * math.tanh((score[seat] - score[1 - seat]) / 8.0)


def prune(decision: Decision) -> Decision:
    """Taking a placed card back is never needed to find a placement: not searched."""
    if "place:undo" not in decision.options:
        return decision
    return replace(decision, options=tuple(o for o in decision.options if o != "place:undo"))


def rollout(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """Cheap greedy playouts: attack with the strongest card no defender can beat (else the cheapest),
    defend with the cheapest card that wins (then draws); everything else at random."""
    if decision.prompt == rules.prompt_key("defend"):
        attack = state["attack"]
        return (min(decision.options, key=lambda option: _defence_rank(state, decision.seat, attack, option)),)
    if decision.prompt == rules.prompt_key("attack"):
        return (max(decision.options, key=lambda option: _attack_rank(state, decision.seat, option)),)
    return random_choice(decision, rng)


def _defence_rank(state: State, seat: Seat, attack: dict, option: str) -> tuple[int, int, int]:
    defence = rules.pick_record(state, seat, option)
    result = rules.battle_winner(attack["card"], attack["colour"], attack["bonus"],
                                 defence["card"], defence["colour"], defence["bonus"])
    return DEFENCE_ORDER[result], card_points(defence["card"]), card_rank(defence["card"])


def _attack_rank(state: State, seat: Seat, option: str) -> tuple[int, int, int]:
    attack = rules.pick_record(state, seat, option)
    defender = 1 - seat
    board = state["boards"][defender]
    squares = rules.seat_layout(state, defender).squares
    beaten = False
    for index in rules.defence_row(board):
        card = board[index][0]
        colours = ("red", "blue") if squares[index].wild else (card_colour(card),)
        beaten = beaten or any(
            rules.battle_winner(attack["card"], attack["colour"], attack["bonus"], card, colour,
                                squares[index].bonus) != rules.ATTACKER_WINS for colour in colours)
    if not beaten:
        return 1, attack["rank"], card_points(attack["card"])
    return 0, -card_points(attack["card"]), -card_rank(attack["card"])
