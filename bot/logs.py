"""Structured log lines: every line carries the match and guild it is about, as key=value text or JSON.

The Discord layer (bot/ui/) binds the match it is handling (``bind_match``, called where a match is loaded for a click,
a timer or the outbox); the binding lives in a context variable, so it follows the handling task
(discord.py runs each interaction in a task of its own, and a task started from it inherits it) and
never leaks into another interaction. Lines logged outside any match say ``match_id=- guild_id=-``.

Log lines never hold hidden information: the Discord layer logs ids, versions and Discord errors, never a hand,
a face-down card, the options of a secret decision or a choice (tests/e2e/test_metrics.py checks the
log of whole matches for it).
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
from typing import Any

MATCH_ID: contextvars.ContextVar[int | None] = contextvars.ContextVar("dueltable_match_id", default=None)
GUILD_ID: contextvars.ContextVar[int | None] = contextvars.ContextVar("dueltable_guild_id", default=None)
TEXT_FORMAT = "%(asctime)s level=%(levelname)s logger=%(name)s match_id=%(match_id)s guild_id=%(guild_id)s %(message)s"


def bind_match(match: Any) -> None:
    """From here on in this task (and tasks it starts), log lines name this match and its guild."""
    MATCH_ID.set(getattr(match, "id", None))
    GUILD_ID.set(getattr(match, "guild_id", None))


class MatchContext(logging.Filter):
    """Adds ``match_id`` and ``guild_id`` (from the context variables, ``-`` when none) to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "match_id"):
            match_id = MATCH_ID.get()
            record.match_id = "-" if match_id is None else match_id
        if not hasattr(record, "guild_id"):
            guild_id = GUILD_ID.get()
            record.guild_id = "-" if guild_id is None else guild_id
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, match_id, guild_id, message (and the traceback)."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "match_id": None if getattr(record, "match_id", "-") == "-" else record.match_id,
            "guild_id": None if getattr(record, "guild_id", "-") == "-" else record.guild_id,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def handler(log_format: str = "text", stream: Any = None) -> logging.Handler:
    """A stream handler that adds the match context and writes ``text`` (key=value) or ``json`` lines."""
    out = logging.StreamHandler(stream if stream is not None else sys.stderr)
    out.addFilter(MatchContext())
    out.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    return out


# Libraries that log payloads at DEBUG: discord.py every HTTP request body (a DM panel: a hand, a secret
# decision's options) and raw events, aiosqlite every statement with its parameters (a match's state).
# They never go below INFO, whatever the level.
PAYLOAD_LOGGERS = ("discord", "aiosqlite", "asyncpg")


def keep_payloads_out() -> dict[str, int]:
    """Raise the payload loggers to INFO at least; returns their previous levels."""
    previous = {}
    for name in PAYLOAD_LOGGERS:
        logger = logging.getLogger(name)
        previous[name] = logger.level
        logger.setLevel(max(logging.INFO, logger.getEffectiveLevel()))
    return previous


def setup(level: str = "INFO", log_format: str = "text") -> None:
    """Configure the root logger for ``python -m bot`` (run, demo, bench)."""
    logging.basicConfig(level=level, handlers=[handler(log_format)], force=True)
    keep_payloads_out()
