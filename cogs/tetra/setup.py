"""TetrAction's set-up: the characters option, both players' starting hands and decks, the public and
accident decks. ``engine.new_game`` then runs the first turn's tasks up to the first decision."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import State, draw_rng
from cogs.tetra import cards as catalogue
from cogs.tetra import geometry as geo
from cogs.tetra.table import (
    GAME_ID,
    PUBLIC_ROW_SIZE,
    START_LIFE,
    TURN_TASKS,
    fresh_turn_state,
    hand_card_record,
)

CHARACTER_PAIRS = tuple(f"{a}-{b}" for a in geo.COLOURS for b in geo.COLOURS if a != b)


def _characters(state: State, choice: str) -> tuple[str, str]:
    if choice in CHARACTER_PAIRS:
        first, second = choice.split("-")
        return first, second
    first, second = draw_rng(state).sample(list(geo.COLOURS), 2)
    return first, second


def initial_state(seed: int, options: Mapping[str, str]) -> State:
    """The table before the first task runs, with the first turn's tasks queued."""
    choice = options.get("characters", "random")
    if choice != "random" and choice not in CHARACTER_PAIRS:
        raise ValueError(f"unknown characters option {choice!r}")
    state: State = {"game": GAME_ID, "seed": seed, "rng_counter": 0, "options": dict(options), "version": 0}
    colours = _characters(state, choice)
    neutral = next(c for c in geo.COLOURS if c not in colours)
    first = 0  # the platform seats the first player as seat 0
    state["first"] = first
    state["neutral"] = neutral
    # Seat 0's own tetrite is at its left end (position 0); seat 1's at ITS left end (position 2).
    state["tetrites"] = [
        {"colour": colours[0], "faces": geo.initial_orientation(colours[0], 0)},
        {"colour": neutral, "faces": geo.initial_orientation(neutral, first)},
        {"colour": colours[1], "faces": geo.initial_orientation(colours[1], 1)},
    ]
    state["players"] = [_new_player(state, colour) for colour in colours]
    state["box"] = catalogue.ids_of("hand", neutral)  # the third character's cards stay in the box
    public_deck = catalogue.ids_of("public")
    draw_rng(state).shuffle(public_deck)
    accident_deck = catalogue.ids_of("accident")
    draw_rng(state).shuffle(accident_deck)
    state["public"] = {"deck": public_deck, "row": [], "discard": []}
    for _ in range(PUBLIC_ROW_SIZE):
        state["public"]["row"].append(state["public"]["deck"].pop(0))
    state["accident"] = {"deck": accident_deck, "discard": [], "cubes": 0}
    state["markers"] = [None, None]
    state["hand_discards"] = 0
    state["turn"] = 1
    state["active"] = first
    state["turn_state"] = fresh_turn_state()
    state["result"] = None
    state["log"] = []
    state["queue"] = [{"do": task} for task in TURN_TASKS]
    state["step"] = None
    return state


def _new_player(state: State, colour: str) -> dict[str, Any]:
    deck = catalogue.ids_of("hand", colour)
    starts = [card_id for card_id in deck if catalogue.field(card_id, "start")]
    rest = [card_id for card_id in deck if card_id not in starts]
    draw_rng(state).shuffle(rest)
    return {"colour": colour, "life": START_LIFE, "mana": {c: 0 for c in geo.COLOURS}, "ether": 0,
            "hand": [hand_card_record(card_id) for card_id in starts], "hand_deck": rest, "hand_discard": []}
