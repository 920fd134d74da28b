"""Private panels: each seat's hand and controls, in its DM or as an ephemeral message.

A seat's panel goes to its DM, edited in place while the seat acts on in one chain, a new DM at each new
question (it notifies). If the member's DMs are closed (403/50007) the panel is fetched instead as an
ephemeral message from the thread's "My hand" button; a click from the server gets its next panel as a
follow-up of that click. Also here: the panel's pages (a long option list), and "out of date", which always
comes with the current panel so the player can act on the real state.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import i18n, metrics
from bot.engine import Decision
from bot.games import GameSpec, get_game
from bot.store import MatchRow
from bot.ui.host import TableBot
from bot.ui.members import Members
from bot.ui.panel import Names, build_panel
from bot.ui.pictures import render_match
from bot.ui.replies import tell
from bot.ui.thread import post_dm_closed, thread_of, thread_url

log = logging.getLogger(__name__)
DM_CLOSED = 50007
DM_CHANNELS_KEPT = 20000  # members whose DM channel id is remembered (~2 MB); then the map starts over
# A lesson's coach (cogs/learn.py): the words under a learner's question, from the match, the seat, its open
# decision, its own seat view and the reader's locale; None says nothing.
Coach = Callable[[MatchRow, int, Decision, dict, str], Awaitable[str | None]]


def view_hash(view: dict) -> str:
    return hashlib.blake2b(json.dumps(view, sort_keys=True, default=str).encode(), digest_size=12).hexdigest()


def web_line(bot: TableBot, match: MatchRow, seat: int, locale: str) -> str:
    """The seat's own signed page (bot/web), when the web server runs."""
    url = bot.web_url(match, seat)
    return "\n" + i18n.t("web.panel_link", locale, url=url) if url else ""


class Panels:
    """Every seat's private panel: sent, edited in place, closed, or shown as an ephemeral message."""

    def __init__(self, bot: TableBot, members: Members) -> None:
        self.bot = bot
        self.members = members
        self._dm_channels: dict[int, int] = {}  # member -> DM channel id (see dm_channel)
        self.coach: Coach | None = None  # set by the Learn cog: lessons' panels carry the coach's words

    async def build(self, game: GameSpec, match: MatchRow, seat: int, locale: str, names: Names,
                    page: int = 0) -> tuple[str, dict, discord.ui.View | None, Decision | None]:
        """``build_panel``, with the coach's words under the question in a lesson."""
        content, seat_view, controls, decision = build_panel(game, match, seat, locale, names, page)
        if decision is not None and match.kind == "lesson" and self.coach is not None:
            said = await self.coach(match, seat, decision, seat_view, locale)
            if said:
                content += "\n" + said
        return content, seat_view, controls, decision

    # ---- DM panels ------------------------------------------------------------------------------

    async def send_panel(self, match: MatchRow, seat: int, names: Names | None = None) -> bool:
        """DM the seat's panel as a new message; False if its DMs are closed (it then uses My hand)."""
        user_id = match.players[seat]
        locale = await self.members.stored_locale(user_id, match.locale)
        game = get_game(match.game)
        names = names or await self.members.names(match)
        content, seat_view, controls, _ = await self.build(game, match, seat, locale, names)
        image = await render_match(names, "hand.png", game.render_hand, seat_view, locale,
                                   describe=game.describe)
        try:
            known = (match.dm_panels.get(str(seat)) or {}).get("c")
            channel = await self.dm_channel(user_id, known)
            if match.thread_id and match.thread_id != channel.id:  # a lesson held in this DM needs no link
                content += "\n" + i18n.t("panel.thread_link", locale, url=thread_url(match))
            content += web_line(self.bot, match, seat, locale)
            message = await channel.send(content[:2000], file=image, view=controls)
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                log.warning("DM to %s refused: %s", user_id, error)
            return False
        await self.bot.store.set_dm_panel(match.id, seat, {"c": message.channel.id, "m": message.id,
                                                           "h": view_hash(seat_view), "v": match.version})
        return True

    async def dm_channel(self, user_id: int, known: int | None = None) -> discord.abc.Messageable:
        """The member's DM channel, without asking Discord when its id is known: a DM channel's id never
        changes, so it comes from the seat's last panel or this process's map before a fetch of the user
        and an open of the channel (two REST calls per panel, measured by the bench)."""
        channel_id = known or self._dm_channels.get(user_id)
        if channel_id is None:
            channel_id = (await self.bot.create_dm(discord.Object(id=user_id))).id
        if len(self._dm_channels) >= DM_CHANNELS_KEPT:
            self._dm_channels.clear()
        self._dm_channels[user_id] = channel_id
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def edit_panel(self, match: MatchRow, seat: int, names: Names, remember: bool = True,
                         answered: int | None = None) -> bool:
        """Update the seat's DM panel message in place (a step of its own chain, or its turn ending);
        the hand image is re-sent only when what the seat sees changed. False if there is none to edit.

        ``remember=False`` for a panel that will never be edited in place again (its turn ended: the seat's
        next decision comes in a new DM; the match ended), so the store keeps its record as it was: four
        database calls fewer, and a later edit of it (the end of the match) at most renders once more.

        ``answered``: the seat whose panel the answer to its click already showed as of this decision."""
        record = match.dm_panels.get(str(seat))
        if not record:
            return False
        if answered == seat:
            return True
        kwargs, digest = await self.panel_fields(match, seat, names, record)
        message = self.bot.get_partial_messageable(record["c"], type=discord.ChannelType.private)
        try:
            await message.get_partial_message(record["m"]).edit(**kwargs)
        except discord.HTTPException as error:
            log.info("panel %s of match %s not editable (%s): sending a new one", record["m"], match.id, error)
            return False
        return await self.remember_panel(match, seat, record, digest, remember)

    async def panel_fields(self, match: MatchRow, seat: int, names: Names, record: dict) -> tuple[dict[str, Any], str]:
        """What the seat's DM panel shows now (content, controls, and the hand picture only if what the seat
        sees changed since the panel last showed it), and the digest of that view."""
        locale = await self.members.stored_locale(match.players[seat], match.locale)
        game = get_game(match.game)
        content, seat_view, controls, _ = await self.build(game, match, seat, locale, names)
        if match.thread_id and match.thread_id != record.get("c"):  # a lesson held in this DM needs no link
            content += "\n" + i18n.t("panel.thread_link", locale, url=thread_url(match))
        content += web_line(self.bot, match, seat, locale)
        digest = view_hash(seat_view)
        fields: dict[str, Any] = {"content": content[:2000], "view": controls}
        if digest != record.get("h"):
            fields["attachments"] = [await render_match(names, "hand.png", game.render_hand, seat_view, locale,
                                                        describe=game.describe)]
        return fields, digest

    async def remember_panel(self, match: MatchRow, seat: int, record: dict, digest: str, remember: bool) -> bool:
        if remember:
            await self.bot.store.set_dm_panel(match.id, seat, record | {"h": digest, "v": match.version})
        return True

    async def deliver_panel(self, match: MatchRow, seat: int, names: Names, in_place: bool = False,
                            answered: int | None = None) -> None:
        """DM the panel (editing the seat's own panel when it continues a chain); if the player closed
        their DMs since, switch them to the My hand button."""
        if in_place and await self.edit_panel(match, seat, names, answered=answered):
            return
        if await self.send_panel(match, seat, names):
            return
        current = await self.bot.store.get_match(match.id)
        dm_ok = [current.dm_ok[0], current.dm_ok[1]]
        dm_ok[seat] = False
        await self.bot.store.set_dm_ok(match.id, (dm_ok[0], dm_ok[1]))
        thread = thread_of(self.bot, match)
        if thread is not None:
            await post_dm_closed(thread, match, [seat])

    async def close_spent(self, match: MatchRow, names: Names, answered: int | None = None) -> None:
        """A finished match's panels: no buttons left that can only say "game over"."""
        for seat in (0, 1):
            if seat != match.bot_seat and match.dm_ok[seat]:
                await self.edit_panel(match, seat, names, remember=False, answered=answered)

    # ---- ephemeral panels ("My hand", a click from the server, "out of date") ---------------------

    async def send_ephemeral_panel(self, interaction: discord.Interaction, match: MatchRow, seat: int,
                                   names: Names, page: int = 0) -> None:
        locale = i18n.normalize_locale(interaction.locale)
        game = get_game(match.game)
        content, seat_view, controls, _ = await self.build(game, match, seat, locale, names, page)
        image = await render_match(names, "hand.png", game.render_hand, seat_view, locale,
                                   describe=game.describe)
        kwargs = {"view": controls} if controls else {}
        await interaction.followup.send(content[:2000], file=image, ephemeral=True, **kwargs)

    async def tell_stale(self, interaction: discord.Interaction, match: MatchRow | None, locale: str) -> None:
        """'Out of date', with the current panel so the player can act on the real state."""
        metrics.error("refused:stale_state")
        await tell(interaction, i18n.t("errors.stale_state", locale))
        if match is None:
            return
        seat = match.seat_of(interaction.user.id)
        if seat is not None:
            await self.send_ephemeral_panel(interaction, match, seat, await self.members.names(match))

    async def on_page(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                      version: str, page: str) -> None:
        """Another page of a long option list, in place."""
        locale = await self.members.user_locale(interaction)
        match = await self.bot.store.get_match(int(match_id))
        seat = match.seat_of(interaction.user.id) if match else None
        if match is None or seat is None or int(version) != match.panel_version(seat):
            await interaction.response.defer()
            await self.tell_stale(interaction, match, locale)
            return
        game = get_game(match.game)
        content, _, controls, _ = await self.build(game, match, seat, locale, await self.members.names(match),
                                                  int(page))
        await interaction.response.edit_message(content=content[:2000], view=controls)

    async def on_hand(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        """My hand: the seat's panel as an ephemeral message."""
        locale = await self.members.user_locale(interaction)
        match = await self.bot.store.get_match(int(match_id))
        seat = match.seat_of(interaction.user.id) if match else None
        if match is None or seat is None:
            await tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.send_ephemeral_panel(interaction, match, seat, await self.members.names(match))
