"""Shared fixtures: the store on a real SQLite file and on a real PostgreSQL server, and the tiny platform
test game."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games import register_game
from bot.store import Store
from tests.platform import tinydeck
from tests.platform.tinygame import STRINGS, TINY

pytest_plugins = ["fakediscord.pytest_fixtures", "tests.postgres"]

# Registered at import time, before any test module imports the cogs (their game menus are built then).
register_game(TINY)
register_game(tinydeck.TINYDECK)
for _locale in i18n.LOCALES:
    i18n.register_strings(_locale, STRINGS | tinydeck.STRINGS)


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, tmp_path):
    """Each store test runs on both backends: a SQLite file, and a fresh database on PostgreSQL."""
    target = request.getfixturevalue("postgres_url") if request.param == "postgres" else tmp_path / "test.sqlite3"
    opened = await Store.open(target)
    yield opened
    await opened.close()


class FakeClock:
    """A controllable clock for deadlines and reminders."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()
