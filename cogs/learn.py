"""/learn: a guided first match (issue 25), a lesson against the bot player in the learner's own private thread.

A lesson is an ordinary match (``matches.kind = 'lesson'``, migration 011) against the bot player at level
``easy``, from the game's prepared starting position (``cogs/<game>/lesson.py``: seed, options, ready-made
decks): it is stored, published, timed and restarted like any match, by the same code. What is its own:

* its place: a private thread (channel type 12) with the learner added, or the learner's DMs where the bot
  cannot make one (``MatchThreads.open_lesson``);
* the coach: the words under each of the learner's questions on the panel (``Panels.coach`` is this cog's
  ``coach_words``), from the learner's decision and own seat view only, with each rule's tip shown once per
  learner (``bot/store/lessons.py``);
* it is never rated (a bot match) and never in /stats, /history or a favourite side
  (``finished_matches_of``), and it counts toward no active-match limit of normal play: a member has at
  most one lesson in play (``LESSON_LIMIT``, counted in the transaction that creates it), and a lesson never
  keeps them from a challenge. Why: a newcomer at the limit must still be able to learn, and a lesson left
  open must not block a real match; one lesson at a time keeps a forgotten lesson from piling up.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.engine import Decision
from bot.games import playable_game_ids
from bot.lessons import BOT_SEAT, LESSON_DAYS, coach_line, coach_text, lesson_of, lesson_options
from bot.store import ActiveMatchLimit, MatchRow
from bot.ui.commandtext import cmd
from bot.ui.inputs import game_choices
from bot.ui.replies import tell
from bot.ui.thread import held_in_dms, thread_url

LESSON_LIMIT = 1  # lessons in play per member (see the module's docstring)


class Learn(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.panels.coach = self.coach_words

    async def cog_unload(self) -> None:
        self.bot.panels.coach = None

    @app_commands.command(name="learn", description=cmd(
        "commands.learn.description", "Learn a game: a guided first match against Duel Table, in a private thread"))
    @app_commands.describe(game=cmd("commands.learn.game", "The game to learn"))
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        # The client holds the choice to the list; a raw interaction need not: check it again.
        lesson = lesson_of(game) if game in playable_game_ids() else None
        if lesson is None:
            await tell(interaction, i18n.t("lesson.no_lesson", locale, game=game[:40]))
            return
        if interaction.guild_id is None or isinstance(interaction.channel, discord.Thread):
            await tell(interaction, i18n.t("lesson.not_here", locale))
            return
        current = await self.bot.store.active_lesson_of(interaction.user.id)
        if current is not None:
            await tell(interaction, self.already_text(current, locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            # The lesson's language is the learner's: its thread, pictures and coach.
            match = await self.bot.service.start(
                game_id=game, options=lesson_options(lesson), seed=lesson.seed, guild_id=interaction.guild_id,
                channel_id=interaction.channel_id, players=(interaction.user.id, self.bot.user.id),
                bot_seat=BOT_SEAT, days=LESSON_DAYS, locale=locale, active_limit=LESSON_LIMIT, kind="lesson")
        except ActiveMatchLimit:  # a second /learn at the same moment: the first one is the lesson
            current = await self.bot.store.active_lesson_of(interaction.user.id)
            await tell(interaction, self.already_text(current, locale) if current else
                       i18n.t("lesson.already_unknown", locale))
            return
        # The learner hears where the lesson is before the bot's first moves (its worker may take seconds to start).
        match = await self.bot.publisher.open_match(match, None, bot_moves=False)
        await tell(interaction, i18n.t("lesson.ready", locale, game=i18n.t(f"games.{game}", locale),
                                       where=self.where(match)))
        await self.bot.publisher.bot_player.run(match)

    def already_text(self, match: MatchRow, locale: str) -> str:
        return i18n.t("lesson.already", locale, game=i18n.t(f"games.{match.game}", locale), where=self.where(match))

    @staticmethod
    def where(match: MatchRow) -> str:
        """The lesson's thread as a link, or "in your DMs" and the DM's own link where it is held there."""
        if match.thread_id is None:
            return i18n.t("lesson.in_dms", match.locale)
        if held_in_dms(match):
            return i18n.t("lesson_next.in_dms_at", match.locale, url=thread_url(match))
        return thread_url(match)

    async def coach_words(self, match: MatchRow, seat: int, decision: Decision, seat_view: dict,
                          locale: str) -> str | None:
        """The coach under the learner's question: a line for this decision, and the tips the learner has
        not seen (kept on this panel when it is drawn again). Reads the learner's decision and own view only."""
        lesson = lesson_of(match.game)
        if lesson is None or seat == match.bot_seat:
            return None
        said = coach_line(lesson, decision, seat_view)
        tips = await self.bot.store.tips_to_show(match.players[seat], match.game, said.tips, match.id,
                                                 match.panel_version(seat), self.bot.clock())
        return coach_text(lesson, said, tips, locale)


async def setup(bot) -> None:
    await bot.add_cog(Learn(bot))
