"""Settings (bot/config.py): read from the environment and .env, every value checked, one clear line per
bad variable, and ``python -m bot`` exits 2 with that line instead of a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Settings, SettingsError, env_name

ALL_VARIABLES = ("DISCORD_TOKEN", "DUELTABLE_DB", "DUELTABLE_DATA_DIR", "DUELTABLE_INLINE_LOOKUP", "DUELTABLE_MAX_ACTIVE_MATCHES",
                 "DUELTABLE_TIMER_INTERVAL", "DUELTABLE_CHALLENGE_TTL_HOURS", "DUELTABLE_DEV_GUILD",
                 "DUELTABLE_LOG_LEVEL", "DATABASE_URL", "DUELTABLE_SHARD_COUNT", "DUELTABLE_SHARD_IDS",
                 "METRICS_PORT", "DUELTABLE_METRICS_HOST", "DUELTABLE_LOG_FORMAT", "DUELTABLE_PICTURE_CACHE_MB",
                 "DUELTABLE_RENDER_PROCESSES", "DUELTABLE_BOT_WORKER_IDLE_SECONDS",
                 "WEB_PORT", "DUELTABLE_WEB_HOST", "WEB_BASE_URL", "WEB_SECRET", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET",
                 "DUELTABLE_THREAD_EDIT_SECONDS", "DUELTABLE_GLOBAL_LIMIT")


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """No Duel Table variable set and an empty working directory (no .env)."""
    for name in ALL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return monkeypatch


def test_defaults_without_environment_or_dotenv(clean_env):
    settings = Settings.from_env()
    checkout = Path(__file__).resolve().parents[2]
    assert settings.token is None and settings.database == str(checkout / "data" / "dueltable.sqlite3")
    assert (settings.inline_lookup, settings.max_active_matches, settings.timer_interval) == (False, 10, 60.0)
    assert (settings.challenge_ttl_hours, settings.dev_guild_id, settings.log_level) == (24.0, None, "INFO")
    assert (settings.database_url, settings.shard_count, settings.shard_ids, settings.metrics_port) == (None,) * 4
    assert (settings.metrics_host, settings.log_format) == ("127.0.0.1", "text")


def test_every_variable_is_read_and_converted(clean_env):
    values = {"DISCORD_TOKEN": "abc.def", "DUELTABLE_DB": "/srv/dt.sqlite3", "DUELTABLE_INLINE_LOOKUP": "yes",
              "DUELTABLE_MAX_ACTIVE_MATCHES": "4", "DUELTABLE_TIMER_INTERVAL": "2.5",
              "DUELTABLE_CHALLENGE_TTL_HOURS": "48", "DUELTABLE_DEV_GUILD": "123456789012345678",
              "DUELTABLE_LOG_LEVEL": "debug", "DATABASE_URL": "postgresql://dt@localhost/dt",
              "DUELTABLE_SHARD_COUNT": "4", "DUELTABLE_SHARD_IDS": "1, 3", "METRICS_PORT": "9108",
              "DUELTABLE_METRICS_HOST": "0.0.0.0", "DUELTABLE_LOG_FORMAT": "json",
              "DUELTABLE_BOT_WORKER_IDLE_SECONDS": "90"}
    for name, value in values.items():
        clean_env.setenv(name, value)
    settings = Settings.from_env()
    assert settings.token == "abc.def" and settings.database == "/srv/dt.sqlite3" and settings.inline_lookup
    assert (settings.max_active_matches, settings.timer_interval, settings.challenge_ttl_hours) == (4, 2.5, 48.0)
    assert (settings.dev_guild_id, settings.log_level) == (123456789012345678, "DEBUG")
    assert settings.database_url == "postgresql://dt@localhost/dt"
    assert (settings.shard_count, settings.shard_ids, settings.metrics_port) == (4, (1, 3), 9108)
    assert (settings.metrics_host, settings.log_format, settings.bot_worker_idle_s) == ("0.0.0.0", "json", 90.0)


def test_dotenv_is_read_and_the_real_environment_wins(clean_env, tmp_path):
    (tmp_path / ".env").write_text("# comment\nDUELTABLE_MAX_ACTIVE_MATCHES=7\nMETRICS_PORT=9100\n"
                                   "DUELTABLE_DEV_GUILD=\nDISCORD_TOKEN='quoted'\n", encoding="utf-8")
    clean_env.setenv("METRICS_PORT", "9200")
    settings = Settings.from_env()
    assert (settings.max_active_matches, settings.metrics_port, settings.dev_guild_id) == (7, 9200, None)
    assert settings.token == "quoted"


def test_built_directly_settings_read_nothing_from_the_environment(clean_env):
    clean_env.setenv("METRICS_PORT", "9100")
    clean_env.setenv("DUELTABLE_SHARD_COUNT", "x")  # would be an error if it were read
    settings = Settings(token=None, database="x.sqlite3", inline_lookup=True, max_active_matches=3,
                        timer_interval=1.0, challenge_ttl_hours=24.0, dev_guild_id=None, log_level="WARNING")
    assert settings.metrics_port is None and settings.shard_count is None


@pytest.mark.parametrize(("name", "value", "line"), [
    ("DUELTABLE_SHARD_IDS", "0,x", "DUELTABLE_SHARD_IDS must be a comma-separated list of shard numbers "
                                   "below DUELTABLE_SHARD_COUNT (got 'x')"),
    ("METRICS_PORT", "70000", "METRICS_PORT must be a port number 1-65535 (got '70000')"),
    ("METRICS_PORT", "abc", "METRICS_PORT must be a port number 1-65535 (got 'abc')"),
    ("DUELTABLE_INLINE_LOOKUP", "maybe", "DUELTABLE_INLINE_LOOKUP must be 1 or 0"),
    ("DUELTABLE_MAX_ACTIVE_MATCHES", "0", "DUELTABLE_MAX_ACTIVE_MATCHES must be a whole number 1-1000 (got '0')"),
    ("DUELTABLE_TIMER_INTERVAL", "-1", "DUELTABLE_TIMER_INTERVAL must be a number of seconds above 0"),
    ("DUELTABLE_CHALLENGE_TTL_HOURS", "soon", "DUELTABLE_CHALLENGE_TTL_HOURS must be a number of hours"),
    ("DUELTABLE_DEV_GUILD", "my-guild", "DUELTABLE_DEV_GUILD must be a guild id (a positive whole number)"),
    ("DUELTABLE_LOG_LEVEL", "loud", "DUELTABLE_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    ("DUELTABLE_LOG_FORMAT", "xml", "DUELTABLE_LOG_FORMAT must be text or json (got 'xml')"),
    ("DUELTABLE_SHARD_COUNT", "-2", "DUELTABLE_SHARD_COUNT must be a whole number 1-100000 (got '-2')"),
    ("DUELTABLE_BOT_WORKER_IDLE_SECONDS", "0", "DUELTABLE_BOT_WORKER_IDLE_SECONDS must be a number of seconds above 0"),
])
def test_a_bad_value_is_one_line_naming_the_variable_and_what_it_may_be(clean_env, name, value, line):
    clean_env.setenv(name, value)
    with pytest.raises(SettingsError) as raised:
        Settings.from_env()
    assert str(raised.value).startswith(line), str(raised.value)
    assert "\n" not in str(raised.value)


def test_shard_ids_must_fit_the_shard_count(clean_env):
    clean_env.setenv("DUELTABLE_SHARD_IDS", "0,3")
    with pytest.raises(SettingsError, match="needs DUELTABLE_SHARD_COUNT"):
        Settings.from_env()
    clean_env.setenv("DUELTABLE_SHARD_COUNT", "2")
    with pytest.raises(SettingsError, match=r"below DUELTABLE_SHARD_COUNT \(2\).*got 0,3"):
        Settings.from_env()
    clean_env.setenv("DUELTABLE_SHARD_IDS", "1,1")
    with pytest.raises(SettingsError, match="each once"):
        Settings.from_env()


def test_secrets_are_never_echoed(clean_env):
    clean_env.setenv("DATABASE_URL", "mysql://root:hunter2@db/dt")
    with pytest.raises(SettingsError) as raised:
        Settings.from_env()
    assert str(raised.value) == "DATABASE_URL must be a postgresql://user:password@host/database URL"
    clean_env.setenv("DISCORD_TOKEN", "secret-token")
    clean_env.delenv("DATABASE_URL")
    assert "secret-token" not in repr(Settings.from_env())


def test_several_bad_values_give_one_line_each(clean_env):
    clean_env.setenv("METRICS_PORT", "x")
    clean_env.setenv("DUELTABLE_LOG_LEVEL", "x")
    with pytest.raises(SettingsError) as raised:
        Settings.from_env()
    assert [line.split()[0] for line in str(raised.value).splitlines()] == ["DUELTABLE_LOG_LEVEL", "METRICS_PORT"]


def test_python_m_bot_prints_the_error_and_exits_2_without_a_traceback(clean_env, capsys):
    clean_env.setenv("DUELTABLE_SHARD_COUNT", "2")
    clean_env.setenv("DUELTABLE_SHARD_IDS", "0,x")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("DUELTABLE_SHARD_IDS must be a comma-separated list of shard numbers below "
                           "DUELTABLE_SHARD_COUNT (got 'x')")
    assert "Traceback" not in err


def test_env_example_lists_every_setting_with_a_comment():
    lines = (Path(__file__).resolve().parents[2] / ".env.example").read_text(encoding="utf-8").splitlines()
    for field in Settings.model_fields:
        name = env_name(field)
        at = next((i for i, line in enumerate(lines) if line.startswith(f"{name}=")), None)
        assert at is not None, f"{name} is missing from .env.example"
        above = next(line for line in reversed(lines[:at]) if not line.startswith(tuple(
            f"{other}=" for other in ALL_VARIABLES)))
        assert above.startswith("# "), f"{name} has no comment in .env.example"
    assert set(ALL_VARIABLES) == {env_name(field) for field in Settings.model_fields}
