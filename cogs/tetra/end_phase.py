"""The end of a turn: the oldest public card leaves, an accident strikes once enough cubes are out, the game
ends on life (or at the turn limit), else the next turn's tasks are queued."""

from __future__ import annotations

from typing import Any

from bot.engine import Event, Seat, State, draw_rng
from cogs.tetra import cards as catalogue
from cogs.tetra import geometry as geo
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
        _resolve_accident(state, seat, catalogue.field(card_id, "effect"))
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


def _resolve_accident(state: State, seat: Seat, effect: str) -> None:
    tetrites = state["tetrites"]
    if effect == "rotate_all":
        for t in tetrites:
            t["faces"] = geo.rotate(t["faces"], geo.CCW)
    elif effect == "move_all":
        # "Right" as the player whose turn it is sees it; seat 1 reads the table mirrored.
        state["tetrites"] = tetrites[-1:] + tetrites[:-1] if seat == 0 else tetrites[1:] + tetrites[:1]
    elif effect == "flip":
        for t in tetrites:
            t["faces"] = geo.flip_white_black(t["faces"])
    elif effect == "swap_own":
        own = [i for i, t in enumerate(tetrites) if t["colour"] != state["neutral"]]
        tetrites[own[0]], tetrites[own[1]] = tetrites[own[1]], tetrites[own[0]]
    elif effect == "scatter_markers":
        state["markers"] = [None, None]
    elif effect == "mana_leak":
        for player in state["players"]:
            player["mana"][state["neutral"]] = 0
    else:
        raise ValueError(f"unknown accident {effect}")


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
