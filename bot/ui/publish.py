"""Publishing decisions: after a decision is stored, bring the thread and the private panels up to date,
then let the bot player answer.

The store is the outbox: what a thread shows and which panel each seat holds are recorded in the match
row, so the same steps serve a click just decided (``publish``), decisions another process stored in this
process's guilds (``publish_stored``: a DM click arrives at shard 0's process), and whatever a crash left
behind (``catch_up`` at start-up). Opening a match (its thread, first board, both panels, the bot's first
moves) is here too, since it is the first publish of a match.

Several processes (issue 17): only the process that owns a match's guild publishes it, so one process writes
each thread and the per-match lock (``MatchThreads.match_lock``) is enough.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable

import discord

from bot import logs, metrics
from bot.games import get_game
from bot.match import THINK_POOL, Applied
from bot.render.toolkit import start_render_pool
from bot.store import MatchRow
from bot.ui.botplayer import BotPlayer
from bot.ui.host import TableBot
from bot.ui.members import Members
from bot.ui.panels import Panels
from bot.ui.replies import is_dm
from bot.ui.thread import MatchThreads, post_dm_closed

log = logging.getLogger(__name__)
PUBLISHING = 16


class Publisher:
    def __init__(self, bot: TableBot, members: Members, threads: MatchThreads, panels: Panels) -> None:
        self.bot = bot
        self.members = members
        self.threads = threads
        self.panels = panels
        self.bot_player = BotPlayer(bot, self.publish)
        # Publishes in flight at once: each holds its pictures (and their upload bodies) until sent, so a
        # burst of clicks queues here instead of holding hundreds of pictures (the bench's 200 matches).
        self.publishing = asyncio.Semaphore(PUBLISHING)
        self._publishing_later: set[asyncio.Task] = set()  # see publish_later
        # Told each match as the thread leaves it (bot/web's live pages, when the web server runs).
        self.on_change: Callable[[MatchRow | None], None] = lambda match: None
        self._opening: set[int] = set()  # matches open_match is opening in this process (catch_up leaves them)

    async def open_match(self, match: MatchRow, message_id: int | None, bot_moves: bool = True,
                         reopened: bool = False) -> MatchRow:
        """Thread from the challenge message, DM check, first board, both panels, bot's first moves (unless
        ``bot_moves`` is False: the caller answers its member first, then runs ``bot_player``); then the match
        is open (``mark_opened``): until then start-up's catch-up opens what a crash left undone.
        ``reopened``: that catch-up; what a dead process made and recorded (the thread, the opening post, a
        seat's first panel, DMs found closed) is not made again."""
        self._opening.add(match.id)
        try:
            thread, match, names = await self.threads.open(match, message_id, reopened)
            closed = []
            for seat in (0, 1):
                if seat == match.bot_seat or not match.dm_ok[seat] or str(seat) in match.dm_panels:
                    continue  # the bot, or a seat whose first panel (or closed DMs) a dead process recorded
                if not await self.panels.send_panel(match, seat, names):
                    closed.append(seat)
            if closed:
                await post_dm_closed(thread, match, closed, nonce=self.threads.post_nonce(match, "d"))
                await self.bot.store.set_dm_ok(match.id, (match.dm_ok[0] and 0 not in closed,
                                                          match.dm_ok[1] and 1 not in closed))
            match = await self.bot.store.get_match(match.id)
            if bot_moves:
                await self.bot_player.run(match)
            await self.bot.store.mark_opened(match.id)
            return await self.bot.store.get_match(match.id) if bot_moves else dataclasses.replace(match, opening=False)
        finally:
            self._opening.discard(match.id)

    async def publish(self, applied: Applied, origin: discord.Interaction | None = None,
                      answered: int | None = None) -> None:
        """After one applied decision: bring the thread up to date, then the private panels.

        A new thread message only at a handover (the seats to act in public change) or the end; the same
        player's further steps edit the live message. A new DM panel at a handover; the acting player's
        own panel is edited in place.

        ``origin``: the click in the server whose follow-up carries the acting seat's next panel.
        ``answered``: the acting seat whose DM panel the answer to its click already brought up to date.
        """
        match = applied.after
        if not self.bot.owns_guild(match.guild_id):
            # A DM click on a match of a guild another process runs (DMs reach shard 0): that process
            # publishes it from the store (publish_stored), so one process writes each thread.
            await self.bot.wake_owner(match.id)
            return
        names = await self.members.names(match)
        async with self.publishing, self.threads.match_lock(match.id):
            match = await self.threads.sync_thread(match.id, names, applied, answered)
            self.on_change(match)
            if applied.finished or match is None or match.status != "active":
                return  # a finished match's panels were closed by its result post
            if match.version != applied.after.version:
                # Decisions stored after this one (the opponent's simultaneous answer) have their own publish,
                # which hands out their panels: this one shows the panels as of its own decision, or the
                # acting seat's panel would get the next question's controls here and again in a new DM
                # there (two live panels, the older answering only "out of date").
                match = dataclasses.replace(match, state=applied.after.state, version=applied.after.version,
                                            panels=applied.after.panels)
            jobs = []
            for seat in (0, 1):
                if seat == match.bot_seat:
                    continue
                if seat in applied.new_decisions:
                    if origin is not None and seat == applied.seat and not is_dm(origin):
                        jobs.append(self.panels.send_ephemeral_panel(origin, match, seat, names))
                    elif match.dm_ok[seat]:
                        jobs.append(self.panels.deliver_panel(match, seat, names, in_place=seat == applied.seat,
                                                              answered=answered))
                elif seat == applied.seat and match.dm_ok[seat]:
                    # Its turn ended: no stale buttons (its next decision comes in a new DM).
                    jobs.append(self.panels.edit_panel(match, seat, names, remember=False, answered=answered))
            await asyncio.gather(*jobs)

    async def publish_then_bot(self, applied: Applied, started: float, origin: discord.Interaction | None = None,
                               answered: int | None = None) -> None:
        """Publish a member's decision, record its decision -> published latency, then let the bot player answer."""
        await self.publish(applied, origin=origin, answered=answered)
        metrics.observe_decision(applied.after.game, "published", started)
        if applied.after.bot_seat is not None:  # a match between members has no bot player to run
            await self.bot_player.run(applied.after)  # it reads the match again under its lock

    def publish_later(self, applied: Applied, answered: int | None, started: float) -> None:
        """Publish a DM click's decision (thread, panels, then the bot player's answer) in a task of its own,
        so the click's handler ends once the click is answered.

        Why: under a burst of clicks the publishes queue (``publishing``), and a handler waiting there kept
        its whole interaction (the panel message, its components, the member) and both rows alive: with the
        bench's 200 matches ~780 handlers waited at once and held ~50 MB. The task keeps only the decision as
        stored. Nothing is lost if the process stops meanwhile: the thread is brought up to date from the
        store (``posted_version``) and owed panels are sent again at the next start (``catch_up``).
        """
        slim = dataclasses.replace(applied, before=applied.after)  # publish reads only the row after it
        task = asyncio.get_running_loop().create_task(self._publish_in_background(slim, answered, started))
        self._publishing_later.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._publishing_later.discard)

    async def _publish_in_background(self, applied: Applied, answered: int | None, started: float) -> None:
        with self.bot.working():  # counted like the handler it continues (the demo and tests wait for busy == 0)
            try:
                await self.publish_then_bot(applied, started, answered=answered)
            except Exception:
                log.exception("publishing decision %s of match %s failed", applied.after.version, applied.after.id)

    # ---- what the store holds but Discord does not show yet ------------------------------------------

    async def catch_up(self) -> None:
        """At start-up: post whatever a crash left unposted (exactly once: posted_version moves with it),
        and give each seat that owes a decision a fresh panel, since its DM may not have gone out.
        The bot player's worker process starts here only if a match against the bot is in play."""
        store = self.bot.store
        if await store.count_active(self.bot.user.id) or await store.count_active(self.bot.user.id, "lesson"):
            THINK_POOL.start_warm()
        start_render_pool()
        await metrics.refresh_active(store)
        for match in await store.matches_behind():
            if not self.bot.owns_guild(match.guild_id):
                continue  # another process runs this guild's shard
            logs.bind_match(match)
            try:
                if match.being_opened():
                    if match.id not in self._opening:  # else a challenge accepted since start-up is opening it
                        await self.open_match(match, None, reopened=True)
                    continue
                names = await self.members.names(match)
                async with self.threads.match_lock(match.id):
                    await self.threads.sync_thread(match.id, names)
                    current = await store.get_match(match.id)
                    self.on_change(current)
                    if current.status != "active":
                        continue
                    owing = {d.seat for d in get_game(current.game).engine.pending(current.state)}
                    for seat in sorted(owing - {current.bot_seat}):
                        record = current.dm_panels.get(str(seat)) or {}
                        if current.dm_ok[seat] and record.get("v") != current.panel_version(seat):
                            await self.panels.deliver_panel(current, seat, names)
                await self.bot_player.run(await store.get_match(match.id))
            except Exception:  # one broken match must not keep the others from catching up
                log.exception("catch-up of match %s failed", match.id)

    async def publish_stored(self, match_ids: set[int] | None = None) -> None:
        """What ``publish`` does after a decision, for decisions another process stored in a match of this
        process's guilds (a DM click arrives at shard 0's process): the thread, the private panels, the
        bot player's reply. Driven by the store (like ``catch_up``), so it is exactly once and survives a
        crash of either process. ``match_ids``: the matches a NOTIFY named; None: every match behind."""
        store = self.bot.store
        if match_ids is None:
            matches = await store.matches_behind()
        else:
            matches = [m for m in [await store.get_match(i) for i in sorted(match_ids)] if m is not None]
        for match in matches:
            if match.being_opened() or not self.bot.owns_guild(match.guild_id):
                continue  # the accepting process (the owner) is still opening it, or its catch-up will
            logs.bind_match(match)
            try:
                await self.publish_match(match)
            except Exception:  # one broken match must not hold up the others
                log.exception("publishing stored decisions of match %s failed", match.id)

    async def publish_match(self, match: MatchRow) -> None:
        names = await self.members.names(match)
        async with self.threads.match_lock(match.id):
            await self.threads.sync_thread(match.id, names)
            current = await self.bot.store.get_match(match.id)
            self.on_change(current)
            if current.status != "active":
                return  # the result post edited the spent panels
            last = await self.bot.store.unposted(current.id, current.version - 1)
            actor = last[-1][1] if last else None
            owing = {d.seat for d in get_game(current.game).engine.pending(current.state)}
            jobs = []
            for seat in (0, 1):
                if seat == current.bot_seat or not current.dm_ok[seat]:
                    continue
                shown = (current.dm_panels.get(str(seat)) or {}).get("v")
                if seat in owing and shown != current.panel_version(seat):
                    # A new question: a new DM (it notifies), or the asker's own panel edited mid-chain.
                    jobs.append(self.panels.deliver_panel(current, seat, names, in_place=seat == actor))
                elif seat not in owing and seat == actor and shown is not None and shown < current.version:
                    jobs.append(self.panels.edit_panel(current, seat, names))  # its turn ended: no stale buttons
            await asyncio.gather(*jobs)
        await self.bot_player.run(await self.bot.store.get_match(match.id))
