"""Members first: the bot player's search steps aside while the bot is handling a member's click.

The search runs in its own worker process under SCHED_IDLE (bot/match.py), so the kernel gives a core to
the bot's event loop and render threads before it. On this 2-core host that is not enough: a worker
busy on the *other* core still slows a click by 20-60 % (measured by ``python -m tools.bench botmatch``:
a plain SCHED_IDLE busy loop costs ~19 % on its own; shared caches, memory bandwidth and the
hypervisor's scheduling of the two vCPUs are shared whatever the priority).

So the bot process counts the member interactions it is handling (click received -> board and panels
sent) in one integer in shared memory, and the search, between playout steps, sleeps while that count
is above zero. The time it sleeps is added to its deadline, so the answer never depends on it (the
iteration budget decides); it stops stepping aside after ``MAX_STEP_ASIDE_S`` in one answer, so a bot
that is never idle still answers (the bot's own moves wait, never the members').

Which handlers count: ``DuelTable.working()`` raises the count for a member's click or command and lowers it
when the handler ends; a handler that then waits for the bot player's own move (``released()``) lowers
it meanwhile, or the search would wait for itself.

The worker runs only while bot matches need it (``ThinkPool``): ~75 MB resident that a server where
nobody plays the bot should not pay.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

MAX_STEP_ASIDE_S = 4.0  # per answer: after that the search runs on even while members click
POLL_S = 0.002  # how often a waiting search looks at the count again

IDLE_S = 600.0  # DUELTABLE_BOT_WORKER_IDLE_SECONDS: the worker stops after this long unused

_count: Any = None
log = logging.getLogger(__name__)
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
    """Around a member's handler in the bot process (``DuelTable.working``)."""
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


# ---------------------------------------------------------------- the worker's lifetime, in the bot process


class ThinkPool:
    """The bot player's worker process (one, spawned, SCHED_IDLE), alive only while bot matches need it.

    ``start_warm`` starts it, and imports every game's search in it, when a bot move is near: at start-up if a
    bot match is active, when a member starts a match against the bot, at a member's click in a bot match
    (the first click of a chain gives it the seconds it needs before the handover); ``think`` starts it if
    it still is not there. It stops once nothing used it for ``idle_s`` seconds (no search, warm-up or
    member's click in a bot match), never while a search runs: a bot match whose member takes days to
    move does not keep it, the member's click starts it again. Everything runs on the event loop's thread;
    the idle check is a timer on that loop (without a running loop the worker lives until ``stop`` or exit).
    """

    def __init__(self, idle_s: float = IDLE_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.idle_s = idle_s
        self.clock = clock
        self.starts = 0  # worker processes started so far
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: set[Future] = set()  # warm-ups and searches submitted to the current worker
        self._last_used = 0.0
        self._idle_check: tuple[Any, Any] | None = None  # (event loop, its TimerHandle)

    @property
    def running(self) -> bool:
        return self._pool is not None

    def pids(self) -> list[int]:
        """The worker's pid; none while stopped (or in the moment between starting and its spawn)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return [process.pid for process in processes.values()]

    def pool(self) -> ProcessPoolExecutor:
        """The worker's pool, started if it was stopped (not warmed); the idle time starts again."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=start_worker, initargs=(shared_count(),))
            self.starts += 1
            log.info("starting the bot player's worker process")
        self._used()
        return self._pool

    def start_warm(self, *game_ids: str) -> None:
        """A bot move is near (in these games; any if none given): start the worker and import their search
        now unless it runs (then it only counts as used), so that move waits for neither."""
        if self._pool is None:
            job = self.pool().submit(warm, *game_ids)
            job.add_done_callback(_log_failed_start)
            self._busy_until_done(job)
        else:
            self._used()

    async def think(self, *args: Any) -> tuple[str, ...]:
        """``think_stepping_aside(*args)`` in the worker. A worker found dead before the search is replaced
        at once; one that dies during it raises BrokenProcessPool (the next call starts a new one)."""
        return await self._run(think_stepping_aside, *args)

    async def advise(self, kind: str, *args: Any) -> Any:
        """``advise_stepping_aside(kind, *args)`` in the worker: a hint or a slice of a review
        (bot/ai/advice.py), in the same process and queue as the bot's own moves."""
        return await self._run(advise_stepping_aside, kind, *args)

    async def _run(self, function: Callable[..., Any], *args: Any) -> Any:
        pool = self.pool()
        try:
            job = pool.submit(function, *args)
        except BrokenProcessPool:  # it died while idle (killed, out of memory)
            self._forget(pool)
            pool = self.pool()
            job = pool.submit(function, *args)
        try:
            return await self._busy_until_done(job)
        except BrokenProcessPool:
            self._forget(pool)
            raise

    def _busy_until_done(self, job: Future) -> Any:
        """The worker is not stopped before ``job`` is done, and its end counts as a use. Returns the job
        as an asyncio future of the running loop (None without one: nothing to schedule the stop on)."""
        import asyncio  # here: the worker imports this module and needs no asyncio

        self._jobs = {known for known in self._jobs if not known.done()} | {job}
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        answer = asyncio.wrap_future(job, loop=loop)
        answer.add_done_callback(lambda _answer: self._used())
        return answer

    def _forget(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None

    def stop(self) -> None:
        """Stop the worker: its process exits once it has done what it was given (nothing, when idle)."""
        pool, self._pool = self._pool, None
        self._jobs = set()
        if self._idle_check is not None:
            self._idle_check[1].cancel()
            self._idle_check = None
        if pool is not None:
            pool.shutdown(wait=False)  # a search given to it still answers

    def _used(self) -> None:
        self._last_used = self.clock()
        self._check_idle_in(self.idle_s)

    def _check_idle_in(self, seconds: float) -> None:
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._idle_check is not None and self._idle_check[0] is loop:
            return  # one timer: when it fires it looks at the time since the last use
        self._idle_check = (loop, loop.call_later(seconds, self._stop_if_idle))

    def _stop_if_idle(self) -> None:
        self._idle_check = None
        if self._pool is None:
            return
        unused = self.clock() - self._last_used
        busy = any(not job.done() for job in self._jobs)
        if busy or unused < self.idle_s:
            self._check_idle_in(self.idle_s if busy else self.idle_s - unused)
            return
        log.info("the bot player's worker was unused for %.0f s: stopping it", unused)
        self.stop()


def _log_failed_start(done: Future) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("the bot player's worker failed to start", exc_info=done.exception())


# ---------------------------------------------------------------- in the worker process

_shared: Any = None  # the worker's view of shared_count(), set by start_worker


def start_worker(members_in_flight: Any) -> None:
    """The worker's initializer: remember the shared count, and run below everything else.

    SCHED_IDLE (Linux) runs it only on a core nothing else wants; elsewhere a plain nice."""
    from bot.orphans import exit_with_parent

    global _shared
    _shared = members_in_flight
    exit_with_parent()
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


def warm(*game_ids: str) -> int:
    """In the worker: import the search and the bot-player hooks (engines, determinizers, policies) of
    ``game_ids``, every game's if none, so that the first bot move pays neither the process start nor the
    imports; a game left out is imported at its first search (~20 ms). Returns how many games have a bot
    player. Lives here, not in bot/match.py, so the worker never imports the store, the database drivers
    or the metrics it does not use."""
    from bot.ai import search
    from bot.games import playable_game_ids

    wanted = game_ids or playable_game_ids()
    return sum(1 for game_id in wanted if search.has_bot_player(game_id) and search.hooks_for(game_id))


def think_stepping_aside(game_id: str, state: Any, seat: int, seed: str, level: str,
                         max_ms: float | None = None) -> tuple[str, ...]:
    """``search.think`` in the worker, stepping aside while the bot process handles members' clicks (``max_ms``:
    the level's cap unless given; tests lift it so the answer depends on the iterations only, not the load)."""
    from bot.ai import search

    return search.think(game_id, state, seat, seed, level, max_ms, pause=StepAside(_shared))


def advise_stepping_aside(kind: str, *args: Any) -> Any:
    """``advice.hint`` (kind "hint") or ``advice.review`` / ``advice.reviewable`` in the worker, stepping
    aside like the bot's own search."""
    from bot.ai import advice

    if kind == "hint":
        return advice.hint(*args, pause=StepAside(_shared))
    if kind == "review":
        return advice.review(*args, pause=StepAside(_shared))
    if kind == "reviewable":
        return advice.reviewable(*args)
    raise ValueError(f"unknown advice {kind!r}")
