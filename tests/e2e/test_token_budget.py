"""Issue 30: one bot token's budget across processes. Discord's global limit (50 requests a second) is the
token's: each process keeps to its shards' share (bot/budget.py), so together they stay under it. Here two
"processes" (two HTTP sessions, each with its own budget, as two bot processes have) send a burst at once
to the fake Discord, which counts every request of the token in a sliding second (fakediscord/ratelimit.py)
and answers one above the limit with Discord's global 429 when asked to enforce it."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest

from bot.budget import RequestBudget, identify_delay, process_share
from fakediscord import FakeDiscord

TOKEN = "budget-token"


async def burst(fake: FakeDiscord, budgets: list[RequestBudget | None], requests: int) -> float:
    """Each budget's session sends ``requests`` globally limited calls (GET /users/@me) at once."""
    async def one_process(budget: RequestBudget | None) -> None:
        trace = aiohttp.TraceConfig()
        if budget is not None:
            budget.attach(trace)
        async with aiohttp.ClientSession(trace_configs=[trace]) as session:
            async def call() -> None:
                async with session.get(f"{fake.api_base}/users/@me", headers={"Authorization": f"Bot {TOKEN}"}):
                    pass
            await asyncio.gather(*(call() for _ in range(requests)))

    started = time.monotonic()
    await asyncio.gather(*(one_process(budget) for budget in budgets))
    return time.monotonic() - started


def test_each_process_gets_its_shards_part_of_the_limit():
    assert process_share(50, None, None) == 50  # one process runs every shard
    assert process_share(50, 2, (0,)) == 25
    assert process_share(50, 10, (0, 1, 2, 3, 4)) == 25 and process_share(50, 10, (5, 6, 7, 8, 9)) == 25
    assert process_share(50, 4, (3,)) == 12.5


async def test_two_processes_together_stay_under_the_tokens_global_limit():
    async with FakeDiscord(token=TOKEN) as fake:
        budgets = [RequestBudget(process_share(50, 2, (shard,))) for shard in (0, 1)]
        seconds = await burst(fake, budgets, 60)  # 120 requests at once: 3.4 s at 35 a second
        assert fake.global_rate.total[f"Bot {TOKEN}"] == 120
        assert fake.global_rate.over[f"Bot {TOKEN}"] == 0
        assert 35 <= fake.global_rate.peak[f"Bot {TOKEN}"] <= 50  # used, never exceeded
        assert seconds >= 2.0  # spread out, nothing dropped


async def test_processes_that_each_take_the_whole_limit_go_above_it_and_get_discords_global_429():
    async with FakeDiscord(token=TOKEN) as fake:
        fake.global_rate.enforce = True
        answers: list[tuple[int, str | None, object]] = []

        async def one_process() -> None:  # a process that thinks the token's 50 a second are its own
            trace = RequestBudget(50.0).attach(aiohttp.TraceConfig())
            async with aiohttp.ClientSession(trace_configs=[trace]) as session:
                async def call() -> None:
                    async with session.get(f"{fake.api_base}/users/@me",
                                           headers={"Authorization": f"Bot {TOKEN}"}) as response:
                        body = await response.json()
                        answers.append((response.status, response.headers.get("X-RateLimit-Global"),
                                        body.get("global")))
                await asyncio.gather(*(call() for _ in range(50)))

        await asyncio.gather(one_process(), one_process())
        assert fake.global_rate.over[f"Bot {TOKEN}"] > 0
        limited = [answer for answer in answers if answer[0] == 429]
        assert limited and all(answer == (429, "true", True) for answer in limited)


@pytest.mark.parametrize(("total", "remaining", "reset_after", "wait"), [
    (1000, 1000, 86400.0, 0.0), (1000, 500, 86400.0, 0.0), (1000, 400, 86400.0, 216.0), (1000, 1, 3600.0, 3600.0),
    (1000, 0, 7200.0, 7200.0)])
def test_identify_backs_off_once_half_the_days_session_starts_are_spent(total, remaining, reset_after, wait):
    assert identify_delay(total, remaining, reset_after) == pytest.approx(wait)
