"""Taking back one's own steps (``/undo``): until the handover, and only steps that revealed nothing.

A step revealed hidden information if the engine's RNG moved (a shuffle, a random event), or, for a game
with a determinizer (``cogs/<game>/determinize.py``, the bot player's), if the same answer in another
world consistent with what the seat knew would have shown the seat something else (a draw, a face-down
card turned, a deck card revealed). A game without one counts any event only some seats may read as a
reveal. Such a step stands; taking it back would let a player peek and retry.

The log stays append-only: an undo is the decision ``!undo`` of the seat, which removes the newest step
still standing. ``effective_steps`` replays a log with its undos (the replay export uses it too).
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import EngineError
from bot.games import get_game

UNDO = "!undo"
PLATFORM_ENDS = ("!resign", "!claim", "!draw")  # "!draw": adjudicated (bot/match.py)
WORLDS = 8


class NothingToUndo(EngineError):
    code = "undo_nothing"


class UndoAfterHandover(EngineError):
    code = "undo_handover"


class UndoRevealed(EngineError):
    code = "undo_revealed"


def effective_steps(engine, seed: int, options: dict[str, str], rows) -> tuple[list[dict[str, Any]], dict]:
    """Replay ``rows`` ((seat, choice) or (seat, choice, events)) with their undos. Returns the steps still
    standing, oldest first ({before, after, seat, choice, events}), and the current state."""
    state = engine.new_game(seed, options)
    steps: list[dict[str, Any]] = []
    for row in rows:
        seat, choice = row[0], list(row[1])
        events = row[2] if len(row) > 2 else []
        if choice == [UNDO]:
            if not steps or steps[-1]["seat"] != seat:
                raise NothingToUndo()
            state = steps.pop()["before"]
            continue
        if choice[:1] and choice[0] in PLATFORM_ENDS:
            break
        after, _events = engine.apply(state, seat, tuple(choice))
        steps.append({"before": state, "after": after, "seat": seat, "choice": choice, "events": events})
        state = after
    return steps, state


def revealed_information(game_id: str, engine, step: dict[str, Any], worlds: int = WORLDS) -> bool:
    before, after, seat, choice = step["before"], step["after"], step["seat"], tuple(step["choice"])
    if before.get("rng_counter") != after.get("rng_counter"):
        return True
    hooks = get_game(game_id).bot
    if hooks is None:  # no way to tell what an event told: any event not for everyone counts as a reveal
        return any(audience is not None for _key, _args, audience in step["events"])
    seen = engine.view(after, seat)
    for index in range(worlds):
        world = hooks.determinize(before, seat, random.Random(f"undo:{index}"))
        try:
            world_after, _events = engine.apply(world, seat, choice)
        except EngineError:
            return True  # whether the answer was even legal depended on something hidden
        if engine.view(world_after, seat) != seen:
            return True
    return False
