"""State helpers shared by the turn, combat, instant and effect modules: zones, damage, draws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Event, Seat, State, draw_rng
from cogs.afterlife import cards as C

START_LIFE = 3000
MAX_CORES = 8


def other(seat: Seat) -> Seat:
    return 1 - seat


def event(key: str, audience: tuple[Seat, ...] | None = None, **args: Any) -> Event:
    return Event(f"afterlife.event.{key}", args, audience)


def player(state: State, seat: Seat) -> dict[str, Any]:
    return state["players"][seat]


def shuffle(state: State, items: list[str]) -> None:
    draw_rng(state).shuffle(items)


# ---------------------------------------------------------------- hand (hidden part + public zone)


def hand_all(state: State, seat: Seat) -> list[str]:
    p = player(state, seat)
    return p["hand"] + p["public"]


def take_from_hand(state: State, seat: Seat, card: str, prefer_public: bool = True) -> bool:
    """Remove one copy; a public copy goes first (it is already known). Returns whether it was public."""
    p = player(state, seat)
    order = ("public", "hand") if prefer_public else ("hand", "public")
    for zone in order:
        if card in p[zone]:
            p[zone].remove(card)
            if zone == "hand":
                forget_seen(state, seat, card)
            return zone == "public"
    raise ValueError(f"{card} not in hand of seat {seat}")


def reveal(state: State, seat: Seat, card: str, events: list[Event], why: str) -> None:
    """Hidden hand -> public zone (still part of the hand)."""
    p = player(state, seat)
    p["hand"].remove(card)
    forget_seen(state, seat, card)  # the public zone shows it now
    p["public"].append(card)
    events.append(event("revealed", None, seat=seat, card=card, why=why))


# ---------------------------------------------------------------- what the opponent has seen of a hidden hand
# A card that reaches the hidden hand in the open (bounced, searched face up, taken back from the afterlife, the
# copy an override returns, the public zone going back at the end of the turn) is known to the opponent until a
# copy of it leaves the hidden hand in the open (every way out of the hand is open in Afterlife). The state keeps
# those cards, copies counted (``state["seen"][owner]``), so the bot's worlds for the opponent hold them
# (determinize.py) and the opponent's own panel reminds them (render_private.py). One copy leaving forgets one:
# the opponent cannot tell the seen copy from another.


def seen_by_opponent(state: State, owner: Seat) -> list[str]:
    """The owner's hidden hand cards its opponent knows are there (a name once per known copy)."""
    seen = state.get("seen")
    return list(seen[owner]) if seen else []


def mark_seen(state: State, owner: Seat, cards: Sequence[str]) -> None:
    if "seen" not in state:  # older matches and a fresh game start without it
        state["seen"] = [[], []]
    state["seen"][owner].extend(cards)


def forget_seen(state: State, owner: Seat, card: str) -> None:
    seen = state.get("seen")
    if seen and card in seen[owner]:
        seen[owner].remove(card)


# ---------------------------------------------------------------- creatures


def find(state: State, cid: str) -> tuple[Seat, dict[str, Any]] | None:
    for seat in (0, 1):
        for unit in player(state, seat)["field"]:
            if unit["cid"] == cid:
                return seat, unit
    return None


def has_kw(unit: dict[str, Any], keyword: str) -> bool:
    return keyword in C.keywords(unit["card"]) or keyword in unit["granted"]


def power(state: State, seat: Seat, unit: dict[str, Any]) -> int:
    value = int(C.info(unit["card"])["power"]) + unit["boost"]
    for effect in C.effects(unit["card"], "static"):
        if effect["kind"] == "growth":  # +amount for each card in its owner's afterlife
            value += effect["amount"] * min(len(player(state, seat)["afterlife"]), effect.get("cap", 10))
    return max(0, value)


def toughness(unit: dict[str, Any]) -> int:
    return int(C.info(unit["card"])["toughness"])


def enter_field(state: State, seat: Seat, card: str, events: list[Event], *, sick: bool = True,
                tapped: bool = False) -> str:
    state["next_cid"] += 1
    cid = f"c{state['next_cid']}"
    if C.ctype(card) != "evolution" and "speed_move" in C.keywords(card):
        sick = False
    player(state, seat)["field"].append({"cid": cid, "card": card, "tapped": tapped, "damage": 0, "sick": sick,
                                         "boost": 0, "granted": []})
    events.append(event("summoned", None, seat=seat, card=card, cid=cid))
    return cid


def leave_field(state: State, cid: str) -> tuple[Seat, dict[str, Any]]:
    found = find(state, cid)
    assert found is not None, cid
    seat, unit = found
    player(state, seat)["field"].remove(unit)
    return seat, unit


def destroy(state: State, cid: str, events: list[Event]) -> None:
    if find(state, cid) is None:
        return
    seat, unit = leave_field(state, cid)
    player(state, seat)["grave"].append(unit["card"])
    events.append(event("destroyed", None, seat=seat, card=unit["card"], cid=cid))


def damage_creature(state: State, cid: str, amount: int, events: list[Event]) -> None:
    found = find(state, cid)
    if found is None or amount <= 0:
        return
    seat, unit = found
    unit["damage"] += amount
    events.append(event("creature_damaged", None, seat=seat, cid=cid, card=unit["card"], amount=amount))
    if unit["damage"] >= toughness(unit):
        destroy(state, cid, events)


# ---------------------------------------------------------------- life and the end


def damage_player(state: State, seat: Seat, amount: int, events: list[Event]) -> None:
    if amount <= 0 or state["result"] is not None:
        return
    p = player(state, seat)
    p["life"] = max(0, p["life"] - amount)
    events.append(event("life_damage", None, seat=seat, amount=amount, life=p["life"]))
    if p["life"] <= 0:
        finish(state, other(seat), "life", events)


def heal(state: State, seat: Seat, amount: int, events: list[Event]) -> None:
    p = player(state, seat)
    gained = min(amount, START_LIFE - p["life"])  # no card raises life above the starting 3000
    if gained > 0:
        p["life"] += gained
        events.append(event("healed", None, seat=seat, amount=gained, life=p["life"]))


def finish(state: State, winner: Seat | None, reason: str, events: list[Event]) -> None:
    if state["result"] is not None:
        return
    state["result"] = {"winner": winner, "reason": reason}
    state["asks"] = []
    state["queue"] = []
    if winner is None:
        events.append(event("game_draw", None, reason=reason))
    else:
        events.append(event("game_over", None, winner=winner, reason=reason))


# ---------------------------------------------------------------- deck and afterlife


def refill(state: State, seat: Seat, events: list[Event]) -> bool:
    """An empty deck takes the shuffled afterlife (the book); False when both are empty."""
    p = player(state, seat)
    if p["deck"]:
        return True
    if not p["afterlife"]:
        return False
    p["deck"] = p["afterlife"]
    p["afterlife"] = []
    shuffle(state, p["deck"])
    events.append(event("afterlife_shuffled", None, seat=seat, count=len(p["deck"])))
    return True


def draw(state: State, seat: Seat, count: int, events: list[Event]) -> int:
    """Draw up to ``count``; returns how many were drawn (fewer only when deck and afterlife are empty)."""
    p = player(state, seat)
    drawn = []
    for _ in range(count):
        if not refill(state, seat, events):
            break
        drawn.append(p["deck"].pop(0))
    p["hand"].extend(drawn)
    if drawn:
        events.append(event("drew", (seat,), seat=seat, cards=drawn))
        events.append(event("drew_public", None, seat=seat, count=len(drawn)))
    return len(drawn)


def can_draw(state: State, seat: Seat) -> bool:
    p = player(state, seat)
    return bool(p["deck"] or p["afterlife"])


def cores_free(state: State, seat: Seat) -> int:
    p = player(state, seat)
    return p["cores"] - p["used"]
