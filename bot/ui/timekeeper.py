"""The timekeeper: expires challenges, sends due reminders, offers due claims (part of the glue).

Driven by the store: every pass re-reads what is due, so a restart loses no timer.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.games import get_game
from bot.match import next_timer_at, owing_seats
from bot.notify import quiet_until
from bot.store import OPEN_OPPONENT, ChallengeRow, MatchRow
from bot.ui.components import ClaimButton, button, view_of

if TYPE_CHECKING:
    from bot.ui.glue import Glue

log = logging.getLogger(__name__)
HOUR = 3600.0


class TimekeeperMixin:
    """Mixed into Glue: time control methods, apart so one file holds the reminder rules."""

    async def tick(self: Glue) -> None:
        """One pass of the timekeeper: expire challenges, send due reminders, offer due claims."""
        now = self.bot.clock()
        for challenge in await self.store.due_challenges(now):
            await self.expire_challenge(challenge)
        for match in await self.store.due_timers(now):
            await self.fire_timer(match, now)

    async def expire_challenge(self: Glue, challenge: ChallengeRow) -> None:
        if not await self.store.close_challenge(challenge.id, "expired"):
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

    async def fire_timer(self: Glue, match: MatchRow, now: float) -> None:
        game = get_game(match.game)
        stage = match.timer_stage + 1
        while True:  # skip stages that passed while the bot was down: send only the latest one
            following = next_timer_at(match.turn_started, match.deadline, stage)
            if following is None or following > now:
                break
            stage += 1
        owing = [s for s in owing_seats(game, match) if s != match.bot_seat]
        prefs = await self.store.notify_prefs(tuple(match.players))
        if stage < 3 and owing:
            # /notify quiet hours: a reminder waits until every player it is for is awake (deadlines stay).
            wake = max((quiet_until(now, p["quiet_start"], p["quiet_end"], p["timezone"]) or 0.0
                        for p in (prefs[match.players[s]] for s in owing)), default=0.0)
            if wake > now:
                await self.store.set_timer(match.id, match.version, match.timer_stage, min(wake, match.deadline))
                return
        if not await self.store.set_timer(match.id, match.version, min(stage, 3),
                                          next_timer_at(match.turn_started, match.deadline, min(stage, 3))):
            return
        thread = self.thread(match)
        if not owing or thread is None:
            return
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
            from bot.ui.glue import thread_key  # glue imports this module

            if thread_key(game.engine.pending(match.state)) is None:
                # Only one seat owes a secret decision (a response window): remind it by DM, so the
                # thread never shows that it was asked. (At the deadline the claim is public, as it must be.)
                for seat in owing:
                    await self.dm_reminder(match, seat, text)
                return
        # /notify: "thread" and "both" are pinged here, "dm" and "both" also get the reminder by DM.
        await thread.send(text, view=view, allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(match.players[s]) for s in ping if prefs[match.players[s]]["notify"] != "dm"],
            roles=False, everyone=False))
        for seat in ping:
            if prefs[match.players[seat]]["notify"] in ("dm", "both"):
                await self.dm_reminder(match, seat, text)

    async def dm_reminder(self: Glue, match: MatchRow, seat: int, text: str) -> None:
        user_id = match.players[seat]
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(f"{text}\n{self.thread_url(match)}"[:2000], allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("reminder DM to %s not sent: %s", user_id, error)

