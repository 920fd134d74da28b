"""3x3 Wars self-play players: a one-ply greedy policy and the position score it (and the bot) judge by.

``greedy`` applies every option of the decision, lets the opponent decline any counter it is offered at
once (so a spell is judged resolved), finishes its own follow-up questions of a magic card (targets) the
same way, and scores the position from the deciding seat's side; the best option wins, ties drawn by the
policy's rng. A setup question of several cards (territories, the hand to keep) keeps the strongest units
in hand and puts the weakest into the territories. It reads the full state (the opponent's hand, the deck
order), which is fine for a balance yardstick and an arena opponent: it is never the bot's player, whose
worlds come from its seat's view only (cogs/wars/determinize.py).

``score`` is the position in points of life from ``seat``'s side: life, the combat still owed this turn
(played out on a copy), the power on each field, the territories (the deploy limit, worth less past the
dearest cards), and the cards in hand (removal and counters are paid with them). The weights were tuned by
greedy-against-greedy duels of 200 matches (2026-11-28): counting the blow the opponent's field threatens
next lost 39-61 to leaving it out, and a hand card worth 1.2 points beat 0.7 by 62-38.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import Decision, Seat, State, copy_state
from cogs.wars import cards as C
from cogs.wars.combat import power, resolve_combat
from cogs.wars.engine import ENGINE

WIN_SCORE = 1000.0
FIELD_WEIGHT = 1.0
TERRITORY_WEIGHT = 1.5
TERRITORY_USEFUL = 6  # past this many territories another one raises the limit for few cards
HAND_WEIGHT = 1.2
BEFORE_COMBAT = frozenset({"turn_start", "removal", "removal_resolve", "reinforce", "reinforce_resolve", "chain",
                           "haste", "precombat", "combat"})
# The turn's own questions: a follow-up question of the deciding seat outside these (a magic card's target)
# is answered by the policy before the position is scored.
STEP_PROMPTS = frozenset(f"wars.prompt.{step}" for step in
                         ("removal", "reinforce", "haste", "precombat", "expand", "strategy", "end"))
RESPONSES = frozenset({"wars.prompt.counter", "wars.prompt.nullify"})
FOLLOW_UP_DEPTH = 3


def _territory_value(count: int) -> float:
    return TERRITORY_WEIGHT * (min(count, TERRITORY_USEFUL) + 0.3 * max(0, count - TERRITORY_USEFUL))


def score(state: State, seat: Seat) -> float:
    """The position from ``seat``'s side, in points of life (see the module's docstring)."""
    result = state["result"]
    if result is None and state["step"] in BEFORE_COMBAT and state["turn"] > 0:
        played: dict[str, Any] = copy_state(state)
        resolve_combat(played, [])
        state, result = played, played["result"]
    if result is not None:
        winner = result["winner"]
        return 0.0 if winner is None else (WIN_SCORE if winner == seat else -WIN_SCORE)
    total = 0.0
    for each, sign in ((seat, 1.0), (1 - seat, -1.0)):
        field = sum(power(state, each, unit) for unit in state["fields"][each])
        total += sign * (state["life"][each] + FIELD_WEIGHT * field + _territory_value(len(state["territories"][each]))
                         + HAND_WEIGHT * len(state["hands"][each]))
    return total


def settle(state: State, seat: Seat, rng: random.Random, depth: int = FOLLOW_UP_DEPTH) -> State:
    """The state once the opponent declined its counters and ``seat`` answered its own follow-ups greedily."""
    for _ in range(8):
        if state["result"] is not None:
            return state
        pending = ENGINE.pending(state)
        response = next((d for d in pending if d.seat != seat and d.prompt in RESPONSES and "pass" in d.options), None)
        if response is not None:
            state, _ = ENGINE.apply(state, response.seat, ("pass",))
            continue
        follow = next((d for d in pending if d.seat == seat and d.prompt not in STEP_PROMPTS
                       and d.prompt not in RESPONSES and not d.prompt.startswith("wars.prompt.setup_")), None)
        if follow is None or depth <= 0:
            return state
        state, _ = ENGINE.apply(state, seat, _choose(state, follow, rng, depth - 1))
    return state


def _choose(state: State, decision: Decision, rng: random.Random, depth: int) -> tuple[str, ...]:
    if decision.max > 1 or decision.min != 1:
        return _keep_the_strongest(state, decision)
    best: list[str] = []
    best_score = -float("inf")
    for option in decision.options:
        after, _ = ENGINE.apply(state, decision.seat, (option,))
        value = score(settle(after, decision.seat, rng, depth), decision.seat)
        if value > best_score + 1e-9:
            best, best_score = [option], value
        elif abs(value - best_score) <= 1e-9:
            best.append(option)
    return (best[rng.randrange(len(best))],)


def _card_worth(option: str) -> tuple[int, str]:
    """How much a card named by an option is worth keeping in hand (spell cards answer any counter)."""
    card = option.rsplit(":", 1)[1]
    return (10 if not C.is_unit(card) else C.cost(card)), card


def _keep_the_strongest(state: State, decision: Decision) -> tuple[str, ...]:
    """A question of several options: territories take the weakest cards; anything else (the hand to keep,
    targets to reinforce) the strongest; a question of cards to discard the weakest."""
    weakest_first = sorted(decision.options, key=_card_worth)
    verb = decision.options[0].split(":", 1)[0]
    count = decision.max if verb != "discard" else decision.min
    chosen = weakest_first[:count] if verb in ("territory", "discard") else weakest_first[::-1][:count]
    return tuple(option for option in decision.options if option in chosen)


def greedy(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """One ply: the option whose settled position scores best for the deciding seat."""
    return _choose(state, decision, rng, FOLLOW_UP_DEPTH)
