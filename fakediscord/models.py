"""The fake's in-memory world: plain records the driver and the tests read directly."""

from __future__ import annotations

import asyncio
import enum
from dataclasses import dataclass, field
from typing import Any

EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15
HAS_THREAD = 1 << 5

JSON = dict[str, Any]


class ChannelType(enum.IntEnum):
    TEXT = 0
    DM = 1
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


class ApiError(Exception):
    """An error answer in Discord's shape: ``{"code": .., "message": .., "errors": {..}}``."""

    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def to_json(self) -> JSON:
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


@dataclass
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0


@dataclass
class FakeGuild:
    id: int
    name: str
    locale: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    member_ids: list[int] = field(default_factory=list)
    member_roles: dict[int, list[int]] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: str = ""

    @property
    def preferred_locale(self) -> str:
        return self.locale


@dataclass
class FakeChannel:
    id: int
    type: ChannelType
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    member_ids: list[int] = field(default_factory=list)
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    created_at: str = ""
    position: int = 0
    topic: str | None = None
    #: A guild text channel's overwrites, as its payload lists them (fakediscord/overwrites.py)
    permission_overwrites: list[JSON] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


KEPT_HEAD = 24  # a PNG's signature and IHDR width and height: what attachment payloads read


@dataclass
class FakeFile:
    """An uploaded attachment; ``data`` keeps the exact bytes the bot sent (or only their first
    ``KEPT_HEAD`` bytes, a PNG's header with its size, when the world keeps no file bytes: ``length`` then
    says how many there were)."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    length: int | None = None

    @property
    def size(self) -> int:
        return len(self.data) if self.length is None else self.length


@dataclass
class FakeMessage:
    id: int
    channel_id: int
    author_id: int
    guild_id: int | None = None
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    files: list[FakeFile] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: str = ""
    edited_at: str | None = None
    # Set for ephemeral messages: the only user who can see them.
    visible_to: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user_id: int | None = None
    interaction_name: str | None = None
    webhook_id: int | None = None
    thread_id: int | None = None
    pinned: bool = False
    # Users the message would notify: mentions allowed by allowed_mentions, at creation time only.
    pinged: list[int] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    reactions: dict[str, list[int]] = field(default_factory=dict)
    deleted: bool = False
    # The sender's nonce (Discord echoes it on create; enforce_nonce dedups on it).
    nonce: str | None = None
    # Earlier states of the message (content/embeds/components/files), oldest first.
    revisions: list[JSON] = field(default_factory=list)

    @property
    def attachments(self) -> list[tuple[str, bytes]]:
        return [(f.filename, f.data) for f in self.files]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def snapshot(self) -> JSON:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": self.attachments,
            "descriptions": [f.description for f in self.files],
            "flags": self.flags,
            "edited_at": self.edited_at,
        }


@dataclass
class CallRecord:
    """One REST call the bot made, as the fake saw it."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]]
    status: int
    timestamp: float
    response: Any = None

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


class InteractionRecord:
    """An interaction the driver created and everything the bot answered to it."""

    def __init__(self, *, id: int, token: str, type: int, user_id: int, channel_id: int,
                 guild_id: int | None, payload: JSON, created_at: float,
                 source_message_id: int | None = None) -> None:
        self.id = id
        self.token = token
        self.type = type
        self.user_id = user_id
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.payload = payload
        self.created_at = created_at
        self.source_message_id = source_message_id
        self.response: JSON | None = None
        self.response_type: int | None = None
        self.responded_at: float | None = None
        self.original: FakeMessage | None = None
        # Whether the response created or changed ``original`` (a deferred update alone does not).
        self.original_changed = False
        self.followups: list[FakeMessage] = []
        self.errors: list[ApiError] = []
        # Set once the user would see an answer: a response, or a deferral followed by a message.
        self._done = asyncio.Event()

    @property
    def data(self) -> JSON:
        return self.payload.get("data", {})

    @property
    def error(self) -> ApiError | None:
        return self.errors[-1] if self.errors else None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def messages(self) -> list[FakeMessage]:
        """The original response message (when the response made or changed one), then followups."""
        out: list[FakeMessage] = []
        if self.original is not None and self.original_changed and not self.original.deleted:
            out.append(self.original)
        out.extend(self.followups)
        return out

    @property
    def ephemeral(self) -> bool:
        if self.original is not None and self.original_changed:
            return self.original.ephemeral
        return bool(self.followups) and all(m.ephemeral for m in self.followups)

    @property
    def choices(self) -> list[JSON] | None:
        """Autocomplete choices, when the bot answered with type 8."""
        if self.response_type != 8 or self.response is None:
            return None
        return list(self.response.get("data", {}).get("choices", []))

    @property
    def modal(self) -> JSON | None:
        if self.response_type != 9 or self.response is None:
            return None
        return self.response.get("data")

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def mark_done(self) -> None:
        self._done.set()

    async def wait(self, timeout: float = 5.0) -> InteractionRecord:
        """Wait until the bot answered (or deferred and then sent or edited a message)."""
        try:
            await asyncio.wait_for(self._done.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not answer interaction {self.id} ({self.describe()}) within {timeout}s"
            ) from None
        return self

    def describe(self) -> str:
        data = self.data
        if self.type in (2, 4):
            return f"/{data.get('name')}"
        if self.type == 3:
            return f"component {data.get('custom_id')!r}"
        if self.type == 5:
            return f"modal {data.get('custom_id')!r}"
        return f"type {self.type}"

    def __repr__(self) -> str:
        return (f"<InteractionRecord {self.describe()} user={self.user_id} response_type={self.response_type}"
                f" errors={[e.code for e in self.errors]}>")
