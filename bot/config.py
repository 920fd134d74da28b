"""Settings from the environment and an optional ``.env`` file (every one is listed in .env.example).

pydantic-settings reads both (the real environment wins over ``.env``; an empty value counts as unset)
and checks every value; ``Settings.from_env()`` raises ``SettingsError`` with one line per bad variable,
naming it and what it may be, which ``python -m bot`` prints before exiting with status 2.

Built directly (``Settings(token=None, database=...)``, as the tests and the demo do), a ``Settings``
reads nothing from the environment: only ``from_env`` does.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AliasChoices, Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict

from bot import logs

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# The checkout this package runs from (an editable install, python -m bot in the repository), or None when
# it is installed as a wheel (site-packages is no place for data).
CHECKOUT = Path(__file__).resolve().parent.parent
CHECKOUT = CHECKOUT if (CHECKOUT / "pyproject.toml").is_file() else None
DATABASE_FILE = "dueltable.sqlite3"


def default_data_dir() -> Path:
    """Where the SQLite file lives unless DUELTABLE_DATA_DIR or DUELTABLE_DB says otherwise: ``data/`` of the
    checkout, or ``$XDG_DATA_HOME/dueltable`` (``~/.local/share/dueltable``) for an installed package. Never
    the working directory: the bot started from another folder (a service, a cron job) finds the same file."""
    if CHECKOUT is not None:
        return CHECKOUT / "data"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "dueltable"


class SettingsError(ValueError):
    """Bad settings: one line per variable, e.g. "METRICS_PORT must be a port number 1-65535 (got 'x')"."""


def env(name: str, field: str) -> Any:
    """The variable's name in the environment; keyword construction keeps using the field's name."""
    return AliasChoices(field, name)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True,
                                      extra="ignore", frozen=True, populate_by_name=True)

    token: str | None = Field(None, validation_alias=env("DISCORD_TOKEN", "token"), repr=False)
    # The SQLite file: DUELTABLE_DB (a relative one from the checkout, so the README's data/dueltable.sqlite3
    # is the checkout's wherever the bot starts); unset: DUELTABLE_DATA_DIR/dueltable.sqlite3 (default_data_dir).
    database: str = Field("", validation_alias=env("DUELTABLE_DB", "database"))
    data_dir: str | None = Field(None, min_length=1, validation_alias=env("DUELTABLE_DATA_DIR", "data_dir"))
    inline_lookup: bool = Field(False, validation_alias=env("DUELTABLE_INLINE_LOOKUP", "inline_lookup"))
    max_active_matches: int = Field(10, ge=1, le=1000,
                                    validation_alias=env("DUELTABLE_MAX_ACTIVE_MATCHES", "max_active_matches"))
    timer_interval: float = Field(60.0, gt=0, le=86400,
                                  validation_alias=env("DUELTABLE_TIMER_INTERVAL", "timer_interval"))
    challenge_ttl_hours: float = Field(24.0, gt=0, le=24 * 30,
                                       validation_alias=env("DUELTABLE_CHALLENGE_TTL_HOURS", "challenge_ttl_hours"))
    dev_guild_id: int | None = Field(None, gt=0, validation_alias=env("DUELTABLE_DEV_GUILD", "dev_guild_id"))
    log_level: str = Field("INFO", validation_alias=env("DUELTABLE_LOG_LEVEL", "log_level"))
    # Scaling (issue 17): PostgreSQL instead of the SQLite file; which shards this process runs; metrics.
    database_url: str | None = Field(None, validation_alias=env("DATABASE_URL", "database_url"), repr=False)
    shard_count: int | None = Field(None, ge=1, le=100_000,
                                    validation_alias=env("DUELTABLE_SHARD_COUNT", "shard_count"))
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        None, validation_alias=env("DUELTABLE_SHARD_IDS", "shard_ids"))
    metrics_port: int | None = Field(None, ge=1, le=65535, validation_alias=env("METRICS_PORT", "metrics_port"))
    metrics_host: str = Field("127.0.0.1", min_length=1, validation_alias=env("DUELTABLE_METRICS_HOST", "metrics_host"))
    log_format: Literal["text", "json"] = Field("text", validation_alias=env("DUELTABLE_LOG_FORMAT", "log_format"))
    # Memory (issue 13): what the renderers' caches of text and tiles may hold together (bot/render/toolkit.py)
    picture_cache_mb: float = Field(32.0, ge=0, le=4096,
                                    validation_alias=env("DUELTABLE_PICTURE_CACHE_MB", "picture_cache_mb"))
    # Speed (issue 13): pictures drawn in this many worker processes, 0 = threads in the bot (toolkit.py)
    render_processes: int = Field(2, ge=0, le=16,
                                  validation_alias=env("DUELTABLE_RENDER_PROCESSES", "render_processes"))
    # Discord's budget (issue 30): a thread's live message is edited at most once per this many seconds;
    # steps made sooner are said by the next edit or post (0: every step edits it)
    thread_edit_s: float = Field(10.0, ge=0, le=3600, validation_alias=env("DUELTABLE_THREAD_EDIT_SECONDS",
                                                                         "thread_edit_s"))
    # The bot token's global limit, shared by all its processes by their shards (bot/budget.py)
    global_limit: float = Field(50.0, ge=1, le=100_000, validation_alias=env("DUELTABLE_GLOBAL_LIMIT", "global_limit"))
    # Memory (issue 13): the bot player's worker process stops after this long unused (bot/ai/worker.py)
    bot_worker_idle_s: float = Field(600.0, gt=0, le=7 * 86400,
                                     validation_alias=env("DUELTABLE_BOT_WORKER_IDLE_SECONDS", "bot_worker_idle_s"))
    # The live web view of every match (issue 29, docs/WEB.md): off unless WEB_PORT is set.
    web_port: int | None = Field(None, ge=1, le=65535, validation_alias=env("WEB_PORT", "web_port"))
    web_host: str = Field("127.0.0.1", min_length=1, validation_alias=env("DUELTABLE_WEB_HOST", "web_host"))
    web_base_url: str | None = Field(None, validation_alias=env("WEB_BASE_URL", "web_base_url"))
    web_secret: str | None = Field(None, min_length=32, validation_alias=env("WEB_SECRET", "web_secret"), repr=False)
    # The pages as a Discord Activity (docs/WEB.md): off unless the OAuth2 client secret is set and WEB_PORT too.
    discord_client_id: int | None = Field(None, gt=0, validation_alias=env("DISCORD_CLIENT_ID", "discord_client_id"))
    discord_client_secret: str | None = Field(None, min_length=1, repr=False, validation_alias=env(
        "DISCORD_CLIENT_SECRET", "discord_client_secret"))

    # What each variable may be: the error line says this rather than pydantic's wording.
    ALLOWED: ClassVar[dict[str, str]] = {
        "token": "the bot token from the Developer Portal",
        "database": "a file path",
        "data_dir": "a folder path",
        "inline_lookup": "1 or 0 (also true/false, yes/no, on/off)",
        "max_active_matches": "a whole number 1-1000",
        "timer_interval": "a number of seconds above 0 (at most 86400)",
        "challenge_ttl_hours": "a number of hours above 0 (at most 720)",
        "dev_guild_id": "a guild id (a positive whole number)",
        "log_level": "one of " + ", ".join(LOG_LEVELS),
        "database_url": "a postgresql://user:password@host/database URL",
        "shard_count": "a whole number 1-100000",
        "shard_ids": "a comma-separated list of shard numbers below DUELTABLE_SHARD_COUNT",
        "metrics_port": "a port number 1-65535",
        "metrics_host": "an address to listen on, such as 127.0.0.1 or 0.0.0.0",
        "log_format": "text or json",
        "picture_cache_mb": "a number of MB 0-4096",
        "render_processes": "a whole number 0-16 (0: draw pictures in threads of the bot process)",
        "bot_worker_idle_s": "a number of seconds above 0 (at most 604800, a week)",
        "web_port": "a port number 1-65535",
        "web_host": "an address to listen on, such as 127.0.0.1 or 0.0.0.0",
        "web_base_url": "the pages' public address, an http:// or https:// URL",
        "web_secret": "a random string of at least 32 characters (e.g. python -c 'import secrets; print(secrets.token_urlsafe(32))')",
        "discord_client_id": "the application's id (Developer Portal, General Information; default: the bot's)",
        "discord_client_secret": "the application's OAuth2 client secret (Developer Portal, OAuth2)",
        "global_limit": "requests a second, 1-100000 (Discord's default is 50 per bot token)",
        "thread_edit_s": "a number of seconds 0-3600 (0: a thread's live message is edited at every step)",
    }
    SECRET: ClassVar[frozenset[str]] = frozenset({"token", "database_url", "web_secret",
                                                  "discord_client_secret"})  # never echoed in an error

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)  # only from_env (below) reads the environment

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the environment and ``.env`` (the environment wins); SettingsError if a value is bad."""
        try:
            return _FromEnvironment()
        except ValidationError as error:
            raise SettingsError("\n".join(cls.error_lines(error))) from None

    @classmethod
    def error_lines(cls, error: ValidationError) -> list[str]:
        lines = []
        for problem in error.errors():
            field = next((str(part) for part in problem["loc"] if str(part) in cls.model_fields), None)
            if field is None:  # a check across fields: its message names the variables
                lines.append(str(problem.get("ctx", {}).get("error", problem["msg"])))
                continue
            name = env_name(field)
            got = "" if field in cls.SECRET else f" (got {problem.get('input')!r})"
            lines.append(f"{name} must be {cls.ALLOWED[field]}{got}")
        return list(dict.fromkeys(lines))

    @field_validator("log_level", mode="before")
    @classmethod
    def _log_level(cls, value: Any) -> str:
        level = str(value).strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError("unknown log level")
        return level

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(","))
        return value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("not a PostgreSQL URL")
        return value

    @field_validator("web_base_url")
    @classmethod
    def _web_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("not an http(s) URL")
        return value.rstrip("/") if value is not None else None

    @model_validator(mode="after")
    def _web_signed(self) -> Settings:
        # Links are signed with the secret: without one a restart would break every link, and two
        # processes would sign differently. So the web server needs it set, never a made-up one.
        if self.web_port is not None and self.web_secret is None:
            raise ValueError("WEB_PORT needs WEB_SECRET (" + self.ALLOWED["web_secret"] + ")")
        return self

    @model_validator(mode="after")
    def _database_path(self) -> Settings:
        """The database file as an absolute path, whatever the working directory (frozen: set once here).
        A relative DUELTABLE_DB or DUELTABLE_DATA_DIR is taken from the checkout (installed: the data folder)."""
        base = CHECKOUT or default_data_dir()
        data = base / Path(self.data_dir).expanduser() if self.data_dir else default_data_dir()
        database = base / Path(self.database).expanduser() if self.database else data / DATABASE_FILE
        object.__setattr__(self, "database", str(database))
        object.__setattr__(self, "data_dir", str(data))
        return self

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("DUELTABLE_SHARD_IDS needs DUELTABLE_SHARD_COUNT (the total number of shards)")
        if not self.shard_ids or any(not 0 <= shard < self.shard_count for shard in self.shard_ids) \
                or len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError(f"DUELTABLE_SHARD_IDS must be {self.ALLOWED['shard_ids']} "
                             f"({self.shard_count}), each once (got {','.join(map(str, self.shard_ids))})")
        return self


def env_name(field: str) -> str:
    alias = Settings.model_fields[field].validation_alias
    return next(choice for choice in alias.choices if choice != field)


class _FromEnvironment(Settings):
    """The same settings, read from the environment and then ``.env`` (pydantic-settings' order)."""

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (env_settings, dotenv_settings)


def configure() -> Settings | None:
    """Settings from the environment, logging and the metrics endpoint, as the bot runs (also the demo's and
    the benchmark's); None after one line per bad variable (or a taken metrics port), no traceback."""
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return None
    logs.setup(settings.log_level, settings.log_format)
    if settings.metrics_port:
        from bot import metrics  # prometheus and aiohttp: only for a process that serves metrics

        try:
            metrics.serve(settings.metrics_port, settings.metrics_host)
        except OSError as error:  # the port is taken or the address is not this host's
            print(f"METRICS_PORT {settings.metrics_port} on {settings.metrics_host}: {error.strerror}", file=sys.stderr)
            return None
    return settings
