"""Formation test fixtures."""

from __future__ import annotations

import pytest

from tests.formation.helpers import use_fixture_layouts


@pytest.fixture
def fixture_layouts(monkeypatch):
    """Let the engine play the rule scenarios' fixture layouts (tests/formation/helpers.py)."""
    use_fixture_layouts(monkeypatch)
