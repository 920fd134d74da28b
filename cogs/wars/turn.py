"""3x3 Wars: the turn: its steps in order and the answers of the active player at each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import (
    Event,
    IllegalChoice,
    Seat,
    State,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    QUESTIONS,
    AnswerHandler,
    answer_expand,
    draw_cards,
    event,
    finish,
    new_turn_state,
    other,
)
from cogs.wars.combat import resolve_combat
from cogs.wars.greats import own_turn_great_options, use_own_turn_great
from cogs.wars.magic import (
    ManaSources,
    activate_magic,
    can_pay_magic,
    condition_ok,
    forbid_fire_options,
    magic_once_ok,
    mana_sources,
    requirement_met,
)
from cogs.wars.mainphase import answer_strategy, strategy_options
from cogs.wars.spells import counter_options, declare_spell, reinforce_options, removal_options, resolve_chain


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until a decision is open or the game is over."""
    guard = 0
    while not state["asks"] and state["result"] is None:
        guard += 1
        if guard > 200:
            raise RuntimeError("wars engine made no progress")
        STEPS[state["step"]](state, events)


def step_turn_start(state: State, events: list[Event]) -> None:
    state["turn"] += 1
    state["turn_state"] = new_turn_state()
    # The record of this turn for the board, keeping the one of the turn before (its combat and spells
    # would otherwise vanish from the picture posted when the turn passes).
    previous = {key: value for key, value in state["last"].items() if key != "previous"}
    state["last"] = {"turn": state["turn"], "seat": state["active"], "spells": [], "combat": None, "magic": [],
                     "main": [],
                     "previous": previous if "turn" in previous else None}
    events.append(event("turn", None, seat=state["active"], turn=state["turn"]))
    if not state["deck"]:
        state["deck_out"] = True
    draw_cards(state, state["active"], 1, events)
    state["step"] = "removal"


def step_removal(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = removal_options(state, seat)
    if not state["declared"]:
        options += magic_options(state, seat, "removal")
    if options:
        QUESTIONS.ask(state, seat, "removal", options + ["pass"], declared=len(state["declared"]))
    else:
        state["step"] = "removal_resolve"


def step_reinforce(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = reinforce_options(state, seat)
    if not state["declared"]:
        options += magic_options(state, seat, "reinforce")
    if options:
        QUESTIONS.ask(state, seat, "reinforce", options + ["pass"], declared=len(state["declared"]))
    else:
        state["step"] = "reinforce_resolve"


def step_resolve_declared(state: State, events: list[Event]) -> None:
    following = {"removal_resolve": "reinforce", "reinforce_resolve": "haste"}[state["step"]]
    if not state["declared"]:
        state["step"] = following
        return
    spell = state["declared"].pop(0)
    state["chain"] = {"stack": [spell], "then": state["step"]}
    state["step"] = "chain"


def step_chain(state: State, events: list[Event]) -> None:
    chain = state["chain"]
    top = chain["stack"][-1]
    responder = other(top["seat"])
    options = counter_options(state, responder, top)
    if chain["stack"][0]["kind"] == "reinforce" and responder != chain["stack"][0]["seat"]:
        options += forbid_fire_options(state, responder)  # ★不許火 nullifies the opponent's reinforcement
    if options:
        # Secret: the wait is shown neutrally, and the platform does not announce who is asked.
        QUESTIONS.ask(state, responder, "counter", options + ["pass"], secret=True, depth=len(chain["stack"]))
    else:
        resolve_chain(state, events)


def step_haste(state: State, events: list[Event]) -> None:
    """The strategy step moved before combat by 速攻. Offered only with a 速攻 unit to deploy; after that
    deploy the step is asked again with magic only (magic may be used at any time of your turn, and the new
    unit can change the requirements)."""
    seat = state["active"]
    if state["turn_state"]["strategy_done"]:  # the 速攻 deploy was just made (the main phase comes later)
        options = magic_options(state, seat, "haste")
    else:
        options = strategy_options(state, seat, haste_only=True)
        if options:
            options += magic_options(state, seat, "haste")
    if options:
        QUESTIONS.ask(state, seat, "haste", options + ["pass"])
    else:
        state["step"] = "precombat"


def step_precombat(state: State, events: list[Event]) -> None:
    """The start of the combat phase: magic after the reinforcements resolved (ruling 9). A 速攻 step,
    which offers magic too, already was this window, so it is asked only when there was none."""
    seat = state["active"]
    options = magic_options(state, seat, "precombat")
    if options:
        QUESTIONS.ask(state, seat, "precombat", options + ["pass"])
    else:
        state["step"] = "combat"


def step_combat(state: State, events: list[Event]) -> None:
    resolve_combat(state, events)
    state["step"] = "expand"


def step_expand(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = [] if state["turn_state"]["expanded"] else [f"expand:{c}" for c in state["hands"][seat]]
    options += magic_options(state, seat, "expand")
    if options:
        QUESTIONS.ask(state, seat, "expand", options + ["pass"])
    else:
        state["step"] = "strategy"


def step_strategy(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = [] if state["turn_state"]["strategy_done"] else strategy_options(state, seat)
    options += magic_options(state, seat, "strategy")
    if options:
        QUESTIONS.ask(state, seat, "strategy", options + ["pass"])
    else:
        state["step"] = "end"


def step_end(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = magic_options(state, seat, "end")
    if options:
        QUESTIONS.ask(state, seat, "end", options + ["pass"])
        return
    end_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    for seat in (0, 1):
        for unit in state["fields"][seat]:
            unit["increase"] = 0
            unit["reinforce"] = 0
            unit["pierce"] = False
    if state["deck_out"]:
        life = state["life"]
        winner = None if life[0] == life[1] else (0 if life[0] > life[1] else 1)
        finish(state, winner, "deck_out", events)
        return
    state["active"] = other(state["active"])
    state["step"] = "turn_start"


STEPS = {
    "turn_start": step_turn_start,
    "removal": step_removal,
    "removal_resolve": step_resolve_declared,
    "reinforce": step_reinforce,
    "reinforce_resolve": step_resolve_declared,
    "chain": step_chain,
    "haste": step_haste,
    "precombat": step_precombat,
    "combat": step_combat,
    "expand": step_expand,
    "strategy": step_strategy,
    "end": step_end,
}


def magic_options(state: State, seat: Seat, step: str) -> list[str]:
    """Magic and great magic the active player may use at the start of ``step``."""
    if state["result"] is not None or seat != state["active"]:
        return []
    options = []
    sources: ManaSources | None = None  # read once per position, only when a card gets that far
    for slot in state["magic"][seat]:
        card = slot["card"]
        if not (can_pay_magic(slot) and magic_once_ok(state, seat, C.info(card)["effect"])
                and condition_ok(state, seat, card, step)):
            continue
        if sources is None:
            sources = mana_sources(state, seat)
        if requirement_met(state, seat, card, sources):
            options.append(f"magic:{card}")
    options += own_turn_great_options(state, seat, step)
    return options


def answer_step(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
    option = choice[0]
    step = state["step"]
    if option.startswith("magic:"):
        activate_magic(state, seat, option.split(":")[1], events)
    elif option.startswith("great:"):
        use_own_turn_great(state, seat, option.split(":")[1], step, events)
    elif option == "pass":
        events.append(event(f"pass_{step}", None, seat=seat))
        if step == "removal":
            state["step"] = "removal_resolve"
        elif step == "reinforce":
            state["step"] = "reinforce_resolve"
        elif step in ("haste", "precombat"):
            state["step"] = "combat"
        elif step == "expand":
            state["step"] = "strategy"
        elif step == "strategy":
            state["step"] = "end"
        elif step == "end":
            end_turn(state, events)
    elif option.startswith(("remove", "reinforce", "veil")):
        declare_spell(state, seat, option, events)
    elif option.startswith("expand:"):
        answer_expand(state, seat, option, events)
        state["turn_state"]["expanded"] = True
        state["step"] = "strategy"
    elif option.startswith(("deploy:", "redeploy:")):
        answer_strategy(state, seat, option, events)
        # The step stays open for magic: a [main phase only] magic may follow the deploy in the same main
        # phase, and the new unit may be what meets its requirement. With no magic usable it closes at once.
    else:
        raise IllegalChoice("unknown option", option=option)


ANSWERS: dict[str, AnswerHandler] = {
    kind: answer_step for kind in ("removal", "reinforce", "haste", "precombat", "expand", "strategy", "end")
}
