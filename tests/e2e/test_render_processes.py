"""Pictures drawn in worker processes (DUELTABLE_RENDER_PROCESSES, the default): a real game through the
fake Discord gets decodable boards and hands drawn outside the bot process, recorded in its metrics, and a
render worker that dies is replaced without losing a picture."""

from __future__ import annotations

import io
import os
import random
import signal

import pytest
from PIL import Image

from bot import metrics
from bot.render import toolkit
from fakediscord import run_bot
from fakediscord.autoplay import click_random
from tests.e2e.table import Table, make_bot

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def process_table(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "duel.sqlite3", clock, render_processes=2)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)


def rendered(game: str, kind: str) -> float:
    return metrics.REGISTRY.get_sample_value("dueltable_render_seconds_count", {"game": game, "kind": kind}) or 0.0


async def play_steps(table: Table, steps: int, rng: random.Random) -> int:
    played = 0
    for _ in range(steps):
        movers = [user for user in (table.world.alice, table.world.bob) if table.panel(user) is not None]
        if not movers:
            break
        user = movers[0]
        await click_random(table.fake, user.id, table.panel(user), rng)
        await table.settle()
        played += 1
    return played


def pictures(table: Table) -> list[bytes]:
    found = [data for message in table.thread_messages() for _, data in message.attachments]
    for user in (table.world.alice, table.world.bob):
        found += [data for message in table.fake.dm_messages(user.id) for _, data in message.attachments]
    return found


async def test_boards_and_hands_are_drawn_in_worker_processes(process_table):
    table = process_table
    boards, hands = rendered("formation", "board"), rendered("formation", "hand")
    await table.start("formation")
    assert await play_steps(table, 6, random.Random(5)) >= 4
    workers = toolkit.render_processes()
    assert len(workers) == 2 and os.getpid() not in workers
    drawn = pictures(table)
    assert len(drawn) >= 4
    for data in drawn:
        assert data.startswith(PNG)
        Image.open(io.BytesIO(data)).load()
    # Timed in the worker, recorded by the bot process.
    assert rendered("formation", "board") > boards and rendered("formation", "hand") > hands


async def test_a_render_worker_that_dies_is_replaced_and_no_picture_is_lost(process_table):
    table = process_table
    await table.start("formation")
    assert await play_steps(table, 2, random.Random(7)) == 2
    before = len(pictures(table))
    killed = toolkit.render_processes()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    assert await play_steps(table, 3, random.Random(8)) == 3
    after = pictures(table)
    assert len(after) > before
    Image.open(io.BytesIO(after[-1])).load()
    assert toolkit.render_processes() and not set(toolkit.render_processes()) & {os.getpid(), *killed}
