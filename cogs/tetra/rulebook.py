"""TetrAction's illustrated rulebook (bot/rulebook.py): fourteen pages, each picture drawn by TetrAction's own
renderers from one real example match.

The example is seed 1 with red (Player 1, first) against blue, the pair the book suggests for a first game,
played to its end by the greedy player (cogs/tetra/greedy.py). That one match shows everything a newcomer
meets: the marker and both rotation phases on turn 1, a public spell charging both hand cards (red's own
colour), Lost Markers, blue's Frost Wall released and its carried charge, red holding the ether for a
transfer, a red mana tablet in slot 3 for Inferno, and red's win by Inferno at 1 life against -3. Each page stops the match at a Moment: the move
where its picture shows what the page teaches, with a check that it still does (a card change that moves the
match raises ExampleMismatch naming the page, so the moves are chosen again). Texts are ``tetra.rulebook.<page>.title|body`` in
assets/locales/<locale>/tetra_rulebook.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from bot.engine import State
from bot.games import get_game
from bot.rulebook import Callout, RulePage
from cogs.tetra import spells
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


class ExampleMismatch(RuntimeError):
    """The example match no longer shows what a page teaches (after a rules or card change): pick new moves."""


@dataclass(frozen=True)
class Moment:
    """Where a page stops the example match, and what must hold there for its picture to show the page's text."""

    page: str
    moves: int | None                      # decisions answered (None: played to its end)
    shows: str                             # what the picture shows, for the error message
    holds: Callable[[State], bool]


def last_event(state: State) -> str:
    return state["log"][-1]["key"].removeprefix("tetra.event.") if state["log"] else ""


def deciding(seat: int, prompt: str, option: str | None = None) -> Callable[[State], bool]:
    """``seat`` is answering ``prompt`` (with ``option`` among its choices)."""
    def holds(state: State) -> bool:
        step = state.get("step")
        return (step is not None and step["seat"] == seat and step["prompt"] == f"tetra.prompt.{prompt}"
                and (option is None or option in step["options"]))
    return holds


# Moves of the example match (how many decisions were answered) where each picture stops it.
SETUP = Moment("setup, tetrites", 0, "turn 1: Player 1 chooses a tetrite for the marker", deciding(0, "marker"))
ROTATION_1 = Moment("turn", 1, "Player 1's rotation 1 (exception 1: red already shows one face)",
                    deciding(0, "exception1"))
CASTING = Moment("rotation, casting", 3, "both rotations done; Spark (cost ▲) castable", deciding(0, "cast", "cast:P01"))
CHARGE_BONUS = Moment("charge", 5, "Spark was red's colour: the bonus charge on the other hand card",
                      deciding(0, "charge_bonus"))
ACCIDENT = Moment("accidents", 22, "Lost Markers resolved; Player 1 has no marker, Player 2 placed theirs again",
                  lambda state: state["accident"]["discard"][-1:] == ["A5"]
                  and state["markers"][0] is None and state["markers"][1] is not None)
RELEASE = Moment("release", 35, "blue's Frost Wall released: how much charge to carry over",
                 lambda state: deciding(1, "carry")(state) and any(
                     event["key"] == "tetra.event.release" and event["args"]["card"] == "H-B2"
                     for event in state["log"][-4:]))
BOARD_PAGE = Moment("board", 40, "turn 11, mid-match", lambda state: state["turn"] == 11)
MANA = Moment("mana", 81, "red can cast Inferno (▲▲▲) with a red tablet in slot 3, and only so",
              lambda state: deciding(0, "cast", "cast:H-R3")(state)
              and spells.placements_for(state, 0, "H-R3") == [{3: "red"}])
TRANSFER = Moment("transfer", 70, "turn 21: red, holding 1 ether, may tip its tetrite onto any side face",
                  lambda state: deciding(0, "transfer", "tip:red:white")(state) and state["turn"] == 21
                  and state["players"][0]["ether"] == 1)
END = Moment("end", None, "red wins by Inferno with 1 life against -3",
             lambda state: [player["life"] for player in state["players"]] == [1, -3]
             and any(event["key"] == "tetra.event.cast" and event["args"] == {"seat": 0, "card": "H-R3"}
                     for event in state["log"][-12:]))


@cache
def play(moves: int | None) -> tuple[State, int]:
    """The example match after ``moves`` decisions of the greedy player (None: played to its end), and how many
    decisions were answered (fewer than ``moves`` if it ended first)."""
    state = ENGINE.new_game(SEED, OPTIONS)
    played = 0
    while ENGINE.outcome(state) is None and (moves is None or played < moves):
        decision = ENGINE.pending(state)[0]
        state, _events = ENGINE.apply(state, decision.seat, choose(state, decision))
        played += 1
    return state, played


def example(moment: Moment) -> State:
    """The example match at ``moment``; ExampleMismatch names the page if the match no longer shows it there."""
    state, played = play(moment.moves)
    if moment.moves is not None and played < moment.moves:
        raise ExampleMismatch(f"TetrAction rulebook page(s) {moment.page}: the example match (seed {SEED}, "
                              f"{OPTIONS}) ended after {played} moves, before move {moment.moves} "
                              f"({moment.shows})")
    if not moment.holds(state):
        at = "its end" if moment.moves is None else f"move {moment.moves}"
        raise ExampleMismatch(f"TetrAction rulebook page(s) {moment.page}: the example match (seed {SEED}, "
                              f"{OPTIONS}) does not show {moment.shows} at {at}")
    return state


def board(moment: Moment) -> Callable[[str], bytes]:
    """The thread's board picture of the example at ``moment``."""
    return lambda locale: get_game("tetra").render_board(ENGINE.view(example(moment), None), locale)


def hand(moment: Moment) -> Callable[[str], bytes]:
    """The private hand picture of the player deciding at ``moment``."""
    def draw(locale: str) -> bytes:
        state = example(moment)
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
        RulePage("end", "end", board(END)),
    ]
