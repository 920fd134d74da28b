"""/league: a season per server and game (docs/TOURNAMENTS.md, "Leagues").

An organizer opens a season (``/league create``); members join (``/league join``) and play each other with
challenges marked ``league:True`` (or the Join button on the season's post; Leave or ``/league leave``
while they have no league game); the finished league games count, up to the season's games a pair, and
``/league table`` shows the points. At its end the timekeeper (``Leagues.tick``) closes
the season once and posts the final table once: owed from the close (migration 017) until recorded, its nonce
kept, so a kill before the post or after it (beyond the nonce's few minutes) still ends with one post."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.games import playable_game_ids
from bot.store.leagues import (
    ALREADY_IN,
    HAS_GAMES,
    JOINED,
    LEFT,
    NOT_IN,
    NOT_MEMBER,
    OPEN,
    PAIR_DONE,
    LeagueAlreadyOpen,
    LeagueGameRefused,
    LeagueRow,
)
from bot.tournaments.league import counted, league_table
from bot.tournaments.results import shown
from bot.ui.commandtext import cmd
from bot.ui.components import LeagueButton, button, view_with
from bot.ui.inputs import game_choices, quote_input
from bot.ui.nonces import match_nonce, sent_before_a_crash
from bot.ui.panel import message_name
from bot.ui.permissions import organizer_command
from bot.ui.replies import tell

log = logging.getLogger(__name__)
DAY = 86400.0
MAX_GAMES_PER_PAIR, MAX_SEASON_DAYS = 10, 365
TEXT_LIMIT = 1900


class Leagues(commands.Cog):
    group = app_commands.Group(name="league", description=cmd("commands.league.description",
                                                               "League seasons on this server"), guild_only=True)

    def __init__(self, bot) -> None:
        self.bot = bot

    @group.command(name="create", description=cmd("commands.league.create", "Open a league season (organizers)"))
    @app_commands.describe(game=cmd("commands.league.game", "The game"),
                           games_per_pair=cmd("commands.league.games_per_pair",
                                              "Games each pair of members plays that count (1-10)"),
                           days=cmd("commands.league.days", "Days the season lasts (1-365)"))
    @app_commands.choices(game=game_choices())
    @organizer_command()
    async def create(self, interaction: discord.Interaction, game: str,
                     games_per_pair: app_commands.Range[int, 1, MAX_GAMES_PER_PAIR],
                     days: app_commands.Range[int, 1, MAX_SEASON_DAYS]) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if game not in playable_game_ids():
            await tell(interaction, i18n.t("challenge.no_such_game", locale, game=quote_input(str(game))))
            return
        for name, value, high in (("games_per_pair", games_per_pair, MAX_GAMES_PER_PAIR),
                                  ("days", days, MAX_SEASON_DAYS)):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= high:
                await tell(interaction, i18n.t("tournaments.bad_number", locale, option=name, low=1, high=high))
                return
        settings = await self.bot.store.guild_settings(interaction.guild_id)
        post_locale = settings.get("locale") or i18n.normalize_locale(interaction.guild_locale)
        now = self.bot.clock()
        try:
            league_id = await self.bot.store.create_league(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, organizer_id=interaction.user.id,
                game=game, games_per_pair=games_per_pair, locale=post_locale, now=now, ends_at=now + days * DAY)
        except LeagueAlreadyOpen:
            await tell(interaction, i18n.t("leagues.already_open", locale))
            return
        await interaction.response.send_message(
            i18n.t("leagues.opened", post_locale, id=league_id, game=i18n.t(f"games.{game}", post_locale),
                   games=games_per_pair, ends=f"<t:{int(now + days * DAY)}:f>", organizer=interaction.user.mention),
            view=view_with(
                button(LeagueButton, f"dt:lg:join:{league_id}", i18n.t("tournaments.join", post_locale),
                       style=discord.ButtonStyle.success),
                button(LeagueButton, f"dt:lg:leave:{league_id}", i18n.t("tournaments.leave", post_locale))),
            allowed_mentions=discord.AllowedMentions.none())

    @group.command(name="join", description=cmd("commands.league.join", "Join this server's league of a game"))
    @app_commands.describe(game=cmd("commands.league.game", "The game"))
    @app_commands.choices(game=game_choices())
    async def join(self, interaction: discord.Interaction, game: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        league = await self.open_league(interaction, game, locale)
        if league is None:
            return
        await self.join_or_leave(interaction, league, "join", locale)

    @group.command(name="leave", description=cmd("commands.league.leave",
                                                 "Leave this server's league of a game (before your first league game)"))
    @app_commands.describe(game=cmd("commands.league.game", "The game"))
    @app_commands.choices(game=game_choices())
    async def leave(self, interaction: discord.Interaction, game: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        league = await self.open_league(interaction, game, locale)
        if league is None:
            return
        await self.join_or_leave(interaction, league, "leave", locale)

    async def on_button(self, interaction: discord.Interaction, *, values: list[str], action: str,
                        league_id: str) -> None:
        """Join / Leave on the season's post; the answer is private."""
        locale = await self.bot.members.user_locale(interaction)
        league = await self.bot.store.get_league(int(league_id))
        if league is None or league.guild_id != interaction.guild_id or league.status != OPEN:
            await tell(interaction, i18n.t("leagues.none_open", locale))
            return
        await self.join_or_leave(interaction, league, action, locale)

    async def join_or_leave(self, interaction: discord.Interaction, league: LeagueRow, action: str,
                            locale: str) -> None:
        store, now = self.bot.store, self.bot.clock()
        if action == "join":
            answer = await store.join_league(league.id, interaction.user.id, now)
            key = {JOINED: "leagues.joined", ALREADY_IN: "leagues.already_in"}.get(answer, "leagues.none_open")
        else:
            answer = await store.leave_league(league.id, interaction.user.id, now)
            key = {LEFT: "leagues.left", HAS_GAMES: "leagues.has_games", NOT_IN: "leagues.not_in"}.get(
                answer, "leagues.none_open")
        await tell(interaction, i18n.t(key, locale, game=i18n.t(f"games.{league.game}", locale)))

    @group.command(name="table", description=cmd("commands.league.table", "The league table of a game"))
    @app_commands.describe(game=cmd("commands.league.game", "The game"))
    @app_commands.choices(game=game_choices())
    async def table(self, interaction: discord.Interaction, game: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        league = (await self.bot.store.latest_league(interaction.guild_id, game)
                  if game in playable_game_ids() else None)
        if league is None:
            await tell(interaction, i18n.t("leagues.none", locale))
            return
        await tell(interaction, await self.table_text(league, locale))

    async def open_league(self, interaction: discord.Interaction, game: str, locale: str) -> LeagueRow | None:
        league = (await self.bot.store.latest_league(interaction.guild_id, game)
                  if game in playable_game_ids() else None)
        if league is None or league.status != OPEN:
            await tell(interaction, i18n.t("leagues.none_open", locale))
            return None
        return league

    async def rows(self, league: LeagueRow):
        joined = await self.bot.store.league_members(league.id)
        games = counted(await self.bot.store.season_matches(league), joined, league.starts_at, league.ends_at,
                        league.games_per_pair)
        return league_table(list(joined), games)

    async def table_text(self, league: LeagueRow, locale: str) -> str:
        rows = await self.rows(league)
        names = await self.bot.store.user_names(tuple(row.player for row in rows))
        key = "leagues.final_title" if league.status != OPEN else "leagues.title"
        lines = [i18n.t(key, locale, id=league.id, game=i18n.t(f"games.{league.game}", locale),
                        ends=f"<t:{int(league.ends_at)}:R>", games=league.games_per_pair)]
        for index, row in enumerate(rows):
            line = i18n.t("leagues.line", locale, rank=row.rank, name=message_name(names.get(row.player) or "?"),
                          points=shown(row.points), wins=row.wins, draws=row.draws, losses=row.losses)
            if sum(len(x) + 1 for x in lines) + len(line) > TEXT_LIMIT:
                lines.append(i18n.t("tournaments.standings.more", locale, count=len(rows) - index))
                break
            lines.append(line)
        if not rows:
            lines.append(i18n.t("leagues.empty", locale))
        return "\n".join(lines)

    async def tick(self, now: float) -> None:
        """Close the seasons that ended (once) and post each one's final table (once), also a table owed
        since a process was killed after the close; one season's failure leaves it to the next claim."""
        for league in await self.bot.store.claim_due_leagues(now, lease=self.bot.timer_lease,
                                                              **self.bot.claim_shards):
            try:
                await self.finish(league)
            except Exception:  # its lease runs out and the next pass tries again
                log.exception("league %s: closing pass failed", league.id)

    async def finish(self, league: LeagueRow) -> None:
        """Close the season, owing its final table in the same statement (its nonce kept before it is sent),
        post the table, then record it. A season found closed with its table still owed was left by a killed
        process: the table is looked for in the channel first (it may have gone out unrecorded, beyond the
        nonce's few minutes), and posted only if it is not there."""
        store = self.bot.store
        nonce = match_nonce("l", self.bot.http.token or "", league.id, 0, 0, "final")
        closed_now = league.status == OPEN and await store.close_league(league.id, nonce)
        league = await store.get_league(league.id)
        if league is None or league.final_posting is None:
            return  # another pass closed and posted it
        text = (await self.table_text(league, league.locale))[:2000]
        channel = self.bot.get_partial_messageable(league.channel_id)
        if closed_now or not await sent_before_a_crash(self.bot.user.id, channel, text):
            try:
                await channel.send(text, nonce=league.final_posting, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:
                if error.status >= 500:
                    raise  # Discord's trouble: the table stays owed
                # The channel is gone or closed to the bot: the table stays readable by /league table.
                log.info("league %s: final table not posted: %s", league.id, error)
        await store.mark_final_table_posted(league.id)


async def league_for_challenge(bot, interaction: discord.Interaction, game: str, opponent: discord.abc.User | None,
                               locale: str) -> tuple[int | None, str]:
    """The open season a ``league:True`` challenge is for, or None and why not (a named member is needed:
    never Duel Table, never an open challenge). Membership and the pair's games left are checked again in
    the transaction that stores the challenge."""
    if opponent is None or opponent.id == bot.user.id or opponent.bot:
        return None, i18n.t("leagues.needs_member", locale)
    league = await bot.store.latest_league(interaction.guild_id, game) if game in playable_game_ids() else None
    if league is None or league.status != OPEN:
        return None, i18n.t("leagues.none_open", locale)
    return league.id, ""


def league_refusal_text(refused: LeagueGameRefused, locale: str) -> str:
    if refused.reason == NOT_MEMBER:
        return i18n.t("leagues.not_member", locale, member=f"<@{refused.user_id}>")
    if refused.reason == PAIR_DONE:
        return i18n.t("leagues.pair_done", locale)
    return i18n.t("leagues.none_open", locale)


async def setup(bot) -> None:
    await bot.add_cog(Leagues(bot))
