"""The real bot on the fake Discord with its web server on a free port, and an HTTP client to read it."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass

import aiohttp

from bot.engine import decision_for
from bot.games import get_game
from fakediscord import limits
from fakediscord.autoplay import click_random, live_panel
from tests.e2e.table import Table

SECRET = "a-test-secret-that-is-long-enough-0123456789"


@dataclass
class WebTable:
    table: Table
    http: aiohttp.ClientSession

    @property
    def bot(self):
        return self.table.bot

    @property
    def fake(self):
        return self.table.fake

    async def get(self, path: str) -> tuple[int, bytes]:
        async with self.http.get(path) as answer:
            return answer.status, await answer.read()

    async def text(self, path: str) -> str:
        status, body = await self.get(path)
        assert status == 200, (path, status, body[:200])
        return body.decode()

    async def step(self, rng: random.Random) -> bool:
        """One random click by a seat that owes a decision, as a member in Discord; False once it is over."""
        match = await self.table.match()
        if match.status != "active":
            return False
        pending = get_game(match.game).engine.pending(match.state)
        seat = 0 if decision_for(pending, 0) else pending[0].seat
        user = (self.table.world.alice, self.table.world.bob)[seat]
        await click_random(self.fake, user.id, live_panel(self.fake, user.id), rng)
        await self.table.settle()
        return True

    async def set_state(self, match_id: int, state: dict) -> None:
        """Write a state into the stored match (the hidden cards swapped), as another world would hold it."""
        await self.bot.store.db.execute("UPDATE matches SET state = ? WHERE id = ?", (json.dumps(state), match_id))
        self.bot.web._pictures.clear()  # pictures and pages are kept by stamp: make the swapped world's anew
        self.bot.web._pages.clear()
        self.bot.web._matches.clear()  # the state changed without its version, as no decision ever does


def link_buttons(message) -> list[str]:
    return [c["url"] for c in limits.iter_components(message.components) if c.get("url")]


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3]


async def read_event(stream: aiohttp.StreamReader, timeout: float = 5.0) -> dict[str, str]:
    """The next server-sent event (its fields), skipping comments and the retry line."""
    fields: dict[str, str] = {}

    async def read() -> dict[str, str]:
        while True:
            line = (await stream.readline()).decode().rstrip("\n")
            if not line:
                if "data" in fields:
                    return fields
                fields.clear()  # a block without data (the retry line) is no event
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            fields[name] = value

    return await asyncio.wait_for(read(), timeout)
