"""/tournament: a server's Swiss or round-robin tournament, run by the bot over days (docs/TOURNAMENTS.md).

An organizer (Manage Server, or the role ``/settings organizer_role`` names: bot/ui/permissions.py) creates
it in a channel: a sign-up post with Join / Leave (a deck game asks each entrant's deck privately on
Join). At the sign-up deadline (or ``/tournament start``) round 1 is paired; each board is an ordinary
match with its thread. The timekeeper's tick (``Tournaments.tick``) copies finished matches' results onto
the boards, adjudicates what is unfinished at the round's deadline, closes the round, posts the standings
(text and picture) and pairs the next round; the last round ends with the crosstable and the winner.

Every step reads the store and writes through its one-transaction functions (bot/store/tournaments.py),
and every post carries a nonce of (tournament, round, stage), so a restart or a second process repeats
nothing: a round is paired once, a board's match created once, a post posted once.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.games import get_game, playable_game_ids
from bot.render.toolkit import render_off_loop
from bot.store.tournaments import (
    ALREADY_IN,
    CLOSED,
    FULL,
    JOINED,
    RUNNING,
    SIGNUP,
    BoardRow,
    RoundRow,
    TournamentRow,
)
from bot.tournaments.picture import render_standings
from bot.tournaments.rounds import FORMATS, SWISS, next_boards, total_rounds
from bot.tournaments.standings import Format, Row, standings
from bot.tournaments.text import crosstable_text, pairings_text, standings_text
from bot.ui.commandtext import cmd
from bot.ui.components import TournamentButton, button, tournament_deck_select, view_of, view_with
from bot.ui.inputs import game_choices, quote_input
from bot.ui.nonces import match_nonce, sent_before_a_crash
from bot.ui.panel import message_name
from bot.ui.permissions import is_organizer, organizer_command
from bot.ui.pictures import upload
from bot.ui.replies import tell
from cogs.decks import pick_choices, pick_deck
from cogs.lobby import checked_rules, describe_chosen

log = logging.getLogger(__name__)
DAY = 86400.0
HOUR = 3600.0
# Bounds of the options, held here as well as declared (a forged interaction may send anything).
MAX_ROUNDS, MAX_DAYS_PER_MOVE, MAX_ROUND_DAYS, MIN_PLAYERS, MAX_PLAYERS, MAX_STARTS_HOURS = 20, 14, 60, 3, 64, 720
# Stages of a round's posts (tournament_rounds.posted): its pairings, then its standings.
POSTED_PAIRINGS, POSTED_STANDINGS = 1, 2


def entry_count_text(count: int, maximum: int, locale: str) -> str:
    return i18n.t("tournaments.signup.count", locale, count=count, max=maximum)


class Tournaments(commands.Cog):
    group = app_commands.Group(name="tournament", description=cmd("commands.tournament.description",
                                                                   "Tournaments on this server"), guild_only=True)

    def __init__(self, bot) -> None:
        self.bot = bot

    # ---- commands -------------------------------------------------------------------------------------

    @group.command(name="create", description=cmd("commands.tournament.create", "Create a tournament (organizers)"))
    @app_commands.describe(
        game=cmd("commands.tournament.game", "The game"),
        format=cmd("commands.tournament.format", "Swiss or round robin"),
        rounds=cmd("commands.tournament.rounds", "Swiss rounds (1-20; a round robin plays everyone)"),
        days_per_move=cmd("commands.tournament.days_per_move", "Days allowed per move (1-14)"),
        round_days=cmd("commands.tournament.round_days", "Days a round lasts before it is adjudicated (1-60)"),
        rated=cmd("commands.tournament.rated", "Rated matches (default off)"),
        rules=cmd("commands.tournament.rules", "Game options, e.g. level=wizard"),
        max_players=cmd("commands.tournament.max_players", "Most entrants (3-64, default 16)"),
        starts=cmd("commands.tournament.starts", "Hours until sign-up closes and round 1 starts (0-720, default 48)"),
    )
    @app_commands.choices(game=game_choices(), format=[
        app_commands.Choice(name=cmd(f"tournaments.format.{name}", name.replace("_", " ")), value=name)
        for name in FORMATS])
    @organizer_command()
    async def create(self, interaction: discord.Interaction, game: str, format: str,
                     rounds: app_commands.Range[int, 1, MAX_ROUNDS],
                     days_per_move: app_commands.Range[int, 1, MAX_DAYS_PER_MOVE],
                     round_days: app_commands.Range[int, 1, MAX_ROUND_DAYS], rated: bool = False,
                     rules: str | None = None,
                     max_players: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] = 16,
                     starts: app_commands.Range[int, 0, MAX_STARTS_HOURS] = 48) -> None:
        locale = await self.bot.members.user_locale(interaction)
        refusal = self.refusal(interaction, game, format, rounds, days_per_move, round_days, rated, max_players,
                               starts, locale)
        if refusal:
            await tell(interaction, refusal)
            return
        spec = get_game(game)
        options, bad_rules = checked_rules(rules, spec.engine.match_options, locale)
        if bad_rules:
            await tell(interaction, bad_rules)
            return
        settings = await self.bot.store.guild_settings(interaction.guild_id)
        post_locale = settings.get("locale") or i18n.normalize_locale(interaction.guild_locale)
        now = self.bot.clock()
        tournament_id = await self.bot.store.create_tournament(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, organizer_id=interaction.user.id,
            game=game, format=format, rounds=rounds, days=days_per_move, round_days=round_days, rated=rated,
            options=options, max_players=max_players, locale=post_locale, starts_at=now + starts * HOUR, now=now)
        tournament = await self.bot.store.get_tournament(tournament_id)
        response = await interaction.response.send_message(
            self.signup_text(tournament, 0), view=self.signup_view(tournament),
            allowed_mentions=discord.AllowedMentions.none())
        message_id = response.message_id if response is not None else None
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.bot.store.set_tournament_message(tournament_id, message_id)

    def refusal(self, interaction: discord.Interaction, game, format, rounds, days_per_move, round_days, rated,
                max_players, starts, locale: str) -> str | None:
        """Why the options cannot make a tournament (each checked here too: a forged interaction)."""
        def whole(value, low: int, high: int) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

        if game not in playable_game_ids():
            return i18n.t("challenge.no_such_game", locale, game=quote_input(str(game)))
        if format not in FORMATS:
            return i18n.t("tournaments.bad_format", locale, formats=", ".join(FORMATS))
        for name, value, low, high in (("rounds", rounds, 1, MAX_ROUNDS),
                                       ("days_per_move", days_per_move, 1, MAX_DAYS_PER_MOVE),
                                       ("round_days", round_days, 1, MAX_ROUND_DAYS),
                                       ("max_players", max_players, MIN_PLAYERS, MAX_PLAYERS),
                                       ("starts", starts, 0, MAX_STARTS_HOURS)):
            if not whole(value, low, high):
                return i18n.t("tournaments.bad_number", locale, option=name, low=low, high=high)
        if not isinstance(rated, bool):
            return i18n.t("errors.bad_option_named", locale, option="rated")
        if round_days < days_per_move:
            return i18n.t("tournaments.round_shorter_than_move", locale)
        if isinstance(interaction.channel, discord.Thread):
            return i18n.t("challenge.not_here", locale)
        return None

    @group.command(name="start", description=cmd("commands.tournament.start", "Close sign-up and pair round 1 now (organizers)"))
    @app_commands.describe(tournament=cmd("commands.tournament.id", "Tournament number"))
    @organizer_command()
    async def start(self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1, 2**53 - 1]) -> None:
        locale = await self.bot.members.user_locale(interaction)
        found = await self.of_guild(interaction, tournament, locale)
        if found is None:
            return
        if found.status != SIGNUP:
            await tell(interaction, i18n.t("tournaments.not_in_signup", locale))
            return
        await interaction.response.defer(ephemeral=True)
        started = await self.begin(found)
        await tell(interaction, i18n.t("tournaments.started" if started else "tournaments.too_few", locale,
                                       min=MIN_PLAYERS))

    @group.command(name="cancel", description=cmd("commands.tournament.cancel", "Cancel a tournament (organizers)"))
    @app_commands.describe(tournament=cmd("commands.tournament.id", "Tournament number"))
    @organizer_command()
    async def cancel(self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1, 2**53 - 1]) -> None:
        locale = await self.bot.members.user_locale(interaction)
        found = await self.of_guild(interaction, tournament, locale)
        if found is None:
            return
        if not await self.bot.store.cancel_tournament(found.id, self.bot.clock()):
            await tell(interaction, i18n.t("tournaments.already_over", locale))
            return
        await tell(interaction, i18n.t("tournaments.cancelled_private", locale))
        await self.edit_signup(found, i18n.t("tournaments.cancelled", found.locale, id=found.id))

    @group.command(name="show", description=cmd("commands.tournament.show", "Standings of a tournament"))
    @app_commands.describe(tournament=cmd("commands.tournament.id", "Tournament number (default: the latest)"))
    async def show(self, interaction: discord.Interaction,
                   tournament: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if tournament is None:
            latest = await self.bot.store.tournaments_of_guild(interaction.guild_id, live_only=False)
            if not latest:
                await tell(interaction, i18n.t("tournaments.none", locale))
                return
            tournament = latest[0].id
        found = await self.of_guild(interaction, tournament, locale)
        if found is None:
            return
        await interaction.response.defer(ephemeral=True)
        text, picture = await self.standings_post(found, locale)
        await interaction.followup.send(text, file=picture, ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    @group.command(name="withdraw", description=cmd("commands.tournament.withdraw",
                                                    "Withdraw from a tournament (organizers: anyone)"))
    @app_commands.describe(tournament=cmd("commands.tournament.id", "Tournament number"),
                           member=cmd("commands.tournament.member", "Whom to withdraw (organizers; default: you)"))
    async def withdraw(self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1, 2**53 - 1],
                       member: discord.User | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        found = await self.of_guild(interaction, tournament, locale)
        if found is None:
            return
        who = member.id if member is not None else interaction.user.id
        if who != interaction.user.id and not await is_organizer(interaction):
            await tell(interaction, i18n.t("tournaments.not_organizer", locale))
            return
        if found.status == SIGNUP:
            left = await self.bot.store.leave_tournament(found.id, who)
            await tell(interaction, i18n.t("tournaments.left" if left else "tournaments.not_entered", locale))
            if left:
                await self.refresh_signup(found)
            return
        await interaction.response.defer(ephemeral=True)
        withdrew, running = await self.bot.store.withdraw(found.id, who, self.bot.clock())
        if not withdrew:
            await tell(interaction, i18n.t("tournaments.not_entered", locale))
            return
        for match_id in running:  # their match of this round is resigned: a loss (docs/TOURNAMENTS.md)
            try:
                applied = await self.bot.service.resign(match_id, who)
            except Exception as error:  # ended meanwhile
                log.info("withdrawal: match %s not resigned: %s", match_id, error)
                continue
            await self.bot.publisher.publish(applied)
        await tell(interaction, i18n.t("tournaments.withdrawn", locale))

    @start.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    @show.autocomplete("tournament")
    @withdraw.autocomplete("tournament")
    async def tournament_autocomplete(self, interaction: discord.Interaction, current: str):
        if interaction.guild_id is None:
            return []
        rows = await self.bot.store.tournaments_of_guild(interaction.guild_id, live_only=False)
        locale = i18n.normalize_locale(interaction.locale)
        choices = [app_commands.Choice(name=f"#{row.id} {i18n.t(f'games.{row.game}', locale)} · "
                                            f"{i18n.t(f'tournaments.status.{row.status}', locale)}"[:100], value=row.id)
                   for row in rows]
        return [choice for choice in choices if current.strip() in choice.name][:25]

    async def of_guild(self, interaction: discord.Interaction, tournament_id, locale: str) -> TournamentRow | None:
        """The tournament of this server with that number, or None after saying so privately."""
        found = await self.bot.store.get_tournament(tournament_id) if isinstance(tournament_id, int) else None
        if found is None or found.guild_id != interaction.guild_id:
            await tell(interaction, i18n.t("tournaments.not_found", locale))
            return None
        return found

    # ---- sign-up: Join / Leave, a deck game's private deck pick ----------------------------------------

    def signup_text(self, tournament: TournamentRow, count: int) -> str:
        locale = tournament.locale
        fmt = i18n.t(f"tournaments.format.{tournament.format}", locale)
        rounds = (i18n.t("tournaments.signup.rounds", locale, rounds=tournament.rounds)
                  if tournament.format == SWISS else i18n.t("tournaments.signup.everyone", locale))
        return i18n.t("tournaments.signup.posted", locale, id=tournament.id, organizer=f"<@{tournament.organizer_id}>",
                      game=i18n.t(f"games.{tournament.game}", locale), format=fmt, rounds=rounds,
                      days=tournament.days, round_days=tournament.round_days,
                      rated=i18n.t("players.rated" if tournament.rated else "players.unrated", locale),
                      rules=describe_chosen(tournament.options) or "-",
                      starts=f"<t:{int(tournament.starts_at)}:R>") + "\n" + entry_count_text(
            count, tournament.max_players, locale)

    def signup_view(self, tournament: TournamentRow) -> discord.ui.View:
        return view_with(
            button(TournamentButton, f"dt:tn:join:{tournament.id}", i18n.t("tournaments.join", tournament.locale),
                   style=discord.ButtonStyle.success),
            button(TournamentButton, f"dt:tn:leave:{tournament.id}", i18n.t("tournaments.leave", tournament.locale)))

    async def on_button(self, interaction: discord.Interaction, *, values: list[str], action: str,
                        tournament_id: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        tournament = await self.bot.store.get_tournament(int(tournament_id))
        if tournament is None or tournament.status != SIGNUP:
            await tell(interaction, i18n.t("tournaments.signup_closed", locale))
            return
        if action == "leave":
            left = await self.bot.store.leave_tournament(tournament.id, interaction.user.id)
            await tell(interaction, i18n.t("tournaments.left" if left else "tournaments.not_entered", locale))
            if left:
                await self.refresh_signup(tournament)
            return
        if get_game(tournament.game).deck_rule is not None:
            options, unusable = await pick_choices(self.bot, interaction.user.id, tournament.game, locale)
            text = i18n.t("tournaments.pick_deck", locale, game=i18n.t(f"games.{tournament.game}", locale))
            if unusable:
                text += "\n" + i18n.t("decks.pick_unusable", locale, decks="; ".join(unusable[:5]))
            await tell(interaction, text[:2000], view=view_of(tournament_deck_select(
                tournament.id, i18n.t("decks.pick_placeholder", locale), options)))
            return
        await self.join(interaction, tournament, None, locale)

    async def on_deck(self, interaction: discord.Interaction, *, values: list[str], tournament_id: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        tournament = await self.bot.store.get_tournament(int(tournament_id))
        if tournament is None or tournament.status != SIGNUP:
            await tell(interaction, i18n.t("tournaments.signup_closed", locale))
            return
        deck, refusal = await pick_deck(self.bot, interaction.user.id, tournament.game, (values or [""])[0], locale)
        if deck is None:
            await tell(interaction, refusal)
            return
        await self.join(interaction, tournament, deck, locale)

    async def join(self, interaction: discord.Interaction, tournament: TournamentRow, deck: str | None,
                   locale: str) -> None:
        answer = await self.bot.store.join_tournament(tournament.id, interaction.user.id, self.bot.clock(), deck)
        key = {JOINED: "tournaments.joined", ALREADY_IN: "tournaments.already_in", FULL: "tournaments.full",
               CLOSED: "tournaments.signup_closed"}[answer]
        await tell(interaction, i18n.t(key, locale))
        if answer == JOINED:
            await self.refresh_signup(tournament)

    async def refresh_signup(self, tournament: TournamentRow) -> None:
        count = len(await self.bot.store.entrants(tournament.id))
        await self.edit_signup(tournament, self.signup_text(tournament, count), self.signup_view(tournament))

    async def edit_signup(self, tournament: TournamentRow, text: str, view: discord.ui.View | None = None) -> None:
        if tournament.message_id is None:
            return
        message = self.bot.get_partial_messageable(tournament.channel_id).get_partial_message(tournament.message_id)
        try:
            await message.edit(content=text[:2000], view=view, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("tournament %s: sign-up post not edited: %s", tournament.id, error)

    # ---- rounds: the timekeeper's part -----------------------------------------------------------------

    async def tick(self, now: float) -> None:
        """Claim this process's live tournaments and move each on as far as it can go now."""
        for tournament in await self.bot.store.claim_live_tournaments(
                now, lease=self.bot.timer_lease, **self.bot.claim_shards):
            try:
                if tournament.status == SIGNUP:
                    await self.begin(tournament)
                else:
                    await self.advance(tournament)
            except Exception:  # one tournament's failure must not stop the others; its lease ends, it retries
                log.exception("tournament %s: pass failed", tournament.id)
                continue
            await self.bot.store.release_tournament(tournament.id)

    async def begin(self, tournament: TournamentRow) -> bool:
        """Pair round 1 (sign-up closes); with too few entrants the tournament is cancelled instead."""
        people = await self.bot.store.entrants(tournament.id)
        if len(people) < MIN_PLAYERS:
            if await self.bot.store.cancel_tournament(tournament.id, self.bot.clock()):
                await self.edit_signup(tournament, i18n.t("tournaments.cancelled_few", tournament.locale,
                                                          id=tournament.id, min=MIN_PLAYERS))
            return False
        await self.bot.store.pair_next_round(tournament.id, 1, self.bot.clock(), pair)
        tournament = await self.bot.store.get_tournament(tournament.id)
        if tournament is None or tournament.status != RUNNING:
            return tournament is not None and tournament.current_round >= 1
        await self.edit_signup(tournament, i18n.t("tournaments.signup.closed", tournament.locale, id=tournament.id,
                                                  count=len(people)))
        await self.advance(tournament)
        return True

    async def advance(self, tournament: TournamentRow) -> None:
        """Bring the current round as far as it goes: its matches, its pairings post, results, the deadline,
        closing it with its standings, then the next round. Each step is safe to repeat."""
        store = self.bot.store
        for _round in range(tournament.rounds + 1):
            round_no = tournament.current_round
            boards = [board for board in await store.boards(tournament.id) if board.round == round_no]
            [current] = [row for row in await store.rounds_of(tournament.id) if row.round == round_no]
            if current.closed_at is None:
                if current.posted < POSTED_PAIRINGS:  # the pairings first, then each board's thread
                    await self.post_pairings(tournament, current, boards)
                await self.start_matches(tournament, boards)
                await store.record_results(tournament.id)
                if self.bot.clock() >= current.deadline:
                    await self.adjudicate(tournament, round_no)
                    await store.record_results(tournament.id)
                await store.close_round(tournament.id, round_no, self.bot.clock())
                current = [row for row in await store.rounds_of(tournament.id) if row.round == round_no][0]
                if current.closed_at is None:
                    return  # matches still running
            tournament = await store.get_tournament(tournament.id)
            if current.posted < POSTED_STANDINGS:
                await self.post_standings(tournament, current)
            if tournament.status != RUNNING:
                return
            if await store.pair_next_round(tournament.id, round_no + 1, self.bot.clock(), pair) is None:
                tournament = await store.get_tournament(tournament.id)
                if tournament.current_round == round_no:
                    return  # another process is at it, or nothing to pair
            tournament = await store.get_tournament(tournament.id)

    async def start_matches(self, tournament: TournamentRow, boards: list[BoardRow]) -> None:
        """Each board of the round without a match gets one (created once: ``tournament_board``), opened in
        its own thread; a thread a crash left unopened is opened by the publisher's catch-up."""
        decks = {person.user_id: person.deck for person in await self.bot.store.entrants(tournament.id)}
        for board in boards:
            if board.seat1 is None or board.match_id is not None or board.outcome is not None:
                continue
            options = dict(tournament.options)
            if get_game(tournament.game).deck_rule is not None:
                options |= {"deck0": decks.get(board.seat0) or "", "deck1": decks.get(board.seat1) or ""}
            match = await self.bot.service.start(
                game_id=tournament.game, options=options, seed=self.bot.new_seed(), guild_id=tournament.guild_id,
                channel_id=tournament.channel_id, players=(board.seat0, board.seat1), bot_seat=None,
                days=tournament.days, locale=tournament.locale, rated=tournament.rated,
                tournament_board=(tournament.id, board.round, board.board))
            if match is not None:
                await self.bot.publisher.open_match(match, None)

    async def adjudicate(self, tournament: TournamentRow, round_no: int) -> None:
        for board in await self.bot.store.boards(tournament.id):
            if board.round != round_no or board.outcome is not None or board.match_id is None:
                continue
            applied = await self.bot.service.adjudicate(board.match_id)
            if applied is not None:
                await self.bot.publisher.publish(applied)

    def nonce(self, tournament: TournamentRow, round_no: int, stage: int, part: str) -> str:
        return match_nonce("t", self.bot.http.token or "", tournament.id, round_no, stage, part)

    async def names(self, user_ids: list[int]) -> dict[int, str]:
        known = await self.bot.store.user_names(tuple(user_ids))
        return {user_id: message_name(known.get(user_id) or str(user_id)) for user_id in user_ids}

    async def post_pairings(self, tournament: TournamentRow, current: RoundRow, boards: list[BoardRow]) -> None:
        round_no = current.round
        players = [player for board in boards for player in (board.seat0, board.seat1) if player is not None]
        names = await self.names(players)
        locale = tournament.locale
        text = i18n.t("tournaments.round_paired", locale, id=tournament.id, round=round_no, rounds=tournament.rounds,
                      deadline=f"<t:{int(await self.deadline(tournament, round_no))}:f>")
        text += "\n" + pairings_text([board.pairing() for board in boards], names, locale)
        await self.send_once(tournament, current, self.nonce(tournament, round_no, POSTED_PAIRINGS, "p"), text[:2000])
        await self.bot.store.mark_round_posted(tournament.id, round_no, POSTED_PAIRINGS)

    async def send_once(self, tournament: TournamentRow, current: RoundRow, nonce: str, text: str,
                        file: discord.File | None = None) -> None:
        """Post one of the round's posts in the tournament's channel, once: its nonce is kept in the round
        (``posting``) while it is sent, so after a kill between the post and its record the restart looks for
        it in the channel (Discord answers a repeated nonce with the first post only for a few minutes)."""
        channel = self.bot.get_partial_messageable(tournament.channel_id)
        if current.posting == nonce and await self.sent_before_a_crash(channel, text):
            return
        await self.bot.store.set_round_posting(tournament.id, current.round, nonce)
        extra = {"file": file} if file is not None else {}
        await channel.send(text, nonce=nonce, allowed_mentions=discord.AllowedMentions.none(), **extra)

    async def sent_before_a_crash(self, channel: discord.abc.Messageable, text: str) -> bool:
        """Whether the bot's recent posts in the channel hold this one (by its first line: the tournament,
        the round and what the post is), sent by a process killed before recording it."""
        return await sent_before_a_crash(self.bot.user.id, channel, text)

    async def deadline(self, tournament: TournamentRow, round_no: int) -> float:
        return [row.deadline for row in await self.bot.store.rounds_of(tournament.id) if row.round == round_no][0]

    async def table(self, tournament: TournamentRow) -> tuple[list[Row], list, dict[int, str], list[int]]:
        people = await self.bot.store.entrants(tournament.id)
        entrants = [person.user_id for person in people]
        pairings = [board.pairing() for board in await self.bot.store.boards(tournament.id)]
        withdrawn = frozenset(person.user_id for person in people if person.withdrawn)
        fmt = Format.SWISS if tournament.format == SWISS else Format.ROUND_ROBIN
        return standings(entrants, pairings, fmt, withdrawn), pairings, await self.names(entrants), entrants

    async def standings_post(self, tournament: TournamentRow, locale: str) -> tuple[str, discord.File]:
        rows, pairings, names, _entrants = await self.table(tournament)
        opponents = {}
        for pairing in pairings:
            if pairing.round == tournament.current_round and not pairing.finished and pairing.seat1 is not None:
                opponents[pairing.seat0], opponents[pairing.seat1] = names[pairing.seat1], names[pairing.seat0]
        key = "tournaments.standings.title" if tournament.current_round else "tournaments.standings.title_signup"
        title = i18n.t(key, locale, id=tournament.id,
                       game=i18n.t(f"games.{tournament.game}", locale), round=tournament.current_round,
                       rounds=tournament.rounds)
        text = title + "\n" + standings_text(rows, names, locale, opponents, limit=1900 - len(title))
        picture = await render_off_loop(render_standings, title.removeprefix("📊 "), rows, names, locale)
        return text, upload(picture, f"standings-{tournament.id}.png",
                            i18n.t("tournaments.picture.alt", locale, title=title)[:1024])

    async def post_standings(self, tournament: TournamentRow, current: RoundRow) -> None:
        """After a round: the standings (text and picture); after the last, the crosstable and the winner."""
        locale, round_no = tournament.locale, current.round
        winner = self.nonce(tournament, round_no, POSTED_STANDINGS, "w")
        if current.posting != winner:  # else a process killed while posting the winner had posted the standings
            text, picture = await self.standings_post(tournament, locale)
            await self.send_once(tournament, current, self.nonce(tournament, round_no, POSTED_STANDINGS, "s"),
                                 text[:2000], picture)
        if tournament.status == "finished":
            rows, pairings, names, entrants = await self.table(tournament)
            winners = [names[row.player] for row in rows if row.rank == 1]
            ending = i18n.t("tournaments.winner", locale, id=tournament.id, winners=", ".join(winners))
            ending += "\n" + crosstable_text(entrants, rows, pairings, locale, limit=1900 - len(ending))
            await self.send_once(tournament, current, winner, ending[:2000])
        await self.bot.store.mark_round_posted(tournament.id, round_no, POSTED_STANDINGS)


def pair(tournament: TournamentRow, people, history):
    """The store's pairing step (pure): the tournament's round count and the next round's boards."""
    entrants = [person.user_id for person in people]
    withdrawn = frozenset(person.user_id for person in people if person.withdrawn)
    return (total_rounds(tournament.format, len(entrants), tournament.rounds),
            next_boards(tournament.format, tournament.current_round + 1, entrants, withdrawn, history))


async def setup(bot) -> None:
    await bot.add_cog(Tournaments(bot))
