"""The Review control of a finished match's result post: privately, the few decisions of a seat where the
bot player's estimate of that seat's chances dropped most, with what it preferred, as small before/after
pictures.

A player gets their own seat. Anyone else (a spectator) gets the one member's seat of a match against the
bot, and in a match between members first picks whose play to review (two buttons, ``dt:rvs``): one search,
not two, and an answer that says whose play it reads. The review is a search
over the whole match (``bot.ai.advice.review``), run in the bot player's worker a slice of decisions at a
time, so the bot's own moves elsewhere wait at most one slice. It is computed once per match and seat:
clicks that arrive while it runs wait for the same computation, and the result is stored
(``match_reviews``, migration 014) for every later click, process and restart. The pictures and the
answers' words are drawn in the render pool from a replay of the log.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

import discord

from bot import i18n
from bot.ai import search
from bot.ai import worker as botworker
from bot.ai.advice import REVIEW_LEVEL, Mistake, worst
from bot.match import THINK_POOL
from bot.render.review import review_pictures
from bot.render.toolkit import render_off_loop
from bot.store import MatchRow
from bot.ui.components import ReviewSeatButton, button, view_of
from bot.ui.host import TableBot
from bot.ui.pictures import upload
from bot.ui.replies import tell

log = logging.getLogger(__name__)
KEPT_REVIEWS = 64  # computations kept in this process, done or not (the store keeps every review)
SLICE = 6  # decisions searched in one job of the worker (~0.1-0.5 s at the review's level)


def as_words(label: str) -> str:
    """An option's label inside the bold of a message: the game's words, never formatting."""
    return discord.utils.escape_markdown(label)[:300]


def seat_picker(match: MatchRow, names, locale: str) -> discord.ui.View:
    """A spectator's choice of whose play to review: a button for each member's seat."""
    return view_of(*(button(ReviewSeatButton, f"dt:rvs:{match.id}:{seat}",
                            i18n.t("review_seat.button", locale, player=names.literal[seat]))
                     for seat in (0, 1) if seat != match.bot_seat))


class Reviews:
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self._running: OrderedDict[tuple[int, int], asyncio.Future] = OrderedDict()
        self.computed = 0  # reviews searched by this process (a burst of clicks counts one)

    async def on_review(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        match = await self.reviewable(interaction, match_id, locale)
        if match is None:
            return
        player_seat = match.seat_of(interaction.user.id)
        seats = [player_seat] if player_seat is not None else [s for s in (0, 1) if s != match.bot_seat]
        if len(seats) > 1:  # a spectator of a match between members: whose play?
            names = await self.bot.members.names(match)
            await tell(interaction, i18n.t("review_seat.pick", locale, match_id=match.id),
                       view=seat_picker(match, names, locale))
            return
        await self.answer(interaction, match, seats[0], player_seat, locale)

    async def on_review_seat(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                             seat: str) -> None:
        """A button of the spectator's seat picker (or a forged click: the same checks, a member's seat only)."""
        locale = await self.bot.members.user_locale(interaction)
        match = await self.reviewable(interaction, match_id, locale)
        if match is None:
            return
        if int(seat) == match.bot_seat:
            await tell(interaction, i18n.t("review_seat.bot_seat", locale))
            return
        await self.answer(interaction, match, int(seat), match.seat_of(interaction.user.id), locale)

    async def reviewable(self, interaction: discord.Interaction, match_id: str, locale: str) -> MatchRow | None:
        """The finished match this member may review, or None after telling them why not."""
        match = await self.bot.store.get_match(int(match_id))
        if match is None:
            await tell(interaction, i18n.t("advice.review_not_found", locale, match_id=match_id[:20]))
            return None
        player_seat = match.seat_of(interaction.user.id)
        if (interaction.guild_id is not None and match.guild_id != interaction.guild_id) or \
                (interaction.guild_id is None and player_seat is None):
            await tell(interaction, i18n.t("players.replay.other_server", locale))
            return None
        if match.status != "finished":
            await tell(interaction, i18n.t("advice.review_not_finished", locale))
            return None
        if not search.has_bot_player(match.game):
            await tell(interaction, i18n.t("advice.no_bot", locale))
            return None
        return match

    async def answer(self, interaction: discord.Interaction, match: MatchRow, seat: int, player_seat: int | None,
                     locale: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        log_rows = await self.bot.store.decision_log(match.id)
        names = await self.bot.members.names(match)
        try:
            with botworker.released():  # the worker must not step aside for the click that waits for it
                mistakes = await self.review(match, seat, log_rows)
        except Exception:  # the log no longer replays (a game's rules changed), or the worker failed
            log.exception("review of match %s failed", match.id)
            await tell(interaction, i18n.t("advice.review_failed", locale))
            return
        await self.send(interaction, match, seat, mistakes, log_rows, names, own=seat == player_seat, locale=locale)

    async def send(self, interaction: discord.Interaction, match: MatchRow, seat: int, mistakes: list[Mistake],
                   log_rows: list, names, *, own: bool, locale: str) -> None:
        player = names.seats[seat]  # escaped for a message (bot/ui/panel.py Names)
        if not mistakes:
            await tell(interaction, i18n.t("advice.review_clean", locale, player=player),
                       allowed_mentions=discord.AllowedMentions.none())
            return
        shown = await render_off_loop(review_pictures, match.game, names.literal, match.seed, dict(match.options),
                                      log_rows, seat, mistakes, locale)
        game = i18n.t(f"games.{match.game}", locale)
        lines = [i18n.t("advice.review_header" if own else "advice.review_header_seat", locale,
                        match_id=match.id, game=game, player=player)]
        files = []
        for number, (mistake, decision) in enumerate(zip(mistakes, shown, strict=True), 1):
            lines.append(i18n.t("advice.review_item" if own else "review_seat.item", locale, number=number,
                                decision=mistake.index + 1, player=player, chosen=as_words(decision.chosen),
                                preferred=as_words(decision.preferred), before=round(100 * mistake.before),
                                after=round(100 * mistake.after)))
            alt = i18n.t("advice.picture_alt", locale, decision=mistake.index + 1, match_id=match.id,
                         chosen=decision.chosen)
            files.append(upload(decision.picture, f"review-{match.id}-{seat}-{number}.png", alt[:1024]))
        await interaction.followup.send("\n".join(lines)[:2000], files=files, ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    async def review(self, match: MatchRow, seat: int, log_rows: list) -> list[Mistake]:
        """The review of ``seat``: the one this process computes or computed, else the stored one, else a
        new one (then stored). Computations are kept (a few), done or not, so no click in between a read of
        the store and the end of a computation starts a second one."""
        key = (match.id, seat)
        known = self._running.get(key)
        if known is None or (known.done() and known.exception() is not None):
            stored = await self.bot.store.review_of(match.id, seat)
            if stored is not None:
                return [Mistake.from_json(item) for item in stored]
            known = self._running.get(key)  # another click may have started it meanwhile
            if known is None or (known.done() and known.exception() is not None):
                known = asyncio.ensure_future(self._compute(match, seat, log_rows))
                self._running[key] = known
                while len(self._running) > KEPT_REVIEWS:
                    self._running.popitem(last=False)
        return await asyncio.shield(known)

    async def _compute(self, match: MatchRow, seat: int, log_rows: list) -> list[Mistake]:
        self.computed += 1
        args = (match.game, match.seed, dict(match.options), log_rows, seat)
        indices = await THINK_POOL.advise("reviewable", *args)
        found: list[Mistake] = []
        for start in range(0, len(indices), SLICE):
            found += await THINK_POOL.advise("review", *args, REVIEW_LEVEL, indices[start:start + SLICE])
        mistakes = worst(found)
        kept = await self.bot.store.keep_review(match.id, seat, [m.to_json() for m in mistakes], self.bot.clock())
        return [Mistake.from_json(item) for item in kept]
