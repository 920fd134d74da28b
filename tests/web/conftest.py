from __future__ import annotations

import aiohttp
import pytest

from fakediscord import run_bot
from tests.e2e.table import Table, make_bot
from tests.web.webtable import SECRET, WebTable


@pytest.fixture
async def web(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "duel.sqlite3", clock, web_secret=SECRET)
    async with run_bot(bot, fake_world.fake):
        server = await bot.start_web(port=0)
        async with aiohttp.ClientSession(base_url=server.address) as http:
            yield WebTable(Table(fake_world, bot), http)
