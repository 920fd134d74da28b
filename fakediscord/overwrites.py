"""A channel's permission overwrites, as Discord publishes them (topics/permissions, "Permission Overwrites").

A guild text channel's ``permission_overwrites`` (in ``GET /channels/{id}``, ``GUILD_CREATE`` and
``CHANNEL_UPDATE``) is a list of ``{"id", "type", "allow", "deny"}``: type 0 a role (the @everyone role shares
the guild's id), type 1 a member; allow and deny are permission bits as strings. A thread has none of its own:
Discord resolves a member's permissions there by its parent channel's. This is how Discord computes them:

    base  = @everyone's permissions | each of the member's roles'   (the owner, or ADMINISTRATOR: all)
    then  @everyone's overwrite (deny, then allow), the member's roles' overwrites together (deny all, then
          allow all), the member's own overwrite (deny, then allow)

:func:`set_overwrite` is the driver's call (what a server admin does in the channel's settings); it tells the
gateway (``CHANNEL_UPDATE``), as Discord does. :func:`channel_permissions` resolves a member's permissions in a
channel or thread, for the interactions' ``channel.permissions``.
"""

from __future__ import annotations

from typing import Protocol

from .models import ChannelType, FakeChannel, FakeGuild
from .world import ALL_PERMISSIONS, P_ADMINISTRATOR, World


class ChannelEvents(Protocol):
    """What ``set_overwrite`` needs of the fake (``FakeDiscord``, which imports this module's users): the
    channel event it sends."""

    async def emit_channel(self, event: str, channel: FakeChannel) -> None: ...

ROLE, MEMBER = 0, 1  # an overwrite's type


def overwrite_payload(target_id: int, kind: int, allow: int, deny: int) -> dict:
    return {"id": str(target_id), "type": kind, "allow": str(allow), "deny": str(deny)}


async def set_overwrite(fake: ChannelEvents, channel: FakeChannel, target_id: int, *, kind: int = ROLE,
                        allow: int = 0, deny: int = 0) -> None:
    """Sets (replaces) the overwrite of a role (``kind`` 0; the guild's id: @everyone) or a member (1) on a
    guild text channel, and tells the gateway."""
    if channel.type != ChannelType.TEXT:
        raise ValueError("overwrites belong to a guild text channel; a thread follows its parent's")
    channel.permission_overwrites = [o for o in channel.permission_overwrites if int(o["id"]) != target_id]
    channel.permission_overwrites.append(overwrite_payload(target_id, kind, allow, deny))
    await fake.emit_channel("CHANNEL_UPDATE", channel)


def channel_permissions(world: World, guild: FakeGuild, user_id: int, channel: FakeChannel) -> int:
    """A member's permissions in a channel (a thread: its parent's), overwrites applied as Discord does."""
    value = world.permissions(guild, user_id)
    if user_id == guild.owner_id or value & P_ADMINISTRATOR:
        return ALL_PERMISSIONS
    if channel.is_thread and channel.parent_id is not None:
        channel = world.channels.get(channel.parent_id, channel)
    by_target = {(int(o["type"]), int(o["id"])): o for o in channel.permission_overwrites}

    def apply(allow: int, deny: int) -> None:
        nonlocal value
        value = (value & ~deny) | allow

    everyone = by_target.get((ROLE, guild.id))
    if everyone is not None:
        apply(int(everyone["allow"]), int(everyone["deny"]))
    roles = [by_target[(ROLE, role)] for role in guild.member_roles.get(user_id, []) if (ROLE, role) in by_target]
    allow = deny = 0
    for overwrite in roles:
        allow, deny = allow | int(overwrite["allow"]), deny | int(overwrite["deny"])
    apply(allow, deny)
    own = by_target.get((MEMBER, user_id))
    if own is not None:
        apply(int(own["allow"]), int(own["deny"]))
    return value
