"""The timekeeper: expires challenges, sends due reminders, offers due claims, runs tournaments' rounds.

Driven by the store: every pass re-reads what is due, so a restart loses no timer.

Several processes (issue 17): a pass *claims* what is due in this process's guilds (the store moves the
timer ``lease`` seconds on, with ``FOR UPDATE SKIP LOCKED`` on PostgreSQL), sends, then records the
reminder as sent (version-checked). A process that dies between claim and record leaves the timer to
come due again when the lease ends, and the next claimer sends it again with the same message nonce
(``reminder_nonce``: match, version, stage, where), which Discord (``enforce_nonce``) answers with the
first message instead of posting twice: each reminder and claim offer is posted once however many
processes run.
"""

from __future__ import annotations

import logging

import discord

from bot import i18n, logs, metrics
from bot.engine import thread_key
from bot.games import get_game
from bot.match import next_timer_at, owing_seats
from bot.notify import quiet_until
from bot.store import OPEN_OPPONENT, ChallengeRow, MatchRow
from bot.ui.components import ClaimButton, button, view_of
from bot.ui.host import TableBot
from bot.ui.nonces import reminder_nonce
from bot.ui.thread import thread_of, thread_url

log = logging.getLogger(__name__)
HOUR = 3600.0


class Timekeeper:
    """Time control: one ``tick`` claims and handles whatever is due in this process's guilds."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    async def tick(self) -> None:
        """One pass of the timekeeper: expire challenges, send due reminders, offer due claims."""
        now = self.bot.clock()
        lease, shards = self.bot.timer_lease, self.bot.claim_shards
        for challenge in await self.bot.store.claim_due_challenges(now, lease=lease, **shards):
            await self.expire_challenge(challenge)
        for match in await self.bot.store.claim_due_timers(now, lease=lease, **shards):
            await self.fire_timer(match, now)
        for name in ("Tournaments", "Leagues"):  # cogs/tournaments.py, cogs/leagues.py: rounds, seasons' ends
            organized = self.bot.get_cog(name)
            if organized is not None:
                await organized.tick(now)

    async def expire_challenge(self, challenge: ChallengeRow) -> None:
        if not await self.bot.store.close_challenge(challenge.id, "expired"):
            return
        if challenge.message_id is None:
            return
        channel = self.bot.get_partial_messageable(challenge.channel_id)
        key = "players.open.expired" if challenge.opponent_id == OPEN_OPPONENT else "challenge.expired"
        text = i18n.t(key, challenge.locale, challenger=f"<@{challenge.challenger_id}>",
                      opponent=f"<@{challenge.opponent_id}>")
        try:
            await channel.get_partial_message(challenge.message_id).edit(
                content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not edit expired challenge %s: %s", challenge.id, error)

    async def fire_timer(self, match: MatchRow, now: float) -> None:
        logs.bind_match(match)
        game = get_game(match.game)
        stage = match.timer_stage + 1
        while True:  # skip stages that passed while the bot was down: send only the latest one
            following = next_timer_at(match.turn_started, match.deadline, stage)
            if following is None or following > now:
                break
            stage += 1
        owing = [s for s in owing_seats(game, match) if s != match.bot_seat]
        prefs = await self.bot.store.notify_prefs(tuple(match.players))
        if stage < 3 and owing:
            # /notify quiet hours: a reminder waits until every player it is for is awake (deadlines stay).
            wake = max((quiet_until(now, p["quiet_start"], p["quiet_end"], p["timezone"]) or 0.0
                        for p in (prefs[match.players[s]] for s in owing)), default=0.0)
            if wake > now:
                await self.bot.store.set_timer(match.id, match.version, match.timer_stage, min(wake, match.deadline))
                return
        final = min(stage, 3)
        current = await self.bot.store.get_match(match.id)
        if current is None or current.version != match.version:
            return  # a decision since the claim: its commit planned the next turn's timers
        thread = thread_of(self.bot, match)
        if owing and thread is not None:
            await self.send_reminder(match, final, owing, prefs, now, thread)
        await self.bot.store.set_timer(match.id, match.version, final,
                                   next_timer_at(match.turn_started, match.deadline, final))

    async def send_reminder(self, match: MatchRow, stage: int, owing: list[int], prefs: dict,
                            now: float, thread: discord.abc.Messageable) -> None:
        """The reminder (stage 1-2) or deadline and claim offer (3), each message with a nonce of its own
        (match, version, stage, thread or seat) so that a retry after a crash is not posted twice."""
        metrics.reminder_sent(stage)
        game = get_game(match.game)
        def nonce(where: str) -> str:
            return reminder_nonce(self.bot.http.token or "", match.id, match.version, stage, where)

        mentions = " ".join(f"<@{match.players[s]}>" for s in owing)
        if stage >= 3:
            waiting = [s for s in (0, 1) if s not in owing_seats(game, match) and s != match.bot_seat]
            text = i18n.t("timer.deadline", match.locale, players=mentions)
            view = None
            if waiting:
                text += "\n" + i18n.t("timer.claim", match.locale,
                                      players=" ".join(f"<@{match.players[s]}>" for s in waiting))
                view = view_of(button(ClaimButton, f"dt:w:{match.id}", i18n.t("timer.claim_button", match.locale),
                                      style=discord.ButtonStyle.danger))
            ping = owing + waiting
        else:
            hours = max(1, round((match.deadline - now) / HOUR))
            text = i18n.t("timer.reminder", match.locale, players=mentions, hours=hours)
            view = None
            ping = owing
            if thread_key(game.engine.pending(match.state)) is None:
                # Only one seat owes a secret decision (a response window): remind it by DM, so the
                # thread never shows that it was asked. (At the deadline the claim is public, as it must be.)
                for seat in owing:
                    await self.dm_reminder(match, seat, text, nonce(f"d{seat}"))
                return
        # /notify: "thread" and "both" are pinged here, "dm" and "both" also get the reminder by DM.
        kwargs = {"view": view} if view is not None else {}
        try:
            await thread.send(text, nonce=nonce("t"), allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(match.players[s]) for s in ping if prefs[match.players[s]]["notify"] != "dm"],
                roles=False, everyone=False), **kwargs)
        except discord.HTTPException as error:
            log.info("reminder for match %s not posted: %s", match.id, error)
        for seat in ping:
            if prefs[match.players[seat]]["notify"] in ("dm", "both"):
                await self.dm_reminder(match, seat, text, nonce(f"d{seat}"))

    async def dm_reminder(self, match: MatchRow, seat: int, text: str, nonce: str) -> None:
        user_id = match.players[seat]
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(f"{text}\n{thread_url(match)}"[:2000], nonce=nonce,
                            allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("reminder DM to %s not sent: %s", user_id, error)
