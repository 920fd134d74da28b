"""Attacks and combat: declare (``attack:c3``), block, the attacker's damage order, the attack and combat
instant windows, and damage with 貫通 (pierce).

Blocking is a chain of decisions (the engine contract: every subset of a multi-choice decision is legal):
the defender answers ``noblock``, ``block:c2`` (that one creature blocks) or ``several``; ``several`` asks for
the blockers as one multi-choice decision of ``block:cN`` options (any number: the book sets no limit).
A Discord select holds 25 options, so a field of more untapped creatures is offered in rounds of at most 25:
``more`` (offer the next ones as well) and, once some are picked, ``done``. The attacker then orders its damage
one blocker at a time (``order:c4``: that one takes its damage next) until one is left.

A match started before the book's blocking (rules version 0, ``legacy_*`` below) plays by the rules it started
under, so that its log replays exactly: one option per group of at most four blockers (``block:c2+c3``), a
Forced Defence creature binds only while untapped, and one option per damage order (``order:c4+c1``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from bot.engine import Event, Seat, State
from cogs.afterlife import zones as Z
from cogs.afterlife.flow import QUESTIONS, push, task

ROUND_SIZE = 25  # options a multi-choice decision offers at once: one Discord select
RULES = 1  # the rules version new matches start under (match option ``rules``); 0: before the book's blocking
LEGACY_MAX_BLOCKERS = 4  # rules version 0 only


def rules_version(options: Mapping[str, str]) -> int:
    """The rules version of a new match from its options: absent is 0, the rules every match stored before
    the versions began was played by (their stored options and exported replays have no ``rules``)."""
    text = options.get("rules", "0")
    if text not in ("0", str(RULES)):
        raise ValueError(f"rules: {text!r} is not a rules version")
    return int(text)


def legacy(state: State) -> bool:
    """Whether ``state`` plays by the blocking rules before the book's (a state stored before the versions
    began has no ``rules``)."""
    return state.get("rules", 0) < 1


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


def may_block(state: State, defender: Seat) -> tuple[list[str], bool]:
    """The creatures of ``defender`` that may block, and whether they all must (強制防御).

    The book: untapped creatures block (「アンタップ状態のクリーチャーはブロックができます」), and while a
    creature with Forced Defence is there, no other creature may block (「付与されているクリーチャーがいる限り
    他のクリーチャーはブロックできない」), tapped or not. So with a Forced Defence creature on the field only the
    untapped ones with it block, all of them; when every one is tapped, nobody blocks (ruling 14).
    Rules version 0: a tapped Forced Defence creature binds nobody."""
    field = Z.player(state, defender)["field"]
    if legacy(state):
        field = [u for u in field if not u["tapped"]]
    forced = [u for u in field if Z.has_kw(u, "forced_defence")]
    if forced:
        return [u["cid"] for u in forced if not u["tapped"]], True
    return [u["cid"] for u in field if not u["tapped"]], False


def block_options(state: State, defender: Seat) -> list[str]:
    """The first block question: take the damage, block with one creature, or block with several."""
    cids, forced = may_block(state, defender)
    if forced or not cids:
        return []
    return ["noblock"] + ["block:" + cid for cid in cids] + (["several"] if len(cids) > 1 else [])


@task("block")
def task_block(state: State, current: dict[str, Any], events: list[Event]) -> None:
    combat = state["combat"]
    if Z.find(state, combat["attacker"]) is None:  # the attacker did not survive the attack window
        state["combat"] = None
        return
    defender = Z.other(combat["seat"])
    if legacy(state):
        legacy_ask_block(state, defender, events)
        return
    cids, forced = may_block(state, defender)
    if not cids:  # nothing can block (or only tapped Forced Defence creatures bind): skipped, not asked
        declare_blockers(state, defender, [], events)
        return
    if forced:  # 強制防御: these must block together; the question is asked all the same
        ask_blockers(state, defender, [], 0)
        return
    QUESTIONS.ask(state, defender, "block", block_options(state, defender), attacker=combat["attacker"],
                  unit=unit_ref(state, combat["attacker"]))


@QUESTIONS.answer("block")
def answer_block(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    if legacy(state):
        declare_blockers(state, seat, [] if choice[0] == "noblock" else choice[0].split(":", 1)[1].split("+"), events)
        return
    if choice[0] == "several":
        ask_blockers(state, seat, [], 0)
    elif choice[0] == "noblock":
        declare_blockers(state, seat, [], events)
    else:
        declare_blockers(state, seat, [choice[0].split(":", 1)[1]], events)


def blocker_round(state: State, defender: Seat, chosen: list[str], start: int) -> tuple[list[str], bool]:
    """The options of one round of the blockers question, and whether it is forced (all must be picked)."""
    cids, forced = may_block(state, defender)
    rest = cids[start:]
    done = [] if forced or not chosen else ["done"]
    if len(rest) + len(done) <= ROUND_SIZE:
        return ["block:" + cid for cid in rest] + done, forced
    page = rest[:ROUND_SIZE - 1 - len(done)]
    return ["block:" + cid for cid in page] + ["more"] + done, forced


def ask_blockers(state: State, defender: Seat, chosen: list[str], start: int) -> None:
    options, forced = blocker_round(state, defender, chosen, start)
    combat = state["combat"]
    QUESTIONS.ask(state, defender, "blockers", options, lo=len(options) if forced else 1, hi=len(options),
                  data={"chosen": chosen, "start": start}, attacker=combat["attacker"],
                  unit=unit_ref(state, combat["attacker"]))


@QUESTIONS.answer("blockers")
def answer_blockers(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    picked = {option.split(":", 1)[1] for option in choice if option.startswith("block:")}
    offered = [option.split(":", 1)[1] for option in entry["options"] if option.startswith("block:")]
    chosen = entry["data"]["chosen"] + [cid for cid in offered if cid in picked]  # field order
    if "more" in choice and "done" not in choice:
        ask_blockers(state, seat, chosen, entry["data"]["start"] + len(offered))
        return
    declare_blockers(state, seat, chosen, events)


def declare_blockers(state: State, defender: Seat, blockers: list[str], events: list[Event]) -> None:
    combat = state["combat"]
    if not blockers:
        events.append(Z.event("no_block", None, seat=defender))
        push(state, {"do": "damage"})
        return
    combat["blockers"] = blockers
    combat["blocked"] = True
    events.append(Z.event("block", None, seat=defender, cids=blockers, units=[unit_ref(state, c) for c in blockers]))
    tasks: list[dict[str, Any]] = []
    if len(blockers) > 1:
        tasks.append({"do": "order"})
    tasks.append({"do": "window", "timing": "battle", "seats": [combat["seat"], defender]})
    tasks.append({"do": "damage"})
    push(state, *tasks)


def ask_order(state: State, ordered: list[str]) -> None:
    combat = state["combat"]
    options = ["order:" + cid for cid in combat["blockers"] if cid not in ordered]
    QUESTIONS.ask(state, combat["seat"], "order", options, data={"ordered": ordered},
                  attacker=combat["attacker"], unit=unit_ref(state, combat["attacker"]))


@task("order")
def task_order(state: State, current: dict[str, Any], events: list[Event]) -> None:
    if legacy(state):
        combat = state["combat"]
        QUESTIONS.ask(state, combat["seat"], "order", legacy_order_options(state), attacker=combat["attacker"],
                      unit=unit_ref(state, combat["attacker"]))
        return
    ask_order(state, [])


@QUESTIONS.answer("order")
def answer_order(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    """One blocker takes the attacker's damage next; once one is left it comes last, and the order is set."""
    combat = state["combat"]
    # Rules version 0: the option is the whole order (c4+c1), so nothing is left to ask.
    ordered = ([] if legacy(state) else entry["data"]["ordered"]) + choice[0].split(":", 1)[1].split("+")
    rest = [cid for cid in combat["blockers"] if cid not in ordered]
    if len(rest) > 1:
        ask_order(state, ordered)
        return
    combat["blockers"] = ordered + rest
    events.append(Z.event("order", None, seat=seat, cids=combat["blockers"],
                          units=[unit_ref(state, c) for c in combat["blockers"]]))


def legacy_block_options(state: State, defender: Seat) -> list[str]:
    """Rules version 0: one option per group of at most four untapped blockers; untapped Forced Defence
    creatures must block together (one option)."""
    cids, forced = may_block(state, defender)
    if forced:
        return ["block:" + "+".join(cids)]
    options = ["noblock"]
    for size in range(1, min(LEGACY_MAX_BLOCKERS, len(cids)) + 1):
        options += ["block:" + "+".join(group) for group in itertools.combinations(cids, size)]
    return options


def legacy_ask_block(state: State, defender: Seat, events: list[Event]) -> None:
    options = legacy_block_options(state, defender)
    if options == ["noblock"]:  # nothing can block: the step is skipped, not asked
        declare_blockers(state, defender, [], events)
        return
    combat = state["combat"]
    QUESTIONS.ask(state, defender, "block", options, attacker=combat["attacker"],
                  unit=unit_ref(state, combat["attacker"]))


def legacy_order_options(state: State) -> list[str]:
    """Rules version 0: one option per order of the blockers."""
    return ["order:" + "+".join(p) for p in itertools.permutations(state["combat"]["blockers"])]


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
