"""Afterlife's (来世) illustrated rulebook: its pages (bot/rulebook.py) in reading order.

Words: ``assets/locales/<locale>/afterlife_rulebook.toml``, written from the book and docs/rules/afterlife.md.
Pictures: each page plays a real match from a fixed seed (``ENGINE.new_game`` with the options every new
match records, then ``ENGINE.apply`` with answers from ``ENGINE.pending``) until the position shows what the
page teaches, and draws it with the game's own renderers. The answers are the greedy player's
(``policy.greedy``, seeded), nudged where a page needs a move it would not choose (send a card to the
afterlife, block with several creatures). Nothing is played until a picture is asked for.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.engine import Decision, State
from bot.games import get_game
from bot.rulebook import Callout, RulePage
from cogs.afterlife import cards as catalogue
from cogs.afterlife import policy
from cogs.afterlife.engine import ENGINE

GAME_ID = "afterlife"
STEP_LIMIT = 600  # a whole match is ~60-110 decisions; a page's position comes long before this
Nudge = Callable[[State, Decision], tuple[str, ...] | None]


def kind(decision: Decision) -> str:
    return decision.prompt.rsplit(".", 1)[1]


def send_first(state: State, decision: Decision) -> tuple[str, ...] | None:
    """At the turn start send a card to the afterlife (the greedy player mostly passes), so it fills."""
    if kind(decision) == "send":
        sends = [option for option in decision.options if option != "pass"]
        return (sends[-1],) if sends else None
    return None


def block_with_many(state: State, decision: Decision) -> tuple[str, ...] | None:
    """Block every attack with as many creatures as may block (the combat page's several blockers)."""
    if kind(decision) == "block" and "several" in decision.options:
        return ("several",)
    if kind(decision) == "blockers":
        picks = [option for option in decision.options if option.startswith("block:")]
        return tuple(picks[:decision.max])
    return None


def play_until(seed: int, reached: Callable[[State], bool], nudge: Nudge | None = None,
               options: dict[str, str] | None = None) -> State:
    """A match from ``seed`` played by the seeded greedy player (``nudge`` first) until ``reached``."""
    state = ENGINE.new_game(seed, {**get_game(GAME_ID).start_options, **(options or {})})
    rng = random.Random(seed)
    for _ in range(STEP_LIMIT):
        if reached(state):
            return state
        if state["result"] is not None:
            break
        decision = ENGINE.pending(state)[0]
        choice = (nudge(state, decision) if nudge else None) or policy.greedy(state, decision, rng)
        state, _ = ENGINE.apply(state, decision.seat, choice)
    raise RuntimeError(f"afterlife rulebook: seed {seed} never reached its example position")


def asking(state: State, *kinds: str) -> Decision | None:
    """The open public-or-own question of one of these kinds, if any."""
    for decision in ENGINE.pending(state):
        if kind(decision) in kinds:
            return decision
    return None


def players(state: State) -> list[dict[str, Any]]:
    return state["players"]


# ---------------------------------------------------------------- the example positions


def setup_position() -> State:
    return ENGINE.new_game(3, dict(get_game(GAME_ID).start_options))


def mid_game(state: State) -> bool:
    """Both fields busy, both graves and an afterlife filled, a public card showing, lives dented."""
    decision = asking(state, "main")
    if decision is None or state["turn"] < 5:
        return False
    sides = players(state)
    return (all(len(p["field"]) >= 2 and p["grave"] for p in sides) and any(p["afterlife"] for p in sides)
            and any(p["public"] for p in sides) and all(p["life"] < 3000 for p in sides))


def first_turn_position() -> State:
    return play_until(3, lambda state: asking(state, "main") is not None)


def board_position() -> State:
    return play_until(7, mid_game, send_first)


def turn_start_position() -> State:
    return play_until(5, lambda state: state["turn"] >= 3 and asking(state, "send") is not None)


def public_cost_position() -> State:
    return play_until(5, lambda state: asking(state, "show") is not None)


def several_blockers_position() -> State:
    def reached(state: State) -> bool:
        combat = state.get("combat")
        return asking(state, "order") is not None and combat is not None and len(combat["blockers"]) >= 3
    return play_until(1, reached, block_with_many)


def window_position() -> State:
    return play_until(5, lambda state: asking(state, "window") is not None)


def finished_position() -> State:
    return play_until(5, lambda state: state["result"] is not None)


REQUIEM_SEAT = 1


def deck_position() -> State:
    """A match of two ready-made decks as /challenge picks them: Grove (seat 0) against Requiem (seat 1)."""
    decks = {f"deck{seat}": ",".join(catalogue.deck_list(name)) for seat, name in enumerate(("grove", "requiem"))}
    return play_until(4, lambda state: asking(state, "main") is not None, options=decks)


# ---------------------------------------------------------------- pictures


def board(position: Callable[[], State], final: bool = False) -> Callable[[str], bytes]:
    def draw(locale: str) -> bytes:
        state = position()
        view = ENGINE.reveal_all(state) if final else ENGINE.view(state, None)
        return get_game(GAME_ID).render_board(view, locale)
    return draw


def hand(position: Callable[[], State], question: tuple[str, ...] = (), seat: int | None = None
         ) -> Callable[[str], bytes]:
    """The hand picture of ``seat``, else of the seat asked ``question``, else of the seat whose turn it is."""
    def draw(locale: str) -> bytes:
        state = position()
        decision = asking(state, *question) if question else None
        owner = seat if seat is not None else decision.seat if decision else state["active"]
        return get_game(GAME_ID).render_hand(ENGINE.view(state, owner), locale)
    return draw


def card(card_id: str) -> Callable[[str], bytes]:
    def draw(locale: str) -> bytes:
        spec = get_game(GAME_ID)
        assert spec.render_card is not None
        return spec.render_card(catalogue.by_id()[card_id], locale)
    return draw


def pages() -> list[RulePage]:
    return [
        RulePage("goal", "goal", board(first_turn_position)),
        RulePage("setup", "setup", hand(setup_position, ("bundle",))),
        RulePage("board", "board", board(board_position), BOARD_CALLOUTS),
        RulePage("turn", "turn", hand(turn_start_position, ("send",))),
        RulePage("cards", "cards", card("R25"), CARD_CALLOUTS),
        RulePage("costs", "costs", hand(public_cost_position, ("show",))),
        RulePage("combat", "combat", board(several_blockers_position)),
        RulePage("instants", "instants", hand(window_position, ("window",))),
        RulePage("keywords", "keywords", card("B09")),
        RulePage("end", "end", board(finished_position, final=True)),
        RulePage("decks", "decks", hand(deck_position, seat=REQUIEM_SEAT)),
    ]


# Placed on board_position's picture (720 x ~1277, the viewer's side at the bottom): 1 life, 2 cores, 3 field,
# 4 public zone, 5 grave and afterlife, 6 last events.
BOARD_CALLOUTS = (Callout(1, 0.13, 0.77), Callout(2, 0.79, 0.77), Callout(3, 0.17, 0.52), Callout(4, 0.41, 0.613),
                  Callout(5, 0.07, 0.66), Callout(6, 0.12, 0.86))
# On the /card picture (640 x 460), the book's 「カードの見方」 order: 1 cost, 2 colour, 3 type, 4 public cost,
# 5 effect, 6 power/toughness, 7 id.
CARD_CALLOUTS = (Callout(1, 0.92, 0.10), Callout(2, 0.06, 0.09), Callout(3, 0.31, 0.30), Callout(4, 0.06, 0.38),
                 Callout(5, 0.45, 0.63), Callout(6, 0.80, 0.90), Callout(7, 0.07, 0.23))
