"""3x3 Wars (サイザンウォーズ): the pure rules engine for every level of the manual: the engine object.

The state is a JSON dict. The engine keeps at most one open question per seat in ``state["asks"]``
(options computed when the question is asked), and ``advance`` runs the turn until somebody must
answer. Move notation (option ids):

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
    GameOver,
    MatchOption,
    NotYourDecision,
    Outcome,
    Seat,
    State,
    check_choice,
)
from cogs.wars.board import LEVELS, answer_discard, answer_expand, ask_for, copy_state, multi, single
from cogs.wars.effects import (
    answer_flip,
    answer_giant,
    answer_poison,
    answer_settle,
    answer_treasure,
    answer_twin,
    answer_woods,
)
from cogs.wars.greats import answer_copy_entry, answer_heal, answer_seek
from cogs.wars.magic import answer_nullify, answer_reincarnate
from cogs.wars.setup import answer_setup, new_game, new_game_from_setup
from cogs.wars.spells import answer_counter
from cogs.wars.turn import advance, answer_step
from cogs.wars.views import build_view, player_view

ANSWERS = {
    "setup_pick": answer_setup, "setup_mulligan": answer_setup, "setup_hand": answer_setup,
    "setup_magic": answer_setup, "setup_territory": answer_setup,
    "removal": answer_step, "reinforce": answer_step, "haste": answer_step, "precombat": answer_step,
    "expand": answer_step,
    "strategy": answer_step, "end": answer_step,
    "counter": single(answer_counter), "nullify": single(answer_nullify), "treasure": single(answer_treasure),
    "discard_one": multi(answer_discard), "flip": single(answer_flip), "poison": single(answer_poison),
    "giant": single(answer_giant), "woods": single(answer_woods), "twin": multi(answer_twin),
    "frontier": single(answer_expand), "reincarnate": multi(answer_reincarnate), "settle": single(answer_settle),
    "heal": single(answer_heal), "seek": single(answer_seek), "copy": answer_copy_entry,
}



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
        if state["result"] is not None:
            return []
        decisions = []
        for entry in state["asks"]:
            decisions.append(Decision(
                seat=entry["seat"], prompt=f"wars.prompt.{entry['kind']}", options=tuple(entry["options"]),
                min=entry["min"], max=entry["max"], args=dict(entry["args"]), secret=entry["secret"],
            ))
        return decisions

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
        if state["result"] is not None:
            raise GameOver("the game is over")
        check_choice(self.pending(state), seat, choice)
        new = copy_state(state)
        entry = ask_for(new, seat)
        if entry is None:
            raise NotYourDecision("no decision pending for this seat")
        new["asks"].remove(entry)
        events: list[Event] = []
        ANSWERS[entry["kind"]](new, seat, list(choice), entry, events)
        advance(new, events)
        new["moves"] += 1
        return new, events

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

