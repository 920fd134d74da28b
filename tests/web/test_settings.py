"""The web server's settings: off unless WEB_PORT is set, and never without a secret to sign its links."""

from __future__ import annotations

import pytest

from bot.config import Settings, SettingsError
from tests.platform.test_settings import clean_env  # noqa: F401  (the fixture: no variable set, no .env)

SECRET = "x" * 40


def test_the_web_server_is_off_unless_its_port_is_set(clean_env):  # noqa: F811
    settings = Settings.from_env()
    assert settings.web_port is None and settings.web_secret is None


def test_a_port_without_a_secret_or_a_short_secret_is_refused_naming_the_variable(clean_env):  # noqa: F811
    clean_env.setenv("WEB_PORT", "8080")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value).startswith("WEB_PORT needs WEB_SECRET")
    clean_env.setenv("WEB_SECRET", "short-secret")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value).startswith("WEB_SECRET must be a random string of at least 32 characters")
    assert "short-secret" not in str(refused.value), "a secret is never echoed"


def test_the_web_settings_are_read(clean_env):  # noqa: F811
    for name, value in (("WEB_PORT", "8080"), ("WEB_SECRET", SECRET), ("WEB_BASE_URL", "https://table.example.org/"),
                        ("DUELTABLE_WEB_HOST", "0.0.0.0")):
        clean_env.setenv(name, value)
    settings = Settings.from_env()
    assert (settings.web_port, settings.web_secret, settings.web_base_url, settings.web_host) == (
        8080, SECRET, "https://table.example.org", "0.0.0.0")
    assert SECRET not in repr(settings)
    clean_env.setenv("WEB_BASE_URL", "table.example.org")
    with pytest.raises(SettingsError, match="WEB_BASE_URL must be the pages' public address"):
        Settings.from_env()


def test_the_activity_is_off_unless_its_client_secret_is_set_and_the_secret_is_never_echoed(clean_env):  # noqa: F811
    settings = Settings.from_env()
    assert settings.discord_client_secret is None and settings.discord_client_id is None
    clean_env.setenv("DISCORD_CLIENT_SECRET", "a-client-secret")
    clean_env.setenv("DISCORD_CLIENT_ID", "12345")
    settings = Settings.from_env()
    assert (settings.discord_client_secret, settings.discord_client_id) == ("a-client-secret", 12345)
    assert "a-client-secret" not in repr(settings)
    clean_env.setenv("DISCORD_CLIENT_ID", "app")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value).startswith("DISCORD_CLIENT_ID must be the application's id")
    assert "a-client-secret" not in str(refused.value)
