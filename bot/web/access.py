"""Whether a member may see a match's thread now: a spectator's access to its public page in the Activity
(docs/WEB.md, "As a Discord Activity"), decided by Discord's own permissions, never by what a page says.

Any process answers the same. One that holds the guild (its shard) reads its cache, as discord.py resolves
permissions; any other asks Discord by REST with the bot token and computes VIEW_CHANNEL as Discord does
(topics/permissions): the member (``GET /guilds/{guild}/members/{user}``: not on the server, not allowed),
the guild's roles and owner (``GET /guilds/{guild}``), the thread and its parent channel's overwrites
(``GET /channels/{id}``), and for a private thread the member's place in it
(``GET /channels/{thread}/thread-members/{user}``, or MANAGE_THREADS, as Discord lets moderators see every
private thread). Those answers are kept a few seconds (bounded), so a burst of sign-ins asks once; an answer
Discord did not give (a timeout, a 5xx) is a refusal, and not kept.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)
ANSWER_SECONDS = 15.0  # how long a REST answer stands: a revoked member sees the page at most this long after
ANSWERS_KEPT = 4096
THREAD_TYPES = (discord.ChannelType.public_thread.value, discord.ChannelType.private_thread.value)
ROLE_OVERWRITE, MEMBER_OVERWRITE = 0, 1


class Unanswered(Exception):
    """Discord did not answer (a timeout, a 5xx): refuse, and do not keep the refusal."""


class ThreadAccess:
    def __init__(self, client: discord.Client, *, seconds: float = ANSWER_SECONDS, kept: int = ANSWERS_KEPT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.seconds, self.kept, self.clock = seconds, kept, clock
        # (guild, member, channel or thread) -> (when Discord answered, whether they see it)
        self._answers: OrderedDict[tuple[int, int, int], tuple[float, bool]] = OrderedDict()

    async def sees(self, guild_id: int, user_id: int, places: Iterable[int]) -> set[int]:
        """Which of these channels or threads of one guild the member may see now."""
        places = list(dict.fromkeys(places))
        guild = self.client.get_guild(guild_id)
        if guild is not None:
            seen, asked = set(), []
            for place in places:
                answer = cached_view(guild, user_id, place)
                if answer:
                    seen.add(place)
                elif answer is None:  # not in the cache (an archived thread, a parent not cached): ask Discord
                    asked.append(place)
            return seen | await self._asked(guild_id, user_id, asked)
        return await self._asked(guild_id, user_id, places)

    async def place_of(self, channel_id: int) -> tuple[int, int] | None:
        """Where a channel is, as Discord says: (its server, the channel whose matches it lists: a thread's
        parent, else itself); None for a DM, a channel of a server the bot is not in, or no answer."""
        channel = self.client.get_channel(channel_id)
        if channel is not None:
            guild = getattr(channel, "guild", None)
            if guild is None:
                return None
            return guild.id, channel.parent_id if isinstance(channel, discord.Thread) else channel.id
        try:
            data = await self.client.http.get_channel(channel_id)
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError):
            return None
        if not data.get("guild_id"):
            return None
        listed = data.get("parent_id") if data.get("type") in THREAD_TYPES else data.get("id")
        return int(data["guild_id"]), int(listed or 0)

    async def _asked(self, guild_id: int, user_id: int, places: list[int]) -> set[int]:
        now = self.clock()
        seen, asked = set(), []
        for place in places:
            kept = self._answers.get((guild_id, user_id, place))
            if kept is not None and kept[0] <= now < kept[0] + self.seconds:  # (a clock set back: asked again)
                if kept[1]:
                    seen.add(place)
            else:
                asked.append(place)
        if not asked:
            return seen
        look = RestLook(self.client.http, guild_id, user_id)
        for place in asked:
            try:
                answer = await look.sees(place)
            except Unanswered:
                continue
            self._keep((guild_id, user_id, place), answer)
            if answer:
                seen.add(place)
        return seen

    def _keep(self, key: tuple[int, int, int], answer: bool) -> None:
        self._answers[key] = (self.clock(), answer)
        self._answers.move_to_end(key)
        while len(self._answers) > self.kept:
            self._answers.popitem(last=False)


def cached_view(guild: discord.Guild, user_id: int, place: int) -> bool | None:
    """From this process's cache (None: the cache does not tell; ask Discord)."""
    channel = guild.get_channel_or_thread(place)
    if channel is None:
        return None
    member = guild.get_member(user_id)
    if member is None:  # not cached (no members intent, or not on the server): Discord says, once for all places
        return None
    try:
        allowed = channel.permissions_for(member)
    except discord.ClientException:  # a thread whose parent is not cached
        return None
    if not allowed.view_channel:
        return False
    if isinstance(channel, discord.Thread) and channel.type == discord.ChannelType.private_thread \
            and not allowed.manage_threads and all(joined.id != user_id for joined in channel.members):
        return None  # a thread's members are cached only in part: Discord says
    return True


class RestLook:
    """One question's REST reads (each asked at most once), for one member of one guild."""

    def __init__(self, http: discord.http.HTTPClient, guild_id: int, user_id: int) -> None:
        self.http, self.guild_id, self.user_id = http, guild_id, user_id
        self._read: dict[str, Any] = {}

    async def _get(self, key: str, call) -> Any:
        """A REST read; None where Discord says there is no such thing or no access (404, 403)."""
        if key not in self._read:
            try:
                self._read[key] = await call()
            except (discord.NotFound, discord.Forbidden):
                self._read[key] = None
            except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
                log.info("spectator access: Discord did not answer (%s)", type(error).__name__)
                raise Unanswered from None
        return self._read[key]

    async def sees(self, place: int) -> bool:
        member = await self._get("member", lambda: self.http.get_member(self.guild_id, self.user_id))
        if member is None:
            return False  # not on the server
        channel = await self._get(f"channel {place}", lambda: self.http.get_channel(place))
        if channel is None or str(channel.get("guild_id")) != str(self.guild_id):
            return False
        thread = channel if channel.get("type") in THREAD_TYPES else None
        if thread is not None:
            parent_id = int(thread.get("parent_id") or 0)
            channel = await self._get(f"channel {parent_id}", lambda: self.http.get_channel(parent_id))
            if channel is None:
                return False
        guild = await self._get("guild", lambda: self.http.get_guild(self.guild_id, with_counts=False))
        if guild is None:
            return False
        allowed = channel_permissions(guild, member, self.user_id, channel.get("permission_overwrites") or [])
        if not allowed.view_channel:
            return False
        if thread is not None and thread["type"] == discord.ChannelType.private_thread.value \
                and not allowed.manage_threads:
            joined = await self._get(f"joined {place}", lambda: self.http.get_thread_member(place, self.user_id))
            return joined is not None
        return True


def channel_permissions(guild: dict, member: dict, user_id: int, overwrites: list[dict]) -> discord.Permissions:
    """A member's permissions in a channel from Discord's payloads, as Discord computes them
    (topics/permissions, "Permission Overwrites"): the owner and ADMINISTRATOR have all; otherwise
    @everyone's and the member's roles' permissions, then @everyone's overwrite, the roles' overwrites
    together, the member's own overwrite, each deny before allow."""
    if str(guild.get("owner_id")) == str(user_id):
        return discord.Permissions.all()
    guild_id = int(guild["id"])
    roles = {int(role["id"]): int(role["permissions"]) for role in guild.get("roles") or []}
    own_roles = {int(role) for role in member.get("roles") or []}
    allowed = discord.Permissions(roles.get(guild_id, 0))
    for role in own_roles:
        allowed.value |= roles.get(role, 0)
    if allowed.administrator:
        return discord.Permissions.all()
    by_target = {(int(o["type"]), int(o["id"])): (int(o["allow"]), int(o["deny"])) for o in overwrites}
    if (ROLE_OVERWRITE, guild_id) in by_target:
        allowed.handle_overwrite(*by_target[(ROLE_OVERWRITE, guild_id)])
    allow = deny = 0
    for role in own_roles:
        role_allow, role_deny = by_target.get((ROLE_OVERWRITE, role), (0, 0))
        allow, deny = allow | role_allow, deny | role_deny
    allowed.handle_overwrite(allow, deny)
    if (MEMBER_OVERWRITE, user_id) in by_target:
        allowed.handle_overwrite(*by_target[(MEMBER_OVERWRITE, user_id)])
    return allowed
