"""Starfall self-play players: a one-turn greedy policy, the deck keys of a match, match options.

``greedy`` looks at the whole rest of the current turn (the decision chain card -> move -> skill ->
target is short), applies every line of play, scores the position at the end of the turn from the
deciding seat's side, and answers the first step of the best line. It reads the full state (a
summon option is judged by the card it would really draw), which is fine for a balance yardstick.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import Decision, State
from cogs.starfall import board
from cogs.starfall import cards as catalogue
from cogs.starfall import engine as rules

WIN_SCORE = 100_000.0
GRAVE_WEIGHT = 70.0
CARD_BASE = 25.0
POSITION_BONUS = 6.0
COVER_BONUS = 4.0
STAR_RISK = {0: -6.0, 1: 0.0, 2: 0.0, 3: -6.0, 4: -30.0}


def placed(record: dict[str, Any], sq: str) -> bool:
    """The card stands in a row its normal skill works from."""
    return board.row_of(sq) in catalogue.skill(record["id"], "normal")["from"]


def covered(field: dict[str, Any], sq: str) -> bool:
    """The square is in the back row behind a front card."""
    return board.row_of(sq) == "b" and field[board.square("f", board.col_of(sq))] is not None


def card_value(state: State, record: dict[str, Any], sq: str, field: dict[str, Any]) -> float:
    left = catalogue.hp(record["id"]) - record["dmg"]
    value = CARD_BASE + left + STAR_RISK.get(record["star"], 0.0)
    # Position: a card should stand where its normal skill works, and fragile cards behind cover.
    if placed(record, sq):
        value += POSITION_BONUS
    if covered(field, sq):
        value += COVER_BONUS
    if record["star"] >= 4:  # dies at the next round start unless it spends ★
        value -= 0.5 * left
    if record["status"] == "lock":
        value -= 12.0
    elif record["status"] == "sick":
        value -= 0.0 if record["acted"] else 8.0
    return value


def score(state: State, seat: int) -> float:
    """The position from ``seat``'s side: cards on the field, graves, the result."""
    result = state["result"]
    if result is not None:
        if result["winner"] is None:
            return 0.0
        return WIN_SCORE if result["winner"] == seat else -WIN_SCORE
    total = 0.0
    for side in (0, 1):
        player = state["players"][side]
        mine = sum(card_value(state, rec, sq, player["field"]) for sq, rec in player["field"].items()
                   if rec is not None)
        mine -= GRAVE_WEIGHT * len(player["grave"])
        total += mine if side == seat else -mine
    return total


def turn_of(state: State) -> tuple[int, int]:
    """The turn a position is in (a seat's whole set-up is one turn, round 0)."""
    return state["round"], state["turn_index"]


def best_line(state: State, seat: int, turn_key: tuple[int, int]) -> tuple[float, tuple[str, ...], State]:
    """The best score ``seat`` can reach before its turn ends, the options that reach it and the position there."""
    pending = rules.pending(state)
    if not pending or pending[0].seat != seat or turn_of(state) != turn_key:
        return score(state, seat), (), state
    best: tuple[float, tuple[str, ...], State] | None = None
    for option in pending[0].options:
        value, line, end = best_line(rules.apply(state, seat, (option,))[0], seat, turn_key)
        if best is None or value > best[0]:
            best = (value, (option, *line), end)
    assert best is not None
    return best


# The rest of the planned turn, keyed by the position it was planned for: the next steps of the
# chain are answered from the plan instead of searching the same tree again.
_PLANS: dict[tuple[int, int, tuple[str, ...]], str] = {}


def greedy(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    seat = decision.seat
    key = (state["seed"], state["version"], decision.options)
    planned = _PLANS.pop(key, None)
    if planned is not None:
        return (planned,)
    turn_key = turn_of(state)
    scored = []
    for option in decision.options:
        value, line, _end = best_line(rules.apply(state, seat, (option,))[0], seat, turn_key)
        scored.append((value, rng.random(), option, line))
    _value, _tie, option, line = max(scored)
    if len(_PLANS) > 10_000:
        _PLANS.clear()
    after = state
    for step, follow in enumerate((option, *line)):
        after = rules.apply(after, seat, (follow,))[0]
        pending = rules.pending(after)
        if step < len(line) and pending:
            _PLANS[(state["seed"], after["version"], pending[0].options)] = line[step]
    return (option,)


LOOKAHEAD_LINES = 8  # own lines (best by ``score``) whose opponent reply is searched: ~30-100 ms a decision


def turn_ends(state: State, seat: int, turn_key: tuple[int, int], line: tuple[str, ...],
               found: list[tuple[tuple[str, ...], State]]) -> None:
    """Every way ``seat`` can finish its current turn: (the options taken, the position it leaves)."""
    pending = rules.pending(state)
    if not pending or pending[0].seat != seat or turn_of(state) != turn_key:
        found.append((line, state))
        return
    for option in pending[0].options:
        turn_ends(rules.apply(state, seat, (option,))[0], seat, turn_key, (*line, option), found)


def after_reply(state: State, seat: int) -> float:
    """``seat``'s score once the opponent has played its best one-turn reply (as ``greedy`` plays)."""
    pending = rules.pending(state)
    if state["result"] is not None or not pending or pending[0].seat == seat:
        return score(state, seat)
    value, _line, _end = best_line(state, pending[0].seat, turn_of(state))
    return -value  # the score is zero-sum: the opponent's best is seat's worst


def lookahead(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """Two turns deep: the ``LOOKAHEAD_LINES`` best ways to finish this turn, each judged by the score after
    the opponent's best reply (a line that leaves a card to a kill loses to one that does not). Reads the
    whole state: the bot player asks it only on a determinized world (cogs/starfall/determinize.py)."""
    seat = decision.seat
    ends: list[tuple[tuple[str, ...], State]] = []
    turn_ends(state, seat, turn_of(state), (), ends)
    ends = [end for end in ends if end[0]]
    ends.sort(key=lambda end: score(end[1], seat), reverse=True)
    judged = [(after_reply(after, seat), rng.random(), line[0]) for line, after in ends[:LOOKAHEAD_LINES]]
    return (max(judged)[2],) if judged else (decision.options[0],)


def side_keys(state: State) -> tuple[str, str]:
    """The ready-made deck id each seat plays (``custom`` for any other deck)."""
    return state["players"][0]["deck_key"], state["players"][1]["deck_key"]


def deck_pairs() -> list[tuple[str, str]]:
    ids = [deck["id"] for deck in catalogue.ready_decks()]
    return [(a, b) for a in ids for b in ids if a != b]


def selfplay_options(index: int, rng: random.Random) -> dict[str, str]:
    """Every ordered pair of different ready-made decks in turn, so each deck plays each seat."""
    first, second = deck_pairs()[index % len(deck_pairs())]
    return {"deck0": ",".join(catalogue.deck_list(catalogue.ready_deck(first))),
            "deck1": ",".join(catalogue.deck_list(catalogue.ready_deck(second)))}
