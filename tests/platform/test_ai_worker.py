"""Members first (bot/ai/worker.py): the bot player's search waits while the bot handles members' clicks,
without changing its answers."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from bot.ai import search, worker
from tests.platform.test_search import SMALL, bot_positions

UNCAPPED = 1e9  # ms: a search that stops on its iterations only


def test_member_handlers_are_counted_once_and_released_while_waiting_for_the_bot():
    count = worker.shared_count()
    start = count.value
    both_in: asyncio.Barrier

    async def handler(seen: list[int]) -> None:
        with worker.member_in_flight():
            await both_in.wait()
            seen.append(count.value)  # both members' handlers in flight
            with worker.member_in_flight():  # nested in the same task: still counted once
                seen.append(count.value)
            await both_in.wait()
            with worker.released():  # waiting for the bot player's own move
                seen.append(count.value)
                await both_in.wait()
            seen.append(count.value)

    async def two_members() -> list[list[int]]:
        nonlocal both_in
        both_in = asyncio.Barrier(2)
        first, second = [], []
        await asyncio.gather(handler(first), handler(second))
        return [first, second]

    first, second = asyncio.run(two_members())
    assert first[:2] == second[:2] == [start + 2, start + 2]
    assert sorted([first[2], second[2]]) == [start, start + 1]  # each released while waiting
    assert count.value == start
    with worker.released():  # outside any handler (the timekeeper's bot moves): nothing to release
        assert count.value == start


def test_step_aside_waits_while_members_are_in_flight_and_stops_at_its_limit():
    count = multiprocessing.get_context("spawn").Value("i", 1, lock=False)
    threading.Timer(0.15, lambda: setattr(count, "value", 0)).start()
    pause = worker.StepAside(count, limit_s=5.0)
    waited = pause()
    assert 0.1 <= waited < 2.0 and count.value == 0
    assert pause() == 0.0  # nobody in flight: no wait at all
    count.value = 1
    stubborn = worker.StepAside(count, limit_s=0.05)
    assert 0.04 <= stubborn() < 1.0
    assert stubborn() == 0.0  # its limit spent: the search runs on even though members still click


def test_pausing_never_changes_the_answer_and_paused_time_is_not_thinking_time():
    state = bot_positions("formation", 1, 1)[0]
    plain = search.think("formation", state, 1, "seed:pause", budget=SMALL)
    calls = []

    def pause() -> float:
        calls.append(1)
        return 0.0

    assert search.think("formation", state, 1, "seed:pause", budget=SMALL, pause=pause) == plain
    assert len(calls) > SMALL.iterations  # between iterations and between playout steps
    # A pause that reports a long sleep moves the deadline: a 1 ms budget still runs every iteration.
    hooks = search.hooks_for("formation")
    tight = search.Budget(iterations=SMALL.iterations, max_ms=1.0)
    world = hooks.determinize(state, 1, random.Random("think:seed:pause"))
    counted = search.Search(hooks, 1, tight, random.Random("x"), pause=lambda: 60.0)
    counted.run(world)
    assert sum(edge.visits for edge in counted.nodes[()].values()) >= SMALL.iterations


def test_the_worker_process_waits_for_the_members_then_answers_the_same():
    state = bot_positions("wars", 1, 1)[0]
    # Uncapped on both sides: on a loaded host easy's 0.3 s cap could cut one search and not the other.
    expected = search.think("wars", state, 1, "seed:worker", "easy", UNCAPPED)
    count = worker.shared_count()
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=worker.start_worker, initargs=(count,))
    try:
        pool.submit(time.sleep, 0).result(timeout=60)  # the worker is up
        count.value += 1  # a member's click in flight
        try:
            answer = pool.submit(worker.think_stepping_aside, "wars", state, 1, "seed:worker", "easy",
                                 UNCAPPED)
            time.sleep(0.6)
            assert not answer.done()  # it waits for the click
        finally:
            count.value -= 1
        assert answer.result(timeout=60) == expected
    finally:
        pool.shutdown()


async def test_a_worker_killed_while_idle_is_replaced_and_the_search_still_answers():
    import os
    import signal
    from pathlib import Path

    state = bot_positions("wars", 1, 1)[0]
    expected = search.think("wars", state, 1, "seed:killed", "easy", UNCAPPED)
    pool = worker.ThinkPool()
    try:
        pool.start_warm()
        [first] = pool.pids()
        assert await pool.think("wars", state, 1, "seed:killed", "easy", UNCAPPED) == expected
        os.kill(first, signal.SIGKILL)  # killed while idle (out of memory, an operator)
        while Path(f"/proc/{first}").exists():
            await asyncio.sleep(0.01)
        assert await pool.think("wars", state, 1, "seed:killed", "easy", UNCAPPED) == expected
        [second] = pool.pids()
        assert second != first and pool.starts == 2
    finally:
        pool.stop()
