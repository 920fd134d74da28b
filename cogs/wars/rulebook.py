"""3x3 Wars' illustrated rulebook (bot/rulebook.py): its pages in reading order, each with a picture drawn by
the game's own renderers from a real example state.

Every example is a seeded game (``ENGINE.new_game``) played on by ``_play``: a plain, fixed way of choosing
among the options ``ENGINE.pending`` offers (cheap cards as territories, the biggest unit deployed, every
removal, reinforcement, counter and magic taken) until the moment the page teaches is on the table. The
seeds were chosen by looking at the pictures; the texts (``assets/locales/<locale>/wars_rulebook.toml``)
are written from the manual and docs/rules/wars.md. Pure: no discord; nothing is drawn until a page's
picture is asked for.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Decision, State
from bot.games import get_game
from bot.rulebook import Callout, RulePage
from cogs.wars import cards as C
from cogs.wars.board import territory_count
from cogs.wars.engine import ENGINE

# Enough for any example: a whole game is ~40 turns of a handful of decisions each.
MAX_DECISIONS = 600
# The example player expands up to this many territories, then keeps its cards for units and spells.
EXPANSIONS = 6

Stop = Callable[[State], bool]


def _cost(option: str) -> int:
    """The cost of the card an option names (its first card id); 調律 counts 2."""
    card = option.split(":")[1].split("+")[0].split(".")[0]
    return C.cost(card) if card in C.card_table() and not C.is_tuning(card) else 2


def _choose(state: State, decision: Decision) -> tuple[str, ...]:
    """The example player's answer: simple, eager and fixed, so a seed always plays out the same way."""
    options = decision.options
    if decision.max > 1:  # setup picks and multi-target effects: the cheapest cards as territories,
        ranked = sorted(options, key=_cost) if options[0].startswith("territory:") else list(options)
        if options[0].startswith("hand:"):  # the cheapest six to keep, the book's advice for the opening
            ranked = sorted(options, key=_cost)
        return tuple(ranked[:decision.min or 1])
    for prefix in ("keep:", "keep", "pick:", "magic:", "remove:", "reinforce:", "veil:", "counter:"):
        chosen = [o for o in options if o == prefix or (prefix.endswith(":") and o.startswith(prefix))]
        if chosen:
            return (chosen[0],)
    deploys = [o for o in options if o.startswith("deploy:")]
    if deploys:
        return (max(deploys, key=_cost),)
    expands = [o for o in options if o.startswith("expand:")]
    if expands and territory_count(state, decision.seat) < EXPANSIONS:
        return (min(expands, key=_cost),)
    if "pass" in options:
        return ("pass",)
    return (options[0],)


def _play(seed: int, level: str, stop: Stop) -> State:
    """A seeded game of ``level`` played by ``_choose`` until ``stop`` holds."""
    state = ENGINE.new_game(seed, {"level": level})
    for _ in range(MAX_DECISIONS):
        if stop(state):
            return state
        decisions = ENGINE.pending(state)
        if not decisions:
            break
        decision = decisions[0]
        state, _events = ENGINE.apply(state, decision.seat, _choose(state, decision))
    raise RuntimeError(f"wars rulebook example (seed {seed}, {level}) never reached its moment")


def _at(turn: int, step: str) -> Stop:
    """Stop at ``step`` of turn ``turn`` (or at the game's end, whichever comes first)."""
    return lambda state: state["result"] is not None or (state["turn"] >= turn and state["step"] == step)


def _board(seed: int, level: str, stop: Stop) -> Callable[[str], bytes]:
    """The thread's board (the public view) at the example's moment."""
    def draw(locale: str) -> bytes:
        return get_game("wars").render_board(ENGINE.view(_play(seed, level, stop), None), locale)
    return draw


def _hand(seed: int, level: str, stop: Stop, seat: Callable[[State], int]) -> Callable[[str], bytes]:
    """One player's private hand picture at the example's moment."""
    def draw(locale: str) -> bytes:
        state = _play(seed, level, stop)
        return get_game("wars").render_hand(ENGINE.view(state, seat(state)), locale)
    return draw


def _card(card_id: str) -> Callable[[str], bytes]:
    def draw(locale: str) -> bytes:
        spec = get_game("wars")
        card = next(card for card in spec.cards() if card.id == card_id)
        assert spec.render_card is not None
        return spec.render_card(card, locale)
    return draw


def _active(state: State) -> int:
    return int(state["active"])


def _setting_territories(state: State) -> bool:
    return any((setup or {}).get("stage") == "territory" for setup in state["setup"])


def _territory_chooser(state: State) -> int:
    return next(seat for seat in (0, 1) if (state["setup"][seat] or {}).get("stage") == "territory")


def _stack(depth: int) -> Stop:
    return lambda state: state["chain"] is not None and len(state["chain"]["stack"]) >= depth


def _over(state: State) -> bool:
    return state["result"] is not None


def _magic_face_up(state: State) -> bool:
    return any(slot["state"] == "up" for slots in state["magic"] for slot in slots)


# On the board page's picture (seed 6, turn 12, 780 x 1300 px), beside the part each explains (a marker on
# the part would hide it), in the body's order: the
# header, the active player's life, territory and hand counts, a unit's power, the magic row, the log.
BOARD_CALLOUTS = (
    Callout(1, 0.55, 0.08), Callout(2, 0.46, 0.125), Callout(3, 0.42, 0.16), Callout(4, 0.17, 0.335),
    Callout(5, 0.60, 0.398), Callout(6, 0.55, 0.782),
)


def pages() -> list[RulePage]:
    """The rulebook in reading order: what the game is, how it starts, a turn, each part of a turn, the
    cards and magic, the levels, how to read the board and how it ends."""
    return [
        RulePage("goal", "goal", _board(9, "overlord", _at(9, "expand"))),
        RulePage("setup", "setup", _hand(6, "overlord", _setting_territories, _territory_chooser)),
        RulePage("cards", "cards", _hand(3, "wizard", _at(3, "strategy"), _active)),
        RulePage("power", "units", _card("021")),
        RulePage("turn", "turn", _board(6, "overlord", _at(11, "removal"))),
        RulePage("spells", "spells", _board(6, "overlord", _stack(1))),
        RulePage("counters", "counters", _board(6, "overlord", _stack(2))),
        RulePage("combat", "combat", _board(4, "overlord", _at(12, "expand"))),
        RulePage("deploy", "actions", _hand(9, "overlord", _at(3, "strategy"), _active)),
        RulePage("magic", "magic", _hand(5, "apprentice", _at(4, "strategy"), _active)),
        RulePage("levels", "levels", _board(5, "apprentice", _magic_face_up)),
        RulePage("board", "board", _board(6, "overlord", _at(12, "expand")), BOARD_CALLOUTS),
        RulePage("end", "end", _board(6, "overlord", _over)),
    ]
