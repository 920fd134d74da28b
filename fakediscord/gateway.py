"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatches.

Shards: a session that IDENTIFYs with ``shard: [id, count]`` gets READY and GUILD_CREATE for its own
guilds only, and only the events of those guilds, as Discord routes them: a guild's events go to shard
``(guild_id >> 22) % count``, events without a guild (DMs, DM interactions) to shard 0.

Frames are sent as plain TEXT even when the client asks for ``compress=zlib-stream``/``zstd-stream``:
discord.py only runs its decompressor on BINARY frames, so uncompressed text is always understood.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .models import JSON
from .parts import GatewayHost
from .snowflake import shard_of

log = logging.getLogger(__name__)

# Gateway intents (see discord.Intents) the fake filters dispatches by.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_RESUME, OP_RECONNECT = 0, 1, 2, 6, 7
OP_REQUEST_MEMBERS, OP_INVALID_SESSION, OP_HELLO, OP_HEARTBEAT_ACK = 8, 9, 10, 11

# A session keeps this many sent dispatches so a RESUME can replay what the client missed.
RESUME_BUFFER = 5000

DataFactory = Callable[["GatewaySession"], JSON | None]
# Events whose payload *is* a guild (its id is the guild's), not an object inside one.
GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


def event_guild(event: str, data: JSON) -> int | None:
    """The guild an event belongs to (None: a DM or a user-level event, which Discord sends to shard 0)."""
    raw = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
    return int(raw) if raw else None


class GatewaySession:
    def __init__(self, session_id: str, token: str, intents: int, ws: web.WebSocketResponse,
                 shard: tuple[int, int] | None = None) -> None:
        self.session_id = session_id
        self.token = token
        self.intents = intents
        #: ``(shard_id, shard_count)`` from IDENTIFY; None: an unsharded session gets every event.
        self.shard = shard
        self.ws: web.WebSocketResponse | None = ws
        self.seq = 0
        self.sent: deque[JSON] = deque(maxlen=RESUME_BUFFER)
        self.lock = asyncio.Lock()
        # Like Discord, a session whose socket dropped (no close, or a close other than 1000/1001) can be
        # RESUMEd, and events meant for it meanwhile are kept for the RESUME to replay.
        self.resumable = True

    @property
    def live(self) -> bool:
        return self.ws is not None and not self.ws.closed

    def has(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def owns(self, guild_id: int | None) -> bool:
        """Whether Discord would route this guild's events (None: DM events) to this session's shard."""
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        return shard_of(guild_id, shard_count) == shard_id

    def receives(self, event: str, data: JSON) -> bool:
        return self.owns(event_guild(event, data))

    async def dispatch(self, event: str, data: JSON) -> None:
        async with self.lock:
            self.seq += 1
            frame = {"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data}
            self.sent.append(frame)
            if self.live:
                await _send(self.ws, frame)


async def _send(ws: web.WebSocketResponse | None, frame: JSON) -> None:
    if ws is None or ws.closed:
        return
    try:
        await ws.send_str(json.dumps(frame, separators=(",", ":")))
    except (ConnectionError, RuntimeError):
        # The client went away mid-send; a RESUME replays from the buffer.
        log.debug("gateway send failed", exc_info=True)


class Gateway:
    def __init__(self, fake: GatewayHost) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = 41250
        self.sessions: dict[str, GatewaySession] = {}
        self.sockets: set[web.WebSocketResponse] = set()
        self.identifies = 0
        self.resumes = 0

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.live]

    @property
    def listening_sessions(self) -> list[GatewaySession]:
        """Sessions that get events: live ones, and dropped ones that may still RESUME (kept in the buffer)."""
        return [s for s in self.sessions.values() if s.live or s.resumable]

    async def dispatch(self, event: str, data: JSON | DataFactory) -> int:
        """Send an event to every live session (a factory may tailor or skip it per session's intents)."""
        sent = 0
        self.fake.touch()  # the bot reacts to events after they arrive: idle() must wait for that
        for session in self.listening_sessions:
            payload = data(session) if callable(data) else data
            if payload is not None and session.receives(event, payload):
                await session.dispatch(event, payload)
                sent += 1
        return sent

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.sockets.add(ws)
        session: GatewaySession | None = None
        await _send(ws, {"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms,
                                               "_trace": ["fake-discord-gateway"]}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                session = await self._on_frame(ws, session, frame) or session
        finally:
            self.sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                # A clean close ends the session on Discord; anything else leaves it resumable.
                session.resumable = ws.close_code not in (1000, 1001)
        return ws

    async def _on_frame(self, ws: web.WebSocketResponse, session: GatewaySession | None,
                        frame: JSON) -> GatewaySession | None:
        op, data = frame.get("op"), frame.get("d")
        if op == OP_HEARTBEAT:
            await _send(ws, {"op": OP_HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == OP_IDENTIFY:
            return await self._identify(ws, data or {})
        elif op == OP_RESUME:
            return await self._resume(ws, data or {})
        elif op == OP_REQUEST_MEMBERS and session is not None:
            await self._request_members(session, data or {})
        return None

    async def _identify(self, ws: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        token = str(data.get("token") or "")
        if not self.fake.token_ok(token):
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard = _shard(data.get("shard"))
        if shard is not None and not 0 <= shard[0] < shard[1]:
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = GatewaySession(secrets.token_hex(16), token, int(data.get("intents") or 0), ws, shard)
        self.sessions[session.session_id] = session
        self.identifies += 1
        world = self.fake.world
        guilds = [g for g in world.guilds.values() if session.owns(g.id)]
        ready: JSON = {
            "v": 10, "user": world.me_payload(), "session_id": session.session_id, "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url, "application": {"id": str(world.application_id), "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "private_channels": [], "relationships": [], "presences": [], "user_settings": {},
            "guild_join_requests": [], "geo_ordered_rtc_regions": [], "_trace": ["fake-discord"],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        await session.dispatch("READY", ready)
        if session.has(INTENT_GUILDS):
            for guild in guilds:
                await session.dispatch("GUILD_CREATE", world.guild_payload(
                    guild, gateway=True, all_members=session.has(INTENT_GUILD_MEMBERS)))
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or session.token != data.get("token"):
            await _send(ws, {"op": OP_INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        self.resumes += 1
        last_seen = int(data.get("seq") or 0)
        async with session.lock:
            session.ws = ws
            for frame in list(session.sent):
                if frame["s"] > last_seen:
                    await _send(ws, frame)
        await session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        return session

    async def _request_members(self, session: GatewaySession, data: JSON) -> None:
        world = self.fake.world
        guild = world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        query = str(data.get("query") or "").lower()
        wanted = {int(u) for u in data.get("user_ids") or []}
        limit = int(data.get("limit") or 0) or len(guild.member_ids)
        ids = [uid for uid in guild.member_ids
               if (not wanted or uid in wanted) and world.users[uid].name.lower().startswith(query)]
        chunk: JSON = {
            "guild_id": str(guild.id), "members": [world.member_payload(guild, uid) for uid in ids[:limit]],
            "chunk_index": 0, "chunk_count": 1, "not_found": [str(u) for u in wanted - set(ids)],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def request_reconnect(self) -> None:
        """Ask every client to reconnect (op 7); discord.py closes and RESUMEs."""
        for session in self.live_sessions:
            await _send(session.ws, {"op": OP_RECONNECT, "d": None, "s": None, "t": None})

    async def close_all(self, code: int = 1001) -> None:
        for ws in list(self.sockets):
            await ws.close(code=code)

    def describe(self) -> dict[str, Any]:
        return {"sessions": len(self.sessions), "live": len(self.live_sessions),
                "identifies": self.identifies, "resumes": self.resumes,
                "shards": sorted(s.shard[0] for s in self.live_sessions if s.shard is not None)}


def _shard(raw: Any) -> tuple[int, int] | None:
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        return None
    return int(raw[0]), int(raw[1])
