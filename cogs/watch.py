"""/watch: follow a match live, inside Discord as an Activity where it can, else by its public page's link.

In a match's thread, with the Activity set up (``DISCORD_CLIENT_SECRET``) and Activities enabled for the
application (its EMBEDDED flag, Developer Portal), the answer is LAUNCH_ACTIVITY (callback type 12): the
Activity opens in that thread and signs the member in to their own seat or the public page
(``bot/web/activity.py``). Anywhere else, or when a launch is refused, the public page's link, privately:
the same link as the thread's "Watch live" button, never a seat's (seats get theirs by DM).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.ui.commandtext import cmd
from bot.ui.members import match_in_reach
from bot.ui.replies import tell

log = logging.getLogger(__name__)


class Watch(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    def activity_on(self) -> bool:
        application = self.bot.application
        return bool(self.bot.settings.discord_client_secret and self.bot.web is not None
                    and application is not None and application.flags.embedded)

    @app_commands.command(name="watch", description=cmd(
        "commands.watch.description", "Watch a match live: inside Discord as an Activity, or a link to its page"))
    @app_commands.describe(match=cmd("commands.watch.match", "Match number (defaults to this thread's match)"))
    async def watch(self, interaction: discord.Interaction,
                    match: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        row = await match_in_reach(self.bot, interaction, match, locale, "watch")
        if row is None:
            return
        if self.activity_on() and interaction.channel_id == row.thread_id:
            try:
                await interaction.response.launch_activity()
                return
            except discord.HTTPException as error:  # not launched: the link instead (the interaction is still open)
                log.info("/watch: LAUNCH_ACTIVITY refused (%s): answering with the link", error.status)
        url = self.bot.web_url(row, None)
        await tell(interaction, i18n.t("watch.link", locale, url=url) if url else i18n.t("watch.off", locale))


async def setup(bot) -> None:
    await bot.add_cog(Watch(bot))
