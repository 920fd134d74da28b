"""Starfall's hard player: the best ways to finish this turn, each played on by the greedy player in several worlds.

Why not the tree (bot/ai/search.py) as in the other games: in Starfall hard's tree added only a few points to
its starting answer, a two-turn lookahead, and no change to the tree moved it (docs/BOT-STUDIES.md). A turn
here is short (one card: a move, a skill, a target), and the one-turn score (``policy.score``) judges a
position well only once the next turns have been played. So hard:

1. lists every way to finish its turn in the world it was given (``policy.turn_ends``) and keeps the
   ``LINES`` best by the one-turn score;
2. in each of ``WORLDS`` worlds (the first, then others resampled from it: the seat's own draws, the
   opponent's deck list and order), plays each kept line, then lets the greedy player play both sides on,
   a whole turn at a time, until the opponent has played ``OPPONENT_TURNS`` turns, and judges the position by
   a score fitted to how matches end (``judge.points``: it says who is winning better than the one-turn score);
3. answers the first step of the line with the best total (ties: the better one-turn score); the other
   first steps, each valued by its best line, are a hint's runners-up (bot/ai/advice.py).

Every line meets the same worlds, so a lucky draw favours none of them. Each world costs about 0.1 s; once
time is up (the level's cap) the worlds played so far decide. Only a world determinized for the seat is
ever read, never the real state (tests/starfall/test_determinize.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import State, decision_for
from bot.games import WeighedAnswer
from cogs.starfall import engine as rules
from cogs.starfall import judge, policy
from cogs.starfall.determinize import determinize, squashed

# Screened against greedy (docs/BOT-STUDIES-STARFALL.md, "The screen"): 12 lines in 8 worlds won 31 of 35 matches,
# 8 lines in 4 won 42 of 55.
LINES = 12  # ways to finish the turn judged (the best by the one-turn score)
WORLDS = 8  # worlds each line is played in (every line the same ones)
OPPONENT_TURNS = 2  # played on until the opponent has played two turns (and hard one between them)


def answer(world: State, seat: int, rng: random.Random, time_is_up: Callable[[], bool], *,
           worlds: int = WORLDS, lines: int = LINES) -> list[WeighedAnswer]:
    """Hard's answers for ``seat``'s pending decision in ``world`` (already determinized for ``seat``), best
    first: each first step with the value of its best line (its mean score, squashed to 0..1) and the worlds
    that judged it. A decision with one sensible first step is answered at once (0 worlds)."""
    turn = policy.turn_of(world)
    ends: list[tuple[tuple[str, ...], State]] = []
    policy.turn_ends(world, seat, turn, (), ends)
    ranked = sorted((end for end in ends if end[0]), key=lambda end: policy.score(end[1], seat), reverse=True)
    candidates = [line for line, _after in ranked[:lines]]
    if not candidates:  # not this seat's decision in this turn: no line to judge
        decision = decision_for(rules.pending(world), seat)
        assert decision is not None, "the seat has no decision pending"
        return [((decision.options[0],), 0.5, 0)]
    if len({line[0] for line in candidates}) == 1:
        return [((candidates[0][0],), squashed(judge.points(ranked[0][1], seat)), 0)]
    totals = [0.0] * len(candidates)
    played = 0
    out_of_time = False
    while played < worlds and not out_of_time:
        sample = world if played == 0 else determinize(world, seat, rng)
        for index, line in enumerate(candidates):
            totals[index] += play_on(sample, seat, line)
            # Asked after every line (~10-20 ms), not every world: the clock is where the search steps aside
            # while the bot process serves members' clicks. A world once begun is finished, so every line
            # is judged by the same worlds.
            out_of_time = time_is_up() or out_of_time
        played += 1
    weighed: list[WeighedAnswer] = []
    for index in sorted(range(len(candidates)), key=lambda index: (-totals[index], index)):
        step = (candidates[index][0],)
        if all(step != known for known, _value, _worlds in weighed):  # a step's value is its best line's
            weighed.append((step, squashed(totals[index] / played), played))
    return weighed


def follow(state: State, seat: int, line: tuple[str, ...]) -> State:
    """``line`` played from ``state`` as far as it is legal here (another world may draw another card)."""
    turn = policy.turn_of(state)
    for option in line:
        pending = rules.pending(state)
        if (state["result"] is not None or not pending or pending[0].seat != seat
                or policy.turn_of(state) != turn or option not in pending[0].options):
            break
        state = rules.apply(state, seat, (option,))[0]
    return state


def play_on(state: State, seat: int, line: tuple[str, ...]) -> float:
    """``seat``'s fitted score (``judge.points``) once it has played ``line`` and the greedy player has played
    both sides on for ``OPPONENT_TURNS`` of the opponent's turns (each turn planned whole, as ``policy.greedy``
    plays it)."""
    state = follow(state, seat, line)
    opponent_turns = 0
    while state["result"] is None and opponent_turns < OPPONENT_TURNS:
        pending = rules.pending(state)
        if not pending:
            break
        mover = pending[0].seat
        _value, _line, state = policy.best_line(state, mover, policy.turn_of(state))
        if mover != seat:
            opponent_turns += 1
    return judge.points(state, seat)
