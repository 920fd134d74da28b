"""3x3 Wars: a unit's power and the combat phase (the transparent attack step, then the attack step)."""

from __future__ import annotations

from typing import Any

from bot.engine import (
    Event,
    Seat,
    State,
)
from cogs.wars import cards as C
from cogs.wars.board import damage, event, has_trait, is_pierce, other
from cogs.wars.effects import POWER_MODIFIERS


def power(state: State, seat: Seat, unit: dict[str, Any]) -> int:
    """Cost, reinforcement and increase, then every standing or lasting effect on it (never below 0)."""
    value = C.cost(unit["card"]) + unit["reinforce"] + unit["increase"]
    value += sum(modifier(state, seat, unit) for modifier in POWER_MODIFIERS)
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
