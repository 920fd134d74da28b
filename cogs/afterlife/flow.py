"""The task queue that runs a turn, and the open questions (``QUESTIONS``, ``bot/questions.py``).

A turn is a queue of tasks (``{"do": "main"}``, ``{"do": "window", ...}``); :func:`run` pops tasks
until one asks a question or the game ends. A handler that needs the rest of its work done later
pushes tasks to the front, so nested things (an instant answered by an instant during an attack)
are plain queue order. Every module registers its handlers here: tasks with :func:`task`, answers
with ``QUESTIONS.answer``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import Event, State
from bot.questions import Questions

TaskFn = Callable[[State, dict[str, Any], list[Event]], None]
TASKS: dict[str, TaskFn] = {}
QUESTIONS = Questions("afterlife", with_data=True)
MAX_STEPS = 5000


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    def register(fn: TaskFn) -> TaskFn:
        TASKS[name] = fn
        return fn
    return register


def push(state: State, *tasks: dict[str, Any]) -> None:
    """Put tasks at the front of the queue, in the given order."""
    state["queue"][0:0] = list(tasks)


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
