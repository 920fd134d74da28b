"""The bot: opens the store, loads the cogs, registers the persistent buttons, runs the timekeeper.

Several processes (issue 17): each runs ``settings.shard_ids`` of ``settings.shard_count`` shards (both
unset: one process runs every shard Discord recommends). Discord sends a guild's events and interactions
to shard ``(guild_id >> 22) % shard_count`` and every DM to shard 0, so a DM click on a match of a guild
another process owns arrives here. Such a click is still *answered* here (the decision is one
version-checked transaction, safe from any process), but everything else about the match -- thread posts,
private panels, the bot player's reply, reminders, claims -- is done by the process that owns its guild:
this process wakes it (PostgreSQL ``NOTIFY``; on a shared SQLite file it polls), and the owner publishes
what the store holds but the thread does not show yet (the outbox). So one process writes each thread and
the per-match lock of the thread (bot/ui/thread.py) is enough.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Iterator

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n, metrics
from bot.ai import worker as botworker
from bot.budget import RequestBudget, before_identify, process_share
from bot.config import Settings
from bot.games import GAME_PACKAGES, game_module, playable_game_ids
from bot.match import MatchService, configure_think_pool
from bot.render import toolkit
from bot.store import Store, open_store
from bot.ui.commandtext import CommandTranslator
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.gamecog import GameCog
from bot.ui.help import QuestionHelp
from bot.ui.hints import Hints
from bot.ui.inputs import BadOption, check_options
from bot.ui.members import Members
from bot.ui.moves import Moves
from bot.ui.panels import Panels
from bot.ui.permissions import NotOrganizer
from bot.ui.publish import Publisher
from bot.ui.replies import tell
from bot.ui.review import Reviews
from bot.ui.rulebook import Rulebooks
from bot.ui.thread import MatchThreads
from bot.ui.timekeeper import Timekeeper

log = logging.getLogger(__name__)

# Send Messages, Send Messages in Threads, Create Public Threads, Create Private Threads (a lesson's own
# thread, /learn), Embed Links, Attach Files, Read Message History, Use Application Commands, View Channel.
INVITE_PERMISSIONS = discord.Permissions(
    send_messages=True, send_messages_in_threads=True, create_public_threads=True, create_private_threads=True,
    embed_links=True,
    attach_files=True, read_message_history=True, use_application_commands=True, view_channel=True,
)


class TrackedTree(app_commands.CommandTree):
    """Counts commands in flight, so the demo, benchmarks and tests can wait until the bot is done; holds
    every slash command's options to their declaration before the command runs (bot/ui/inputs.py)."""

    async def _call(self, interaction: discord.Interaction) -> None:
        with self.client.working():
            if interaction.type is discord.InteractionType.application_command and \
                    (interaction.data or {}).get("type", 1) == 1:
                try:
                    # The same lookup discord.py makes next; an unknown command is left to it.
                    command, options = self._get_app_command_options(interaction.data)
                except app_commands.CommandNotFound:
                    pass
                else:
                    try:
                        check_options(command, options, interaction.data.get("resolved") or {})
                    except BadOption as error:
                        interaction.command_failed = True
                        await self.on_error(interaction, error)
                        return
            await super()._call(interaction)


RATELIMIT_SWEEP_EVERY = 10.0  # seconds between sweeps of discord.py's idle rate-limit buckets


def sweep_ratelimits_less_often(http: discord.http.HTTPClient, every: float = RATELIMIT_SWEEP_EVERY,
                                clock: Callable[[], float] = time.monotonic) -> None:
    """discord.py drops idle rate-limit buckets (unused for 300 s) by walking all of them each time it makes a
    new one, once there are 256. Every thread, DM channel and interaction token is a bucket, so with a few
    hundred matches that walk ran on nearly every request (~0.7 ms each, the bench's profile). The same sweep,
    at most once every ``every`` seconds: a bucket idle for 300 s is dropped at most that much later."""
    sweep = http._try_clear_expired_ratelimits
    last = [-every]

    def throttled() -> None:
        if len(http._buckets) < 256:
            return
        now = clock()
        if now - last[0] >= every:
            last[0] = now
            sweep()

    http._try_clear_expired_ratelimits = throttled


OUTBOX_CHANNEL = "dueltable_outbox"  # PostgreSQL NOTIFY channel: "a match of your guild has news"
WEB_CHANNEL = "dueltable_web"  # "match:posted_version:version was published": wake your live pages of it


class DuelTable(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time,
                 run_timekeeper: bool = True, sync_commands: bool = True,
                 seed_source: Callable[[], int] | None = None, timer_lease: float = 60.0,
                 outbox_poll: float = 1.0, **kwargs) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_messages = settings.inline_lookup
        intents.message_content = settings.inline_lookup
        kwargs.setdefault("http_trace", metrics.discord_http_trace())  # REST calls by route, for the metrics
        # This process's share of the token's global limit, from the shard layout (bot/budget.py)
        self.budget = RequestBudget(process_share(settings.global_limit, settings.shard_count, settings.shard_ids))
        self.budget.attach(kwargs["http_trace"])
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), tree_cls=TrackedTree,
                         # The bot never reads its message cache (it posts through partial
                         # messageables), and 1,000 cached messages with embeds cost tens of MB.
                         max_messages=None, shard_count=settings.shard_count,
                         shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None, **kwargs)
        sweep_ratelimits_less_often(self.http)
        self.settings = settings
        toolkit.set_picture_cache_mb(settings.picture_cache_mb)  # what the renderers' caches hold together
        toolkit.configure_render_pool(settings.render_processes, settings.picture_cache_mb)
        configure_think_pool(settings.bot_worker_idle_s)  # the bot player's worker stops when unused this long
        # How long a claimed reminder stays claimed: if this process dies before recording it, another
        # process sends it after this (with the same nonce, so Discord posts it once).
        self.timer_lease = timer_lease
        # Several processes on one SQLite file have no NOTIFY: the owner looks for news this often.
        self.outbox_poll = outbox_poll
        self._outbox_wake = asyncio.Event()
        self._outbox_news: set[int] = set()
        self._notify_connection = None  # asyncpg connection: LISTEN/NOTIFY between processes
        self._notify_lock = asyncio.Lock()
        self._pages_news: dict[int, str] = {}  # published here, not yet sent on WEB_CHANNEL (one sender task)
        self._pages_notifier: asyncio.Task | None = None
        self.clock = clock
        # Match seeds: random in production; fixed by the demo so `--seed N` replays the same match.
        self.new_seed = seed_source or (lambda: secrets.randbits(31))
        self.run_timekeeper = run_timekeeper
        self.sync_commands = sync_commands
        self.store: Store | None = None
        self.service: MatchService | None = None
        self.busy = 0  # handlers in flight; see working()
        # The Discord layer (bot/ui/), one part per thing; a control names the part (or cog) that handles it.
        self.members = Members(self)
        self.panels = Panels(self, self.members)
        self.threads = MatchThreads(self, self.members, close_panels=self.panels.close_spent,
                                    edit_every=settings.thread_edit_s)
        self.publisher = Publisher(self, self.members, self.threads, self.panels)
        self.moves = Moves(self, self.members, self.panels, self.publisher)
        self.rulebooks = Rulebooks(self)
        self.question_help = QuestionHelp(self, self.members)
        self.hints, self.reviews = Hints(self), Reviews(self)  # issue 25: bot/ui/hints.py, bot/ui/review.py
        self.timekeeper = Timekeeper(self)
        self._timekeeper: asyncio.Task | None = None
        self._catch_up: asyncio.Task | None = None
        self._outbox: asyncio.Task | None = None
        self._outbox_jobs: set[asyncio.Task] = set()
        self.web = None  # bot/web's server, when WEB_PORT is set (setup_hook)

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        """Mark a handler in flight (the demo and tests wait for ``busy == 0`` to step deterministically);
        meanwhile the bot player's search steps aside (bot/ai/worker.py)."""
        self.busy += 1
        try:
            with botworker.member_in_flight():
                yield
        finally:
            self.busy -= 1

    # ---- shards: which process does what ------------------------------------------------------

    @property
    def several_processes(self) -> bool:
        return self.settings.shard_ids is not None

    @property
    def claim_shards(self) -> dict:
        """The store's filter for this process's guilds (timers, challenges)."""
        return {"shard_count": self.settings.shard_count or 1, "shard_ids": self.settings.shard_ids}

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard Discord routes this guild to (always, when it runs them all)."""
        if self.settings.shard_ids is None or guild_id is None:
            return True
        return (guild_id >> 22) % (self.settings.shard_count or 1) in self.settings.shard_ids

    async def wake_owner(self, match_id: int) -> None:
        """Tell the process that owns a match's guild that the store holds news for its thread."""
        if self._notify_connection is not None:
            try:
                async with self._notify_lock:  # one asyncpg connection runs one statement at a time
                    await self._notify_connection.execute("SELECT pg_notify($1, $2)", OUTBOX_CHANNEL, str(match_id))
            except Exception:  # the owner's poll still finds it
                log.warning("could not notify the owner of match %s", match_id, exc_info=True)

    def _on_outbox_notice(self, _connection, _pid, _channel, payload: str) -> None:
        self._outbox_news.add(int(payload))
        self._outbox_wake.set()

    def _on_web_notice(self, connection, pid, _channel, payload: str) -> None:
        if self.web is not None and pid != connection.get_server_pid():  # our own NOTIFY: told already
            self.web.remote_news(int(payload.split(":")[0]))

    def pages_changed(self, match) -> None:
        """The publish path's hook with a web server: this process's pages, then (PostgreSQL, several
        processes) every other process's, by one NOTIFY per match published (coalesced, one task)."""
        self.web.changed(match)
        if match is None or self._notify_connection is None:
            return
        self._pages_news[match.id] = f"{match.id}:{match.posted_version}:{match.version}"
        if self._pages_notifier is None or self._pages_notifier.done():
            self._pages_notifier = asyncio.create_task(self._notify_pages(), name="dueltable-web-notify")

    async def _notify_pages(self) -> None:
        while self._pages_news and self._notify_connection is not None:
            payloads, self._pages_news = list(self._pages_news.values()), {}
            try:
                async with self._notify_lock:
                    await self._notify_connection.execute(
                        "SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload", WEB_CHANNEL, payloads)
            except Exception:  # the other processes' pages learn it at their keep-alive
                log.warning("could not notify the other processes' pages", exc_info=True)

    async def _listening(self) -> bool:
        """Whether NOTIFY wakes this process; (re)connects the listener when PostgreSQL dropped it."""
        url = self.settings.database_url
        if not url or not url.startswith(("postgres://", "postgresql://")):
            return False
        if self._notify_connection is not None and not self._notify_connection.is_closed():
            return True
        import asyncpg  # only with PostgreSQL

        try:
            self._notify_connection = await asyncpg.connect(url)
            await self._notify_connection.add_listener(OUTBOX_CHANNEL, self._on_outbox_notice)
            await self._notify_connection.add_listener(WEB_CHANNEL, self._on_web_notice)
        except (OSError, asyncpg.PostgresError):
            log.warning("cannot listen for news from other processes; polling", exc_info=True)
            self._notify_connection = None
            return False
        return True

    async def outbox_loop(self) -> None:
        """The owner's side of decisions other processes stored: woken by NOTIFY, or every ``outbox_poll`` s
        (every 10 s as well with NOTIFY, for a wake sent while this process was starting)."""
        await self.wait_until_ready()
        while not self.is_closed():
            poll = max(self.outbox_poll, 10.0) if await self._listening() else self.outbox_poll
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._outbox_wake.wait(), poll)
            self._outbox_wake.clear()
            news, self._outbox_news = self._outbox_news, set()
            if not news:
                await self._publish_stored(None)
            for match_id in news:  # each match at once, as the clicks' own handlers would (the thread's
                # per-match lock keeps one match's posts in order)
                job = asyncio.create_task(self._publish_stored({match_id}), name=f"dueltable-outbox-{match_id}")
                self._outbox_jobs.add(job)
                job.add_done_callback(self._outbox_jobs.discard)

    async def _publish_stored(self, match_ids: set[int] | None) -> None:
        try:
            with self.working():
                await self.publisher.publish_stored(match_ids)
        except Exception:
            log.exception("outbox pass failed")

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database_url or self.settings.database)
        self.service = MatchService(self.store, self.clock)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error
        await self.tree.set_translator(CommandTranslator())
        for extension in ("cogs.lobby", "cogs.challenges", "cogs.players", "cogs.cards", "cogs.decks", "cogs.board",
                          "cogs.learn", "cogs.tournaments", "cogs.leagues", "cogs.watch"):
            await self.load_extension(extension)
        for game_id in playable_game_ids():
            # Each listed game's own cog (``COG`` in cogs/<game>/cog.py); a game registered at run time
            # without a package (the tests' tiny game) gets the shared base.
            cog_class = game_module(game_id, "cog").COG if game_id in GAME_PACKAGES else GameCog
            await self.add_cog(cog_class(self, game_id))
        if self.sync_commands and self.runs_shard_zero():
            await self.sync_tree()
        if self.run_timekeeper:
            self._timekeeper = asyncio.create_task(self.timekeeper_loop(), name="dueltable-timekeeper")
        self._catch_up = asyncio.create_task(self.catch_up(), name="dueltable-catch-up")
        if self.several_processes:
            await self._listening()
            self._outbox = asyncio.create_task(self.outbox_loop(), name="dueltable-outbox")
        if self.settings.web_port:
            await self.start_web()

    async def start_web(self, port: int | None = None):
        """The live web view (bot/web, docs/WEB.md), fed by the publish path; ``port`` 0: any free one (tests)."""
        from bot.web.links import Links  # jinja2 and the pages: only for a process that serves them
        from bot.web.play import MoveDesk
        from bot.web.server import WebServer

        self.web = WebServer(lambda: self.store, self.members.names, Links(self.settings.web_secret or "", ""),
                             host=self.settings.web_host, port=self.settings.web_port if port is None else port,
                             desk=MoveDesk(lambda: self.service, self.publisher))
        if self.settings.discord_client_secret:  # the pages as a Discord Activity (bot/web/activity.py)
            from bot.web.activity import attach
            attach(self, self.web)
        await self.web.start()
        self.web.links.base_url = self.settings.web_base_url or self.web.address
        self.publisher.on_change = self.pages_changed
        if self.several_processes and not await self._listening():  # a shared SQLite file: no NOTIFY
            from bot.web.server import POLL
            self.web.poll_every = POLL
        return self.web

    def web_url(self, match, seat: int | None) -> str | None:
        """A match's signed page (None: the public one), or None when no web server runs."""
        return self.web.links.url(match, seat) if self.web is not None else None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        await before_identify(self, shard_id, initial)  # the token's session starts, across processes

    def runs_shard_zero(self) -> bool:
        """Commands are global: one process (the one running shard 0) syncs them, not every process."""
        return self.settings.shard_ids is None or 0 in self.settings.shard_ids

    async def sync_tree(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def catch_up(self) -> None:
        """Post what a crash between saving and posting left behind (the thread outbox), once ready."""
        with self.working():
            await self.wait_until_ready()
            try:
                await self.publisher.catch_up()
            except Exception:
                log.exception("catch-up failed")

    async def timekeeper_loop(self) -> None:
        """Driven by the store: every pass re-reads what is due, so a restart loses no timer."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.timekeeper.tick()
            except Exception:  # one bad match must not stop reminders for the others
                log.exception("timekeeper pass failed")
            await asyncio.sleep(self.settings.timer_interval)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        locale = i18n.normalize_locale(interaction.locale)
        if isinstance(error, BadOption):
            # An option outside its declared type, range or choices (a raw interaction; Discord's client
            # never sends one): refused before the command ran, so nothing changed.
            metrics.error("bad_option")
            await tell(interaction, i18n.t("errors.bad_option_named", locale, option=error.option))
            return
        if isinstance(error, app_commands.TransformerError):
            metrics.error("bad_option")
            await tell(interaction, i18n.t("errors.bad_option", locale))
            return
        if isinstance(error, app_commands.MissingPermissions):
            # An admin command run by a member without the permission (bot/ui/permissions.py): the server may
            # have opened the command to them under Integrations, but it never ran.
            metrics.error("not_admin")
            key = "tournaments.not_organizer" if isinstance(error, NotOrganizer) else "errors.not_admin"
            await tell(interaction, i18n.t(key, locale))
            return
        log.exception("command failed", exc_info=error)
        await tell(interaction, i18n.t("errors.internal", i18n.normalize_locale(interaction.locale)))

    async def close(self) -> None:
        for task in (self._timekeeper, self._catch_up, self._outbox, self._pages_notifier):
            if task is not None:
                task.cancel()
        if self.web is not None:
            await self.web.stop()
        self.threads.stop_flushes()  # held steps stay in the outbox: the next start's catch-up says them
        await super().close()
        if self._notify_connection is not None:
            await self._notify_connection.close()
            self._notify_connection = None
        if self.store is not None:
            await self.store.close()
            self.store = None


def invite_url(application_id: int | str) -> str:
    return discord.utils.oauth_url(int(application_id), permissions=INVITE_PERMISSIONS,
                                   scopes=("bot", "applications.commands"))
