"""/challenge, /games, /resign, /preferences and /settings: the commands every game shares.

A challenge posted here is answered through its buttons in cogs/challenges.py; a match against Duel Table
starts at once."""

from __future__ import annotations

import random

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.ai import search
from bot.decks import deck_option, ready_decks
from bot.engine import MatchOption
from bot.games import get_game, playable_game_ids
from bot.match import BOT_LEVEL_OPTION, owing_seats
from bot.store import OPEN_OPPONENT, ActiveMatchLimit, ChallengeAlreadyOpen, MatchRow
from bot.store.leagues import LeagueGameRefused
from bot.tournaments.league import LEAGUE_OPTION
from bot.tournaments.text import league_game_line
from bot.ui.commandtext import cmd
from bot.ui.components import ChallengeButton, ResignButton, button, rules_button, view_of, view_with
from bot.ui.inputs import game_choices, quote_input
from bot.ui.panel import Names
from bot.ui.permissions import admin_command
from bot.ui.replies import tell
from bot.ui.thread import thread_url
from cogs.challenges import challenge_view, over_limit_text
from cogs.decks import pick_choices, pick_deck
from cogs.leagues import league_for_challenge, league_refusal_text

HOUR = 3600.0


# Seat options that are each player's own preference (bot/match.py fills them), never challenge rules.
PLAYER_PREFERENCE_OPTIONS = frozenset({"always_stop0", "always_stop1"})


def challenge_options(options: tuple[MatchOption, ...]) -> tuple[MatchOption, ...]:
    return tuple(option for option in options if option.name not in PLAYER_PREFERENCE_OPTIONS)


def parse_rules(text: str | None, options: tuple[MatchOption, ...]) -> dict[str, str]:
    """``level=wizard, x=y`` (or just ``wizard`` when it names one option's choice) -> option dict."""
    options = challenge_options(options)
    chosen = {option.name: option.default for option in options}
    for part in (text or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if "=" in part:
            name, value = (piece.strip() for piece in part.split("=", 1))
        else:
            owners = [option.name for option in options if part in option.choices]
            if len(owners) != 1:
                raise ValueError(part)
            name, value = owners[0], part
        option = next((o for o in options if o.name == name), None)
        if option is None or value not in option.choices:
            raise ValueError(part)
        chosen[name] = value
    return chosen


class Lobby(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @app_commands.command(name="challenge", description=cmd("commands.challenge.description",
                                                             "Challenge someone (or Duel Table itself) to a game"))
    @app_commands.describe(
        game=cmd("commands.challenge.game", "The game to play"),
        opponent=cmd("commands.challenge_open.opponent",
                     "Who you challenge (Duel Table: the bot; nobody: an open challenge anyone may accept)"),
        days=cmd("commands.challenge.days", "Days allowed per move (1-14, default 3)"),
        rules=cmd("commands.challenge.rules", "Game options, e.g. level=wizard"),
        language=cmd("commands.challenge.language", "Language of the match thread and board images"),
        deck=cmd("commands.challenge.deck", "Your deck, for games played with one (yours or ready-made)"),
        rated=cmd("commands.challenge.rated", "Rated (changes both ratings; default on; never against Duel Table)"),
        level=cmd("commands.challenge.level", "Duel Table's strength when you play it (default normal)"),
        league=cmd("commands.challenge.league", "A game of this server's open league season of the game"),
    )
    @app_commands.choices(game=game_choices(), language=[
        app_commands.Choice(name="English", value="en"), app_commands.Choice(name="日本語", value="ja")],
        level=[app_commands.Choice(name=cmd(f"bot_player.level.{name}", name.capitalize()), value=name)
               for name in search.LEVELS])
    @app_commands.guild_only()
    async def challenge(self, interaction: discord.Interaction, game: str, opponent: discord.User | None = None,
                        days: app_commands.Range[int, 1, 14] = 3, rules: str | None = None,
                        language: str | None = None, deck: str | None = None, rated: bool = True,
                        level: str | None = None, league: bool = False) -> None:
        locale = await self.bot.members.user_locale(interaction)
        # The client enforces the ranges and choices; a raw interaction need not: check them again.
        if not isinstance(days, int) or not 1 <= days <= 14:
            await tell(interaction, i18n.t("challenge.bad_days", locale, low=1, high=14))
            return
        if language is not None and language not in i18n.LOCALES:
            await tell(interaction, i18n.t("challenge.bad_language", locale, languages="en, ja"))
            return
        refusal = await self.refusal(interaction, game, opponent, locale)
        if refusal:
            await tell(interaction, refusal)
            return
        spec = get_game(game)
        options, bad_rules = checked_rules(rules, spec.engine.match_options, locale)
        if bad_rules:
            await tell(interaction, bad_rules)
            return
        rules_text = describe_chosen(options) or "-"
        league_id = None
        if league is True:  # a raw interaction may send anything: only a real True marks a league game
            league_id, refusal = await league_for_challenge(self.bot, interaction, game, opponent, locale)
            if league_id is None:
                await tell(interaction, refusal)
                return
            options = options | {LEAGUE_OPTION: str(league_id)}
        challenger_deck = None
        if spec.deck_rule is not None:
            if not deck:
                ready = ", ".join(f"`{d.id}`" for d in ready_decks(game, spec.deck_rule))
                await tell(interaction, i18n.t("decks.pick_required", locale,
                                               game=i18n.t(f"games.{game}", locale), ready=ready or "-"))
                return
            challenger_deck, refusal = await pick_deck(self.bot, interaction.user.id, game, deck, locale)
            if challenger_deck is None:
                await tell(interaction, refusal)
                return
        settings = await self.bot.store.guild_settings(interaction.guild_id)
        match_locale = language or settings.get("locale") or i18n.normalize_locale(interaction.guild_locale)
        game_name = i18n.t(f"games.{game}", match_locale)
        if opponent is None:
            try:
                await self.post_open_challenge(interaction, game, options, days, match_locale, game_name,
                                               challenger_deck, bool(rated))
            except ChallengeAlreadyOpen:  # a burst of /challenge: the first one stored is the one posted
                await tell(interaction, i18n.t("players.open.already_open", locale))
            except ActiveMatchLimit as refusal:
                await tell(interaction, over_limit_text(refusal, interaction.user.id, locale))
            return
        if opponent.id == self.bot.user.id:
            if level is not None and level not in search.LEVELS:  # a raw interaction; the client offers choices
                await tell(interaction, i18n.t("errors.bad_option", locale))
                return
            options = options | {BOT_LEVEL_OPTION: level or search.DEFAULT_LEVEL}
            if challenger_deck is not None:
                # The bot plays a ready-made deck; a seeded pick keeps demos reproducible.
                bot_deck = random.Random(self.bot.new_seed()).choice(ready_decks(game, spec.deck_rule))
                options = options | {"deck0": challenger_deck, "deck1": deck_option(bot_deck.cards)}
            try:
                await self.start_against_bot(interaction, game, options, days, match_locale, game_name)
            except ActiveMatchLimit as refusal:
                await tell(interaction, over_limit_text(refusal, interaction.user.id, locale))
            return
        now = self.bot.clock()
        try:
            # ``refusal`` answered early; these checks count, in the transaction that stores the challenge.
            challenge_id = await self.bot.store.create_challenge(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, game=game, options=options,
                days=days, locale=match_locale, challenger_id=interaction.user.id, opponent_id=opponent.id,
                now=now, expires_at=now + self.bot.settings.challenge_ttl_hours * HOUR,
                challenger_deck=challenger_deck, rated=bool(rated), single_open=True,
                active_limit=self.bot.settings.max_active_matches, league_id=league_id)
        except ChallengeAlreadyOpen:
            await tell(interaction, i18n.t("challenge.already_open", locale))
            return
        except LeagueGameRefused as refused:
            await tell(interaction, league_refusal_text(refused, locale))
            return
        except ActiveMatchLimit as refusal:
            await tell(interaction, over_limit_text(refusal, interaction.user.id, locale))
            return
        text = i18n.t("challenge.posted", match_locale, challenger=interaction.user.mention,
                      opponent=opponent.mention, game=game_name, days=days,
                      rules=rules_text, hours=int(self.bot.settings.challenge_ttl_hours))
        text += "\n" + i18n.t("players.rated" if rated else "players.unrated", match_locale)
        if league_id is not None:
            text += "\n" + league_game_line(league_id, match_locale)
        response = await interaction.response.send_message(
            text, view=challenge_view(challenge_id, match_locale, game),
            allowed_mentions=discord.AllowedMentions(users=[opponent], roles=False, everyone=False))
        message_id = response.message_id if response is not None else None
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.bot.store.set_challenge_message(challenge_id, message_id)

    async def refusal(self, interaction: discord.Interaction, game: str, opponent: discord.User | None,
                      locale: str) -> str | None:
        limit = self.bot.settings.max_active_matches
        if game not in playable_game_ids():
            return i18n.t("challenge.no_such_game", locale, game=game)
        if isinstance(interaction.channel, discord.Thread) or interaction.guild_id is None:
            return i18n.t("challenge.not_here", locale)
        if opponent is None:  # an open challenge
            if await self.bot.store.count_active(interaction.user.id) >= limit:
                return i18n.t("challenge.too_many_self", locale, limit=limit)
            if await self.bot.store.open_challenge_between(interaction.user.id, OPEN_OPPONENT):
                return i18n.t("players.open.already_open", locale)
            return None
        if opponent.id == interaction.user.id:
            return i18n.t("challenge.self", locale)
        if opponent.bot and opponent.id != self.bot.user.id:
            return i18n.t("challenge.other_bot", locale)
        if await self.bot.store.count_active(interaction.user.id) >= limit:
            return i18n.t("challenge.too_many_self", locale, limit=limit)
        if opponent.id != self.bot.user.id and await self.bot.store.count_active(opponent.id) >= limit:
            return i18n.t("challenge.too_many_opponent", locale, opponent=opponent.display_name, limit=limit)
        if await self.bot.store.open_challenge_between(interaction.user.id, opponent.id):
            return i18n.t("challenge.already_open", locale)
        return None

    async def post_open_challenge(self, interaction: discord.Interaction, game: str, options: dict[str, str],
                                  days: int, locale: str, game_name: str, challenger_deck: str | None,
                                  rated: bool) -> None:
        """``/challenge`` without an opponent: any member but the challenger may accept (expires like the others).
        Raises ChallengeAlreadyOpen or ActiveMatchLimit (nothing posted) as the store refuses it."""
        now = self.bot.clock()
        hours = self.bot.settings.challenge_ttl_hours
        challenge_id = await self.bot.store.create_challenge(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, game=game, options=options,
            days=days, locale=locale, challenger_id=interaction.user.id, opponent_id=OPEN_OPPONENT, now=now,
            expires_at=now + hours * HOUR, challenger_deck=challenger_deck, rated=rated, single_open=True,
            active_limit=self.bot.settings.max_active_matches)
        text = i18n.t("players.open.posted", locale, challenger=interaction.user.mention, game=game_name, days=days,
                      rules=describe_chosen(options) or "-", hours=int(hours),
                      rated=i18n.t("players.rated" if rated else "players.unrated", locale))
        view = view_with(
            button(ChallengeButton, f"dt:ch:accept:{challenge_id}", i18n.t("challenge.accept", locale),
                   style=discord.ButtonStyle.success),
            button(ChallengeButton, f"dt:ch:cancel:{challenge_id}", i18n.t("challenge.cancel", locale)),
            rules_button(game, locale))
        response = await interaction.response.send_message(text, view=view,
                                                           allowed_mentions=discord.AllowedMentions.none())
        message_id = response.message_id if response is not None else None
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.bot.store.set_challenge_message(challenge_id, message_id)

    async def start_against_bot(self, interaction: discord.Interaction, game: str, options: dict[str, str],
                                days: int, locale: str, game_name: str) -> None:
        """The match is stored first, its limit counted in that transaction (raises ActiveMatchLimit, nothing
        posted), then announced: a burst of /challenge against Duel Table cannot pass the limit."""
        match = await self.bot.service.start(
            game_id=game, options=options, seed=self.bot.new_seed(), guild_id=interaction.guild_id,
            channel_id=interaction.channel_id, players=(interaction.user.id, self.bot.user.id), bot_seat=1,
            days=days, locale=locale, active_limit=self.bot.settings.max_active_matches)
        text = i18n.t("challenge.vs_bot", locale, challenger=interaction.user.mention, game=game_name)
        response = await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
        message_id = response.message_id if response is not None else None
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.bot.publisher.open_match(match, message_id)

    @challenge.autocomplete("rules")
    async def rules_autocomplete(self, interaction: discord.Interaction, current: str):
        game = getattr(interaction.namespace, "game", None)
        if game not in playable_game_ids():
            return []
        choices = [f"{option.name}={choice}" for option in challenge_options(get_game(game).engine.match_options)
                   for choice in option.choices]
        current = current.lower().strip()
        return [app_commands.Choice(name=c, value=c) for c in choices if current in c.lower()][:25]

    @challenge.autocomplete("deck")
    async def deck_autocomplete(self, interaction: discord.Interaction, current: str):
        game = getattr(interaction.namespace, "game", None)
        if game not in playable_game_ids() or get_game(game).deck_rule is None:
            return []
        locale = i18n.normalize_locale(interaction.locale)
        options, _ = await pick_choices(self.bot, interaction.user.id, game, locale)
        wanted = current.casefold().strip()
        return [app_commands.Choice(name=option.label, value=option.value) for option in options
                if wanted in option.label.casefold()][:25]

    @app_commands.command(name="games", description=cmd("commands.games.description",
                                                         "List your active matches and whose turn it is"))
    async def games(self, interaction: discord.Interaction) -> None:
        locale = await self.bot.members.user_locale(interaction)
        matches = await self.bot.store.active_matches_of(interaction.user.id)
        if not matches:
            await tell(interaction, i18n.t("games_list.empty", locale))
            return
        lines = [i18n.t("games_list.title", locale)]
        for match in matches[:20]:
            names = await self.bot.members.names(match)
            lines.append(i18n.t(
                "games_list.line", locale, game=i18n.t(f"games.{match.game}", locale), match_id=match.id,
                url=thread_url(match), p0=names.seats[0], p1=names.seats[1],
                turn=describe_turn(match, locale, names),
                deadline=f"<t:{int(match.deadline)}:R>"))
            away = await self.bot.store.vacation_until(match.players, self.bot.clock())
            if away:  # /vacation: this match's clocks are paused
                lines.append(i18n.t("players.vacation.games_away", locale, until=f"<t:{int(max(away.values()))}:f>",
                                    players=", ".join(names.seats[match.players.index(u)] for u in away)))
        await tell(interaction, "\n".join(lines)[:2000])

    @app_commands.command(name="resign", description=cmd("commands.resign.description",
                                                          "Resign a match (in its thread, or give its number)"))
    @app_commands.describe(match=cmd("commands.resign.match", "Match number (defaults to this thread's match)"))
    async def resign(self, interaction: discord.Interaction,
                     match: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        row = await self.bot.store.get_match(match) if match is not None else \
            await self.bot.store.match_by_thread(interaction.channel_id)
        if row is None or row.seat_of(interaction.user.id) is None:
            await tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        if row.status != "active":
            await tell(interaction, i18n.t("errors.game_over", locale))
            return
        confirm = view_of(button(ResignButton, f"dt:r:{row.id}", i18n.t("resign.confirm_button", locale),
                                 style=discord.ButtonStyle.danger))
        await tell(interaction, i18n.t("resign.confirm", locale, match_id=row.id), view=confirm)

    @app_commands.command(name="preferences", description=cmd("commands.preferences.description",
                                                               "Your own settings for every match"))
    @app_commands.describe(always_stop=cmd("commands.preferences.always_stop",
                                           "Be asked at every response window, so your pauses reveal nothing"))
    async def preferences(self, interaction: discord.Interaction, always_stop: bool | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if always_stop is not None:
            await self.bot.store.set_always_stop(interaction.user.id, always_stop, locale, self.bot.clock())
        current = (await self.bot.store.always_stop((interaction.user.id,))).get(interaction.user.id, False)
        await tell(interaction, i18n.t("preferences.current", locale,
                                       always_stop=i18n.t("settings.on" if current else "settings.off", locale)))

    @app_commands.command(name="settings", description=cmd("commands.settings.description",
                                                            "Server settings for Duel Table (admins)"))
    @app_commands.describe(language=cmd("commands.settings.language", "Default language of match threads"),
                           inline_lookup=cmd("commands.settings.inline_lookup", "Answer [[card name]] in messages"),
                           organizer_role=cmd("commands.settings.organizer_role",
                                              "A role whose members may run tournaments (/tournament)"),
                           clear_organizer_role=cmd("commands.settings.clear_organizer_role",
                                                    "Remove the tournament organizer role (Manage Server only)"))
    @app_commands.choices(language=[app_commands.Choice(name="English", value="en"),
                                    app_commands.Choice(name="日本語", value="ja")])
    @admin_command()  # Manage Server, checked by the bot too: a server may open the command to anyone
    async def settings(self, interaction: discord.Interaction, language: str | None = None,
                       inline_lookup: bool | None = None, organizer_role: discord.Role | None = None,
                       clear_organizer_role: bool | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        # The client's tree already held the options to their choices (bot/ui/inputs.py); what is stored
        # as the server's language is checked here as well, next to the write, as /challenge does.
        if language is not None and language not in i18n.LOCALES:
            await tell(interaction, i18n.t("challenge.bad_language", locale, languages=", ".join(i18n.LOCALES)))
            return
        clear_role = clear_organizer_role is True  # a raw interaction may send anything: only a real True clears
        if organizer_role is not None and (clear_role or not isinstance(organizer_role, discord.Role)
                                           or organizer_role.guild.id != interaction.guild_id):
            await tell(interaction, i18n.t("tournaments.bad_organizer_role", locale))
            return
        store = self.bot.store
        if language is not None:
            await store.set_guild_setting(interaction.guild_id, "locale", language)
        if inline_lookup is not None:
            await store.set_guild_setting(interaction.guild_id, "inline_lookup", int(inline_lookup))
        if organizer_role is not None or clear_role:
            await store.set_guild_setting(interaction.guild_id, "organizer_role",
                                          None if clear_role else organizer_role.id)
        current = await store.guild_settings(interaction.guild_id)
        role = current.get("organizer_role")
        await tell(interaction, i18n.t(
            "settings.current", locale, language=current.get("locale") or "-",
            inline=i18n.t("settings.on" if current.get("inline_lookup") else "settings.off", locale),
            intent=i18n.t("settings.on" if self.bot.settings.inline_lookup else "settings.off", locale))
            + "\n" + i18n.t("tournaments.settings_role", locale, role=f"<@&{role}>" if role else "-"))


def describe_turn(match: MatchRow, locale: str, names: Names) -> str:
    """Who is to move in /games: the seats that owe a decision, or nobody."""
    owing = owing_seats(get_game(match.game), match)
    if not owing:
        return i18n.t("games_list.none_to_move", locale)
    return ", ".join(names.seats[s] for s in owing)


def checked_rules(text: str | None, options: tuple[MatchOption, ...], locale: str) -> tuple[dict[str, str], str | None]:
    """A command's ``rules`` text as match options, or the private refusal naming what is wrong and what is
    valid (/challenge and /tournament create take the same rules)."""
    try:
        return parse_rules(text, options), None
    except ValueError as error:
        return {}, i18n.t("challenge.bad_rules", locale, part=quote_input(str(error)),
                          valid=describe_options(challenge_options(options)))


def describe_options(options: tuple[MatchOption, ...]) -> str:
    return "; ".join(f"{o.name}={'|'.join(o.choices)}" for o in options) or "-"


def describe_chosen(options: dict[str, str]) -> str:
    return ", ".join(f"{name}={value}" for name, value in options.items())


async def setup(bot) -> None:
    await bot.add_cog(Lobby(bot))
