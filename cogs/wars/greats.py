"""3x3 Wars: great magic (大魔術) used on your own turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import (
    Event,
    Seat,
    State,
    draw_rng,
)
from cogs.wars import cards as C
from cogs.wars.board import ask, card_value, event, heal, split_token, take_from_hand, tokens_for
from cogs.wars.magic import activate_magic, condition_ok, great_of, great_payable, magic_once_ok, pay_great


def copy_targets(state: State, seat: Seat, step: str, source: str) -> list[str]:
    targets = []
    for owner in (0, 1):
        for slot in state["magic"][owner]:
            card = slot["card"]
            if card == source or slot["state"] != "up":
                continue  # 横側 is not 表側 (Q&A)
            if magic_once_ok(state, seat, C.info(card)["effect"]) and condition_ok(state, seat, card, step):
                targets.append(card)
    return targets


def own_turn_great_options(state: State, seat: Seat, step: str) -> list[str]:
    options = []
    for great in ("sea_heal", "seek_life", "endless"):
        options += [f"great:{c}" for c in great_payable(state, seat, great)]
    for card in great_payable(state, seat, "heaven_copy"):
        if copy_targets(state, seat, step, card):
            options.append(f"great:{card}")
    return options


def use_own_turn_great(state: State, seat: Seat, card_id: str, step: str, events: list[Event]) -> None:
    great = great_of(card_id)
    if great == "heaven_copy":
        targets = copy_targets(state, seat, step, card_id)
        pay_great(state, seat, card_id, events)  # ★天写 exiles itself first (Q&A)
        ask(state, seat, "copy", [f"copy:{c}" for c in targets], step=step)
        return
    pay_great(state, seat, card_id, events)
    if great == "endless":
        state["turn_state"]["endless"].append(seat)
    elif great == "sea_heal":
        great_sea_heal(state, seat, events)
    elif great == "seek_life":
        pairs = [f"seek:{d}:{h}" for d in dict.fromkeys(state["discard"]) if C.is_unit(d)
                 for h in dict.fromkeys(state["hands"][seat])]
        if pairs:
            ask(state, seat, "seek", pairs)


def great_sea_heal(state: State, seat: Seat, events: list[Event]) -> None:
    pile = state["discard"]
    kept = draw_rng(state).sample(pile, min(4, len(pile))) if pile else []
    state["exile"] += [c for c in pile if c not in kept]
    state["discard"] = kept
    options = [f"heal:{t}" for c in dict.fromkeys(kept) for t in tokens_for(c)]
    if options:
        ask(state, seat, "heal", options)


def answer_heal(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    card, value = split_token(option.split(":")[1])
    amount = 0 if C.is_spellbreaker(card) else card_value(card, value)
    heal(state, seat, amount, events)


def answer_seek(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    _, from_discard, from_hand = option.split(":")
    take_from_hand(state, seat, from_hand)
    state["discard"].remove(from_discard)
    state["discard"].append(from_hand)
    state["hands"][seat].append(from_discard)
    events.append(event("seek", None, seat=seat, taken=from_discard, given=from_hand))


def answer_copy(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    activate_magic(state, seat, option.split(":")[1], events, copied=True)


def answer_copy_entry(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
    answer_copy(state, seat, choice[0], events)
