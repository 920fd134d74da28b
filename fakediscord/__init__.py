"""A fake Discord (REST + gateway on loopback) that the real discord.py client connects to.

Used by the end-to-end tests, ``python -m bot demo`` and ``python -m bot bench``.
"""

from .harness import pointed_at, run_bot
from .models import (
    ApiError,
    CallRecord,
    ChannelType,
    FakeChannel,
    FakeFile,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
)
from .server import FakeDiscord

__all__ = [
    "ApiError",
    "CallRecord",
    "ChannelType",
    "FakeChannel",
    "FakeDiscord",
    "FakeFile",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionRecord",
    "pointed_at",
    "run_bot",
]
