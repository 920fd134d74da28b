"""FakeDiscord: an aiohttp server on loopback that the real discord.py client talks to, plus a driver API.

Point discord.py at it (``run_bot`` in :mod:`fakediscord.harness` does this for you)::

    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)

Then act as users: ``await fake.slash(...)``, ``await fake.click(...)``, ``await fake.say(...)``, and read
what the bot did from ``fake.calls`` and ``fake.messages(channel)``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from . import limits, ratelimit
from .faults import Faults
from .gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    Gateway,
    GatewaySession,
)
from .interactions import AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL_SUBMIT, Interactions
from .models import (
    JSON,
    KEPT_HEAD,
    ApiError,
    CallRecord,
    FakeChannel,
    FakeFile,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
)
from .oauth import OAuth
from .rest import ApiRequest, RestApi
from .snowflake import SnowflakeGenerator, shard_of
from .world import BOT_PERMISSIONS, World, as_id

log = logging.getLogger(__name__)

Clock = Callable[[], float]
MessagePredicate = Callable[[FakeMessage], bool]


class NoBotConnected(RuntimeError):
    """A member acted while no bot process had a gateway session (all of them down or reconnecting):
    on Discord the member's client says "This interaction failed"."""


class FakeDiscord(Faults):
    """The fake Discord: world model, REST, gateway and the driver API used by tests, demo and bench."""

    def __init__(self, *, bot_name: str = "Duel Table", clock: Clock | None = None,
                 interaction_deadline: float = 3.0, token: str | None = None, host: str = "127.0.0.1",
                 shard_count: int = 1) -> None:
        self.ids = SnowflakeGenerator()
        #: What ``GET /gateway/bot`` recommends; sessions IDENTIFY with their own ``[shard_id, count]``.
        self.shard_count = shard_count
        self.world = World(self.ids, bot_name=bot_name)
        self.gateway = Gateway(self)
        self.interactions = Interactions(self)
        self.oauth = OAuth(self)  # an Activity's sign-in: /oauth2/token and Bearer /users/@me (oauth.py)
        self.rest = RestApi(self, self.gateway, self.interactions)
        #: Every REST call the bot made, in order (turn ``record_calls`` off for long benchmarks).
        self.calls: list[CallRecord] = []
        self.record_calls = True
        #: Discord's global limit per bot token, counted across every process (enforced: 429s; else only counted).
        self.global_rate = ratelimit.GlobalRateLimit()
        #: Exceptions inside the fake itself (a bug in the fake, answered as 400 so the bot does not retry).
        self.internal_errors: list[str] = []
        #: Messages a create with ``enforce_nonce`` returned again instead of posting twice (one per repeat).
        self.nonce_repeats: list[FakeMessage] = []
        #: Seconds a bot has to answer an interaction (Discord: 3). Measured with :meth:`now`.
        self.interaction_deadline = interaction_deadline
        #: The clock for interaction deadlines and call timestamps; swap it or use :meth:`advance`.
        self.clock: Clock = clock or time.monotonic
        #: The only token IDENTIFY and login accept; None accepts any.
        self.token = token
        #: What run_bot lowers the bot's guild_ready_timeout to (discord.py waits that long after READY).
        self.guild_ready_timeout = 0.05
        self.commands_synced = asyncio.Event()
        self.host = host
        self.port = 0
        self._offset = 0.0
        self.init_faults()
        self._inflight = 0
        self._last_activity = time.monotonic()
        self._message_signal = asyncio.Event()
        self._runner: web.AppRunner | None = None

    # -- lifecycle -----------------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=256 * 1024 * 1024)
        app.router.add_post("/api/v10/oauth2/token", self.oauth.token)  # a form, not JSON: before the catch-all
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle_api)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{file_id}/{filename}", self._handle_cdn)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.world.base_url = self.base_url
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self.gateway.close_all()
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def bot_user_id(self) -> int:
        return self.world.bot.id

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot

    def token_ok(self, token: str) -> bool:
        return bool(token) and (self.token is None or token == self.token)

    # -- clock ---------------------------------------------------------------------------------------

    def now(self) -> float:
        return self.clock() + self._offset

    def advance(self, seconds: float) -> None:
        """Move the fake's clock forward (e.g. past the interaction deadline) without sleeping."""
        self._offset += seconds

    # -- HTTP plumbing -------------------------------------------------------------------------------

    def touch(self) -> None:
        """Note activity (a REST call or a gateway event): idle() waits for a quiet period after it."""
        self._last_activity = time.monotonic()

    async def _handle_api(self, request: web.Request) -> web.Response:
        self._inflight += 1
        self.touch()
        try:
            return await self._answer(request)
        finally:
            self._inflight -= 1
            self.touch()

    async def _answer(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        if request.headers.get("Authorization", "").startswith("Bearer "):  # a member's OAuth2 token, not the bot
            return await self.oauth.bearer(request, path)
        record = CallRecord(method=method, path=path, query=dict(request.query), json=None, files=[], status=0,
                            timestamp=self.now())
        headers: dict[str, str] = {}
        try:
            record.json, record.files = await _read_body(request)
            if await self._after_call(method, path, record, 0, before=True):
                return _json_response(503, {"code": 0, "message": "dropped before it was applied"}, {})
            injected = self.take_injection(method, path)
            if injected is not None:
                status, body, headers = injected.status, injected.body, injected.headers
            else:
                _check_auth(self, request, path)
                if ratelimit.counted(path) and self.global_rate.hit(request.headers.get("Authorization", "")) \
                        and self.global_rate.enforce:
                    status, body, headers = self.global_rate.answer(request.headers.get("Authorization", ""))
                else:
                    status, body = await self._route(method, path, record)
                    await self._after_call(method, path, record, status)
        except ApiError as error:
            status, body = error.status, error.to_json()
        except Exception as exc:  # a bug in the fake: say so loudly, but don't make discord.py retry a 500
            detail = "".join(traceback.format_exception(exc))
            self.internal_errors.append(f"{method} {path}: {detail}")
            log.error("fake discord failed on %s %s\n%s", method, path, detail)
            status, body = 400, {"code": 0, "message": f"fake discord internal error: {exc!r}"}
        record.status, record.response = status, body
        if not self.world.keep_file_bytes:  # the call's files: their names and heads only (World.keep_file_bytes)
            record.files = [(name, data[:KEPT_HEAD]) for name, data in record.files]
        if self.record_calls:
            self.calls.append(record)
        return _json_response(status, body, headers)

    async def _route(self, method: str, path: str, record: CallRecord) -> tuple[int, Any]:
        handler, params = self.rest.router.resolve(method, path)
        limits.check_files(record.files)
        req = ApiRequest(method=method, path=path, params=params, query=record.query, json=record.json,
                         files=record.files)
        return await handler(req)

    async def _handle_cdn(self, request: web.Request) -> web.Response:
        file = self._find_file(int(request.match_info["file_id"]))
        if file is None:
            return web.Response(status=404, text="not found")
        return web.Response(body=file.data, content_type="application/octet-stream")

    def _find_file(self, file_id: int) -> FakeFile | None:
        if file_id in self.interactions.loose_files:
            return self.interactions.loose_files[file_id]
        for msg in self.world.message_index.values():
            for file in msg.files:
                if file.id == file_id:
                    return file
        return None

    # -- gateway events ------------------------------------------------------------------------------

    def _signal(self) -> None:
        self._message_signal.set()
        self._message_signal = asyncio.Event()

    def _message_event(self, msg: FakeMessage) -> Callable[[GatewaySession], JSON | None]:
        payload = self.world.message_payload(msg)
        bot_id = self.world.bot.id

        def for_session(session: GatewaySession) -> JSON | None:
            if msg.visible_to is not None:
                return None  # ephemeral messages never reach the gateway
            in_guild = msg.guild_id is not None
            if not session.has(INTENT_GUILD_MESSAGES if in_guild else INTENT_DIRECT_MESSAGES):
                return None
            if in_guild and not session.has(INTENT_MESSAGE_CONTENT) and msg.author_id != bot_id \
                    and bot_id not in msg.mentions:
                # Without the privileged intent Discord blanks content in guild messages.
                return {**payload, "content": "", "embeds": [], "attachments": [], "components": []}
            return payload

        return for_session

    async def emit_message_create(self, msg: FakeMessage) -> None:
        self._signal()
        await self.gateway.dispatch("MESSAGE_CREATE", self._message_event(msg))

    async def emit_message_update(self, msg: FakeMessage) -> None:
        self._signal()
        await self.gateway.dispatch("MESSAGE_UPDATE", self._message_event(msg))

    async def delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        self._signal()
        if msg.visible_to is not None:
            return
        data: JSON = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
        intent = INTENT_GUILD_MESSAGES if msg.guild_id is not None else INTENT_DIRECT_MESSAGES
        await self.gateway.dispatch("MESSAGE_DELETE", lambda s: data if s.has(intent) else None)

    async def emit_channel(self, event: str, channel: FakeChannel) -> None:
        payload = self.world.channel_payload(channel)
        await self.gateway.dispatch(event, lambda s: payload if s.has(INTENT_GUILDS) else None)

    async def emit_thread_create(self, thread: FakeChannel) -> None:
        payload = {**self.world.channel_payload(thread), "newly_created": True}
        if self.world.bot.id in thread.member_ids:
            payload["member"] = self.world.thread_member_payload(thread, self.world.bot.id)
        self._signal()
        await self.gateway.dispatch("THREAD_CREATE", lambda s: payload if s.has(INTENT_GUILDS) else None)

    async def emit_thread_members(self, thread: FakeChannel, *, added: Iterable[int] = (),
                                  removed: Iterable[int] = ()) -> None:
        guild = self.world.guilds[thread.guild_id or 0]
        added_members = []
        for user_id in added:
            entry = self.world.thread_member_payload(thread, user_id)
            entry["member"] = self.world.member_payload(guild, user_id)
            added_members.append(entry)
        payload = {"id": str(thread.id), "guild_id": str(thread.guild_id), "member_count": len(thread.member_ids),
                   "added_members": added_members, "removed_member_ids": [str(u) for u in removed]}
        bot_id = self.world.bot.id
        involves_bot = bot_id in added or bot_id in removed

        def for_session(session: GatewaySession) -> JSON | None:
            # Others' thread membership needs the members intent; the bot always hears about itself.
            return payload if session.has(INTENT_GUILD_MEMBERS) or involves_bot else None

        await self.gateway.dispatch("THREAD_MEMBERS_UPDATE", for_session)

    def shard_of(self, guild: FakeGuild | int | None) -> int:
        """The shard a guild's events go to (DMs: 0), with this fake's ``shard_count``."""
        return shard_of(None if guild is None else as_id(guild), self.shard_count)

    async def dispatch(self, event: str, data: JSON) -> int:
        """Send any gateway event to the connected bot(s) (the sessions of the shard that owns its guild);
        returns how many sessions got it."""
        self.touch()
        return await self.gateway.dispatch(event, data)

    async def reconnect(self) -> None:
        """Make the bot drop its websocket and RESUME (gateway op 7)."""
        await self.gateway.request_reconnect()

    # -- world setup ---------------------------------------------------------------------------------

    async def add_guild(self, name: str, locale: str = "en-US", *,
                        bot_permissions: int = BOT_PERMISSIONS, shard: int | None = None) -> FakeGuild:
        """A guild the bot is in; ``shard`` picks an id Discord routes to that shard (of ``shard_count``)."""
        guild_id = None if shard is None else self.ids.next_on_shard(shard, self.shard_count)
        guild = self.world.add_guild(name, locale=locale, bot_permissions=bot_permissions, guild_id=guild_id)
        await self.gateway.dispatch("GUILD_CREATE", lambda s: self.world.guild_payload(
            guild, gateway=True, all_members=s.has(INTENT_GUILD_MEMBERS)) if s.has(INTENT_GUILDS) else None)
        return guild

    async def add_channel(self, guild: FakeGuild | int, name: str, *, topic: str | None = None) -> FakeChannel:
        channel = self.world.add_channel(self.world.guild(as_id(guild)), name, topic=topic)
        await self.emit_channel("CHANNEL_CREATE", channel)
        return channel

    async def add_user(self, name: str, locale: str = "en-US", bot: bool = False) -> FakeUser:
        """A user who is a member of every guild (also guilds added later)."""
        user = self.world.add_user(name, locale=locale, bot=bot)
        for guild in self.world.guilds.values():
            data = {**self.world.member_payload(guild, user.id), "guild_id": str(guild.id)}
            await self.gateway.dispatch("GUILD_MEMBER_ADD", lambda s, d=data: d if s.has(INTENT_GUILD_MEMBERS) else None)
        return user

    async def add_role(self, guild: FakeGuild | int, name: str, permissions: int, *,
                       members: tuple[FakeUser | int, ...] = ()) -> FakeRole:
        """A role with ``permissions`` (bits, as ``discord.Permissions``) given to ``members``: their
        interactions then carry the permissions (``member.permissions``, resolved as Discord does)."""
        target = self.world.guild(as_id(guild))
        role = self.world.add_role(target, name, permissions, members=tuple(as_id(m) for m in members))
        role_data = {"guild_id": str(target.id), "role": self.world.role_payload(role)}
        await self.gateway.dispatch("GUILD_ROLE_CREATE", lambda s: role_data if s.has(INTENT_GUILDS) else None)
        for member in members:
            data = {**self.world.member_payload(target, as_id(member)), "guild_id": str(target.id)}
            await self.gateway.dispatch("GUILD_MEMBER_UPDATE",
                                        lambda s, d=data: d if s.has(INTENT_GUILD_MEMBERS) else None)
        return role

    async def close_dms(self, user_id: FakeUser | int) -> None:
        """From now on the bot's DMs to this user fail with 403 / 50007."""
        self.world.user(as_id(user_id)).dms_open = False

    async def open_dms(self, user_id: FakeUser | int) -> None:
        self.world.user(as_id(user_id)).dms_open = True

    def dm_channel(self, user: FakeUser | int) -> FakeChannel:
        """The DM channel between the bot and a user (created if needed)."""
        return self.world.dm_channel(as_id(user))

    # -- acting as users -----------------------------------------------------------------------------

    def _require_bot(self) -> None:
        if not self.gateway.live_sessions:
            raise NoBotConnected("no bot is connected to the fake gateway")

    async def _send_interaction(self, record: InteractionRecord) -> None:
        self._require_bot()
        self.touch()
        await self.gateway.dispatch("INTERACTION_CREATE", record.payload)

    def _context(self, user: FakeUser | int, guild: FakeGuild | int | None,
                 channel: FakeChannel | int | None) -> tuple[FakeUser, FakeChannel]:
        who = self.world.user(as_id(user))
        if channel is None:
            if guild is not None:
                raise ValueError("a guild interaction needs a channel")
            return who, self.world.dm_channel(who.id)
        where = self.world.channel(as_id(channel))
        if guild is not None and where.guild_id != as_id(guild):
            raise ValueError(f"channel {where.id} is not in guild {as_id(guild)}")
        return who, where

    async def slash(self, user: FakeUser | int, guild: FakeGuild | int | None, channel: FakeChannel | int | None,
                    name: str, options: dict[str, Any] | None = None, subcommand: str | None = None,
                    locale: str | None = None, *, wait: bool = True, timeout: float = 5.0) -> InteractionRecord:
        """Run a slash command (``name`` may hold subcommands: "match resign"); guild=None, channel=None is a DM."""
        who, where = self._context(user, guild, channel)
        data = self.interactions.command_data(where, name, dict(options or {}), subcommand=subcommand, focused=None)
        record = self.interactions.new_record(2, who, where, locale=locale, data=data)
        await self._send_interaction(record)
        return await record.wait(timeout) if wait else record

    async def autocomplete_record(self, user: FakeUser | int, guild: FakeGuild | int | None,
                                  channel: FakeChannel | int | None, name: str,
                                  options: dict[str, Any] | None = None, *, focused: str,
                                  subcommand: str | None = None, locale: str | None = None,
                                  timeout: float = 5.0) -> InteractionRecord:
        who, where = self._context(user, guild, channel)
        data = self.interactions.command_data(where, name, dict(options or {}), subcommand=subcommand,
                                              focused=focused)
        record = self.interactions.new_record(AUTOCOMPLETE, who, where, locale=locale, data=data)
        await self._send_interaction(record)
        return await record.wait(timeout)

    async def autocomplete(self, user: FakeUser | int, guild: FakeGuild | int | None,
                           channel: FakeChannel | int | None, name: str, options: dict[str, Any] | None = None,
                           *, focused: str, subcommand: str | None = None, locale: str | None = None,
                           timeout: float = 5.0) -> list[JSON]:
        """The choices the bot offers while ``focused`` is being typed; raises the ApiError if they broke a limit."""
        record = await self.autocomplete_record(user, guild, channel, name, options, focused=focused,
                                                subcommand=subcommand, locale=locale, timeout=timeout)
        if record.error is not None:
            raise record.error
        return record.choices or []

    async def click(self, user: FakeUser | int, message: FakeMessage | int, custom_id: str, *,
                    locale: str | None = None, strict: bool = True, wait: bool = True,
                    timeout: float = 5.0) -> InteractionRecord:
        """Press a button. ``strict`` refuses what a real client can't do: missing, disabled or hidden buttons."""
        return await self._component(user, message, custom_id, None, locale=locale, strict=strict, wait=wait,
                                     timeout=timeout, expected=(2,))

    async def select(self, user: FakeUser | int, message: FakeMessage | int, custom_id: str, values: list[Any], *,
                     locale: str | None = None, strict: bool = True, wait: bool = True,
                     timeout: float = 5.0) -> InteractionRecord:
        """Pick values in a select menu (string values, or users/roles/channels for the typed selects)."""
        return await self._component(user, message, custom_id, list(values), locale=locale, strict=strict,
                                     wait=wait, timeout=timeout, expected=(3, 5, 6, 7, 8))

    async def _component(self, user: FakeUser | int, message: FakeMessage | int, custom_id: str,
                         values: list[Any] | None, *, locale: str | None, strict: bool, wait: bool,
                         timeout: float, expected: tuple[int, ...]) -> InteractionRecord:
        who = self.world.user(as_id(user))
        msg = self._message_any(message)
        component = self.find_component(msg, custom_id=custom_id)
        if strict:
            _check_usable(who, msg, custom_id, component, values, expected)
        if component is None:
            component = {"type": expected[0], "custom_id": custom_id}
        channel = self.world.channel(msg.channel_id)
        data = self.interactions.component_data(channel, component, values)
        record = self.interactions.new_record(MESSAGE_COMPONENT, who, channel, locale=locale, data=data, message=msg)
        await self._send_interaction(record)
        return await record.wait(timeout) if wait else record

    async def submit_modal(self, user: FakeUser | int, opened_by: InteractionRecord,
                           values: dict[str, str | list[str]], *, wait: bool = True,
                           timeout: float = 5.0) -> InteractionRecord:
        """Fill in and submit the modal the bot answered ``opened_by`` with (text inputs by custom_id)."""
        modal = opened_by.modal
        if modal is None:
            raise ValueError(f"{opened_by!r} was not answered with a modal")
        who = self.world.user(as_id(user))
        channel = self.world.channel(opened_by.channel_id)
        data = {"custom_id": modal["custom_id"], "components": _modal_answers(modal.get("components") or [], values)}
        source = self.world.message_index.get(opened_by.source_message_id or 0)
        record = self.interactions.new_record(MODAL_SUBMIT, who, channel, locale=None, data=data, message=source)
        await self._send_interaction(record)
        return await record.wait(timeout) if wait else record

    async def say(self, user: FakeUser | int, channel: FakeChannel | int | None, content: str, *,
                  wait: bool = True) -> FakeMessage:
        """A user posts a message (channel=None: in their DM with the bot); waits for the bot to settle."""
        self._require_bot()
        who = self.world.user(as_id(user))
        where = self.world.dm_channel(who.id) if channel is None else self.world.channel(as_id(channel))
        if where.guild_id is not None and who.id not in self.world.guilds[where.guild_id].member_ids:
            raise ValueError(f"{who.name} is not a member of the channel's guild")
        msg = self.world.create_message(where, who.id, {"content": content}, [])
        self.touch()
        await self.emit_message_create(msg)
        if wait:
            await self.idle()
        return msg

    # -- queries -------------------------------------------------------------------------------------

    def messages(self, channel_id: FakeChannel | int, *, viewer: FakeUser | int | None = None,
                 include_ephemeral: bool = False) -> list[FakeMessage]:
        """Messages in a channel, oldest first, as everyone sees them (plus ``viewer``'s ephemeral ones)."""
        return self.world.visible_messages(as_id(channel_id), viewer=None if viewer is None else as_id(viewer),
                                           include_ephemeral=include_ephemeral)

    def dm_messages(self, user_id: FakeUser | int) -> list[FakeMessage]:
        """What the bot posted (and the user said) in the user's DM channel, oldest first."""
        channel_id = self.world.dm_by_user.get(as_id(user_id))
        return [] if channel_id is None else self.world.visible_messages(channel_id)

    def ephemeral_messages(self, user_id: FakeUser | int) -> list[FakeMessage]:
        """Every ephemeral message only this user can see, in any channel."""
        uid = as_id(user_id)
        return [m for m in self.world.message_index.values() if m.visible_to == uid and not m.deleted]

    def last_message(self, channel_id: FakeChannel | int, *,
                     viewer: FakeUser | int | None = None) -> FakeMessage | None:
        found = self.messages(channel_id, viewer=viewer)
        return found[-1] if found else None

    def get_message(self, message_id: int) -> FakeMessage:
        return self.world.message_index[int(message_id)]

    def threads(self, channel_id: FakeChannel | int | None = None) -> list[FakeChannel]:
        """Threads (active or archived), all of them or those under one parent channel."""
        return self.world.threads(parent_id=None if channel_id is None else as_id(channel_id))

    def commands(self, guild: FakeGuild | int | None = None) -> list[JSON]:
        if guild is None:
            return list(self.world.commands_global)
        return list(self.world.commands_guild.get(as_id(guild), []))

    def calls_matching(self, method: str | None = None, path: str | None = None) -> list[CallRecord]:
        """REST calls filtered by method and a regex searched in the path."""
        pattern = re.compile(path) if path else None
        return [c for c in self.calls
                if (method is None or c.method == method) and (pattern is None or pattern.search(c.path))]

    @staticmethod
    def components(message: FakeMessage) -> list[JSON]:
        return list(limits.iter_components(message.components))

    def find_component(self, message: FakeMessage | int, label: str | None = None,
                       custom_id_prefix: str | None = None, *, custom_id: str | None = None,
                       type: int | None = None) -> JSON | None:
        """The first component matching every given criterion (label substring, id prefix, exact id, type)."""
        msg = self._message_any(message)
        for component in limits.iter_components(msg.components):
            cid = component.get("custom_id") or ""
            if label is not None and label not in (component.get("label") or ""):
                continue
            if custom_id_prefix is not None and not cid.startswith(custom_id_prefix):
                continue
            if custom_id is not None and cid != custom_id:
                continue
            if type is not None and component.get("type") != type:
                continue
            if label is None and custom_id_prefix is None and custom_id is None and type is None \
                    and component.get("type") in (1, 9, 17):
                continue
            return component
        return None

    def _message_any(self, message: FakeMessage | int) -> FakeMessage:
        msg = self.world.message_index.get(as_id(message))
        if msg is None:
            raise LookupError(f"unknown message {as_id(message)}")
        return msg

    async def wait_for_message(self, channel_id: FakeChannel | int, predicate: MessagePredicate | None = None,
                               timeout: float = 5.0, *, after: FakeMessage | int | None = None,
                               viewer: FakeUser | int | None = None) -> FakeMessage:
        """The newest message in the channel matching ``predicate`` (newer than ``after``), waiting for one."""
        check = predicate or (lambda _m: True)
        floor = 0 if after is None else as_id(after)
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            signal = self._message_signal
            for msg in reversed(self.messages(channel_id, viewer=viewer)):
                if msg.id > floor and check(msg):
                    return msg
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"no matching message in channel {as_id(channel_id)} within {timeout}s")
            try:
                await asyncio.wait_for(signal.wait(), remaining)
            except TimeoutError:
                pass

    async def wait_for_change(self, timeout: float) -> bool:
        """Wait until a message is created, edited or deleted anywhere (False: ``timeout`` passed first)."""
        try:
            await asyncio.wait_for(self._message_signal.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def idle(self, quiet: float = 0.05, timeout: float = 10.0) -> None:
        """Wait until no REST call is running or came for ``quiet`` s and no user is left waiting on the bot."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            pending = self.interactions.pending()
            since = time.monotonic() - self._last_activity
            if not self._inflight and not pending and since >= quiet:
                return
            if loop.time() > deadline:
                raise TimeoutError(f"the bot did not settle within {timeout}s: {self._inflight} calls in flight,"
                                   f" waiting on {pending}")
            await asyncio.sleep(max(0.005, min(quiet - since, quiet) if not pending else 0.01))

    def summary(self) -> dict[str, Any]:
        return {"calls": len(self.calls), "interactions": len(self.interactions.records),
                "messages": len(self.world.message_index), "gateway": self.gateway.describe(),
                "internal_errors": len(self.internal_errors)}


def _check_usable(user: FakeUser, msg: FakeMessage, custom_id: str, component: JSON | None,
                  values: list[Any] | None, expected: tuple[int, ...]) -> None:
    if msg.deleted:
        raise LookupError(f"message {msg.id} was deleted")
    if msg.visible_to is not None and msg.visible_to != user.id:
        raise PermissionError(f"{user.name} cannot see ephemeral message {msg.id}")
    if component is None:
        raise LookupError(f"no component {custom_id!r} on message {msg.id}")
    if component.get("type") not in expected:
        raise LookupError(f"component {custom_id!r} has type {component.get('type')}, expected {expected}")
    if component.get("disabled"):
        raise PermissionError(f"component {custom_id!r} is disabled")
    if values is None:
        return
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
    if component.get("type") == 3:
        allowed = {o.get("value") for o in component.get("options") or []}
        unknown = [v for v in values if v not in allowed]
        if unknown:
            raise ValueError(f"select {custom_id!r} has no option(s) {unknown}")


def _modal_answers(components: list[JSON], values: dict[str, str | list[str]]) -> list[JSON]:
    """Mirror a modal's layout (action rows or labels) with the user's answers filled in."""
    out: list[JSON] = []
    for component in components:
        ctype = component.get("type")
        if ctype == 1:
            out.append({"type": 1, "components": _modal_answers(component.get("components") or [], values)})
        elif ctype == 18 and isinstance(component.get("component"), dict):
            out.append({"type": 18, "component": _modal_answers([component["component"]], values)[0]})
        elif component.get("custom_id"):
            answer: JSON = {"type": ctype, "custom_id": component["custom_id"]}
            given = values.get(component["custom_id"], "" if ctype == 4 else [])
            answer["value" if ctype == 4 else "values"] = given
            out.append(answer)
        else:
            out.append({"type": ctype})
    return out


def _check_auth(fake: FakeDiscord, request: web.Request, path: str) -> None:
    # Interaction callbacks and webhooks authenticate by their token in the path, not a bot token.
    if path.startswith(("/webhooks/", "/interactions/")):
        return
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bot ") or not fake.token_ok(header[4:]):
        raise ApiError(401, 0, "401: Unauthorized")


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]`` parts (names and bytes kept)."""
    content_type = request.headers.get("Content-Type", "")
    if content_type.lower().startswith("multipart/form-data"):
        return _multipart(await request.read(), content_type)
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw.decode("utf-8")), []
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None


_BOUNDARY = re.compile(r';\s*boundary="?([^";]+)"?')
_PART_NAME = re.compile(rb'(?:^|;)\s*name="([^"]*)"')
_PART_FILENAME = re.compile(rb';\s*filename="([^"]*)"')


def _multipart(body: bytes, content_type: str) -> tuple[Any, list[tuple[str, bytes]]]:
    """``payload_json`` and the ``files[n]`` parts of a multipart/form-data body.

    Split on the boundary directly: aiohttp's MultipartReader re-parses a part's Content-Disposition on
    every ``name``/``filename`` access (~0.3 ms each), which made the fake, not the bot, the bench's
    biggest CPU user after the bot. A part whose headers lack a name is refused as Discord does."""
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise ApiError(400, 50109, "The request body contains invalid JSON.")
    payload: Any = None
    files: list[tuple[str, bytes]] = []
    for chunk in body.split(b"--" + found.group(1).encode("latin-1"))[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        head, separator, data = chunk.partition(b"\r\n\r\n")
        disposition = next((line.split(b":", 1)[1] for line in head.split(b"\r\n")
                            if line.lower().startswith(b"content-disposition:")), None)
        if not separator or disposition is None or (name := _PART_NAME.search(disposition)) is None:
            raise ApiError(400, 50035, "Invalid Form Body")
        data = data[:-2] if data.endswith(b"\r\n") else data
        if name.group(1) == b"payload_json":
            try:
                payload = json.loads(data.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
        elif (filename := _PART_FILENAME.search(disposition)) is not None:
            files.append((filename.group(1).decode("utf-8", "replace"), data))
    return payload, files


def _json_response(status: int, body: Any, headers: dict[str, str]) -> web.Response:
    if status == 204 or body is None:
        return web.Response(status=204 if status < 300 else status, headers=headers)
    # discord.py parses JSON only when Content-Type is exactly "application/json" (no charset).
    return web.Response(status=status, body=json.dumps(body).encode("utf-8"),
                        headers={**headers, "Content-Type": "application/json"})


__all__ = ["FakeDiscord"]
