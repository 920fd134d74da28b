"""Fixtures for the fake's own tests (the project-wide wiring lives in tests/conftest.py)."""

from fakediscord.pytest_fixtures import fake_discord, fake_world

__all__ = ["fake_discord", "fake_world"]
