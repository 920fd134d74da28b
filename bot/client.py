"""The bot: opens the store, loads the cogs, registers the persistent buttons, runs the timekeeper."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.config import Settings
from bot.gamecog import GameCog
from bot.games import playable_game_ids
from bot.i18n import CommandTranslator
from bot.match import MatchService
from bot.store import Store
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.glue import Glue

log = logging.getLogger(__name__)

# Send Messages, Send Messages in Threads, Create Public Threads, Embed Links, Attach Files,
# Read Message History, Use Application Commands, View Channel.
INVITE_PERMISSIONS = discord.Permissions(
    send_messages=True, send_messages_in_threads=True, create_public_threads=True, embed_links=True,
    attach_files=True, read_message_history=True, use_application_commands=True, view_channel=True,
)


class TrackedTree(app_commands.CommandTree):
    """Counts commands in flight, so the demo, benchmarks and tests can wait until the bot is done."""

    async def _call(self, interaction: discord.Interaction) -> None:
        with self.client.glue.working():
            await super()._call(interaction)


class DuelTable(commands.Bot):
    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time,
                 run_timekeeper: bool = True, sync_commands: bool = True,
                 seed_source: Callable[[], int] | None = None, **kwargs) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_messages = settings.inline_lookup
        intents.message_content = settings.inline_lookup
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), tree_cls=TrackedTree,
                         # The bot never reads its message cache (it posts through partial
                         # messageables), and 1,000 cached messages with embeds cost tens of MB.
                         max_messages=None, **kwargs)
        self.settings = settings
        self.clock = clock
        # Match seeds: random in production; fixed by the demo so `--seed N` replays the same match.
        self.new_seed = seed_source or (lambda: secrets.randbits(31))
        self.run_timekeeper = run_timekeeper
        self.sync_commands = sync_commands
        self.store: Store | None = None
        self.service: MatchService | None = None
        self.glue = Glue(self)
        self._timekeeper: asyncio.Task | None = None
        self._catch_up: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database)
        self.service = MatchService(self.store, self.clock)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error
        await self.tree.set_translator(CommandTranslator())
        await self.load_extension("cogs.lobby")
        await self.load_extension("cogs.cards")
        await self.load_extension("cogs.decks")
        for game_id in playable_game_ids():
            # Every game gets the same cog (bot/gamecog.py) around its own GameSpec.
            await self.add_cog(GameCog(self, game_id))
        if self.sync_commands:
            await self.sync_tree()
        if self.run_timekeeper:
            self._timekeeper = asyncio.create_task(self.timekeeper_loop(), name="dueltable-timekeeper")
        self._catch_up = asyncio.create_task(self.catch_up(), name="dueltable-catch-up")

    async def sync_tree(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def catch_up(self) -> None:
        """Post what a crash between saving and posting left behind (the thread outbox), once ready."""
        with self.glue.working():
            await self.wait_until_ready()
            try:
                await self.glue.catch_up()
            except Exception:
                log.exception("catch-up failed")

    async def timekeeper_loop(self) -> None:
        """Driven by the store: every pass re-reads what is due, so a restart loses no timer."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.glue.tick()
            except Exception:  # one bad match must not stop reminders for the others
                log.exception("timekeeper pass failed")
            await asyncio.sleep(self.settings.timer_interval)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.TransformerError):
            # An option outside its range or type (a raw interaction; Discord's client never sends one).
            await self.glue.tell(interaction, i18n.t("errors.bad_option", i18n.normalize_locale(interaction.locale)))
            return
        log.exception("command failed", exc_info=error)
        await self.glue.tell(interaction, i18n.t("errors.internal", i18n.normalize_locale(interaction.locale)))

    async def close(self) -> None:
        for task in (self._timekeeper, self._catch_up):
            if task is not None:
                task.cancel()
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


def invite_url(application_id: int | str) -> str:
    return discord.utils.oauth_url(int(application_id), permissions=INVITE_PERMISSIONS,
                                   scopes=("bot", "applications.commands"))
