"""3x3 Wars: magic cards on the table: requirements (必要魔力), conditions, paying, activating, the
opponent's ★不許火 window, and resolving through the effect registry (``cogs.wars.effects.EFFECTS``).

``CONDITIONS`` is the registry of activation conditions a magic card may name (``condition = "main"``):
when it may be activated, an activation cost asked before the effect (転生 discards three units), and its
card text.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import (
    Event,
    Seat,
    State,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    MAIN_STEPS,
    QUESTIONS,
    SPELL_STEPS,
    AnswerHandler,
    answer_discard,
    event,
    has_trait,
    level_has_great,
    level_has_masters,
    multi,
    other,
    single,
)
from cogs.wars.effects import EFFECTS, EXTRA_MANA, NULLIFY_LOCKS

ManaSources = tuple[list[str], list[str | None]]  # the units' attributes, the extras (None = any attribute)


def mana_sources(state: State, seat: Seat) -> ManaSources:
    """What may meet ``seat``'s requirements: the units of both fields (less the opponent's 占有 ones) and
    the extra mana (the master, standing effects)."""
    units = []
    for owner in (0, 1):
        for unit in state["fields"][owner]:
            if owner != seat and has_trait(state, unit["card"], "occupy"):
                continue  # 占有: the opponent's unit does not count for you
            units.append(C.attribute(unit["card"]))
    extras: list[str | None] = []  # None = any attribute
    master = state["masters"][seat]
    if master and level_has_masters(state):
        extras.append(C.attribute(master))
    for mana in EXTRA_MANA:
        extras += mana(state, seat)
    return units, extras


def requirement_met(state: State, seat: Seat, card_id: str, sources: ManaSources | None = None) -> bool:
    """必要魔力: numbered circles need any units, coloured circles units of that attribute (both fields).
    ``sources``: ``mana_sources(state, seat)`` when the caller asks for several cards of one position."""
    card = C.info(card_id)
    need_any = int(card.get("req_any", 0))
    need_attrs: dict[str, int] = {}
    for attr in card.get("req_attrs", []):
        need_attrs[attr] = need_attrs.get(attr, 0) + 1
    if not need_any and not need_attrs:
        return True
    units, extras = sources if sources is not None else mana_sources(state, seat)
    return _requirements_fit(units, extras, need_any, need_attrs)


def _requirements_fit(units: list[str], extras: list[str | None], need_any: int, need_attrs: dict[str, int]) -> bool:
    for assignment in itertools.product([True, False], repeat=len(extras)):
        pool_attrs = {a: units.count(a) for a in set(units)}
        total = len(units)
        wild = 0
        for used, attr in zip(assignment, extras, strict=True):
            if not used:
                continue
            total += 1
            if attr is None:
                wild += 1
            else:
                pool_attrs[attr] = pool_attrs.get(attr, 0) + 1
        missing = sum(max(0, n - pool_attrs.get(a, 0)) for a, n in need_attrs.items())
        if missing <= wild and total >= need_any + sum(need_attrs.values()):
            return True
    return False


@dataclass(frozen=True)
class Condition:
    """A magic's activation condition (the bracket on the card)."""
    allows: Callable[[State, Seat, str], bool]  # (state, caster, step)
    text_en: str  # the bracket as printed, "" for none
    text_ja: str
    pay: Callable[[State, Seat], None] | None = None  # an activation cost, asked before ★不許火's window

    def text(self, locale: str) -> str:
        return self.text_ja if locale == "ja" else self.text_en


def _unit_cards(state: State, seat: Seat) -> list[str]:
    return [c for c in state["hands"][seat] if C.is_unit(c)]


def _ask_three_units(state: State, seat: Seat) -> None:
    # 転生's bracket is its activation condition (Q&A: 「《転生》の発動条件で…捨てる」): the three unit cards
    # are discarded as it is activated, before any ★不許火, and stay discarded if it is nullified.
    QUESTIONS.ask(state, seat, "reincarnate", [f"discard:{c}" for c in _unit_cards(state, seat)], 3, 3)


CONDITIONS: dict[str, Condition] = {
    "": Condition(lambda state, seat, step: True, "", ""),
    "main": Condition(lambda state, seat, step: step in MAIN_STEPS, "[Your main phase only]", "[あなたのメインフェイズ限定]"),
    "spell": Condition(lambda state, seat, step: step in SPELL_STEPS, "[Your spell phase only]", "[あなたの呪文フェイズ限定]"),
    "discard3": Condition(lambda state, seat, step: len(_unit_cards(state, seat)) >= 3,
                          "[Discard 3 unit cards from your hand]", "[手札のユニット・カード3枚を捨てる]",
                          pay=_ask_three_units),
}


def magic_slot(state: State, seat: Seat, card_id: str) -> dict[str, Any] | None:
    for slot in state["magic"][seat]:
        if slot["card"] == card_id:
            return slot
    return None


def can_pay_magic(slot: dict[str, Any]) -> bool:
    return slot["state"] in ("down", "up") or (slot["state"] == "side" and "echo" in C.traits(slot["card"]))


def magic_once_ok(state: State, seat: Seat, effect: str) -> bool:
    used = state["turn_state"]["magic_used"]
    if state["level"] == "overlord":
        return not used  # 魔法の基本ルール:初級
    return effect not in used  # 中級/上級: each magic once per turn


def condition_ok(state: State, seat: Seat, card_id: str, step: str) -> bool:
    """The card's condition allows it at ``step``, and its effect has something to do (入植)."""
    card = C.info(card_id)
    if not CONDITIONS[card.get("condition", "")].allows(state, seat, step):
        return False
    ready = EFFECTS[card["effect"]].ready
    return ready is None or bool(ready(state, seat))


def pay_magic(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    slot = magic_slot(state, seat, card_id)
    assert slot is not None
    was = slot["state"]
    if was == "down":
        slot["state"] = "up"
    elif was == "up":
        slot["state"] = "side"
        keep_manifest(state, seat, card_id)
    else:
        exile_magic(state, seat, card_id)  # 残響
    events.append(event("magic_paid", None, seat=seat, card=card_id, was=was))


def keep_manifest(state: State, seat: Seat, card_id: str) -> None:
    """A 顕在 card that stops being face up keeps its effect until the end of the turn."""
    if "manifest" in C.traits(card_id) and seat not in state["turn_state"]["manifest_off"]:
        if seat not in state["turn_state"]["manifest_kept"]:
            state["turn_state"]["manifest_kept"].append(seat)


def exile_magic(state: State, seat: Seat, card_id: str) -> None:
    slot = magic_slot(state, seat, card_id)
    if slot is None:
        return
    if slot["state"] == "up":
        keep_manifest(state, seat, card_id)
    state["magic"][seat] = [s for s in state["magic"][seat] if s["card"] != card_id]
    state["exile"].append(card_id)


def activate_magic(state: State, seat: Seat, card_id: str, events: list[Event], copied: bool = False) -> None:
    effect = C.info(card_id)["effect"]
    if not copied:
        pay_magic(state, seat, card_id, events)
    state["turn_state"]["magic_used"].append(effect)
    state["last"]["magic"].append({"seat": seat, "card": card_id, "copied": copied, "result": "activated"})
    events.append(event("magic", None, seat=seat, card=card_id, copied=copied))
    state["pending_magic"] = {"seat": seat, "card": card_id, "copied": copied}
    pay_condition = CONDITIONS[C.info(card_id).get("condition", "")].pay
    if pay_condition is not None:
        pay_condition(state, seat)  # its answer goes on to offer_nullify
        return
    offer_nullify(state, seat, card_id, events)


def answer_reincarnate(state: State, seat: Seat, choice: Sequence[str], events: list[Event]) -> None:
    answer_discard(state, seat, choice, events)
    offer_nullify(state, seat, state["pending_magic"]["card"], events)


def offer_nullify(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    """The opponent's ★不許火 window on an activated magic (none under ★無尽増), then its effect."""
    opponent = other(seat)
    if not any(locked(state, seat) for locked in NULLIFY_LOCKS) and forbid_fire_options(state, opponent):
        QUESTIONS.ask(state, opponent, "nullify", forbid_fire_options(state, opponent) + ["pass"], secret=True, card=card_id)
        return
    resolve_magic(state, events)


def answer_nullify(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    if option == "pass":
        resolve_magic(state, events)
        return
    pending = state["pending_magic"]
    record = state["last"]["magic"][-1]  # the magic being nullified, before ★不許火 is recorded
    pay_great(state, seat, option.split(":")[1], events)
    state["pending_magic"] = None
    record["result"] = "nullified"
    events.append(event("nullified", None, seat=seat, card=pending["card"]))
    if "manifest" in C.traits(pending["card"]) and not pending["copied"]:
        caster = pending["seat"]
        state["turn_state"]["manifest_off"].append(caster)
        if caster in state["turn_state"]["manifest_kept"]:
            state["turn_state"]["manifest_kept"].remove(caster)


def resolve_magic(state: State, events: list[Event]) -> None:
    pending = state["pending_magic"]
    state["pending_magic"] = None
    seat, card = pending["seat"], pending["card"]
    EFFECTS[C.info(card)["effect"]].resolve(state, seat, events)


def great_of(card_id: str) -> str:
    return str(C.info(card_id)["great"])


def great_allowed(state: State, seat: Seat) -> bool:
    """Great magic is in this level and ``seat`` has not used one this turn."""
    return level_has_great(state) and seat not in state["turn_state"]["great_used"]


def great_payable(state: State, seat: Seat, great: str) -> list[str]:
    """Magic of ``seat`` that can be exiled for ``great``: face down or face up (sideways with 残響)."""
    if not great_allowed(state, seat):
        return []
    return [s["card"] for s in state["magic"][seat] if great_of(s["card"]) == great and can_pay_magic(s)]


def forbid_fire_options(state: State, seat: Seat) -> list[str]:
    return [f"great:{c}" for c in great_payable(state, seat, "forbid_fire")]


def pay_great(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    state["turn_state"]["great_used"].append(seat)
    exile_magic(state, seat, card_id)
    state["last"]["magic"].append({"seat": seat, "card": card_id, "great": great_of(card_id), "result": "activated"})
    events.append(event("great", None, seat=seat, card=card_id, great=great_of(card_id)))


ANSWERS: dict[str, AnswerHandler] = {"nullify": single(answer_nullify), "reincarnate": multi(answer_reincarnate)}
