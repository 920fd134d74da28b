"""3x3 Wars: a unit's power and the combat phase (the transparent attack step, then the attack step)."""

from __future__ import annotations

from typing import Any

from bot.engine import (
    Event,
    Seat,
    State,
)
from cogs.wars import cards as C
from cogs.wars.board import damage, event, has_trait, other


def manifest_active(state: State, seat: Seat) -> bool:
    """顕在 of 透禍の槍: face up, or it stopped being face up this turn (and was not nullified)."""
    turn = state["turn_state"]
    if seat in turn["manifest_off"]:
        return False
    if seat in turn["manifest_kept"]:
        return True
    return any(m["state"] == "up" and "manifest" in C.traits(m["card"]) for m in state["magic"][seat])


def is_pierce(state: State, unit: dict[str, Any]) -> bool:
    return unit["pierce"] or has_trait(state, unit["card"], "transparent")


def power(state: State, seat: Seat, unit: dict[str, Any]) -> int:
    value = C.cost(unit["card"]) + unit["reinforce"] + unit["increase"]
    if has_trait(state, unit["card"], "swell"):
        value += 2  # 膨張 is a standing increase, on both players' turns (the Q&A's slug at power 5)
    if seat in state["turn_state"]["miasma"]:
        value -= 2
    if is_pierce(state, unit) and manifest_active(state, seat):
        value += 1
    return max(0, value)


def resolve_combat(state: State, events: list[Event]) -> None:
    attacker = state["active"]
    defender = other(attacker)
    attackers = state["fields"][attacker]
    defenders = state["fields"][defender]
    record: dict[str, Any] = {"seat": attacker, "steps": []}
    if attackers:
        pierce_power = sum(power(state, attacker, u) for u in attackers if is_pierce(state, u))
        wall_power = sum(power(state, defender, u) for u in defenders if has_trait(state, u["card"], "twin_wall"))
        if any(is_pierce(state, u) for u in attackers):
            dealt = max(0, pierce_power - wall_power)
            record["steps"].append({"step": "transparent", "attack": pierce_power, "block": wall_power, "damage": dealt})
            events.append(event("combat_transparent", None, seat=attacker, attack=pierce_power, block=wall_power, damage=dealt))
            damage(state, defender, dealt, events, "combat")
        if state["result"] is None and any(not is_pierce(state, u) for u in attackers):
            attack_power = sum(power(state, attacker, u) for u in attackers if not is_pierce(state, u))
            block_power = sum(power(state, defender, u) for u in defenders if not has_trait(state, u["card"], "no_block"))
            dealt = max(0, attack_power - block_power)
            record["steps"].append({"step": "attack", "attack": attack_power, "block": block_power, "damage": dealt})
            events.append(event("combat_attack", None, seat=attacker, attack=attack_power, block=block_power, damage=dealt))
            damage(state, defender, dealt, events, "combat")
    state["last"]["combat"] = record
    # 3.3 combat end: reinforcements and the 透過 that 透化 gave end here.
    for seat in (0, 1):
        for unit in state["fields"][seat]:
            unit["reinforce"] = 0
            unit["pierce"] = False
