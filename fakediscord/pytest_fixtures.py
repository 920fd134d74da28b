"""Reusable pytest fixtures. Wire them in with ``pytest_plugins = ["fakediscord.pytest_fixtures"]``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest_asyncio

from .models import FakeChannel, FakeGuild, FakeUser
from .server import FakeDiscord


@dataclass
class FakeWorld:
    """A ready-made small world: one guild with one text channel and two members (bob reads Japanese)."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        # A failure inside the fake is a bug in the fake: fail the test that hit it.
        assert not fake.internal_errors, fake.internal_errors


@pytest_asyncio.fixture
async def fake_world(fake_discord: FakeDiscord) -> FakeWorld:
    guild = await fake_discord.add_guild("Duel Table Test")
    channel = await fake_discord.add_channel(guild, "games")
    alice = await fake_discord.add_user("alice")
    bob = await fake_discord.add_user("bob", locale="ja")
    return FakeWorld(fake_discord, guild, channel, alice, bob)
