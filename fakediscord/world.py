"""World state (users, guilds, channels, messages, commands) and its Discord JSON rendering.

Payloads follow API v10 as discord.py 2.7 parses them; only fields discord.py reads or a bot could
reasonably look at are filled in.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import struct
from typing import Any

from .models import (
    EPHEMERAL,
    HAS_THREAD,
    IS_COMPONENTS_V2,
    JSON,
    KEPT_HEAD,
    LOADING,
    ApiError,
    ChannelType,
    FakeChannel,
    FakeFile,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from .snowflake import SnowflakeGenerator, snowflake_time_ms

# Permission bits the fake hands out (see discord.Permissions).
P_CREATE_INVITE = 1 << 0
P_ADMINISTRATOR = 1 << 3
P_MANAGE_GUILD = 1 << 5
P_ADD_REACTIONS = 1 << 6
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_HISTORY = 1 << 16
P_EXTERNAL_EMOJIS = 1 << 18
P_CHANGE_NICKNAME = 1 << 26
P_USE_APP_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_CREATE_PRIVATE_THREADS = 1 << 36
P_SEND_IN_THREADS = 1 << 38

EVERYONE_PERMISSIONS = (
    P_CREATE_INVITE | P_ADD_REACTIONS | P_VIEW_CHANNEL | P_SEND_MESSAGES | P_EMBED_LINKS | P_ATTACH_FILES
    | P_READ_HISTORY | P_EXTERNAL_EMOJIS | P_CHANGE_NICKNAME | P_USE_APP_COMMANDS | P_CREATE_PUBLIC_THREADS
    | P_CREATE_PRIVATE_THREADS | P_SEND_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES | P_MANAGE_THREADS
ALL_PERMISSIONS = (1 << 51) - 1

APPLICATION_EMBEDDED = 1 << 17  # the application's flag for "Activities enabled"
# Message flags a sender may set; the rest are Discord's to set.
SETTABLE_FLAGS = 1 << 2 | EPHEMERAL | 1 << 12 | IS_COMPONENTS_V2
_USER_MENTION = re.compile(r"<@!?(\d+)>")


def iso(ms: int | None = None) -> str:
    moment = dt.datetime.now(dt.UTC) if ms is None else dt.datetime.fromtimestamp(ms / 1000, dt.UTC)
    return moment.isoformat()


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG header, so image attachments carry them like Discord's do."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


class World:
    def __init__(self, ids: SnowflakeGenerator, *, bot_name: str = "Duel Table") -> None:
        self.ids = ids
        self.bot = FakeUser(id=ids.next(), name=bot_name, bot=True)
        self.application_id = self.bot.id
        #: The Developer Portal's "Activities enabled" (the EMBEDDED flag): LAUNCH_ACTIVITY callbacks allowed.
        self.activities_enabled = False
        #: Each Activity launched by a LAUNCH_ACTIVITY callback: (member, channel).
        self.activity_launches: list[tuple[int, int]] = []
        self.base_url = "http://127.0.0.1"
        #: False: a file keeps only its first bytes (its PNG size) and its length, for a long benchmark whose
        #: fake would otherwise hold every picture the bot sent (~1 GB over 4,000 decisions).
        self.keep_file_bytes = True
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.channel_messages: dict[int, list[FakeMessage]] = {}
        self.message_index: dict[int, FakeMessage] = {}
        self.dm_by_user: dict[int, int] = {}
        self.commands_global: list[JSON] = []
        self.commands_guild: dict[int, list[JSON]] = {}
        # enforce_nonce: (channel, author, nonce) -> the message it created, for NONCE_WINDOW seconds.
        self.nonces: dict[tuple[int, int, str], tuple[float, FakeMessage]] = {}

    # -- world building -----------------------------------------------------------------------------

    def add_user(self, name: str, *, locale: str = "en-US", bot: bool = False) -> FakeUser:
        user = FakeUser(id=self.ids.next(), name=name, locale=locale, bot=bot)
        self.users[user.id] = user
        for guild in self.guilds.values():
            self.add_member(guild, user.id)
        return user

    def add_guild(self, name: str, *, locale: str = "en-US", bot_permissions: int = BOT_PERMISSIONS,
                  guild_id: int | None = None) -> FakeGuild:
        guild_id = guild_id or self.ids.next()
        guild = FakeGuild(id=guild_id, name=name, locale=locale, owner_id=self.ids.next(), joined_at=iso())
        # @everyone shares the guild's id, as on Discord.
        guild.roles[guild_id] = FakeRole(id=guild_id, name="@everyone", permissions=EVERYONE_PERMISSIONS)
        bot_role = FakeRole(id=self.ids.next(), name=self.bot.name, permissions=bot_permissions, position=1)
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild_id] = guild
        for user in self.users.values():
            self.add_member(guild, user.id, roles=[bot_role.id] if user.id == self.bot.id else [])
        return guild

    def add_member(self, guild: FakeGuild, user_id: int, *, roles: list[int] | None = None) -> None:
        if user_id not in guild.member_ids:
            guild.member_ids.append(user_id)
            guild.member_roles[user_id] = list(roles or [])

    def add_role(self, guild: FakeGuild, name: str, permissions: int, *, members: tuple[int, ...] = ()) -> FakeRole:
        """A role with ``permissions`` given to ``members``: from then on their interactions carry the permissions
        in ``member.permissions`` and the channel's ``permissions``, as Discord resolves them."""
        role = FakeRole(id=self.ids.next(), name=name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        for user_id in members:
            self.add_member(guild, user_id)
            guild.member_roles[user_id].append(role.id)
        return role

    def add_channel(self, guild: FakeGuild, name: str, *, topic: str | None = None) -> FakeChannel:
        channel = FakeChannel(id=self.ids.next(), type=ChannelType.TEXT, name=name, guild_id=guild.id,
                              created_at=iso(), position=len(guild.channel_ids), topic=topic)
        self._register_channel(channel)
        guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, user_id: int) -> FakeChannel:
        """The bot's DM channel with a user, created on first use like POST /users/@me/channels."""
        channel_id = self.dm_by_user.get(user_id)
        if channel_id is not None:
            return self.channels[channel_id]
        self.user(user_id)
        channel = FakeChannel(id=self.ids.next(), type=ChannelType.DM, name="", recipient_id=user_id,
                              created_at=iso())
        self._register_channel(channel)
        self.dm_by_user[user_id] = channel.id
        return channel

    def create_thread(self, parent: FakeChannel, *, name: str, owner_id: int, private: bool,
                      from_message: FakeMessage | None = None, auto_archive_duration: int = 1440,
                      invitable: bool = True) -> FakeChannel:
        if parent.type != ChannelType.TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, "Invalid Form Body", {"name": {"_errors": [
                {"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}]}})
        if from_message is not None and from_message.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        # A thread started from a message shares the message's id, as on Discord.
        thread_id = from_message.id if from_message is not None else self.ids.next()
        thread = FakeChannel(
            id=thread_id, type=ChannelType.PRIVATE_THREAD if private else ChannelType.PUBLIC_THREAD, name=name,
            guild_id=parent.guild_id, parent_id=parent.id, owner_id=owner_id, member_ids=[owner_id],
            auto_archive_duration=auto_archive_duration, invitable=invitable, created_at=iso(),
        )
        self._register_channel(thread)
        if from_message is not None:
            from_message.thread_id = thread_id
            from_message.flags |= HAS_THREAD
        return thread

    def _register_channel(self, channel: FakeChannel) -> None:
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []

    # -- lookups (raising Discord's errors) ---------------------------------------------------------

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[int(user_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10013, "Unknown User") from None

    def guild(self, guild_id: int) -> FakeGuild:
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10004, "Unknown Guild") from None

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10003, "Unknown Channel") from None

    def message(self, channel_id: int, message_id: int) -> FakeMessage:
        """A message as the bot may fetch it through channel routes: ephemeral ones are never fetchable."""
        self.channel(channel_id)
        msg = self.message_index.get(int(message_id))
        if msg is None or msg.deleted or msg.channel_id != int(channel_id) or msg.visible_to is not None:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    def member_ids(self, guild: FakeGuild) -> list[int]:
        return list(guild.member_ids)

    def permissions(self, guild: FakeGuild, user_id: int) -> int:
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        value = guild.roles[guild.id].permissions
        for role_id in guild.member_roles.get(user_id, []):
            value |= guild.roles[role_id].permissions
        return ALL_PERMISSIONS if value & P_ADMINISTRATOR else value

    def visible_messages(self, channel_id: int, *, viewer: int | None = None,
                         include_ephemeral: bool = False) -> list[FakeMessage]:
        return [
            m for m in self.channel_messages.get(channel_id, [])
            if not m.deleted and (m.visible_to is None or include_ephemeral or m.visible_to == viewer)
        ]

    # -- messages -----------------------------------------------------------------------------------

    def create_message(self, channel: FakeChannel, author_id: int, body: JSON, files: list[tuple[str, bytes]],
                       *, flags: int = 0, type: int = 0, visible_to: int | None = None,
                       webhook_id: int | None = None) -> FakeMessage:
        msg = FakeMessage(
            id=self.ids.next(), channel_id=channel.id, guild_id=channel.guild_id, author_id=author_id,
            content=str(body.get("content") or ""), embeds=copy.deepcopy(body.get("embeds") or []),
            components=copy.deepcopy(body.get("components") or []),
            flags=(int(body.get("flags") or 0) & SETTABLE_FLAGS) | flags, type=type, created_at=iso(),
            visible_to=visible_to, webhook_id=webhook_id,
        )
        if visible_to is not None:
            msg.flags |= EPHEMERAL
        msg.files = self._new_files(body, files)
        if body.get("nonce") is not None:
            msg.nonce = str(body["nonce"])
        msg.mentions = self.mentions(msg.content, body.get("allowed_mentions"))
        # Ephemeral and @silent messages notify nobody.
        msg.pinged = [] if msg.flags & (EPHEMERAL | 1 << 12) else list(msg.mentions)
        self.channel_messages[channel.id].append(msg)
        self.message_index[msg.id] = msg
        if channel.archived and not channel.locked:
            channel.archived = False  # sending into an archived thread unarchives it on Discord
        return msg

    def edit_message(self, msg: FakeMessage, body: JSON, files: list[tuple[str, bytes]]) -> FakeMessage:
        msg.revisions.append(msg.snapshot())
        if "content" in body:
            msg.content = str(body["content"] or "")
            msg.mentions = self.mentions(msg.content, body.get("allowed_mentions"))
        if "embeds" in body:
            msg.embeds = copy.deepcopy(body["embeds"] or [])
        if "components" in body:
            msg.components = copy.deepcopy(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            kept = msg.flags & ~SETTABLE_FLAGS | (msg.flags & EPHEMERAL)
            msg.flags = kept | (int(body["flags"]) & SETTABLE_FLAGS & ~EPHEMERAL)
        if "attachments" in body and body["attachments"] is not None:
            # Existing attachments are kept by listing their (snowflake) ids; new files by their index.
            existing = {f.id: f for f in msg.files}
            kept = [existing[i] for i in (_int_or_none(a.get("id")) for a in body["attachments"]) if i in existing]
            msg.files = kept + self._new_files(body, files)
        elif files:
            msg.files = msg.files + self._new_files(body, files)
        # Editing the "thinking..." message of a deferred response turns it into a real message.
        msg.flags &= ~LOADING
        msg.edited_at = iso()
        return msg

    def _new_files(self, body: JSON, files: list[tuple[str, bytes]]) -> list[FakeFile]:
        """Files of a multipart body, named and described by the ``attachments`` entries that point at them."""
        refs: dict[int, JSON] = {}
        for entry in body.get("attachments") or []:
            try:
                index = int(entry.get("id"))
            except (TypeError, ValueError):
                continue
            if 0 <= index < len(files):
                refs[index] = entry
        out = []
        for index, (filename, data) in enumerate(files):
            ref = refs.get(index, {})
            out.append(FakeFile(id=self.ids.next(), filename=str(ref.get("filename") or filename),
                                data=data if self.keep_file_bytes else data[:KEPT_HEAD], length=len(data),
                                description=ref.get("description")))
        return out

    def mentions(self, content: str, allowed: JSON | None) -> list[int]:
        """User ids a message mentions, filtered by allowed_mentions as Discord does for notifications."""
        found = [int(x) for x in _USER_MENTION.findall(content or "")]
        found = list(dict.fromkeys(uid for uid in found if uid in self.users))
        if allowed is None:
            return found
        if "users" in (allowed.get("parse") or []):
            return found
        listed = {int(u) for u in allowed.get("users") or []}
        return [uid for uid in found if uid in listed]

    # -- payloads -----------------------------------------------------------------------------------

    def user_payload(self, user: FakeUser) -> JSON:
        return {
            "id": str(user.id), "username": user.name, "global_name": None if user.bot else user.name,
            "discriminator": "0", "avatar": None, "bot": user.bot, "public_flags": 0,
        }

    def me_payload(self) -> JSON:
        return {**self.user_payload(self.bot), "verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"}

    def application_payload(self) -> JSON:
        owner = self.user_payload(FakeUser(id=self.application_id + 1, name="owner"))
        return {
            "id": str(self.application_id), "name": self.bot.name, "description": "", "icon": None,
            "bot_public": True, "bot_require_code_grant": False, "owner": owner, "team": None,
            "verify_key": "0" * 64, "flags": APPLICATION_EMBEDDED if self.activities_enabled else 0,
            "bot": self.user_payload(self.bot), "summary": "",
            "install_params": None, "interactions_endpoint_url": None, "redirect_uris": [],
            "integration_types_config": {},
        }

    def member_payload(self, guild: FakeGuild, user_id: int, *, with_user: bool = True,
                       with_permissions: bool = False) -> JSON:
        data: JSON = {
            "roles": [str(r) for r in guild.member_roles.get(user_id, [])], "nick": None, "avatar": None,
            "joined_at": guild.joined_at, "premium_since": None, "deaf": False, "mute": False, "flags": 0,
            "pending": False, "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user_payload(self.user(user_id))
        if with_permissions:
            data["permissions"] = str(self.permissions(guild, user_id))
        return data

    def role_payload(self, role: FakeRole) -> JSON:
        return {
            "id": str(role.id), "name": role.name, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
            "icon": None, "unicode_emoji": None, "position": role.position, "permissions": str(role.permissions),
            "managed": False, "mentionable": False, "flags": 0,
        }

    def guild_payload(self, guild: FakeGuild, *, gateway: bool = False, all_members: bool = True) -> JSON:
        data: JSON = {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(guild.owner_id), "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [self.role_payload(r) for r in guild.roles.values()], "emojis": [], "stickers": [],
            "features": [], "mfa_level": 0, "application_id": None, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None, "description": None,
            "banner": None, "premium_tier": 0, "premium_subscription_count": 0,
            "preferred_locale": guild.locale, "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }
        if gateway:
            # member_count == len(members) marks the guild "chunked", so discord.py never asks for chunks
            # when it has the members intent; without it Discord sends only the bot's own member.
            member_ids = guild.member_ids if all_members else [self.bot.id]
            data.update(
                joined_at=guild.joined_at, large=False, unavailable=False, member_count=len(guild.member_ids),
                members=[self.member_payload(guild, uid) for uid in member_ids], voice_states=[],
                channels=[self.channel_payload(self.channels[c]) for c in guild.channel_ids],
                threads=[self.channel_payload(t) for t in self.threads(guild.id) if not t.archived],
                presences=[], stage_instances=[], guild_scheduled_events=[], soundboard_sounds=[],
            )
        return data

    def threads(self, guild_id: int | None = None, parent_id: int | None = None) -> list[FakeChannel]:
        return [
            c for c in self.channels.values()
            if c.is_thread and (guild_id is None or c.guild_id == guild_id)
            and (parent_id is None or c.parent_id == parent_id)
        ]

    def last_message_id(self, channel: FakeChannel) -> str | None:
        public = [m for m in self.channel_messages.get(channel.id, []) if m.visible_to is None]
        return str(public[-1].id) if public else None

    def channel_payload(self, channel: FakeChannel) -> JSON:
        if channel.is_dm:
            return {
                "id": str(channel.id), "type": 1, "flags": 0, "last_message_id": self.last_message_id(channel),
                "recipients": [self.user_payload(self.user(channel.recipient_id or 0))],
            }
        data: JSON = {
            "id": str(channel.id), "type": int(channel.type), "guild_id": str(channel.guild_id),
            "name": channel.name, "last_message_id": self.last_message_id(channel), "rate_limit_per_user": 0,
            "flags": 0, "nsfw": False,
        }
        if channel.is_thread:
            count = len([m for m in self.channel_messages.get(channel.id, []) if m.visible_to is None])
            data.update(
                parent_id=str(channel.parent_id), owner_id=str(channel.owner_id), message_count=count,
                total_message_sent=count, member_count=len(channel.member_ids), applied_tags=[],
                thread_metadata={
                    "archived": channel.archived, "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": channel.created_at, "locked": channel.locked,
                    "invitable": channel.invitable, "create_timestamp": channel.created_at,
                },
            )
        else:
            data.update(position=channel.position, parent_id=None, topic=channel.topic,
                        permission_overwrites=copy.deepcopy(channel.permission_overwrites),
                        default_auto_archive_duration=1440)
        return data

    def thread_member_payload(self, thread: FakeChannel, user_id: int) -> JSON:
        return {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": thread.created_at, "flags": 0}

    def attachment_payload(self, msg: FakeMessage, file: FakeFile) -> JSON:
        url = f"{self.base_url}/attachments/{msg.channel_id}/{file.id}/{file.filename}"
        data: JSON = {
            "id": str(file.id), "filename": file.filename, "size": file.size, "url": url, "proxy_url": url,
            "content_type": file.content_type or _guess_type(file.filename),
        }
        if file.description:
            data["description"] = file.description
        if msg.ephemeral:
            data["ephemeral"] = True
        size = png_size(file.data)
        if size:
            data["width"], data["height"] = size
        return data

    def message_payload(self, msg: FakeMessage) -> JSON:
        author = self.users.get(msg.author_id, self.bot)
        data: JSON = {
            "id": str(msg.id), "channel_id": str(msg.channel_id), "type": msg.type, "content": msg.content,
            "author": self.user_payload(author), "timestamp": iso(snowflake_time_ms(msg.id)),
            "edited_timestamp": msg.edited_at, "tts": False, "mention_everyone": False,
            "mentions": [self.user_payload(self.users[u]) for u in msg.mentions], "mention_roles": [],
            "attachments": [self.attachment_payload(msg, f) for f in msg.files], "embeds": msg.embeds,
            "components": msg.components, "pinned": msg.pinned, "flags": msg.flags,
        }
        if msg.nonce is not None:
            data["nonce"] = msg.nonce
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            guild = self.guilds[msg.guild_id]
            if msg.webhook_id is None and msg.author_id in guild.member_ids:
                data["member"] = self.member_payload(guild, msg.author_id, with_user=False)
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        if msg.interaction_id is not None and msg.interaction_user_id is not None:
            user = self.user_payload(self.user(msg.interaction_user_id))
            data["interaction_metadata"] = {
                "id": str(msg.interaction_id), "type": msg.interaction_type, "user": user,
                "authorizing_integration_owners": {"0": str(msg.guild_id)} if msg.guild_id else {"1": user["id"]},
            }
            if msg.interaction_name:
                data["interaction_metadata"]["name"] = msg.interaction_name
        if msg.thread_id is not None and msg.thread_id in self.channels:
            data["thread"] = self.channel_payload(self.channels[msg.thread_id])
        if msg.reactions:
            data["reactions"] = [
                {"emoji": _emoji_payload(emoji), "count": len(users), "me": self.bot.id in users,
                 "count_details": {"burst": 0, "normal": len(users)}, "burst_colors": [], "me_burst": False,
                 "burst_me": False, "burst_count": 0}
                for emoji, users in msg.reactions.items() if users
            ]
        return data


def _guess_type(filename: str) -> str:
    lowered = filename.lower()
    for suffix, mime in ((".png", "image/png"), (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"),
                         (".gif", "image/gif"), (".webp", "image/webp"), (".txt", "text/plain; charset=utf-8"),
                         (".json", "application/json; charset=utf-8")):
        if lowered.endswith(suffix):
            return mime
    return "application/octet-stream"


def _emoji_payload(emoji: str) -> JSON:
    # Custom emoji arrive URL-encoded as name:id.
    name, _, emoji_id = emoji.partition(":")
    return {"id": emoji_id or None, "name": name}


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def as_id(value: Any) -> int:
    """Accept a fake record, a discord.py object or a raw id wherever the driver takes an id."""
    return int(getattr(value, "id", value))
