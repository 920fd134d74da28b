from __future__ import annotations

from pathlib import Path

import pytest

from fakediscord import run_bot
from tests.e2e.table import Table, make_bot

E2E = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items) -> None:
    """Every test here runs the whole bot against the fake Discord: ``slow``, left out by the README's quick
    subset (``-m "not slow"``). pytest calls this hook with the whole session's items: only ours are marked."""
    for item in items:
        if E2E in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
async def table(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "duel.sqlite3", clock)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)
