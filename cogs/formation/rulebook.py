"""Formation's rulebook (bot/rulebook.py): seven pages, each picture drawn by Formation's own renderers from a
real example match.

The example is one seeded match played by the greedy policy (cogs/formation/policy.py): seed 3 puts a Shield
player against a Bow player, shows Wild, Rank+1/+2, deck-reveal, blank and 2 Cards squares on one board, and
its second battle is a red 0 beating a 12, so the battle page shows the book's special rule as it happens. Each
page stops that match where its picture shows what the page teaches. The board page's callouts point at the
regions render_board draws at fixed places (heading, status, a seat's title and score line, a square's mark, a
face-down reinforcement); its picture has no footer lines, so its height, and so the callouts, are the same in
every language.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from bot.engine import State
from bot.rulebook import Callout, RulePage
from cogs.formation import policy
from cogs.formation.data import catalogue
from cogs.formation.engine import ENGINE
from cogs.formation.render import render_board, render_card, render_hand

EXAMPLE_SEED = 3


@cache
def example(stop_name: str) -> State:
    """The example match played until ``STOPS[stop_name]`` holds (deterministic: seeded game and policy)."""
    stop = STOPS[stop_name]
    state = ENGINE.new_game(EXAMPLE_SEED, {})
    rng = random.Random(EXAMPLE_SEED)
    while not stop(state):
        decision = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, decision.seat, policy.greedy(state, decision, rng))
    return state


STOPS: dict[str, Callable[[State], bool]] = {
    # Round 1's formation cards are being chosen: the hand of 7 and the two cards of the round.
    "choosing": lambda state: state["phase"] == "formation" and state["formations"][0] is None,
    # Player 1 has placed three cards of the front and back rows: the formation filling up, the hand below.
    "placing": lambda state: state["phase"] == "lines" and sum(map(len, state["boards"][0])) >= 5,
    # The battles begin: both formations face up except the reinforcements; nobody has attacked yet.
    "battles_begin": lambda state: state["phase"] == "battle",
    # Battle 3's attack waits for its defence, under battle 2's result: a red 0 beat a 12.
    "battle": lambda state: state["phase"] == "battle" and state["attack"] is not None and state["battle"] >= 2,
    # The match is over: the final totals and the winner.
    "over": lambda state: state["phase"] == "over",
}


def card_picture(card_id: str, locale: str) -> bytes:
    card = next(card for card in catalogue().cards if card.id == card_id)
    return render_card(card, locale)


def goal_picture(locale: str) -> bytes:
    return render_board(ENGINE.view(example("over"), None), locale)


def setup_picture(locale: str) -> bytes:
    return render_hand(ENGINE.view(example("choosing"), 0), locale)


def squares_picture(locale: str) -> bytes:
    return card_picture("bow-1b", locale)  # Bow's Ambush: Wild, Rank+2 deck reveal, blanks and 2 Cards


def turn_picture(locale: str) -> bytes:
    return render_hand(ENGINE.view(example("placing"), 0), locale)


def battle_picture(locale: str) -> bytes:
    return render_board(ENGINE.view(example("battle"), None), locale)


def board_picture(locale: str) -> bytes:
    return render_board(ENGINE.view(example("battles_begin"), None), locale)


def end_picture(locale: str) -> bytes:
    return card_picture("r9", locale)  # a 9: three green dots, 3 points


# Fractions of the board picture (760 x 1124 px): see the module's docstring.
BOARD_CALLOUTS = (
    Callout(1, 0.58, 0.022),  # the heading: round and battle
    Callout(2, 0.40, 0.059),  # who acts now
    Callout(3, 0.68, 0.105),  # a player's title: 1st badge, name, type, formation card
    Callout(4, 0.82, 0.141),  # the score line
    Callout(5, 0.66, 0.186),  # a square's mark (Deck Rank+1)
    Callout(6, 0.62, 0.455),  # a face-down reinforcement
)


def pages() -> list[RulePage]:
    return [
        RulePage("goal", "goal", goal_picture),
        RulePage("setup", "setup", setup_picture),
        RulePage("squares", "squares", squares_picture),
        RulePage("turn", "turn", turn_picture),
        RulePage("battle", "battle", battle_picture),
        RulePage("board", "board", board_picture, BOARD_CALLOUTS),
        RulePage("end", "end", end_picture),
    ]
