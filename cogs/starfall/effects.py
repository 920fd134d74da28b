"""Added effects (upper volume 2-3), unique abilities (2-4) and R effects (3-2) as small pure functions.

A card is data: its skills name effect kinds with parameters (``{kind = "damage", amount = 20}``)
and ``EFFECTS`` maps each kind to one function here. Unique abilities and R effects are looked up
by kind at the few places they act (damage, statuses, ★, round start and end, movement).
Every function mutates the state copy that ``engine.apply`` made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, Seat, State
from cogs.starfall import board
from cogs.starfall import cards as catalogue

STAR_DEATH = 5  # the book: a card whose ★ reaches 5 is sent to the grave
SICK_DAMAGE = 10
REST_HEAL = 10


@dataclass
class Ctx:
    """Who is acting: the acting seat, the acting card's square, and whether the damage comes from a
    unique ability (its deaths wait for the end of the attack phase, as the book says)."""

    state: State
    events: list[Event]
    seat: Seat
    source: str | None = None
    via_ability: bool = False


def event(events: list[Event], key: str, **args: Any) -> None:
    events.append(Event(f"starfall.event.{key}", args))


def field(state: State, seat: Seat) -> dict[str, Any]:
    return state["players"][seat]["field"]


def card_at(state: State, seat: Seat, sq: str | None) -> dict[str, Any] | None:
    return None if sq is None else field(state, seat).get(sq)


def ability(state: State, record: dict[str, Any]) -> dict[str, Any]:
    """A card's unique ability, or {} in the beginner game (the book: first games without them)."""
    if state["beginner"]:
        return {}
    return catalogue.ability(record["id"])


def r_state(record: dict[str, Any]) -> dict[str, Any]:
    """The R effect in force on a card (it has the R chip), else {}."""
    return catalogue.r_effect(record["id"]) if record["r"] else {}


def _aura(state: State, seat: Seat, kind: str) -> int:
    return sum(r_state(rec).get("amount", 0) for rec in field(state, seat).values()
               if rec is not None and r_state(rec).get("kind") == kind)


def kill(state: State, events: list[Event], seat: Seat, sq: str, cause: str) -> None:
    """Send the card on ``sq`` to its owner's grave (chips removed; its action chip still counts)."""
    record = field(state, seat)[sq]
    field(state, seat)[sq] = None
    state["players"][seat]["grave"].append(record["id"])
    event(events, "death", seat=seat, card=record["id"], square=sq, cause=cause)


def is_enemy_effect(ctx: Ctx, seat: Seat) -> bool:
    return seat != ctx.seat


def damage(ctx: Ctx, seat: Seat, sq: str, amount: int) -> int:
    """Skill or ability damage with every modifier; returns the damage dealt."""
    state = ctx.state
    record = card_at(state, seat, sq)
    if record is None:
        return 0
    source = card_at(state, ctx.seat, ctx.source)
    bonus = reduction = 0
    if is_enemy_effect(ctx, seat) and source is not None and not ctx.via_ability:
        if r_state(source).get("kind") == "power":
            bonus += r_state(source)["amount"]
        bonus += _aura(state, ctx.seat, "aura_power")
        hunter = ability(state, source)
        if hunter.get("kind") == "hunter" and record["status"] is not None:
            bonus += hunter["amount"]
    own = ability(state, record)
    if own.get("kind") == "armor":
        reduction += own["amount"]
    if r_state(record).get("kind") == "guard":
        reduction += r_state(record)["amount"]
    reduction += _aura(state, seat, "aura_guard")
    if board.row_of(sq) == "b":  # a guardian in front shields the card behind it
        front = card_at(state, seat, board.square("f", board.col_of(sq)))
        if front is not None and ability(state, front).get("kind") == "guardian":
            reduction += ability(state, front)["amount"]
    dealt = max(0, amount + bonus - reduction)
    record["dmg"] += dealt
    event(ctx.events, "damage", seat=seat, card=record["id"], square=sq, amount=dealt)
    if dealt > 0 and is_enemy_effect(ctx, seat) and not ctx.via_ability and source is not None:
        _thorns(ctx, record, seat)
    if record["dmg"] >= catalogue.hp(record["id"]) and not ctx.via_ability:
        kill(state, ctx.events, seat, sq, "damage")
    return dealt


def _thorns(ctx: Ctx, record: dict[str, Any], seat: Seat) -> None:
    """A thorny card hits back at the attacker: unique-ability (or R) damage, so a death it causes
    waits for the end of the attack phase."""
    amount = 0
    if ability(ctx.state, record).get("kind") == "thorns":
        amount += ability(ctx.state, record)["amount"]
    if r_state(record).get("kind") == "thorns":
        amount += r_state(record)["amount"]
    if amount and ctx.source is not None:
        back = Ctx(ctx.state, ctx.events, seat, None, via_ability=True)
        event(ctx.events, "thorns", seat=seat, card=record["id"])
        damage(back, ctx.seat, ctx.source, amount)


def shielded(ctx: Ctx, seat: Seat, record: dict[str, Any], kinds: tuple[str, ...]) -> bool:
    """Whether an enemy effect is stopped by the card's own ability (``kinds``) or a ward R state."""
    if not is_enemy_effect(ctx, seat):
        return False
    return ability(ctx.state, record).get("kind") in kinds or r_state(record).get("kind") == "ward"


def _damage(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    damage(ctx, seat, sq, params["amount"])


def _heal(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    record = card_at(ctx.state, seat, sq)
    if record is not None:
        healed = min(record["dmg"], params["amount"])
        record["dmg"] -= healed
        if healed:  # a card with no damage heals nothing: no line
            event(ctx.events, "heal", seat=seat, card=record["id"], square=sq, amount=healed)


def _cure(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    record = card_at(ctx.state, seat, sq)
    if record is not None and record["status"] is not None:
        event(ctx.events, "cure", seat=seat, card=record["id"], square=sq, status=record["status"])
        record["status"] = None


def _sick(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    record = card_at(ctx.state, seat, sq)
    # Lock overwrites sick, never the other way round: a locked card stays locked.
    if record is None or record["status"] is not None or shielded(ctx, seat, record, ("purity",)):
        return
    record["status"] = "sick"
    event(ctx.events, "sick", seat=seat, card=record["id"], square=sq)


def _lock(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    record = card_at(ctx.state, seat, sq)
    if record is None or record["status"] == "lock" or shielded(ctx, seat, record, ("purity",)):
        return
    record["status"] = "lock"
    event(ctx.events, "lock", seat=seat, card=record["id"], square=sq)


def change_star(state: State, events: list[Event], seat: Seat, sq: str, amount: int, said: bool = True) -> None:
    """``said``: False for the round start's star on every card, which the round's own line says."""
    record = card_at(state, seat, sq)
    if record is None:
        return
    record["star"] = max(0, record["star"] + amount)
    if said:
        event(events, "star", seat=seat, card=record["id"], square=sq, amount=amount, star=record["star"])
    if record["star"] >= STAR_DEATH:
        kill(state, events, seat, sq, "star")


def _star(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    record = card_at(ctx.state, seat, sq)
    if record is None or shielded(ctx, seat, record, ("steady",)):
        return
    change_star(ctx.state, ctx.events, seat, sq, params["amount"])


def relocate(state: State, events: list[Event], seat: Seat, start: str, end: str) -> None:
    """Move the card on ``start`` to ``end``, swapping with whatever stands there."""
    own = field(state, seat)
    moved, other = own[start], own[end]
    own[start], own[end] = other, moved
    event(events, "moved", seat=seat, card=moved["id"], start=start, end=end,
          other=other["id"] if other else None)
    if state.get("acting") and seat == state["active"]:  # the acting card may be pushed around
        if state["acting"]["square"] == start:
            state["acting"]["square"] = end
        elif state["acting"]["square"] == end and other is not None:
            state["acting"]["square"] = start


def _push_pull(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any], from_row: str, swap: bool) -> None:
    record = card_at(ctx.state, seat, sq)
    if record is None or board.row_of(sq) != from_row:
        return
    behind = board.square(board.other_row(from_row), board.col_of(sq))
    if card_at(ctx.state, seat, behind) is None or swap:
        relocate(ctx.state, ctx.events, seat, sq, behind)


def _push(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    """Front card to the empty square behind it (uncovers nothing, covers what it can)."""
    _push_pull(ctx, seat, sq, params, "f", swap=False)


def _pull(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    """Back card to the empty square in front of it (out of cover)."""
    _push_pull(ctx, seat, sq, params, "b", swap=False)


def _flip(ctx: Ctx, seat: Seat, sq: str, params: dict[str, Any]) -> None:
    """The target trades places with the other square of its column (card or empty)."""
    _push_pull(ctx, seat, sq, params, board.row_of(sq), swap=True)


EFFECTS: dict[str, Callable[[Ctx, Seat, str, dict[str, Any]], None]] = {
    "damage": _damage,
    "heal": _heal,
    "cure": _cure,
    "sick": _sick,
    "lock": _lock,
    "star": _star,
    "push": _push,
    "pull": _pull,
    "flip": _flip,
}

ABILITY_KINDS = ("armor", "thorns", "vigor", "blink", "steady", "purity", "dawn", "rally", "reach",
                 "chill", "hunter", "guardian")
R_KINDS = ("power", "guard", "thorns", "ward", "regen", "cool", "aura_power", "aura_guard")
