"""TetrAction rules engine: pure, synchronous, JSON state (see bot/engine.py for the contract).

The turn is a queue of tasks stored in the state (``state["queue"]``). Each task either resolves
on its own or opens one decision for a seat (``state["step"]``); the answer resolves it and may put
follow-up tasks at the front of the queue. Every decision has ``min = max = 1``, so any answer
``bot.engine.random_choice`` gives is legal.

Move notation (option ids):
  ``marker:<tetrite>``            start phase / marker effects: put a marker before that tetrite
  ``rotate:<tetrite>:cw|ccw``     rotate a tetrite 60° (clockwise / counter-clockwise from above)
  ``tip:<tetrite>:<face>``        tip a tetrite onto that face (white, black, or a colour name)
  ``skip``                        decline an optional step (transfer, bonus charge)
  ``cast:<card>`` / ``pass``      cast a public or hand spell / cast nothing (more)
  ``mana:slot<n>:<colour>``       put a mana tablet into slot n (1-4, the caster's reading order)
  ``effect:<n>``                  pick effect n of a blue card's two-way band
  ``charge:<hand card>``          charge that hand card
  ``gain:<colour>``               the mana for casting nothing
  ``release:pay|skip``            yellow: pay an ether for the release effect on overcharge
  ``carry:<n>``                   blue: charge carried to the next hand card
  ``take:<hand card>``            pick the new hand card among three
  ``bottom:<hand card>``          which of the two others goes to the very bottom
Tetrites are named by colour (``red``, ``yellow``, ``blue``).

The engine is split along the turn: ``table`` (shared state vocabulary), ``setup``, ``start_phase`` (marker and
rotations), ``spells`` (casting), ``charges`` (charge, release, overcharge, replacement), ``end_phase``
(accidents, game end) and ``views``. Cards name effect kinds from the registry in ``effects`` (public spells,
accidents, band and release effects; checked by ``kinds`` as this module loads). Each phase module owns its tasks' ``PREPARE``/``ANSWER`` handlers; this
module merges them, runs the task queue and holds the contract entry points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import (
    Decision,
    Event,
    GameOver,
    IllegalChoice,
    MatchOption,
    Outcome,
    Seat,
    State,
    check_choice,
    copy_state,
)
from cogs.tetra import charges, effects, end_phase, spells, start_phase
from cogs.tetra.kinds import check_catalogue
from cogs.tetra.setup import CHARACTER_PAIRS, initial_state
from cogs.tetra.table import GAME_ID
from cogs.tetra.views import view

PREPARE: dict[str, Any] = {**start_phase.PREPARE, **effects.PREPARE, **spells.PREPARE, **charges.PREPARE,
                           **end_phase.PREPARE}
ANSWER: dict[str, Any] = {**start_phase.ANSWER, **effects.ANSWER, **spells.ANSWER, **charges.ANSWER}

check_catalogue()  # a card naming an effect kind the registry lacks stops the bot loading


def _run(state: State, events: list[Event]) -> None:
    """Resolve tasks until one needs a decision or the game is over."""
    while state["result"] is None and state["queue"]:
        task = state["queue"].pop(0)
        step = PREPARE[task["do"]](state, task, events)
        if step is not None:
            state["queue"].insert(0, task)
            state["step"] = step
            return
    state["step"] = None


def new_game(seed: int, options: Mapping[str, str]) -> State:
    state = initial_state(seed, options)
    _run(state, [])
    return state


def pending(state: State) -> list[Decision]:
    step = state.get("step")
    if state["result"] is not None or step is None:
        return []
    return [Decision(seat=step["seat"], prompt=step["prompt"], options=tuple(step["options"]),
                     args=dict(step["args"]))]


def apply(state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
    if state["result"] is not None:
        raise GameOver("the match is over")
    check_choice(pending(state), seat, choice)
    new = copy_state(state)
    task = new["queue"].pop(0)
    answer = ANSWER.get(task["do"])
    if answer is None:
        raise IllegalChoice("nothing to answer")
    events: list[Event] = []
    answer(new, task, choice[0], events)
    new["step"] = None
    _run(new, events)
    new["version"] += 1
    new["log"] = (new["log"] + [{"key": e.key, "args": dict(e.args)} for e in events if e.audience is None])[-12:]
    return new, events


def outcome(state: State) -> Outcome | None:
    result = state["result"]
    if result is None:
        return None
    # The platform words it from ``tetra.outcome.<reason>``.
    return Outcome(winner=result["winner"], reason=result["reason"],
                   args={"life": [player["life"] for player in state["players"]]})


def reveal_all(state: State) -> dict[str, Any]:
    """Everything, for the post-game record."""
    return copy_state(state)


class TetraEngine:
    game_id = GAME_ID
    match_options = (MatchOption("characters", ("random", *CHARACTER_PAIRS), "random"),)

    def new_game(self, seed: int, options: Mapping[str, str]) -> State:
        return new_game(seed, options)

    def pending(self, state: State) -> list[Decision]:
        return pending(state)

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
        return apply(state, seat, choice)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def reveal_all(self, state: State) -> dict[str, Any]:
        return reveal_all(state)


ENGINE = TetraEngine()
