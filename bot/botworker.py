"""Members first: the bot player's search steps aside while the bot is handling a member's click.

The search runs in its own worker process under SCHED_IDLE (bot/match.py), so the kernel gives a core to
the bot's event loop and render threads before it. On this 2-core host that is not enough: a worker
busy on the *other* core still slows a click by 20-60 % (measured by ``python -m bot.bench botmatch``:
a plain SCHED_IDLE busy loop costs ~19 % on its own; shared caches, memory bandwidth and the
hypervisor's scheduling of the two vCPUs are shared whatever the priority).

So the bot process counts the member interactions it is handling (click received -> board and panels
sent) in one integer in shared memory, and the search, between playout steps, sleeps while that count
is above zero. The time it sleeps is added to its deadline, so the answer never depends on it (the
iteration budget decides); it stops stepping aside after ``MAX_STEP_ASIDE_S`` in one answer, so a bot
that is never idle still answers (the bot's own moves wait, never the members').

Which handlers count: ``Glue.working()`` raises the count for a member's click or command and lowers it
when the handler ends; a handler that then waits for the bot player's own move (``released()``) lowers
it meanwhile, or the search would wait for itself.
"""

from __future__ import annotations

import contextlib
import contextvars
import multiprocessing
import os
import time
from collections.abc import Iterator
from typing import Any

MAX_STEP_ASIDE_S = 4.0  # per answer: after that the search runs on even while members click
POLL_S = 0.002  # how often a waiting search looks at the count again

_count: Any = None
_holding: contextvars.ContextVar[bool] = contextvars.ContextVar("members_first_holding", default=False)


def shared_count() -> Any:
    """The count of member handlers in flight, in shared memory: made on first use (before the worker
    is spawned, which gets it at start). One writer (the event loop's thread), so no lock."""
    global _count
    if _count is None:
        _count = multiprocessing.get_context("spawn").Value("i", 0, lock=False)
    return _count


@contextlib.contextmanager
def member_in_flight() -> Iterator[None]:
    """Around a member's handler in the bot process (``Glue.working``)."""
    if _holding.get():  # a nested handler of the same task counts once
        yield
        return
    token = _holding.set(True)
    count = shared_count()
    count.value += 1
    try:
        yield
    finally:
        count.value -= 1
        _holding.reset(token)


@contextlib.contextmanager
def released() -> Iterator[None]:
    """While a member's handler waits for the bot player's answer: not counted meanwhile."""
    if not _holding.get():
        yield
        return
    token = _holding.set(False)
    count = shared_count()
    count.value -= 1
    try:
        yield
    finally:
        count.value += 1
        _holding.reset(token)


# ---------------------------------------------------------------- in the worker process

_shared: Any = None  # the worker's view of shared_count(), set by start_worker


def start_worker(members_in_flight: Any) -> None:
    """The worker's initializer: remember the shared count, and run below everything else.

    SCHED_IDLE (Linux) runs it only on a core nothing else wants; elsewhere a plain nice."""
    global _shared
    _shared = members_in_flight
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(10)


class StepAside:
    """The search's pause hook: call it often; it returns the seconds it waited (0.0 almost always)."""

    def __init__(self, count: Any, limit_s: float = MAX_STEP_ASIDE_S) -> None:
        self.count = count
        self.left = limit_s
        self.waited = 0.0

    def __call__(self) -> float:
        if self.count is None or self.count.value <= 0 or self.left <= 0:
            return 0.0
        started = time.perf_counter()
        while self.count.value > 0 and time.perf_counter() - started < self.left:
            time.sleep(POLL_S)
        waited = time.perf_counter() - started
        self.left -= waited
        self.waited += waited
        return waited


def warm() -> int:
    """In the worker: import the search and every game's bot-player hooks (engines, determinizers,
    policies), so that the first bot move pays neither the process start nor the imports. Returns how
    many games have a bot player. Lives here, not in bot/match.py, so the worker never imports the
    store, the database drivers or the metrics it does not use."""
    from bot import search
    from bot.games import playable_game_ids

    return sum(1 for game_id in playable_game_ids() if search.has_bot_player(game_id) and search.hooks_for(game_id))


def think_stepping_aside(game_id: str, state: Any, seat: int, seed: str, level: str) -> tuple[str, ...]:
    """``search.think`` in the worker, stepping aside while the bot process handles members' clicks."""
    from bot import search

    return search.think(game_id, state, seat, seed, level, pause=StepAside(_shared))
