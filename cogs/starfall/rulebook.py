"""Starfall's illustrated rulebook (bot/rulebook.py): the pages, each drawn from a real example match.

The pictures come from one scripted match (seed 1, the first two ready-made decks: Vanguard against
Starstorm) whose moves were chosen so that each page's picture shows what its text teaches: the set-up,
a turn's choices, the skills a card offers, a covered card a skill cannot reach, an R chip, sick and
lock, a card lost to damage. The later pages (★ about to kill a card, the end) continue that match
with the greedy balance player (cogs/starfall/policy.py, seeded), so they are real positions too.
Texts are ``starfall.rulebook.<page>.title|body`` in assets/locales/<locale>/starfall_rulebook.toml.

Pictures are drawn only when a page is shown (each is a function of the locale); the example states are
computed once and kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from bot import i18n
from bot.engine import State
from bot.games import get_game
from bot.render.deck import render_deck
from bot.rulebook import Callout, RulePage
from cogs.starfall import policy
from cogs.starfall.cards import ready_decks
from cogs.starfall.engine import ENGINE

SEED = 1
# Player 1 (seat 0, first) places Veteran, Healer, Acrobat; Player 2 places Binder, Jester, Raider.
SETUP = ("place:f1", "place:b2", "place:f3", "place:f2", "place:b1", "place:f1")
ROUND_1 = (
    "card:S12", "move:f2", "skill:normal",                      # Veteran steps in front of Binder and hits it
    "summon", "summon:b2", "skill:normal", "target:o:f3",       # Plague Witch is summoned and makes Acrobat sick
    "card:S41", "stay", "skill:r", "target:o:f2",              # Acrobat's R-effect skill (Guard); sick costs it 10
    "card:S11", "stay", "skill:normal",                         # Raider finishes Acrobat: the first card to the grave
    "summon", "summon:f3", "skill:normal",                      # Charger is summoned into the gap
    "card:S44", "stay", "skill:normal",                         # Jester hits Charger; round end, round 2 starts
)
ROUND_2 = (
    "card:S21", "stay", "skill:normal", "target:s:f3",          # Healer heals Charger
    "card:S19", "move:b3", "skill:consume", "target:o:f2",      # Binder steps back and spends ★2 to lock Veteran
    "card:S14", "stay", "skill:normal",                         # Charger hits Raider
    "card:S18", "stay", "skill:normal", "target:o:f3",          # Plague Witch makes Charger sick
    "card:S12",                                                 # the locked Veteran may only take its action chip
)
SCRIPT = SETUP + ROUND_1 + ROUND_2

# Points of the script the pictures show (number of moves played).
PLACING = 5                      # Player 2 places its third set-up card
FIRST_TURN = len(SETUP)          # round 1, Player 1's first turn: summon or a field card
MOVE_PHASE = FIRST_TURN + 1      # Veteran's move phase
TARGET = FIRST_TURN + 6          # Plague Witch picks the first card of a column
ATTACK_PHASE = FIRST_TURN + 9    # Acrobat's attack phase: normal, consumption or R-effect skill
R_CHIP = FIRST_TURN + 11         # Acrobat carries the R chip
FIRST_LOSS = FIRST_TURN + 14     # Acrobat has gone to the grave
ROUND_TWO = len(SETUP + ROUND_1)  # round 2 has just started: every card got ★1
HEALED = ROUND_TWO + 4           # Healer has healed Charger
LOCK_AND_SICK = len(SCRIPT) - 1  # Veteran locked, Charger sick
LOCKED_TURN = len(SCRIPT)        # the locked Veteran acts: it can only stay
# Moves of the greedy continuation after the script.
STAR_FOUR = 27                   # round 4 has started: a card stands at ★4
LATE = 80                        # late in the match: the graves fill up
POLICY_SEED = 0


@cache
def scripted(moves: int) -> State:
    """The example match after the first ``moves`` moves of the script."""
    state = ENGINE.new_game(SEED, {})
    for option in SCRIPT[:moves]:
        decision = ENGINE.pending(state)[0]
        state, _events = ENGINE.apply(state, decision.seat, (option,))
    return state


@cache
def continued(moves: int | None) -> State:
    """The example match played on by the greedy player for ``moves`` more moves (None: to its end)."""
    state = scripted(len(SCRIPT))
    rng = random.Random(POLICY_SEED)
    played = 0
    while ENGINE.outcome(state) is None and (moves is None or played < moves):
        decision = ENGINE.pending(state)[0]
        state, _events = ENGINE.apply(state, decision.seat, policy.greedy(state, decision, rng))
        played += 1
    return state


def board(state: Callable[[], State]) -> Callable[[str], bytes]:
    """The public board of an example state."""
    return lambda locale: get_game("starfall").render_board(ENGINE.view(state(), None), locale)


def panel(state: Callable[[], State]) -> Callable[[str], bytes]:
    """The private panel of the player deciding in an example state."""
    def draw(locale: str) -> bytes:
        current = state()
        seat = ENGINE.pending(current)[0].seat
        return get_game("starfall").render_hand(ENGINE.view(current, seat), locale)
    return draw


def deck_picture(locale: str) -> bytes:
    """The /deck show picture of the first ready-made deck (6 Attack, 6 Magic, 6 Trick)."""
    spec = get_game("starfall")
    deck = ready_decks()[0]
    cards = {card.id: card for card in spec.cards()}
    assert spec.deck_rule is not None
    return render_deck(game_id="starfall", name=deck[f"name_{locale}"], deck=deck["cards"], cards=cards,
                       rule=spec.deck_rule, problems=[], locale=locale,
                       group_label=lambda group: i18n.t(f"decks.group.starfall.{group}", locale))


# The board page's numbered markers, placed on the board at LOCK_AND_SICK (720 px wide, drawn from the
# viewer-less side: Player 2 on top, Player 1 below).
BOARD_CALLOUTS = (
    Callout(1, 0.88, 0.127),   # the opponent's box: deck, turns taken, grave
    Callout(2, 0.90, 0.345),   # an opponent's card: name, attribute, HP left / HP and damage
    Callout(3, 0.50, 0.472),   # the line between the front rows; columns face each other
    Callout(4, 0.62, 0.572),   # a card's ★: five slots and the number
    Callout(5, 0.93, 0.597),   # chips: acted, sick, lock, R
    Callout(6, 0.40, 0.837),   # your grave: the cards you have lost
)


def pages() -> list[RulePage]:
    return [
        RulePage("goal", "goal", board(lambda: continued(LATE))),
        RulePage("setup", "setup", panel(lambda: scripted(PLACING))),
        RulePage("rounds", "rounds", board(lambda: scripted(ROUND_TWO))),
        RulePage("turn", "turn", panel(lambda: scripted(FIRST_TURN))),
        RulePage("moves", "actions", panel(lambda: scripted(MOVE_PHASE))),
        RulePage("skills", "skills", panel(lambda: scripted(ATTACK_PHASE))),
        RulePage("patterns", "patterns", panel(lambda: scripted(TARGET))),
        RulePage("stars", "stars", board(lambda: continued(STAR_FOUR))),
        RulePage("hp", "hp", board(lambda: scripted(HEALED))),
        RulePage("status", "status", panel(lambda: scripted(LOCKED_TURN))),
        RulePage("r_effects", "r_effects", board(lambda: scripted(R_CHIP))),
        RulePage("end", "end", board(lambda: continued(None))),
        RulePage("board", "board", board(lambda: scripted(LOCK_AND_SICK)), BOARD_CALLOUTS),
        RulePage("decks", "decks", deck_picture),
    ]
