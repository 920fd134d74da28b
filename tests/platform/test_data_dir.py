"""The database path does not depend on the working directory (bot/config.py): by default data/ of the
checkout, or DUELTABLE_DATA_DIR; a relative DUELTABLE_DB is the checkout's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.config import Settings

CHECKOUT = Path(__file__).resolve().parents[2]


def settings_in(folder: Path, **environment: str) -> str:
    """``Settings.from_env().database`` as a bot started in ``folder`` with ``environment`` reads it."""
    code = "from bot.config import Settings; print(Settings.from_env().database)"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(folder), **environment}
    result = subprocess.run([sys.executable, "-c", code], cwd=folder, env=env, capture_output=True, text=True,
                            timeout=60, check=True)
    return result.stdout.strip()


def test_the_default_database_is_the_checkouts_from_any_folder(tmp_path):
    (tmp_path / "elsewhere").mkdir()
    expected = str(CHECKOUT / "data" / "dueltable.sqlite3")
    assert settings_in(tmp_path) == expected
    assert settings_in(tmp_path / "elsewhere") == expected
    assert settings_in(tmp_path, DUELTABLE_DB="data/dueltable.sqlite3") == expected


def test_the_data_dir_and_an_absolute_database_are_used_as_given(tmp_path):
    assert settings_in(tmp_path, DUELTABLE_DATA_DIR="/var/lib/dueltable") == "/var/lib/dueltable/dueltable.sqlite3"
    assert settings_in(tmp_path, DUELTABLE_DATA_DIR="/var/lib/dueltable",
                       DUELTABLE_DB="/srv/dt.sqlite3") == "/srv/dt.sqlite3"
    assert Settings(database=str(tmp_path / "t.sqlite3")).database == str(tmp_path / "t.sqlite3")
