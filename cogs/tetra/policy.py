"""TetrAction's self-play policy (tools/selfplay.py): the greedy player of cogs/tetra/greedy.py, keyed by character."""

from __future__ import annotations

import random

from bot.engine import Decision, State
from cogs.tetra.greedy import choose


def greedy(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    return choose(state, decision)


def side_keys(state: State) -> tuple[str, str]:
    """Each seat's character, named by its colour (red, yellow, blue)."""
    return state["players"][0]["colour"], state["players"][1]["colour"]


def selfplay_options(index: int, rng: random.Random) -> dict[str, str]:
    return {"characters": "random"}
