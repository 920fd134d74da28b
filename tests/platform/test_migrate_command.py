"""``python -m bot migrate``: an upgrade's migration step on its own (pull, install, migrate, restart)."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from bot.__main__ import main
from bot.store.migrations import migration_files


@pytest.fixture(autouse=True)
def root_logging_restored():
    """``main`` configures logging as the bot does (a handler on this test's captured stderr): undone after."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_migrate_applies_what_is_pending_once_and_says_so(tmp_path, monkeypatch, capsys):
    database = tmp_path / "state" / "dueltable.sqlite3"
    monkeypatch.chdir(tmp_path)  # no .env of the checkout
    monkeypatch.setenv("DUELTABLE_DB", str(database))
    latest = max(number for number, _ in migration_files())
    assert main(["migrate"]) == 0
    first = capsys.readouterr().out.strip()
    assert first.startswith(f"{database}: schema version {latest} (applied 001, ") and first.endswith(f"{latest:03d})")
    assert main(["migrate"]) == 0
    assert capsys.readouterr().out.strip() == f"{database}: schema version {latest} (nothing to apply)"
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == latest
