"""Attacks and combat: declare (``attack:c3``), block (``noblock`` / ``block:c1+c4``), the attacker's
damage order (``order:c4+c1``), the attack and combat instant windows, and damage with 貫通 (pierce).
"""

from __future__ import annotations

import itertools
from typing import Any

from bot.engine import Event, Seat, State
from cogs.afterlife import zones as Z
from cogs.afterlife.flow import QUESTIONS, push, task

MAX_BLOCKERS = 4  # ruled: the choice fits on a phone, and four blockers outweigh any attacker


def can_attack(state: State, seat: Seat, unit: dict[str, Any]) -> bool:
    return not unit["tapped"] and not unit["sick"]


def unit_ref(state: State, cid: str) -> list[str]:
    """``[card, cid]`` of a creature on a field: the text layer names it ``Flame Lancer [c3]``."""
    found = Z.find(state, cid)
    return [found[1]["card"] if found is not None else "", cid]


def declare(state: State, seat: Seat, cid: str, events: list[Event]) -> None:
    found = Z.find(state, cid)
    assert found is not None
    unit = found[1]
    unit["tapped"] = True
    state["combat"] = {"seat": seat, "attacker": cid, "blockers": [], "blocked": False}
    events.append(Z.event("attack", None, seat=seat, cid=cid, card=unit["card"], power=Z.power(state, seat, unit)))
    defender = Z.other(seat)
    push(state, {"do": "window", "timing": "attack", "seats": [defender, seat]}, {"do": "block"})


def block_options(state: State, defender: Seat) -> list[str]:
    untapped = [u for u in Z.player(state, defender)["field"] if not u["tapped"]]
    forced = [u["cid"] for u in untapped if Z.has_kw(u, "forced_defence")]
    if forced:  # 強制防御: these must block, and no other creature may
        return ["block:" + "+".join(forced)]
    cids = [u["cid"] for u in untapped]
    options = ["noblock"]
    for size in range(1, min(MAX_BLOCKERS, len(cids)) + 1):
        options += ["block:" + "+".join(group) for group in itertools.combinations(cids, size)]
    return options


@task("block")
def task_block(state: State, current: dict[str, Any], events: list[Event]) -> None:
    combat = state["combat"]
    if Z.find(state, combat["attacker"]) is None:  # the attacker did not survive the attack window
        state["combat"] = None
        return
    defender = Z.other(combat["seat"])
    options = block_options(state, defender)
    if options == ["noblock"]:  # nothing can block: the step is skipped, not asked
        answer_block(state, defender, options, {}, events)
        return
    QUESTIONS.ask(state, defender, "block", options, attacker=combat["attacker"], unit=unit_ref(state, combat["attacker"]))


@QUESTIONS.answer("block")
def answer_block(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    combat = state["combat"]
    if choice[0] == "noblock":
        events.append(Z.event("no_block", None, seat=seat))
        push(state, {"do": "damage"})
        return
    blockers = choice[0].split(":", 1)[1].split("+")
    combat["blockers"] = blockers
    combat["blocked"] = True
    events.append(Z.event("block", None, seat=seat, cids=blockers, units=[unit_ref(state, c) for c in blockers]))
    tasks: list[dict[str, Any]] = []
    if len(blockers) > 1:
        tasks.append({"do": "order"})
    tasks.append({"do": "window", "timing": "battle", "seats": [combat["seat"], seat]})
    tasks.append({"do": "damage"})
    push(state, *tasks)


@task("order")
def task_order(state: State, current: dict[str, Any], events: list[Event]) -> None:
    combat = state["combat"]
    options = ["order:" + "+".join(p) for p in itertools.permutations(combat["blockers"])]
    QUESTIONS.ask(state, combat["seat"], "order", options, attacker=combat["attacker"], unit=unit_ref(state, combat["attacker"]))


@QUESTIONS.answer("order")
def answer_order(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    state["combat"]["blockers"] = choice[0].split(":", 1)[1].split("+")
    blockers = state["combat"]["blockers"]
    events.append(Z.event("order", None, seat=seat, cids=blockers, units=[unit_ref(state, c) for c in blockers]))


@task("damage")
def task_damage(state: State, current: dict[str, Any], events: list[Event]) -> None:
    combat = state["combat"]
    state["combat"] = None
    seat, defender = combat["seat"], Z.other(combat["seat"])
    found = Z.find(state, combat["attacker"])
    if found is None:
        return
    attacker = found[1]
    strength = Z.power(state, seat, attacker)
    if not combat["blocked"]:
        Z.damage_player(state, defender, strength, events)
        return
    blockers = [Z.find(state, cid) for cid in combat["blockers"]]
    present = [b[1] for b in blockers if b is not None]
    pierce = Z.has_kw(attacker, "pierce")
    # The attacker's damage goes in its order: each blocker takes what destroys it, the last the rest
    # (with pierce, the rest goes to the player instead).
    remaining = strength
    dealt: list[tuple[str, int]] = []
    for i, unit in enumerate(present):
        lethal = max(0, Z.toughness(unit) - unit["damage"])
        last = i == len(present) - 1
        amount = remaining if last and not pierce else min(remaining, lethal)
        dealt.append((unit["cid"], amount))
        remaining -= amount
    back = sum(Z.power(state, defender, unit) for unit in present)
    events.append(Z.event("battle", None, seat=seat, cid=attacker["cid"], power=strength, back=back))
    for cid, amount in dealt:
        Z.damage_creature(state, cid, amount, events)
    Z.damage_creature(state, attacker["cid"], back, events)
    if pierce and remaining > 0:
        Z.damage_player(state, defender, remaining, events)
