"""3x3 Wars: what each magic does once it resolves, and the unit traits that trigger."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    Event,
    Seat,
    State,
    draw_rng,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    FIELD_SLOTS,
    ask,
    bounce_unit,
    damage,
    destroy_unit,
    draw_cards,
    event,
    find_unit,
    has_trait,
    heal,
    other,
    reinforceable,
    take_from_hand,
    territory_count,
    unit_entry,
    units_of,
)


def effect_damage3(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 3, events, "magic")


def effect_drain2(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 2, events, "magic")
    if state["result"] is None:
        heal(state, seat, 2, events)


def effect_lava(state: State, seat: Seat, events: list[Event]) -> None:
    for owner in (0, 1):
        for card in units_of(state, owner):
            if C.cost(card) <= 2:
                destroy_unit(state, card, events)


def effect_rage(state: State, seat: Seat, events: list[Event]) -> None:
    for unit in state["fields"][seat]:
        unit["increase"] += 2
    events.append(event("increase_all", None, seat=seat, amount=2))


def effect_miasma(state: State, seat: Seat, events: list[Event]) -> None:
    if other(seat) not in state["turn_state"]["miasma"]:
        state["turn_state"]["miasma"].append(other(seat))


def effect_expose(state: State, seat: Seat, events: list[Event]) -> None:
    opponent = other(seat)
    hand = state["hands"][opponent]
    shown = sorted(draw_rng(state).sample(hand, min(4, len(hand)))) if hand else []
    if shown:
        events.append(event("revealed_hand", (seat,), seat=opponent, cards=shown))
    slots = [i for i, slot in enumerate(state["magic"][opponent]) if slot["state"] == "down"]
    if slots:
        ask(state, seat, "flip", [f"flip:{i + 1}" for i in slots])


def answer_flip(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    slot = state["magic"][other(seat)][int(option.split(":")[1]) - 1]
    slot["state"] = "up"  # turned face up, not activated (Q&A: 透禍の槍 deals no damage)
    events.append(event("flipped", None, seat=other(seat), card=slot["card"]))


def effect_fog(state: State, seat: Seat, events: list[Event]) -> None:
    state["turn_state"]["fog"].append(other(seat))


def effect_poison(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, other(seat))
    if targets:
        ask(state, seat, "poison", [f"target:{c}" for c in targets])


def answer_poison(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    target = option.split(":")[1]
    destroy_unit(state, target, events)
    damage(state, seat, C.cost(target), events, "poison")


def effect_giant(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, seat)
    if targets:
        ask(state, seat, "giant", [f"target:{c}" for c in targets])


def answer_giant(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    found = find_unit(state, option.split(":")[1])
    if found:
        found[1]["increase"] += 4
        events.append(event("increased", None, seat=seat, target=found[1]["card"], amount=4))


def effect_woods(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, other(seat))
    if targets:
        ask(state, seat, "woods", [f"target:{c}" for c in targets])


def answer_woods(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    bounce_unit(state, option.split(":")[1], events)


def effect_harvest(state: State, seat: Seat, events: list[Event]) -> None:
    state["turn_state"]["harvest"].append(seat)


def effect_twin(state: State, seat: Seat, events: list[Event]) -> None:
    targets = [u["card"] for u in state["fields"][seat] if reinforceable(state, u)]
    if targets:
        ask(state, seat, "twin", [f"target:{c}" for c in targets], 0, min(2, len(targets)))


def answer_twin(state: State, seat: Seat, choice: Sequence[str], events: list[Event]) -> None:
    for option in choice:
        card = option.split(":")[1]
        found = find_unit(state, card)
        if found:
            found[1]["reinforce"] += 2
            state["turn_state"]["targeted"].append(card)
            events.append(event("reinforced", None, seat=seat, target=card, amount=2))


def effect_frontier(state: State, seat: Seat, events: list[Event]) -> None:
    if state["hands"][seat]:
        ask(state, seat, "frontier", [f"expand:{c}" for c in dict.fromkeys(state["hands"][seat])])


def effect_draw1(state: State, seat: Seat, events: list[Event]) -> None:
    draw_cards(state, seat, 1, events)


def effect_headwind(state: State, seat: Seat, events: list[Event]) -> None:
    hand = state["hands"][other(seat)]
    if hand:
        card = draw_rng(state).choice(sorted(hand))
        hand.remove(card)
        state["discard"].append(card)
        events.append(event("discarded", None, seat=other(seat), card=card))


def effect_tornado(state: State, seat: Seat, events: list[Event]) -> None:
    for owner in (0, 1):
        for card in units_of(state, owner):
            if C.cost(card) <= 3:
                bounce_unit(state, card, events)


def effect_draw3(state: State, seat: Seat, events: list[Event]) -> None:
    draw_cards(state, seat, 3, events)  # as far as possible (Q&A); the discards were its activation condition


def settle_options(state: State, seat: Seat) -> list[str]:
    if len(state["fields"][seat]) >= FIELD_SLOTS:
        return []
    limit = territory_count(state, seat)  # an effect that counts territories: no 豊穣, no 収穫 (Q&A)
    return [f"deploy:{c}" for c in dict.fromkeys(state["hands"][seat]) if C.is_unit(c) and C.cost(c) <= limit]


def effect_settle(state: State, seat: Seat, events: list[Event]) -> None:
    options = settle_options(state, seat)
    if options:
        ask(state, seat, "settle", options)


def answer_settle(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    card = option.split(":")[1]
    take_from_hand(state, seat, card)
    state["fields"][seat].append(unit_entry(card, state["turn"]))
    events.append(event("deploy", None, seat=seat, card=card))
    enter_field(state, seat, card, events)


def effect_spear(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 1, events, "magic")


MAGIC_EFFECTS = {
    "damage3": effect_damage3, "drain2": effect_drain2, "lava": effect_lava, "rage": effect_rage,
    "miasma": effect_miasma, "expose": effect_expose, "fog": effect_fog, "poison": effect_poison,
    "giant": effect_giant, "woods": effect_woods, "harvest": effect_harvest, "twin": effect_twin,
    "frontier": effect_frontier, "draw1": effect_draw1, "headwind": effect_headwind, "tornado": effect_tornado,
    "draw3": effect_draw3, "settle": effect_settle, "spear": effect_spear,
}


def enter_field(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    if has_trait(state, card, "treasure") and state["deck"]:
        ask(state, seat, "treasure", ["dig", "pass"], card=card)


def answer_treasure(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    if option == "dig" and draw_cards(state, seat, 1, events):
        ask(state, seat, "discard_one", [f"discard:{c}" for c in dict.fromkeys(state["hands"][seat])])
