from __future__ import annotations

import pytest

from fakediscord import run_bot
from tests.e2e.table import Table, make_bot


@pytest.fixture
async def table(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "duel.sqlite3", clock)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)
