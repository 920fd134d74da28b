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


@pytest.fixture
async def activity(fake_world, tmp_path, clock):
    """The bot with its web server and the Activity set up (docs/WEB.md, "As a Discord Activity")."""
    fake_world.fake.world.activities_enabled = True  # the Developer Portal's switch, read by the bot at login
    bot = make_bot(tmp_path / "duel.sqlite3", clock, web_secret=SECRET,
                   discord_client_secret=fake_world.fake.oauth.client_secret)
    async with run_bot(bot, fake_world.fake):
        server = await bot.start_web(port=0)
        async with aiohttp.ClientSession(base_url=server.address) as http:
            yield WebTable(Table(fake_world, bot), http)
