"""3x3 Wars: what each seat (or a spectator) sees."""

from __future__ import annotations

from typing import Any

from bot.engine import (
    Seat,
    State,
    copy_state,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    QUESTIONS,
    level_has_masters,
    seen_by_opponent,
    shown_cards,
    territory_count,
    trait_active,
)
from cogs.wars.combat import power


def public_unit(state: State, seat: Seat, unit: dict[str, Any]) -> dict[str, Any]:
    card = unit["card"]
    active_traits = [t for t in C.traits(card) if trait_active(state, t)]
    if unit["pierce"] and "transparent" not in active_traits:
        active_traits.append("transparent")
    return {"card": card, "cost": C.cost(card), "power": power(state, seat, unit), "attribute": C.attribute(card),
            "traits": active_traits, "reinforce": unit["reinforce"], "increase": unit["increase"]}


def magic_view(state: State, owner: Seat, viewer: Seat | None) -> list[dict[str, Any]]:
    shown = []
    for slot in state["magic"][owner]:
        visible = slot["state"] != "down" or viewer == owner
        shown.append({"state": slot["state"], "card": slot["card"] if visible else None})
    return shown


def player_view(state: State, owner: Seat, viewer: Seat | None) -> dict[str, Any]:
    return {
        "life": state["life"][owner],
        "field": [public_unit(state, owner, u) for u in state["fields"][owner]],
        "territory_count": territory_count(state, owner),
        "hand_count": len(state["hands"][owner]),
        "magic": magic_view(state, owner, viewer),
        "master": state["masters"][owner] if level_has_masters(state) else None,
    }


def build_view(state: State, seat: Seat | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "wars", "level": state["level"], "turn": state["turn"], "active": state["active"],
        "first": state["first"], "step": state["step"], "seat": seat, "deck_count": len(state["deck"]),
        "discard": list(state["discard"]), "exile": list(state["exile"]),
        "players": [player_view(state, owner, seat) for owner in (0, 1)],
        "last": copy_state(state["last"]), "result": state["result"],
        "chain": public_chain(state), "moves": state["moves"],
        "waiting": [a["seat"] for a in state["asks"]],
    }
    if seat is not None:
        view["hand"] = list(state["hands"][seat])
        view["territories"] = list(state["territories"][seat])
        setup = state["setup"][seat]
        if setup:
            view["setup"] = {"stage": setup.get("stage"), "magic_pool": list(setup.get("magic_pool", [])),
                             "hand_pool": [list(h) for h in setup.get("hand_pool", [])]}
            if setup.get("stage") == "pick":
                view["setup"]["magic_pool"] = []  # Seven Mage: choose the hand without seeing magic
        seen = seen_by_opponent(state, 1 - seat)
        if seen["hand"] or seen["hand_or_territory"]:  # what this seat saw of the opponent's hidden hand
            view["seen_in_opponent_hand"] = {kind: list(cards) for kind, cards in seen.items()}
        own = QUESTIONS.ask_for(state, seat)
        view["decision"] = None if own is None else {"kind": own["kind"], "options": list(own["options"]),
                                                     "min": own["min"], "max": own["max"]}
    return view


def public_chain(state: State) -> list[dict[str, Any]]:
    chain = state["chain"]
    declared = [{"seat": s["seat"], "kind": s["kind"], "cards": shown_cards(s["cards"]), "target": s["target"],
                 "veil": s["veil"]} for s in state["declared"]]
    if chain is None:
        return declared
    stack = [{"seat": s["seat"], "kind": s["kind"], "cards": shown_cards(s["cards"]),
              "target": s.get("target"), "veil": s.get("veil", False)} for s in chain["stack"]]
    return stack + declared
