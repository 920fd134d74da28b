"""REST routes under /api/v10: a small regex router over the world, answering in Discord's shapes."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from . import limits
from .gateway import Gateway
from .interactions import Interactions
from .models import JSON, ApiError, ChannelType, FakeChannel, FakeGuild, FakeMessage
from .parts import RestHost
from .world import (
    P_ATTACH_FILES,
    P_CREATE_PRIVATE_THREADS,
    P_CREATE_PUBLIC_THREADS,
    P_MANAGE_MESSAGES,
    P_MANAGE_THREADS,
    P_SEND_IN_THREADS,
    P_SEND_MESSAGES,
)

Result = tuple[int, Any]
# How long Discord remembers an enforced nonce ("the past few minutes").
NONCE_WINDOW = 300.0
Handler = Callable[["ApiRequest"], Awaitable[Result]]


@dataclass
class ApiRequest:
    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    json: Any = None
    files: list[tuple[str, bytes]] = field(default_factory=list)

    @property
    def body(self) -> JSON:
        return self.json if isinstance(self.json, dict) else {}

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


class Router:
    def __init__(self) -> None:
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []

    def add(self, method: str, template: str, handler: Handler) -> None:
        regex = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self._routes.append((method, re.compile(f"^{regex}$"), handler))

    def resolve(self, method: str, path: str) -> tuple[Handler, dict[str, str]]:
        path_known = False
        for route_method, regex, handler in self._routes:
            match = regex.match(path)
            if match is None:
                continue
            if route_method == method:
                return handler, match.groupdict()
            path_known = True
        if path_known:
            raise ApiError(405, 0, "405: Method Not Allowed")
        raise ApiError(404, 0, "404: Not Found")


class RestApi:
    def __init__(self, fake: RestHost, gateway: Gateway, interactions: Interactions) -> None:
        self.fake = fake
        self.world = fake.world
        self.gateway = gateway
        self.interactions = interactions
        self.router = Router()
        self._register()

    def _register(self) -> None:
        add = self.router.add
        # Literal segments (@me, @original) are registered before the {id} routes they would shadow.
        add("GET", "/gateway", self.get_gateway)
        add("GET", "/gateway/bot", self.get_gateway_bot)
        add("GET", "/users/@me", self.get_me)
        add("PATCH", "/users/@me", self.get_me)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/users/{user_id}", self.get_user)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/applications/@me", self.get_application)

        add("GET", "/channels/{channel_id}", self.get_channel)
        add("PATCH", "/channels/{channel_id}", self.patch_channel)
        add("DELETE", "/channels/{channel_id}", self.delete_channel)
        add("POST", "/channels/{channel_id}/typing", self.no_content)
        add("GET", "/channels/{channel_id}/messages", self.list_messages)
        add("POST", "/channels/{channel_id}/messages", self.post_message)
        add("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete)
        add("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.pin)
        add("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self.unpin)
        add("PUT", "/channels/{channel_id}/pins/{message_id}", self.pin)
        add("DELETE", "/channels/{channel_id}/pins/{message_id}", self.unpin)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        add("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self.add_reaction)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{user_id}",
            self.remove_reaction)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions", self.clear_reactions)
        add("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.thread_from_message)
        add("POST", "/channels/{channel_id}/threads", self.thread_without_message)
        add("GET", "/channels/{channel_id}/threads/archived/public", self.archived_threads)
        add("GET", "/channels/{channel_id}/threads/archived/private", self.archived_threads)
        add("GET", "/channels/{channel_id}/thread-members", self.list_thread_members)
        add("GET", "/channels/{channel_id}/thread-members/{user_id}", self.get_thread_member)
        add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member)
        add("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.remove_thread_member)

        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/channels", self.guild_channels)
        add("GET", "/guilds/{guild_id}/roles", self.guild_roles)
        add("GET", "/guilds/{guild_id}/members", self.guild_members)
        add("PATCH", "/guilds/{guild_id}/members/@me", self.patch_me_member)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.guild_member)
        add("GET", "/guilds/{guild_id}/threads/active", self.active_threads)

        for base in ("/applications/{application_id}/commands",
                     "/applications/{application_id}/guilds/{guild_id}/commands"):
            add("GET", base, self.list_commands)
            add("PUT", base, self.put_commands)
            add("POST", base, self.post_command)
            add("GET", base + "/{command_id}", self.get_command)
            add("PATCH", base + "/{command_id}", self.patch_command)
            add("DELETE", base + "/{command_id}", self.delete_command)

        add("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback)
        add("POST", "/webhooks/{application_id}/{token}", self.webhook_execute)
        add("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self.webhook_get)
        add("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", self.webhook_edit)
        add("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", self.webhook_delete)

    # -- helpers -------------------------------------------------------------------------------------

    def _require(self, channel: FakeChannel, permission: int) -> None:
        if channel.guild_id is None:
            return
        guild = self.world.guilds[channel.guild_id]
        if not self.world.permissions(guild, self.world.bot.id) & permission:
            raise ApiError(403, 50013, "Missing Permissions")

    def _guild(self, req: ApiRequest) -> FakeGuild:
        guild = self.world.guild(int(req.params["guild_id"]))
        if self.world.bot.id not in guild.member_ids:
            raise ApiError(403, 50001, "Missing Access")
        return guild

    def _message(self, req: ApiRequest) -> tuple[FakeChannel, FakeMessage]:
        channel = self.world.channel(int(req.params["channel_id"]))
        return channel, self.world.message(channel.id, int(req.params["message_id"]))

    async def no_content(self, req: ApiRequest) -> Result:
        return 204, None

    # -- gateway, users, application -----------------------------------------------------------------

    async def get_gateway(self, req: ApiRequest) -> Result:
        return 200, {"url": self.fake.gateway_url}

    async def get_gateway_bot(self, req: ApiRequest) -> Result:
        return 200, {"url": self.fake.gateway_url, "shards": self.fake.shard_count, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    async def get_me(self, req: ApiRequest) -> Result:
        return 200, self.world.me_payload()

    async def get_user(self, req: ApiRequest) -> Result:
        return 200, self.world.user_payload(self.world.user(int(req.params["user_id"])))

    async def get_application(self, req: ApiRequest) -> Result:
        return 200, self.world.application_payload()

    async def create_dm(self, req: ApiRequest) -> Result:
        recipient = req.body.get("recipient_id")
        if recipient is None:
            raise ApiError(400, 50035, "Invalid Form Body", limits.error_tree(
                [("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")]))
        # Opening the channel always works; sending into it is what a closed DM refuses (50007).
        return 200, self.world.channel_payload(self.world.dm_channel(int(recipient)))

    # -- channels and messages -----------------------------------------------------------------------

    async def get_channel(self, req: ApiRequest) -> Result:
        return 200, self.world.channel_payload(self.world.channel(int(req.params["channel_id"])))

    async def patch_channel(self, req: ApiRequest) -> Result:
        channel = self.world.channel(int(req.params["channel_id"]))
        body = req.body
        if channel.is_thread:
            if ({"archived", "locked", "invitable", "auto_archive_duration"} & body.keys()
                    and channel.owner_id != self.world.bot.id):
                self._require(channel, P_MANAGE_THREADS)
            for key in ("name", "archived", "locked", "invitable", "auto_archive_duration"):
                if key in body and body[key] is not None:
                    setattr(channel, key, body[key])
            await self.fake.emit_channel("THREAD_UPDATE", channel)
        else:
            for key in ("name", "topic"):
                if key in body:
                    setattr(channel, key, body[key])
            await self.fake.emit_channel("CHANNEL_UPDATE", channel)
        return 200, self.world.channel_payload(channel)

    async def delete_channel(self, req: ApiRequest) -> Result:
        channel = self.world.channel(int(req.params["channel_id"]))
        payload = self.world.channel_payload(channel)
        del self.world.channels[channel.id]
        if channel.guild_id is not None and channel.id in self.world.guilds[channel.guild_id].channel_ids:
            self.world.guilds[channel.guild_id].channel_ids.remove(channel.id)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        await self.gateway.dispatch(event, payload if not channel.is_dm else None)
        return 200, payload

    async def list_messages(self, req: ApiRequest) -> Result:
        channel = self.world.channel(int(req.params["channel_id"]))
        messages = self.world.visible_messages(channel.id)
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        if "before" in req.query:
            messages = [m for m in messages if m.id < int(req.query["before"])]
        if "after" in req.query:
            messages = [m for m in messages if m.id > int(req.query["after"])][:limit]
        if "around" in req.query:
            pivot = int(req.query["around"])
            older = [m for m in messages if m.id <= pivot][-(limit // 2 + 1):]
            messages = older + [m for m in messages if m.id > pivot][: limit - len(older)]
        newest_first = list(reversed(messages))[:limit]
        return 200, [self.world.message_payload(m) for m in newest_first]

    async def post_message(self, req: ApiRequest) -> Result:
        channel = self.world.channel(int(req.params["channel_id"]))
        if channel.is_dm:
            recipient = self.world.user(channel.recipient_id or 0)
            if not recipient.dms_open or recipient.bot:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            self._require(channel, P_SEND_IN_THREADS if channel.is_thread else P_SEND_MESSAGES)
            if req.files:
                self._require(channel, P_ATTACH_FILES)
            if channel.is_thread and channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
        limits.raise_if_invalid(limits.check_message(req.body, files=req.files))
        nonce = req.body.get("nonce")
        key = (channel.id, self.world.bot.id, str(nonce))
        if nonce is not None and req.body.get("enforce_nonce"):
            # Like Discord: the same author and nonce within a few minutes returns the message it made.
            seen = self.world.nonces.get(key)
            if seen is not None and self.fake.now() - seen[0] <= NONCE_WINDOW and not seen[1].deleted:
                self.fake.nonce_repeats.append(seen[1])
                return 200, self.world.message_payload(seen[1])
        reference = req.body.get("message_reference")
        msg = self.world.create_message(channel, self.world.bot.id, req.body, req.files,
                                        type=19 if reference else 0)
        if nonce is not None:
            self.world.nonces[key] = (self.fake.now(), msg)
        await self.fake.emit_message_create(msg)
        return 200, self.world.message_payload(msg)

    async def get_message(self, req: ApiRequest) -> Result:
        _, msg = self._message(req)
        return 200, self.world.message_payload(msg)

    async def patch_message(self, req: ApiRequest) -> Result:
        _, msg = self._message(req)
        if msg.author_id != self.world.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        limits.raise_if_invalid(limits.check_message(req.body, files=req.files, require_body=False))
        self.world.edit_message(msg, req.body, req.files)
        await self.fake.emit_message_update(msg)
        return 200, self.world.message_payload(msg)

    async def delete_message(self, req: ApiRequest) -> Result:
        channel, msg = self._message(req)
        if msg.author_id != self.world.bot.id:
            if channel.is_dm:
                raise ApiError(403, 50003, "Cannot execute action on a DM channel")
            self._require(channel, P_MANAGE_MESSAGES)
        await self.fake.delete_message(msg)
        return 204, None

    async def bulk_delete(self, req: ApiRequest) -> Result:
        channel = self.world.channel(int(req.params["channel_id"]))
        self._require(channel, P_MANAGE_MESSAGES)
        for message_id in req.body.get("messages") or []:
            await self.fake.delete_message(self.world.message(channel.id, int(message_id)))
        return 204, None

    async def pin(self, req: ApiRequest) -> Result:
        _, msg = self._message(req)
        msg.pinned = True
        return 204, None

    async def unpin(self, req: ApiRequest) -> Result:
        _, msg = self._message(req)
        msg.pinned = False
        return 204, None

    async def add_reaction(self, req: ApiRequest) -> Result:
        _, msg = self._message(req)
        users = msg.reactions.setdefault(req.params["emoji"], [])
        if self.world.bot.id not in users:
            users.append(self.world.bot.id)
        return 204, None

    async def remove_reaction(self, req: ApiRequest) -> Result:
        _, msg = self._message(req)
        raw = req.params["user_id"]
        user_id = self.world.bot.id if raw == "@me" else int(raw)
        users = msg.reactions.get(req.params["emoji"], [])
        if user_id in users:
            users.remove(user_id)
        return 204, None

    async def clear_reactions(self, req: ApiRequest) -> Result:
        _, msg = self._message(req)
        msg.reactions.clear()
        return 204, None

    # -- threads -------------------------------------------------------------------------------------

    async def thread_from_message(self, req: ApiRequest) -> Result:
        channel, msg = self._message(req)
        self._require(channel, P_CREATE_PUBLIC_THREADS)
        thread = self.world.create_thread(
            channel, name=req.body.get("name"), owner_id=self.world.bot.id, private=False, from_message=msg,
            auto_archive_duration=int(req.body.get("auto_archive_duration") or 1440))
        await self.fake.emit_thread_create(thread)
        await self.fake.emit_message_update(msg)
        return 201, self.world.channel_payload(thread)

    async def thread_without_message(self, req: ApiRequest) -> Result:
        channel = self.world.channel(int(req.params["channel_id"]))
        # Discord's default for this route is still a private thread.
        private = int(req.body.get("type") or ChannelType.PRIVATE_THREAD) == ChannelType.PRIVATE_THREAD
        self._require(channel, P_CREATE_PRIVATE_THREADS if private else P_CREATE_PUBLIC_THREADS)
        thread = self.world.create_thread(
            channel, name=req.body.get("name"), owner_id=self.world.bot.id, private=private,
            auto_archive_duration=int(req.body.get("auto_archive_duration") or 1440),
            invitable=bool(req.body.get("invitable", True)))
        await self.fake.emit_thread_create(thread)
        if not private:
            # A public thread without a starter message leaves a "started a thread" notice (type 18).
            notice = self.world.create_message(channel, self.world.bot.id, {"content": thread.name}, [], type=18)
            await self.fake.emit_message_create(notice)
        return 201, self.world.channel_payload(thread)

    async def archived_threads(self, req: ApiRequest) -> Result:
        channel = self.world.channel(int(req.params["channel_id"]))
        private = req.path.endswith("/private")
        threads = [t for t in self.world.threads(parent_id=channel.id)
                   if t.archived and (t.type == ChannelType.PRIVATE_THREAD) == private]
        return 200, {"threads": [self.world.channel_payload(t) for t in threads], "members": [],
                     "has_more": False}

    def _thread(self, req: ApiRequest) -> FakeChannel:
        thread = self.world.channel(int(req.params["channel_id"]))
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return thread

    def _thread_user(self, req: ApiRequest) -> int:
        raw = req.params["user_id"]
        return self.world.bot.id if raw == "@me" else self.world.user(int(raw)).id

    async def list_thread_members(self, req: ApiRequest) -> Result:
        thread = self._thread(req)
        return 200, [self.world.thread_member_payload(thread, uid) for uid in thread.member_ids]

    async def get_thread_member(self, req: ApiRequest) -> Result:
        thread = self._thread(req)
        user_id = self._thread_user(req)
        if user_id not in thread.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, self.world.thread_member_payload(thread, user_id)

    async def add_thread_member(self, req: ApiRequest) -> Result:
        thread = self._thread(req)
        user_id = self._thread_user(req)
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived")
        guild = self.world.guilds[thread.guild_id or 0]
        if user_id not in guild.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        if user_id != self.world.bot.id and thread.type == ChannelType.PRIVATE_THREAD \
                and self.world.bot.id not in thread.member_ids:
            self._require(thread, P_MANAGE_THREADS)
        if user_id not in thread.member_ids:
            thread.member_ids.append(user_id)
            await self.fake.emit_thread_members(thread, added=[user_id])
        return 204, None

    async def remove_thread_member(self, req: ApiRequest) -> Result:
        thread = self._thread(req)
        user_id = self._thread_user(req)
        if user_id in thread.member_ids:
            thread.member_ids.remove(user_id)
            await self.fake.emit_thread_members(thread, removed=[user_id])
        return 204, None

    # -- guilds --------------------------------------------------------------------------------------

    async def get_guild(self, req: ApiRequest) -> Result:
        guild = self._guild(req)
        return 200, {**self.world.guild_payload(guild), "approximate_member_count": len(guild.member_ids)}

    async def guild_channels(self, req: ApiRequest) -> Result:
        guild = self._guild(req)
        return 200, [self.world.channel_payload(self.world.channels[c]) for c in guild.channel_ids]

    async def guild_roles(self, req: ApiRequest) -> Result:
        guild = self._guild(req)
        return 200, [self.world.role_payload(r) for r in guild.roles.values()]

    async def guild_members(self, req: ApiRequest) -> Result:
        guild = self._guild(req)
        after = int(req.query.get("after", 0))
        limit = int(req.query.get("limit", 1))
        ids = sorted(uid for uid in guild.member_ids if uid > after)[:limit]
        return 200, [self.world.member_payload(guild, uid) for uid in ids]

    async def guild_member(self, req: ApiRequest) -> Result:
        guild = self._guild(req)
        user_id = int(req.params["user_id"])
        if user_id not in guild.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, self.world.member_payload(guild, user_id)

    async def patch_me_member(self, req: ApiRequest) -> Result:
        guild = self._guild(req)
        return 200, self.world.member_payload(guild, self.world.bot.id)

    async def active_threads(self, req: ApiRequest) -> Result:
        guild = self._guild(req)
        threads = [t for t in self.world.threads(guild.id) if not t.archived]
        members = [self.world.thread_member_payload(t, self.world.bot.id) for t in threads
                   if self.world.bot.id in t.member_ids]
        return 200, {"threads": [self.world.channel_payload(t) for t in threads], "members": members}

    # -- application commands ------------------------------------------------------------------------

    def _command_list(self, req: ApiRequest) -> list[JSON]:
        if req.params["application_id"] != str(self.world.application_id):
            raise ApiError(404, 10002, "Unknown Application")
        if "guild_id" in req.params:
            guild = self._guild(req)
            return self.world.commands_guild.setdefault(guild.id, [])
        return self.world.commands_global

    def _stored_command(self, req: ApiRequest, data: JSON, existing: JSON | None) -> JSON:
        command = {
            "type": 1, "description": "", "options": [], "default_member_permissions": None, "nsfw": False,
            "name_localizations": None, "description_localizations": None, "contexts": None,
            "integration_types": [0],
        }
        command.update(data)
        command["id"] = existing["id"] if existing else str(self.world.ids.next())
        command["application_id"] = str(self.world.application_id)
        command["version"] = str(self.world.ids.next())
        if "guild_id" in req.params:
            command["guild_id"] = req.params["guild_id"]
        return command

    async def list_commands(self, req: ApiRequest) -> Result:
        return 200, self._command_list(req)

    async def put_commands(self, req: ApiRequest) -> Result:
        commands = self._command_list(req)
        body = req.json if isinstance(req.json, list) else []
        limits.raise_if_invalid(limits.check_commands(body))
        by_key = {(c.get("type", 1), c["name"]): c for c in commands}
        fresh = [self._stored_command(req, d, by_key.get((d.get("type", 1), d.get("name")))) for d in body]
        commands[:] = fresh
        self.fake.commands_synced.set()
        return 200, fresh

    async def post_command(self, req: ApiRequest) -> Result:
        commands = self._command_list(req)
        limits.raise_if_invalid(limits.check_commands([req.body]))
        key = (req.body.get("type", 1), req.body.get("name"))
        existing = next((c for c in commands if (c.get("type", 1), c["name"]) == key), None)
        command = self._stored_command(req, req.body, existing)
        if existing is not None:
            commands[commands.index(existing)] = command
            return 200, command
        commands.append(command)
        return 201, command

    def _find_command(self, req: ApiRequest) -> tuple[list[JSON], JSON]:
        commands = self._command_list(req)
        for command in commands:
            if command["id"] == req.params["command_id"]:
                return commands, command
        raise ApiError(404, 10063, "Unknown application command")

    async def get_command(self, req: ApiRequest) -> Result:
        return 200, self._find_command(req)[1]

    async def patch_command(self, req: ApiRequest) -> Result:
        _, command = self._find_command(req)
        command.update({k: v for k, v in req.body.items() if k not in ("id", "application_id")})
        return 200, command

    async def delete_command(self, req: ApiRequest) -> Result:
        commands, command = self._find_command(req)
        commands.remove(command)
        return 204, None

    # -- interactions and webhooks -------------------------------------------------------------------

    async def interaction_callback(self, req: ApiRequest) -> Result:
        service = self.interactions
        record = service.record_for_callback(req.params["interaction_id"], req.params["token"])
        return await service.callback(record, req.body, req.files, with_response=req.flag("with_response"))

    async def webhook_execute(self, req: ApiRequest) -> Result:
        service = self.interactions
        record = service.record_for_webhook(req.params["application_id"], req.params["token"])
        return await service.followup(record, req.body, req.files, wait=req.flag("wait"))

    async def webhook_get(self, req: ApiRequest) -> Result:
        service = self.interactions
        record = service.record_for_webhook(req.params["application_id"], req.params["token"])
        return 200, self.world.message_payload(service.webhook_message(record, req.params["message_id"]))

    async def webhook_edit(self, req: ApiRequest) -> Result:
        service = self.interactions
        record = service.record_for_webhook(req.params["application_id"], req.params["token"])
        return 200, await service.edit_webhook_message(record, req.params["message_id"], req.body, req.files)

    async def webhook_delete(self, req: ApiRequest) -> Result:
        service = self.interactions
        record = service.record_for_webhook(req.params["application_id"], req.params["token"])
        await service.delete_webhook_message(record, req.params["message_id"])
        return 204, None
