"""3x3 Wars (サイザンウォーズ): the pure rules engine for every level of the manual: the engine object.

This module is the platform's contract (new_game, pending, apply, view, outcome, reveal_all). The rules
live by the rule book's sections: ``board`` (the state, zones, life, open questions), ``setup``, ``turn``
(the steps), ``spells`` (removal, reinforcement, counters), ``combat``, ``mainphase`` (deploy, redeploy),
``magic`` (requirements, conditions, activation, ★不許火's window), ``effects`` (what each magic does, unit
traits that act, lasting effects), ``greats`` (great magic) and ``views``. Cards name kinds from the
registries ``effects.EFFECTS``, ``magic.CONDITIONS``, ``greats.GREATS`` and ``traits.TRAITS``.

The state is a JSON dict. The engine keeps at most one open question per seat in ``state["asks"]``
(options computed when the question is asked; the shared queue ``bot.questions``, as ``board.QUESTIONS``),
and ``advance`` runs the turn until somebody must answer. Move notation (option ids):

* setup: ``keep:A08`` (magic to keep), ``territory:017`` (Overlord), ``mulligan`` / ``keep``,
  ``hand:017`` (cards to keep), ``pick:1`` / ``pick:2`` (Seven Mage hand)
* spells: ``remove:028:040`` (card 028 removes unit 040), ``remove2:024+043:020``,
  ``reinforce:018:017``, ``veil:035:029`` (透化), ``counter:047`` / ``counter:016+045.2``, ``pass``.
  A 調律 (変幻) card carries its chosen cost: ``045.3``.
* main phase: ``expand:017``, ``deploy:017``, ``redeploy:020:016+017`` (new unit : units discarded)
* magic: ``magic:A08``, great magic ``great:A03`` (exile A03), then ``target:017``, ``flip:1``,
  ``heal:017``, ``seek:031:017``, ``copy:A11``, ``discard:017``, ``dig``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import (
    Decision,
    Event,
    MatchOption,
    Outcome,
    Seat,
    State,
)
from cogs.wars import effects, greats, magic, setup, spells, turn
from cogs.wars.board import LEVELS, QUESTIONS, AnswerHandler
from cogs.wars.kinds import check_catalogue
from cogs.wars.setup import new_game, new_game_from_setup
from cogs.wars.turn import advance
from cogs.wars.views import build_view, player_view

# Each open question is answered by the section that asked it.
ANSWERS: dict[str, AnswerHandler] = {
    **setup.ANSWERS, **turn.ANSWERS, **spells.ANSWERS, **magic.ANSWERS, **effects.ANSWERS, **greats.ANSWERS,
}
QUESTIONS.answers.update(ANSWERS)


check_catalogue()  # an effect, condition, great magic or trait no registry knows stops the bot loading


class WarsEngine:
    game_id = "wars"
    match_options = (MatchOption("level", LEVELS, "overlord"),)

    def new_game(self, seed: int, options: Mapping[str, str]) -> State:
        if "setup" in options:
            return new_game_from_setup(json.loads(options["setup"]))
        return new_game(seed, options)

    def new_game_from_setup(self, setup: Mapping[str, Any]) -> State:
        return new_game_from_setup(setup)

    def pending(self, state: State) -> list[Decision]:
        return QUESTIONS.pending(state)

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
        return QUESTIONS.apply(state, seat, choice, advance)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(result["winner"], result["reason"], {"life": list(state["life"])})

    def reveal_all(self, state: State) -> dict[str, Any]:
        """The end-of-match board: the public view with each side's magic as its owner sees it,
        plus both hands and territories (posted once the match is over)."""
        view = build_view(state, None)
        view["players"] = [player_view(state, owner, owner) for owner in (0, 1)]
        view["hands"] = [list(hand) for hand in state["hands"]]
        view["all_territories"] = [list(t) for t in state["territories"]]
        return view



ENGINE = WarsEngine()

