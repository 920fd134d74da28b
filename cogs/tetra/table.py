"""TetrAction's shared state vocabulary: the numbers of the box, reading a seat's side of the table,
drawing, gaining within the caps, and the task-queue primitives (an event, a decision step, a pushed task)
that every phase module uses. The state's shape is set in ``setup``; the turn loop is in ``engine``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Event, Seat, State, draw_rng
from cogs.tetra import cards as catalogue
from cogs.tetra import geometry as geo

GAME_ID = "tetra"
START_LIFE = 15
PUBLIC_ROW_SIZE = 4
REPLACEMENT_CHOICES = 3
ACCIDENT_THRESHOLD = 2
# Neither cap is printed for red; blue's 5 mana and yellow's 4 ether are "up to" abilities, so the
# ordinary caps sit one below them (7 ether crystals in the box = 3 + 4).
MANA_CAP = {"red": 4, "yellow": 4, "blue": 5}
ETHER_CAP = {"red": 3, "yellow": 4, "blue": 3}
# A safety net the book does not need: matches last ~40 turns; at this turn the game is decided
# on life at the end phase as if both had fallen.
TURN_LIMIT = 120
TURN_TASKS = ("start", "marker", "rot1", "rot2", "transfer", "cast", "end")


def emit(events: list[Event], key: str, audience: tuple[Seat, ...] | None = None, **args: Any) -> None:
    events.append(Event(f"tetra.event.{key}", args, audience))


def ask(seat: Seat, prompt: str, options: Sequence[str], **args: Any) -> dict[str, Any]:
    return {"seat": seat, "prompt": prompt, "options": list(options), "args": args}


def player_of(state: State, seat: Seat) -> dict[str, Any]:
    return state["players"][seat]


def tetrite_of(state: State, colour: str) -> dict[str, Any]:
    return next(t for t in state["tetrites"] if t["colour"] == colour)


def reading_colours(state: State, seat: Seat) -> list[str]:
    return [state["tetrites"][p]["colour"] for p in geo.reading_order(seat)]


def visible_groups(state: State, seat: Seat) -> list[list[str]]:
    return geo.row_symbols(state["tetrites"], seat)


def hand_card_of(state: State, seat: Seat, card_id: str) -> dict[str, Any] | None:
    return next((h for h in player_of(state, seat)["hand"] if h["id"] == card_id), None)


def free_tetrites(state: State) -> list[str]:
    return [t["colour"] for t in state["tetrites"] if t["colour"] not in state["markers"]]


def draw_public(state: State) -> str | None:
    """Top card of the public deck; an empty deck is rebuilt from the shuffled discard."""
    public = state["public"]
    if not public["deck"] and public["discard"]:
        public["deck"] = public["discard"]
        public["discard"] = []
        draw_rng(state).shuffle(public["deck"])
    return public["deck"].pop(0) if public["deck"] else None


def draw_hand_deck(state: State, seat: Seat) -> str | None:
    player = player_of(state, seat)
    if not player["hand_deck"] and player["hand_discard"]:
        player["hand_deck"] = player["hand_discard"]
        player["hand_discard"] = []
        draw_rng(state).shuffle(player["hand_deck"])
    return player["hand_deck"].pop(0) if player["hand_deck"] else None


def gain_mana(state: State, seat: Seat, colour: str, count: int) -> int:
    player = player_of(state, seat)
    room = MANA_CAP[player["colour"]] - sum(player["mana"].values())
    gained = max(0, min(count, room))
    player["mana"][colour] += gained
    return gained


def gain_ether(state: State, seat: Seat, count: int) -> int:
    player = player_of(state, seat)
    gained = max(0, min(count, ETHER_CAP[player["colour"]] - player["ether"]))
    player["ether"] += gained
    return gained


def payable_colours(state: State, seat: Seat) -> list[str]:
    mana = player_of(state, seat)["mana"]
    return [c for c in geo.COLOURS if mana[c] > 0]


def hand_card_record(card_id: str, charge: int = 0, charge_cards: list[str] | None = None) -> dict[str, Any]:
    return {"id": card_id, "charge": charge, "charge_cards": list(charge_cards or []),
            "cubes": catalogue.field(card_id, "release_count")}


def push(state: State, *tasks: dict[str, Any]) -> None:
    state["queue"][0:0] = list(tasks)


def fresh_turn_state() -> dict[str, Any]:
    return {"exception2": False, "casts_left": 1, "casts_done": 0, "cast_ids": []}
