"""``python -m bot`` with a token: the invite link once connected (through the fake Discord), and one clear
line, not aiohttp's traceback, when Discord cannot be reached (a closed local port: no network needed)."""

from __future__ import annotations

import socket
from urllib.parse import parse_qs, urlsplit

from discord.http import Route

from bot.__main__ import announce_invite, run
from bot.client import DuelTable
from bot.config import Settings
from fakediscord import FakeDiscord, run_bot
from tests.e2e.table import e2e_settings

# What the bot needs in a server, as OPERATIONS.md lists it, by Discord's bit numbers (not discord.py's).
NEEDED_BITS = {"View Channels": 10, "Send Messages": 11, "Embed Links": 14, "Attach Files": 15,
               "Read Message History": 16, "Use Application Commands": 31, "Create Public Threads": 35,
               "Create Private Threads": 36,  # /learn's lesson threads
               "Send Messages in Threads": 38}


async def test_the_bot_prints_its_invite_link_once_connected(tmp_path, capsys):
    async with FakeDiscord() as fake:
        bot = DuelTable(e2e_settings(tmp_path / "bot.sqlite3"), run_timekeeper=False)
        announce_invite(bot)
        async with run_bot(bot, fake):
            await bot.wait_until_ready()
            bot.dispatch("ready")  # a second READY (a new session) prints nothing again
            await fake.idle()
        application_id = fake.world.application_id
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("Invite Duel Table")]
    assert len(lines) == 1, lines
    url = urlsplit(lines[0].split(": ", 1)[1])
    query = parse_qs(url.query)
    assert (url.scheme, url.netloc, url.path) == ("https", "discord.com", "/oauth2/authorize")
    assert query["client_id"] == [str(application_id)]
    assert query["scope"] == ["bot applications.commands"]
    assert int(query["permissions"][0]) == sum(1 << bit for bit in NEEDED_BITS.values())


def test_an_unreachable_discord_is_one_line_and_exit_1(tmp_path, monkeypatch, capsys):
    with socket.socket() as probe:  # a port nothing listens on: connection refused, as with no network
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    assert run(Settings(token="a.fake.token", database=str(tmp_path / "bot.sqlite3"))) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and err[0].startswith("Starting Duel Table"), err
    assert err[1].startswith("Cannot reach Discord at 127.0.0.1: ") and "Traceback" not in err[1], err
