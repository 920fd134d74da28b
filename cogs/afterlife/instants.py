"""Using cards: payment (sacrifice, public cost, cost reduction, cores), the stack of instants,
response windows at the book's instant timings, and resolving effects with their targets.

Option ids: ``play:R05`` starts using R05 (a public copy first); then, when there is a choice,
``on:c3`` (the creature an evolution sacrifices), ``show:B07`` (the public cost), ``cut:R09`` or
``nocut`` (cost reduction), ``target:c4`` / ``take:G05`` (an effect's target), and ``pass``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.engine import Event, Seat, State
from cogs.afterlife import cards as C
from cogs.afterlife import effects as E
from cogs.afterlife import zones as Z
from cogs.afterlife.flow import QUESTIONS, push, task

# A response window of each timing, and the instant timings a card may be used in it.
WINDOW_TIMINGS = {"phase": ["phase"], "end": ["end"], "attack": ["attack"], "battle": ["battle"],
                  "use": ["use"], "counter": ["counter", "use"]}


# ---------------------------------------------------------------- can it be paid?


def _played_from_public(state: State, seat: Seat, card: str) -> bool:
    return card in Z.player(state, seat)["public"]


def coloured(card: str) -> bool:
    return C.colour(card) != "N"


def payable(state: State, seat: Seat, card: str) -> bool:
    """Some complete payment exists: sacrifice, public cost, reduction and cores."""
    p = Z.player(state, seat)
    info = C.info(card)
    if info["type"] == "evolution" and not p["field"]:
        return False
    hidden = Counter(p["hand"])
    public = Counter(p["public"])
    if _played_from_public(state, seat, card):
        public[card] -= 1
    else:
        hidden[card] -= 1
    colour = C.colour(card)
    same_hidden = sum(n for cid, n in hidden.items() if n > 0 and C.colour(cid) == colour)
    same_all = same_hidden + sum(n for cid, n in public.items() if n > 0 and C.colour(cid) == colour)
    if info["public"]:
        if same_hidden < 1:
            return False
        same_all -= 1  # the revealed card can never also be the reduction
    free = Z.cores_free(state, seat)
    if free >= info["cost"]:
        return True
    return coloured(card) and same_all >= 1 and free >= info["cost"] - 1


def has_targets(state: State, seat: Seat, card: str) -> bool:
    """An instant is usable only with something to act on (its first chosen target, or an instant to negate)."""
    if E.needs_stack_instant(card):
        return any(entry["seat"] != seat and not entry["negated"] for entry in state["stack"])
    for effect in C.effects(card, "play"):
        options = E.targets(state, seat, effect)
        if options is not None:
            return bool(options)
    return True


def instant_usable(state: State, seat: Seat, card: str, timings: list[str]) -> bool:
    info = C.info(card)
    return (info["type"] == "instant" and any(t in info["timings"] for t in timings)
            and payable(state, seat, card) and has_targets(state, seat, card))


def instant_options(state: State, seat: Seat, timings: list[str]) -> list[str]:
    return [f"play:{card}" for card in dict.fromkeys(Z.hand_all(state, seat))
            if instant_usable(state, seat, card, timings)]


# ---------------------------------------------------------------- using a card


def start_use(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    was_public = Z.take_from_hand(state, seat, card)
    state["casting"] = {"seat": seat, "card": card, "stage": "on", "show": None, "cut": None, "on": None}
    events.append(Z.event("use", None, seat=seat, card=card, from_public=was_public))
    push(state, {"do": "pay"})


def _same_colour(cards: list[str], colour: str) -> list[str]:
    return [c for c in dict.fromkeys(cards) if C.colour(c) == colour]


def _cut_pool(state: State, seat: Seat, colour: str, show: str | None) -> list[str]:
    pool = Z.hand_all(state, seat)
    if show is not None:
        pool.remove(show)  # the card revealed for the public cost is not the reduction
    return _same_colour(pool, colour)


@task("pay")
def task_pay(state: State, current: dict[str, Any], events: list[Event]) -> None:
    casting = state["casting"]
    seat, card = casting["seat"], casting["card"]
    info = C.info(card)
    p = Z.player(state, seat)
    free = Z.cores_free(state, seat)
    if casting["stage"] == "on":
        casting["stage"] = "show"
        if info["type"] == "evolution":
            QUESTIONS.ask(state, seat, "sacrifice", [f"on:{u['cid']}" for u in p["field"]], card=card)
            return
    if casting["stage"] == "show":
        casting["stage"] = "cut"
        if info["public"]:
            options = []
            for cand in _same_colour(p["hand"], info["colour"]):
                if free >= info["cost"] or _cut_pool(state, seat, info["colour"], cand):
                    options.append(f"show:{cand}")
            QUESTIONS.ask(state, seat, "show", options, card=card)
            return
    if casting["stage"] == "cut":
        casting["stage"] = "done"
        pool = _cut_pool(state, seat, info["colour"], casting["show"]) if coloured(card) else []
        options = [f"cut:{c}" for c in pool] + (["nocut"] if free >= info["cost"] else [])
        if pool:
            QUESTIONS.ask(state, seat, "cut", options, card=card)
            return
    finish_payment(state, events)


@QUESTIONS.answer("sacrifice")
def answer_sacrifice(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    cid = choice[0].split(":", 1)[1]
    state["casting"]["on"] = cid
    push(state, {"do": "pay"})


@QUESTIONS.answer("show")
def answer_show(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    card = choice[0].split(":", 1)[1]
    state["casting"]["show"] = card
    Z.reveal(state, seat, card, events, "public_cost")
    push(state, {"do": "pay"})


@QUESTIONS.answer("cut")
def answer_cut(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    if choice[0] != "nocut":
        card = choice[0].split(":", 1)[1]
        casting = state["casting"]
        p = Z.player(state, seat)
        # Keep the public-cost card in the public zone: take the other copy (hidden first, then public).
        spare_public = p["public"].count(card) - (1 if casting["show"] == card else 0)
        if card in p["hand"]:
            p["hand"].remove(card)
            Z.forget_seen(state, seat, card)
        elif spare_public > 0:
            p["public"].remove(card)
        p["grave"].append(card)
        casting["cut"] = card
        events.append(Z.event("reduced", None, seat=seat, card=card, used=casting["card"]))
    push(state, {"do": "pay"})


def finish_payment(state: State, events: list[Event]) -> None:
    casting = state["casting"]
    seat, card = casting["seat"], casting["card"]
    info = C.info(card)
    p = Z.player(state, seat)
    price = max(0, info["cost"] - (1 if casting["cut"] else 0))
    p["used"] += price
    assert p["used"] <= p["cores"], (p, card)
    state["casting"] = None
    opponent = Z.other(seat)
    if info["type"] == "instant":
        state["stack"].append({"seat": seat, "card": card, "negated": False})
        push(state, {"do": "window", "timing": "counter", "seats": [opponent]}, {"do": "resolve"})
        return
    tapped, sick = False, True
    if info["type"] == "evolution":
        owner, unit = Z.leave_field(state, casting["on"])
        p["grave"].append(unit["card"])
        events.append(Z.event("sacrificed", None, seat=seat, card=unit["card"], cid=unit["cid"]))
        tapped, sick = unit["tapped"], False  # attacks at once but keeps the sacrifice's tapped state
    Z.enter_field(state, seat, card, events, sick=sick, tapped=tapped)
    push(state, *effect_tasks(seat, card, "play"), {"do": "window", "timing": "use", "seats": [opponent]})


def effect_tasks(seat: Seat, card: str, when: str) -> list[dict[str, Any]]:
    return [{"do": "effect", "seat": seat, "card": card, "when": when, "index": i}
            for i in range(len(C.effects(card, when)))]


@task("resolve")
def task_resolve(state: State, current: dict[str, Any], events: list[Event]) -> None:
    entry = state["stack"].pop()
    Z.player(state, entry["seat"])["grave"].append(entry["card"])
    if entry["negated"]:
        return
    events.append(Z.event("resolved", None, seat=entry["seat"], card=entry["card"]))
    push(state, *effect_tasks(entry["seat"], entry["card"], "play"))


@task("effect")
def task_effect(state: State, current: dict[str, Any], events: list[Event]) -> None:
    effect = C.effects(current["card"], current["when"])[current["index"]]
    seat = current["seat"]
    options = E.targets(state, seat, effect)
    if effect.get("target") == "same":
        last = state["last_target"]
        if last is None or Z.find(state, last.split(":", 1)[1]) is None:
            events.append(Z.event("no_target", None, seat=seat, card=current["card"]))
        else:
            E.run(state, seat, effect, last, events)
    elif options is None:
        E.run(state, seat, effect, None, events)
    elif not options:
        events.append(Z.event("no_target", None, seat=seat, card=current["card"]))
    else:
        QUESTIONS.ask(state, seat, "target", options, data=current, card=current["card"], effect=effect["kind"])


@QUESTIONS.answer("target")
def answer_target(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    current = entry["data"]
    effect = C.effects(current["card"], current["when"])[current["index"]]
    state["last_target"] = choice[0]
    E.run(state, seat, effect, choice[0], events)


# ---------------------------------------------------------------- response windows


@task("window")
def task_window(state: State, current: dict[str, Any], events: list[Event]) -> None:
    """Ask each listed seat in turn, but only one holding a usable, payable instant (or set to always
    stop); the question is secret, and nothing public is said when it is declined."""
    timings = WINDOW_TIMINGS[current["timing"]]
    while current["seats"]:
        seat = current["seats"][0]
        options = instant_options(state, seat, timings)
        if options or Z.player(state, seat)["always_stop"]:
            push(state, current)
            QUESTIONS.ask(state, seat, "window", options + ["pass"], secret=True, timing=current["timing"])
            return
        current["seats"].pop(0)


@QUESTIONS.answer("window")
def answer_window(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    window = state["queue"][0]
    if choice[0] == "pass":
        window["seats"].pop(0)
        return
    # The same seat is asked again once this instant (and any answer to it) has resolved.
    start_use(state, seat, choice[0].split(":", 1)[1], events)
