"""The end of a turn: the oldest public card leaves, an accident strikes once enough cubes are out, the game
ends on life (or at the turn limit), else the next turn's tasks are queued."""

from __future__ import annotations

from typing import Any

from bot.engine import Event, State, draw_rng
from cogs.tetra import cards as catalogue
from cogs.tetra.effects import ACCIDENT_EFFECTS
from cogs.tetra.table import ACCIDENT_THRESHOLD, TURN_LIMIT, TURN_TASKS, emit, fresh_turn_state, push


def _prepare_end(state: State, task: dict[str, Any], events: list[Event]) -> None:
    seat = state["active"]
    row = state["public"]["row"]
    if row:
        card_id = row.pop(0)
        state["public"]["discard"].append(card_id)
        emit(events, "discard_public", card=card_id)
    accident = state["accident"]
    if accident["cubes"] >= ACCIDENT_THRESHOLD:
        if not accident["deck"]:
            accident["deck"], accident["discard"] = accident["discard"], []
            draw_rng(state).shuffle(accident["deck"])
        card_id = accident["deck"].pop(0)
        accident["discard"].append(card_id)
        accident["cubes"] = 0
        emit(events, "accident", seat=seat, card=card_id)
        ACCIDENT_EFFECTS[catalogue.field(card_id, "effect")].strike(state, seat)
    result = _game_end(state)
    if result is not None:
        state["result"] = result
        emit(events, "game_over", winner=result["winner"], reason=result["reason"])
        return None
    state["active"] = 1 - seat
    state["turn"] += 1
    state["turn_state"] = fresh_turn_state()
    push(state, *({"do": t} for t in TURN_TASKS))
    return None


def _game_end(state: State) -> dict[str, Any] | None:
    lives = [p["life"] for p in state["players"]]
    down = [life <= 0 for life in lives]
    if not any(down) and state["turn"] < TURN_LIMIT:
        return None
    if down[0] != down[1]:
        return {"winner": 1 if down[0] else 0, "reason": "life"}
    reason = "both_down" if all(down) else "turn_limit"
    if lives[0] == lives[1]:
        return {"winner": None, "reason": reason}
    return {"winner": 0 if lives[0] > lives[1] else 1, "reason": reason}


# The tasks this module resolves (task name -> handler); ``engine`` merges the tables of every phase.
PREPARE: dict[str, Any] = {
    "end": _prepare_end,
}
