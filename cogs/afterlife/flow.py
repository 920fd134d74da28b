"""The task queue that runs a turn, and the open questions (``asks``).

A turn is a queue of tasks (``{"do": "main"}``, ``{"do": "window", ...}``); :func:`run` pops tasks
until one asks a question or the game ends. A handler that needs the rest of its work done later
pushes tasks to the front, so nested things (an instant answered by an instant during an attack)
are plain queue order. Every module registers its handlers here with :func:`task` / :func:`answer`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.engine import Event, Seat, State

TaskFn = Callable[[State, dict[str, Any], list[Event]], None]
AnswerFn = Callable[[State, Seat, list[str], dict[str, Any], list[Event]], None]
TASKS: dict[str, TaskFn] = {}
ANSWERS: dict[str, AnswerFn] = {}
MAX_STEPS = 5000


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    def register(fn: TaskFn) -> TaskFn:
        TASKS[name] = fn
        return fn
    return register


def answer(name: str) -> Callable[[AnswerFn], AnswerFn]:
    def register(fn: AnswerFn) -> AnswerFn:
        ANSWERS[name] = fn
        return fn
    return register


def push(state: State, *tasks: dict[str, Any]) -> None:
    """Put tasks at the front of the queue, in the given order."""
    state["queue"][0:0] = list(tasks)


def ask(state: State, seat: Seat, kind: str, options: Sequence[str], *, lo: int = 1, hi: int = 1,
        secret: bool = False, data: dict[str, Any] | None = None, **args: Any) -> None:
    """Open a question (asked even when only one answer is legal, so the notation never skips a step)."""
    state["asks"].append({"seat": seat, "kind": kind, "options": list(dict.fromkeys(options)), "min": lo, "max": hi,
                          "secret": secret, "data": data or {}, "args": args})


def ask_for(state: State, seat: Seat) -> dict[str, Any] | None:
    for entry in state["asks"]:
        if entry["seat"] == seat:
            return entry
    return None


def answer_ask(state: State, entry: dict[str, Any], choice: list[str], events: list[Event]) -> None:
    state["asks"].remove(entry)
    ANSWERS[entry["kind"]](state, entry["seat"], choice, entry, events)


def run(state: State, events: list[Event]) -> None:
    """Run tasks until a question is open or the game is over."""
    for _ in range(MAX_STEPS):
        if state["result"] is not None:
            state["asks"] = []
            return
        if state["asks"]:
            return
        current = state["queue"].pop(0)
        TASKS[current["do"]](state, current, events)
    raise RuntimeError("afterlife engine made no progress")
