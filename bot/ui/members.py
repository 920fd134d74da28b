"""Members as the bot last saw them: their locale and display name, cached for this process.

A click, each panel and each picture need the players' names and languages several times per decision; the
store holds them (no members intent needed: a member shows their name by clicking), and ``Members`` keeps
what this process last wrote or read so that a decision reads the database once (the bench counts
database calls). Everything that answers a member asks here for the locale to answer in.
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot import i18n
from bot.store import MatchRow
from bot.ui.host import TableBot
from bot.ui.panel import Names, message_name
from bot.ui.replies import tell

MEMBER_TTL = 300.0
MEMBERS_KEPT = 40000  # names and locales remembered (a few MB); then the cache starts over


class MemberCache:
    """Members' names and locales as this process last wrote or read them. An entry is trusted for
    ``MEMBER_TTL`` s, so what another process stored (a member who clicked there with a new name or
    language) shows here within that time."""

    def __init__(self, clock) -> None:
        self.clock = clock
        self.entries: dict[tuple[str, int], tuple[Any, float]] = {}

    def get(self, kind: str, user_id: int) -> tuple[Any] | None:
        """``(value,)`` if known and fresh (the value may be None: a member never seen), else None."""
        entry = self.entries.get((kind, user_id))
        if entry is None or self.clock() - entry[1] > MEMBER_TTL:
            return None
        return (entry[0],)

    def put(self, kind: str, user_id: int, value: Any) -> None:
        if len(self.entries) >= MEMBERS_KEPT:
            self.entries.clear()
        self.entries[(kind, user_id)] = (value, self.clock())


class Members:
    """Locales and names of members, from the interaction at hand, the cache, or the store."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.cache = MemberCache(time.monotonic)

    async def user_locale(self, interaction: discord.Interaction) -> str:
        """The locale to answer this member in; remembers their locale and name as they show them now."""
        locale = i18n.normalize_locale(interaction.locale)
        user_id, name = interaction.user.id, interaction.user.display_name
        if self.cache.get("locale", user_id) != (locale,) or self.cache.get("name", user_id) != (name,):
            await self.bot.store.remember_user(user_id, locale, name, self.bot.clock())
            self.cache.put("locale", user_id, locale)
            self.cache.put("name", user_id, name)
        return locale

    async def stored_locale(self, user_id: int, fallback: str) -> str:
        known = self.cache.get("locale", user_id)
        if known is None:
            known = (await self.bot.store.user_locale(user_id),)
            self.cache.put("locale", user_id, known[0])
        return known[0] or fallback

    async def names(self, match: MatchRow) -> Names:
        """Names as the players last showed themselves to the bot (stored: no members intent needed)."""
        known = {user_id: found[0] for user_id in match.players
                 if (found := self.cache.get("name", user_id)) is not None}
        missing = tuple(user_id for user_id in match.players if user_id not in known)
        if missing:
            read = await self.bot.store.user_names(missing)
            for user_id in missing:
                known[user_id] = read.get(user_id)
                self.cache.put("name", user_id, known[user_id])
        names = []
        for seat, user_id in enumerate(match.players):
            if seat == match.bot_seat and self.bot.user is not None:
                names.append(self.bot.user.display_name)
            else:
                names.append(known.get(user_id) or i18n.t(f"common.seat{seat}", match.locale))
        # A name of nothing but control characters says the seat instead of nothing.
        return Names(seats=tuple(message_name(name) or i18n.t(f"common.seat{seat}", match.locale)
                                 for seat, name in enumerate(names)), drawn=(names[0], names[1]))


async def match_in_reach(bot: TableBot, interaction: discord.Interaction, match_id: int | None, locale: str,
                         texts: str) -> MatchRow | None:
    """The match a command names (``match_id``), else the match of the thread it runs in, when this member may
    look at it: a player of it anywhere, anyone else on its own server. Otherwise says why, privately (the
    keys ``<texts>.not_found``, ``no_thread_match``, ``other_server``), and gives None."""
    if match_id is not None and match_id <= 0:  # never from Discord's client (a Range); a raw interaction may
        row = None
    else:
        row = await bot.store.get_match(match_id) if match_id else await bot.store.match_by_thread(interaction.channel_id)
    if row is None:
        key = "not_found" if match_id else "no_thread_match"
        await tell(interaction, i18n.t(f"{texts}.{key}", locale, match_id=match_id or "-"))
        return None
    if row.seat_of(interaction.user.id) is None and interaction.guild_id != row.guild_id:
        await tell(interaction, i18n.t(f"{texts}.other_server", locale))
        return None
    return row
