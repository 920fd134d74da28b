"""What a seat (or a spectator) may see of a TetrAction state: no deck orders, no face-down charge cards."""

from __future__ import annotations

from typing import Any

from bot.engine import Seat, State
from cogs.tetra import casting
from cogs.tetra.table import ETHER_CAP, GAME_ID, MANA_CAP, reading_colours, visible_groups


def view(state: State, seat: Seat | None) -> dict[str, Any]:
    """What ``seat`` (or a spectator) may know: no deck orders, no face-down charge cards."""
    players = []
    for index, player in enumerate(state["players"]):
        players.append({
            "seat": index,
            "colour": player["colour"],
            "life": player["life"],
            "mana": dict(player["mana"]),
            "ether": player["ether"],
            "mana_cap": MANA_CAP[player["colour"]],
            "ether_cap": ETHER_CAP[player["colour"]],
            "hand": [{"id": h["id"], "charge": h["charge"], "cubes": h["cubes"]} for h in player["hand"]],
            "hand_deck_count": len(player["hand_deck"]),
            "hand_discard": list(player["hand_discard"]),
            "marker": state["markers"][index],
        })
    rows = []
    for reader in (0, 1):
        colours = reading_colours(state, reader)
        rows.append({
            "seat": reader,
            "tetrites": colours,
            "groups": visible_groups(state, reader),
            "slots": {str(slot): list(casting.slot_colours(colours, slot)) for slot in casting.SLOTS},
        })
    step = state.get("step")
    decision: dict[str, Any] | None = None
    if step is not None and state["result"] is None:
        decision = {"seat": step["seat"], "prompt": step["prompt"]}
        if seat == step["seat"]:
            decision |= {"options": list(step["options"]), "args": dict(step["args"])}
    return {
        "game": GAME_ID,
        "viewer": seat,
        "turn": state["turn"],
        "active": state["active"],
        "first": state["first"],
        "neutral": state["neutral"],
        "tetrites": [{"position": i, "colour": t["colour"], "faces": dict(t["faces"])}
                     for i, t in enumerate(state["tetrites"])],
        "rows": rows,
        "players": players,
        "public_row": list(state["public"]["row"]),
        "public_deck_count": len(state["public"]["deck"]),
        "public_discard_count": len(state["public"]["discard"]),
        "accident_deck_count": len(state["accident"]["deck"]),
        "accident_discard": list(state["accident"]["discard"]),
        "accident_cubes": state["accident"]["cubes"],
        "hand_discards": state["hand_discards"],
        "exception2": state["turn_state"]["exception2"],
        "casts_left": state["turn_state"]["casts_left"],
        "decision": decision,
        "log": [dict(entry) for entry in state["log"]],
        "result": dict(state["result"]) if state["result"] else None,
    }
