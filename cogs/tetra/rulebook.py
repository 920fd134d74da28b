"""TetrAction's illustrated rulebook (bot/rulebook.py): thirteen pages, each picture drawn by TetrAction's own
renderers from one real example match.

The example is seed 1 with red (Player 1, first) against blue, the pair the book suggests for a first game,
played to its end by the greedy player (cogs/tetra/greedy.py). That one match shows everything a newcomer
meets: the marker and both rotation phases on turn 1, a public spell charging both hand cards (red's own
colour), accidents, a blue release and its carried charge, a transfer that shows red twice and the
overcharge right after it, and a last-turn win at 1 life against 0. Each page stops the match at the move
where its picture shows what the page teaches. Texts are ``tetra.rulebook.<page>.title|body`` in
assets/locales/<locale>/tetra_rulebook.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from bot.engine import State
from bot.games import get_game
from bot.rulebook import Callout, RulePage
from cogs.tetra.engine import ENGINE
from cogs.tetra.greedy import choose

# The board page's numbered markers, as fractions of the board picture (720 x 1152, the same in en and ja)
# at BOARD_PAGE below: the board is drawn from the viewer-less side, Player 2's panel on top, the tetrites,
# Player 1's panel, the public cards, the accident deck and the last actions.
BOARD_CALLOUTS = (
    Callout(1, 0.62, 0.056),   # the status: turn and who moves
    Callout(2, 0.80, 0.090),   # a player's panel: name, colour, life
    Callout(3, 0.82, 0.126),   # mana by colour, mana and ether held / cap, the marker's tetrite
    Callout(4, 0.49, 0.162),   # the player's visible row, left to right from their chair, with mana slots
    Callout(5, 0.58, 0.215),   # a hand card: cubes left and charge / maximum
    Callout(6, 0.26, 0.268),   # the tetrites from above; a badge marks a player's marker; ▼ names the face on the table
    Callout(7, 0.62, 0.650),   # the public cards: colour, cost, what they give
    Callout(8, 0.66, 0.872),   # the accident deck: cubes on it, the last accident
)

SEED = 1
OPTIONS = {"characters": "red-blue"}

# Moves of the example match (how many decisions were answered) where each picture stops it.
SETUP = 0           # turn 1, before anything: Player 1 chooses a tetrite for the marker
ROTATION_1 = 1      # Player 1's rotation phase 1 (exception 1: red already shows one face, either way)
CASTING = 3         # both rotations done (red, then the neutral yellow); Spark (cost ▲) is castable
CHARGE_BONUS = 5    # Spark was red's colour: the bonus charge on the other hand card
ACCIDENT = 13       # an accident has just been resolved at an end phase
RELEASE = 37        # blue's Frost Wall was released: how much charge to carry over
BOARD_PAGE = 40     # turn 13, mid-match, after the White-Black Flip accident
MANA = 46           # blue places a mana tablet in slot 1 to cast Ice Needle
TRANSFER = 115      # Player 1 tipped red onto yellow: red twice, Inferno (▲▲▲) castable at charge 5/5


@cache
def example(moves: int | None) -> State:
    """The example match after ``moves`` decisions of the greedy player (None: played to its end)."""
    state = ENGINE.new_game(SEED, OPTIONS)
    played = 0
    while ENGINE.outcome(state) is None and (moves is None or played < moves):
        decision = ENGINE.pending(state)[0]
        state, _events = ENGINE.apply(state, decision.seat, choose(state, decision))
        played += 1
    return state


def board(moves: int | None) -> Callable[[str], bytes]:
    """The thread's board picture of the example at ``moves``."""
    return lambda locale: get_game("tetra").render_board(ENGINE.view(example(moves), None), locale)


def hand(moves: int) -> Callable[[str], bytes]:
    """The private hand picture of the player deciding at ``moves``."""
    def draw(locale: str) -> bytes:
        state = example(moves)
        seat = ENGINE.pending(state)[0].seat
        return get_game("tetra").render_hand(ENGINE.view(state, seat), locale)
    return draw


def card(card_id: str) -> Callable[[str], bytes]:
    """A /card picture."""
    def draw(locale: str) -> bytes:
        spec = get_game("tetra")
        assert spec.render_card is not None
        found = next(each for each in spec.cards() if each.id == card_id)
        return spec.render_card(found, locale)
    return draw


def pages() -> list[RulePage]:
    return [
        RulePage("goal", "goal", card("H-R1")),                 # Fire Bolt: a hand card and its charge bands
        RulePage("setup", "setup", board(SETUP)),
        RulePage("tetrites", "tetrites", hand(SETUP)),
        RulePage("turn", "turn", hand(ROTATION_1)),
        RulePage("rotation", "rotation", board(CASTING)),
        RulePage("transfer", "transfer", hand(TRANSFER)),
        RulePage("casting", "casting", hand(CASTING)),
        RulePage("mana", "mana", hand(MANA)),
        RulePage("charge", "charge", hand(CHARGE_BONUS)),
        RulePage("release", "release", hand(RELEASE)),
        RulePage("accidents", "accidents", board(ACCIDENT)),
        RulePage("characters", "characters", card("H-B2")),     # Frost Wall: blue's choice and cheaper cost
        RulePage("board", "board", board(BOARD_PAGE), BOARD_CALLOUTS),
        RulePage("end", "end", board(None)),
    ]
