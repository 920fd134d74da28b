"""Who may run an admin command, checked by the bot itself.

``default_permissions`` only tells Discord whom to offer a command to, and a server may change that under
Server Settings > Integrations (give /settings to @everyone, say). So an admin command is declared with
``admin_command()``, which keeps that default and adds a check of the member's own permissions, as
Discord resolved them in the interaction's channel (``Interaction.permissions``, from the payload's
``member.permissions``): without Manage Server (or Administrator) the command never runs, and
bot/client.py answers privately that nothing changed. A DM has no member permissions: refused too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

ADMIN_PERMISSION = "manage_guild"  # Manage Server: what an admin command of Duel Table asks

T = TypeVar("T")


def is_admin(interaction: discord.Interaction) -> bool:
    """Whether the member may change the server's Duel Table (Manage Server or Administrator, in a guild)."""
    if interaction.guild_id is None:
        return False
    permissions = interaction.permissions
    return permissions.administrator or getattr(permissions, ADMIN_PERMISSION)


def require_admin(interaction: discord.Interaction) -> bool:
    """The check every admin command carries (its failure is answered in bot/client.py)."""
    if not is_admin(interaction):
        raise app_commands.MissingPermissions([ADMIN_PERMISSION])
    return True


def admin_command() -> Callable[[T], T]:
    """Declare an admin command: offered by default to members with Manage Server, run only for them."""

    def decorate(command: T) -> T:
        command = app_commands.default_permissions(**{ADMIN_PERMISSION: True})(command)
        command = app_commands.guild_only()(command)
        return app_commands.check(require_admin)(command)

    return decorate


class NotOrganizer(app_commands.MissingPermissions):
    """An organizer command run by a member with neither Manage Server nor the organizer role."""

    def __init__(self) -> None:
        super().__init__([ADMIN_PERMISSION])


async def is_organizer(interaction: discord.Interaction) -> bool:
    """Whether the member may run the server's tournaments: Manage Server, or the role ``/settings
    organizer_role`` names (read from the store now, and matched against the member's roles in this
    interaction's payload, never Discord's command permissions)."""
    if is_admin(interaction):
        return True
    if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
        return False
    role_id = (await interaction.client.store.guild_settings(interaction.guild_id)).get("organizer_role")
    return role_id is not None and any(role.id == role_id for role in interaction.user.roles)


async def require_organizer(interaction: discord.Interaction) -> bool:
    """The check every organizer command carries (its failure is answered in bot/client.py)."""
    if not await is_organizer(interaction):
        raise NotOrganizer()
    return True


def organizer_command() -> Callable[[T], T]:
    """Declare a tournament organizer's command: offered to everyone in a server (a member with the
    organizer role has no Manage Server), run only for an organizer (``is_organizer``)."""

    def decorate(command: T) -> T:
        command = app_commands.guild_only()(command)
        return app_commands.check(require_organizer)(command)

    return decorate


def is_admin_command(command: app_commands.Command | app_commands.Group) -> bool:
    """Whether a command checks admin rights in the bot (tests hold every restricted command to it)."""
    return require_admin in getattr(command, "checks", [])
