"""Settings from the environment and an optional ``.env`` file (every one is listed in .env.example)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def load_dotenv(path: Path = Path(".env")) -> None:
    """Minimal .env reader: KEY=VALUE lines, # comments; the real environment wins."""
    if not path.is_file():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        os.environ.setdefault(key.strip(), value.strip().strip('"').strip("'"))


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: str
    inline_lookup: bool
    max_active_matches: int
    timer_interval: float
    challenge_ttl_hours: float
    dev_guild_id: int | None
    log_level: str
    # Scaling (issue 17): PostgreSQL instead of the SQLite file; which shards this process runs.
    database_url: str | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    metrics_port: int | None = None

    @classmethod
    def from_env(cls) -> Settings:
        dev_guild = os.environ.get("DUELTABLE_DEV_GUILD", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database=os.environ.get("DUELTABLE_DB", "").strip() or "data/dueltable.sqlite3",
            inline_lookup=_flag("DUELTABLE_INLINE_LOOKUP", False),
            max_active_matches=int(os.environ.get("DUELTABLE_MAX_ACTIVE_MATCHES", "10")),
            timer_interval=float(os.environ.get("DUELTABLE_TIMER_INTERVAL", "60")),
            challenge_ttl_hours=float(os.environ.get("DUELTABLE_CHALLENGE_TTL_HOURS", "24")),
            dev_guild_id=int(dev_guild) if dev_guild else None,
            log_level=os.environ.get("DUELTABLE_LOG_LEVEL", "INFO").strip() or "INFO",
            database_url=os.environ.get("DATABASE_URL", "").strip() or None,
            shard_count=int(os.environ["DUELTABLE_SHARD_COUNT"]) if os.environ.get("DUELTABLE_SHARD_COUNT") else None,
            shard_ids=tuple(int(x) for x in os.environ["DUELTABLE_SHARD_IDS"].split(","))
            if os.environ.get("DUELTABLE_SHARD_IDS") else None,
            metrics_port=int(os.environ["METRICS_PORT"]) if os.environ.get("METRICS_PORT") else None,
        )
