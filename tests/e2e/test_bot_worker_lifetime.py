"""The bot player's worker process runs only while bot matches need it (issue 13, memory): started when a
bot move is near (a match against the bot starts, a member clicks in one, start-up finds one in play),
stopped once unused for DUELTABLE_BOT_WORKER_IDLE_SECONDS, started again when the bot must move.
Real processes throughout: the pids are read from /proc."""

from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path

import pytest

from bot.ai import search, worker
from bot.games import playable_game_ids
from bot.match import THINK_POOL
from fakediscord import run_bot
from fakediscord.autoplay import click_random
from tests.e2e.table import Table, make_bot
from tools import memstats

GAME = "wars"  # a game with a bot player (cogs/wars/determinize.py), at level easy: quick answers
IDLE_S = 3.0  # long enough for a slow host to finish the challenge before the worker may stop


@pytest.fixture
def think_pool():
    """The process-wide worker stopped before and after the test: it sees its own starts and stops."""
    THINK_POOL.stop()
    idle_s = THINK_POOL.idle_s
    yield THINK_POOL
    THINK_POOL.stop()
    THINK_POOL.idle_s = idle_s


def alive(pid: int) -> bool:
    """A live child of this process (an exited worker is reaped by its pool's manager thread)."""
    return pid in memstats.child_pids() and Path(f"/proc/{pid}").exists()


async def until(condition, within: float = 60.0) -> None:
    for _ in range(int(within / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


async def bot_decisions(table: Table, match_id: int) -> int:
    match = await table.bot.store.get_match(match_id)
    return sum(1 for _version, seat, _choice, _events in await table.bot.store.unposted(match_id, 0)
               if seat == match.bot_seat)


async def play_until_the_bot_moves(table: Table, match_id: int, rng: random.Random) -> None:
    """Click random legal answers as the member until the bot player has answered once more."""
    before = await bot_decisions(table, match_id)
    for _ in range(40):
        if await bot_decisions(table, match_id) > before:
            return
        panel = table.panel(table.world.alice)
        assert panel is not None
        await click_random(table.fake, table.world.alice.id, panel, rng, timeout=60)
        await table.settle()
    raise AssertionError("the bot player never answered")


async def test_without_a_bot_match_no_worker_starts(fake_world, tmp_path, clock, think_pool):
    children = set(memstats.child_pids())
    async with run_bot(make_bot(tmp_path / "none.sqlite3", clock), fake_world.fake) as bot:
        table = Table(fake_world, bot)
        await bot.publisher.catch_up()  # what start-up runs once ready
        await table.start()  # members' matches (the tests' game) do not need it either
        await table.play(fake_world.alice, "pick:5")
        assert not think_pool.running and think_pool.pids() == []
        assert set(memstats.child_pids()) <= children  # no process started


async def test_the_worker_starts_at_a_challenge_stops_when_idle_and_starts_again(fake_world, tmp_path, clock,
                                                                                 think_pool, caplog):
    caplog.set_level(logging.ERROR, logger="bot")
    database = tmp_path / "bot.sqlite3"
    starts = think_pool.starts
    async with run_bot(make_bot(database, clock, bot_worker_idle_s=IDLE_S), fake_world.fake) as bot:
        table = Table(fake_world, bot)
        await table.challenge(fake_world.alice, fake_world.fake.bot_user_id, GAME, level="easy")
        assert think_pool.running and think_pool.starts == starts + 1  # started by the challenge itself
        [first] = think_pool.pids()
        assert alive(first)
        match = await table.match()
        rng = random.Random(5)
        await play_until_the_bot_moves(table, match.id, rng)
        assert think_pool.starts == starts + 1  # the bot's move used the worker the challenge started

        # Unused for IDLE_S (the member away for days): the worker stops and its process exits.
        await until(lambda: not think_pool.running)
        await until(lambda: not alive(first))

        # The member's move starts it again, and the bot answers through it.
        await play_until_the_bot_moves(table, match.id, rng)
        assert think_pool.starts == starts + 2
        second = think_pool.pids()  # none if it already stopped again (a slow host)
        assert first not in second
        think_pool.stop()  # as at exit: the process goes
        await until(lambda: not any(alive(pid) for pid in second))

    # Start-up with a bot match in play starts it (warm: every game's search imported).
    async with run_bot(make_bot(database, clock, bot_worker_idle_s=IDLE_S), fake_world.fake) as bot:
        await bot.publisher.catch_up()
        assert think_pool.running and think_pool.starts == starts + 3
        loaded = await asyncio.wrap_future(think_pool.pool().submit(worker.warm))
        assert loaded == sum(1 for game in playable_game_ids() if search.has_bot_player(game)) > 0
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]  # no fallback moves


async def test_a_click_waiting_for_the_bots_search_does_not_make_that_search_step_aside(table):
    """A member's click in a bot match while the bot thinks on it (a simultaneous choice) waits for that
    search; counted as a member in flight meanwhile, it made the search step aside for its whole 4 s."""
    world = table.world
    await world.fake.slash(world.alice, world.guild, world.channel, "challenge",
                           options={"game": "tiny", "opponent": world.fake.bot_user_id})
    await table.settle()
    match = await table.match()
    thinker = table.bot.publisher.bot_player._thinkers.setdefault(match.id, asyncio.Lock())
    count = worker.shared_count()
    await thinker.acquire()  # the bot player thinking on this match
    with table.bot.working():  # the member's click handler
        assert count.value == 1
        waiting = asyncio.create_task(table.bot.publisher.bot_player.run(match))
        await asyncio.sleep(0.05)
        assert not waiting.done() and count.value == 0  # not counted while it waits for the search
        thinker.release()
        await waiting
        assert count.value == 1
    assert count.value == 0
