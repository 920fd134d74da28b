"""3x3 Wars: the main phase: deploy and redeploy (the strategy step)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from bot.engine import (
    Event,
    Seat,
    State,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    FIELD_SLOTS,
    event,
    has_trait,
    leave_field,
    main_record,
    mark_seen,
    take_from_hand,
    territory_count,
    unit_entry,
)
from cogs.wars.effects import DEPLOY_LIMIT_MODIFIERS, enter_field


def deploy_limit(state: State, seat: Seat, spent: Sequence[str] = ()) -> int:
    """The highest cost ``seat`` may deploy: its territories, and what standing and lasting effects add
    (``spent``: the units being paid as redeploy cost)."""
    return territory_count(state, seat) + sum(modifier(state, seat, spent) for modifier in DEPLOY_LIMIT_MODIFIERS)


def strategy_options(state: State, seat: Seat, haste_only: bool = False) -> list[str]:
    hand_units = [c for c in dict.fromkeys(state["hands"][seat]) if C.is_unit(c)]
    if haste_only:
        hand_units = [c for c in hand_units if has_trait(state, c, "haste")]
    if not hand_units:
        return []  # nothing to deploy (asked at every 速攻 window: most turns have no 速攻 unit in hand)
    field = [u["card"] for u in state["fields"][seat]]
    options = []
    if len(field) < FIELD_SLOTS:
        limit = deploy_limit(state, seat)
        options += [f"deploy:{c}" for c in hand_units if C.cost(c) <= limit]
    for size in range(1, len(field) + 1):
        for spent in itertools.combinations(field, size):
            budget = sum(C.cost(c) for c in spent) + deploy_limit(state, seat, spent)
            options += [f"redeploy:{c}:{'+'.join(spent)}" for c in hand_units if C.cost(c) <= budget]
    return options


def answer_strategy(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    parts = option.split(":")
    card = parts[1]
    take_from_hand(state, seat, card)
    if parts[0] == "redeploy":
        for spent in parts[2].split("+"):
            leave_field(state, seat, spent)
            if has_trait(state, spent, "relief"):
                state["hands"][seat].append(spent)  # 交代
                mark_seen(state, seat, [spent])
            else:
                state["discard"].append(spent)
        events.append(event("redeploy", None, seat=seat, card=card, spent=parts[2].split("+")))
        main_record(state, {"seat": seat, "kind": "redeploy", "card": card, "spent": parts[2].split("+")})
    else:
        events.append(event("deploy", None, seat=seat, card=card))
        main_record(state, {"seat": seat, "kind": "deploy", "card": card})
    state["fields"][seat].append(unit_entry(card, state["turn"]))
    state["turn_state"]["strategy_done"] = True
    enter_field(state, seat, card, events)
