"""Shared fixtures: a real SQLite file per test, and the tiny platform test game."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games import register_game
from bot.store import Store
from tests.platform.tinygame import STRINGS, TINY


@pytest.fixture(scope="session", autouse=True)
def tiny_game():
    register_game(TINY)
    for locale in i18n.LOCALES:
        i18n.register_strings(locale, STRINGS)
    return TINY


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "test.sqlite3")
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
