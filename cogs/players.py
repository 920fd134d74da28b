"""Player features on every game: /leaderboard, /stats, /history, /replay, the Rematch and Replay buttons
of the result post (issue 15). Ratings themselves move in the store's finishing transaction
(``Store.commit_decision``, ``bot/ratings.py``)."""

from __future__ import annotations

import io
from collections import Counter

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.alttext import fit
from bot.engine import EngineError
from bot.games import get_game, playable_game_ids
from bot.notify import MODES, parse_quiet, parse_timezone
from bot.ratings import series_line, shown
from bot.render.chart import render_rating_chart
from bot.render.names import picture_name, render_with_names
from bot.render.toolkit import render_off_loop
from bot.replay import ReplayError, animate, export_text, from_match, render_frames, verify
from bot.store import ActiveMatchLimit, ChallengeAlreadyOpen, MatchRow
from bot.store.challenges import REMATCH_ACCEPT, REMATCH_ALREADY_ASKED, REMATCH_TAKEN
from bot.ui.commandtext import cmd
from bot.ui.inputs import game_choices, quote_input
from bot.ui.panel import message_name
from bot.ui.replies import tell, tell_error
from bot.ui.thread import thread_of, thread_url
from cogs.challenges import accepted_text, challenge_view, over_limit_text, start_or_refuse


def as_text(name: str) -> str:
    """A member's name inside a message (markdown and mentions escaped); the ``<@id>`` fallback of a
    member whose name the bot never saw stays a (non-pinging) mention."""
    return name if name.startswith("<@") else message_name(name)


HOUR = 3600.0
DAY = 86400.0
HISTORY = 10
STATS_MATCHES = 200
VACATION_BUDGET_DAYS = 14  # at most this many days of vacation ...
VACATION_WINDOW_DAYS = 30  # ... in any window of this many days


def swapped_options(options: dict[str, str]) -> dict[str, str]:
    """Seat options (``deck0``/``deck1``, ``always_stop0``/``1``) follow their player to the other seat."""
    out = dict(options)
    for name, value in options.items():
        if name.endswith("0") and name[:-1] + "1" in options:
            out[name[:-1] + "1"], out[name] = value, options[name[:-1] + "1"]
    return out


def streak(results: list[str]) -> tuple[str, int]:
    """The newest run of equal results (``results`` newest first): ("win", 3)."""
    if not results:
        return "none", 0
    count = 0
    for result in results:
        if result != results[0]:
            break
        count += 1
    return results[0], count


def result_of(match: MatchRow, user_id: int) -> str:
    if match.winner is None:
        return "draw"
    return "win" if match.players[match.winner] == user_id else "loss"


def seat_in(match: MatchRow, user_id: int) -> int:
    return 0 if match.players[0] == user_id else 1


def side_key(match: MatchRow, seat: int) -> str | None:
    """The game's own "side" of a seat (formation type, character, deck): its ``GameSpec.selfplay.side_keys``,
    the same key self-play groups win rates by."""
    try:
        hooks = get_game(match.game).selfplay
        keys = hooks.side_keys if hooks else None
        return str(keys(match.state)[seat]) if keys else None
    except Exception:  # an old state a newer policy cannot read: no favourite, nothing else lost
        return None


def average_days_per_move(rows, user_id: int) -> float | None:
    """Mean time from the previous decision of the match (or its start) to each decision of ``user_id``."""
    spans = []
    last: dict[int, float] = {}
    for match_id, who, at, created_at in rows:
        previous = last.get(match_id, created_at)
        if who == user_id:
            spans.append(max(0.0, at - previous))
        last[match_id] = at
    return sum(spans) / len(spans) / DAY if spans else None


class Players(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot

    @property
    def store(self):
        return self.bot.store

    async def name_of(self, user_id: int, fallback: str | None = None) -> str:
        if self.bot.user is not None and user_id == self.bot.user.id:
            return self.bot.user.display_name
        names = await self.store.user_names((user_id,))
        return names.get(user_id) or fallback or f"<@{user_id}>"

    async def refuse_game(self, interaction: discord.Interaction, game: str | None, locale: str) -> bool:
        if game is not None and game not in playable_game_ids():
            await tell(interaction, i18n.t("challenge.no_such_game", locale, game=game[:40]))
            return True
        if interaction.guild_id is None:
            await tell(interaction, i18n.t("challenge.not_here", locale))
            return True
        return False

    # ---- /leaderboard -----------------------------------------------------------------------

    @app_commands.command(name="leaderboard", description=cmd("commands.leaderboard.description",
                                                               "The server's top 10 in a game, with your own rank"))
    @app_commands.describe(game=cmd("commands.leaderboard.game", "The game"))
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if await self.refuse_game(interaction, game, locale):
            return
        embed = await self.leaderboard_embed(interaction.guild_id, game, interaction.user.id, locale)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    async def leaderboard_embed(self, guild_id: int, game: str, user_id: int, locale: str) -> discord.Embed:
        game_name = i18n.t(f"games.{game}", locale)
        rows = await self.store.leaderboard(guild_id, game)
        names = await self.store.user_names(tuple(row["user_id"] for row in rows)) if rows else {}
        lines = [i18n.t("players.leaderboard.line", locale, rank=rank, name=as_text(names.get(row["user_id"],
                        f"<@{row['user_id']}>")), rating=shown(row["rating"], row["rd"]), wins=row["wins"],
                        losses=row["losses"], draws=row["draws"]) for rank, row in enumerate(rows, 1)]
        if not lines:
            lines.append(i18n.t("players.leaderboard.empty", locale, game=game_name))
        mine = await self.store.rating(guild_id, game, user_id)
        if mine is None:
            lines += ["", i18n.t("players.leaderboard.you_unrated", locale, game=game_name)]
        else:
            rank, total = await self.store.rank_of(guild_id, game, user_id)
            lines += ["", i18n.t("players.leaderboard.you", locale, rank=rank, total=total,
                                 rating=shown(mine["rating"], mine["rd"]), wins=mine["wins"],
                                 losses=mine["losses"], draws=mine["draws"])]
        embed = discord.Embed(title=i18n.t("players.leaderboard.title", locale, game=game_name).replace("**", ""),
                              description="\n".join(lines)[:4000], colour=discord.Colour.gold())
        embed.set_footer(text=i18n.t("players.leaderboard.legend", locale))
        return embed

    # ---- /stats -----------------------------------------------------------------------------

    @app_commands.command(name="stats", description=cmd("commands.stats.description",
                                                         "Rating, its chart, record, streak, favourite and pace of a member"))
    @app_commands.describe(member=cmd("commands.stats.member", "Whose stats (default: you)"),
                           game=cmd("commands.stats.game", "The game (default: the one played most)"))
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None,
                    game: str | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if await self.refuse_game(interaction, game, locale):
            return
        target = member or interaction.user
        name = await self.name_of(target.id, target.display_name)
        matches = await self.store.finished_matches_of(target.id, interaction.guild_id, game, STATS_MATCHES)
        if game is None:
            if not matches:
                await tell(interaction, i18n.t("players.stats.no_game", locale, name=as_text(name)))
                return
            game = Counter(m.game for m in matches).most_common(1)[0][0]
            matches = [m for m in matches if m.game == game]
        await interaction.response.defer(thinking=True)  # the chart renders off the event loop
        text, chart, chart_words = await self.stats_report(interaction.guild_id, game, target.id, name, matches,
                                                            locale)
        kwargs = {"file": discord.File(io.BytesIO(chart), filename="rating.png", description=chart_words)} \
            if chart else {}
        await interaction.followup.send(text[:2000], allowed_mentions=discord.AllowedMentions.none(), **kwargs)

    async def stats_report(self, guild_id: int, game: str, user_id: int, name: str, matches: list[MatchRow],
                           locale: str) -> tuple[str, bytes | None, str | None]:
        game_name = i18n.t(f"games.{game}", locale)
        drawn, name = picture_name(name, limit=40), as_text(name)  # the chart draws the name as typed
        lines = [i18n.t("players.stats.title", locale, name=name, game=game_name)]
        rating = await self.store.rating(guild_id, game, user_id)
        if rating is None:
            lines.append(i18n.t("players.stats.unrated", locale))
        else:
            rank, total = await self.store.rank_of(guild_id, game, user_id)
            lines.append(i18n.t("players.stats.rating", locale, rating=shown(rating["rating"], rating["rd"]),
                                rank=rank, total=total))
        if not matches:
            lines.append(i18n.t("players.stats.none", locale, name=name, game=game_name))
        results = [result_of(m, user_id) for m in matches]  # newest first
        counts = Counter(results)
        lines.append(i18n.t("players.stats.record", locale, wins=counts["win"], losses=counts["loss"],
                            draws=counts["draw"], count=len(matches)))
        kind, run = streak(results)
        lines.append(i18n.t(f"players.stats.streak_{kind}", locale, count=run))
        sides = Counter(key for m in matches if (key := side_key(m, seat_in(m, user_id))) is not None)
        if sides:
            key, count = sides.most_common(1)[0]
            lines.append(i18n.t("players.stats.favourite", locale, key=self.side_name(game, key, locale),
                                count=count, total=sum(sides.values())))
        pace = average_days_per_move(await self.store.move_times([m.id for m in matches]), user_id)
        lines.append(i18n.t("players.stats.pace", locale, days=f"{pace:.1f}") if pace is not None
                     else i18n.t("players.stats.pace_none", locale))
        history = await self.store.rating_history(guild_id, game, user_id)
        chart = chart_words = None
        if history:
            points = [history[0]["before"]] + [row["after"] for row in history]
            chart = await render_off_loop(render_rating_chart,
                                          i18n.t("players.stats.chart_title", locale, name=drawn, game=game_name),
                                          points, i18n.t("players.stats.chart_matches", locale))
            chart_words = fit(i18n.t("alt.chart", locale, name=drawn, game=game_name, count=len(points) - 1,
                                     first=round(points[0]), last=round(points[-1]), low=round(min(points)),
                                     high=round(max(points))))
        return "\n".join(lines), chart, chart_words

    @staticmethod
    def side_name(game: str, key: str, locale: str) -> str:
        for prefix in ("type", "character", "deck"):
            if i18n.has(f"{game}.{prefix}.{key}", locale):
                return i18n.t(f"{game}.{prefix}.{key}", locale)
        return key[:60]

    # ---- /history ---------------------------------------------------------------------------

    @app_commands.command(name="history", description=cmd("commands.history.description",
                                                           "The last 10 finished matches of a member"))
    @app_commands.describe(member=cmd("commands.history.member", "Whose history (default: you)"),
                           game=cmd("commands.history.game", "Only this game"))
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, member: discord.User | None = None,
                      game: str | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        if await self.refuse_game(interaction, game, locale):
            return
        target = member or interaction.user
        name = as_text(await self.name_of(target.id, target.display_name))
        matches = await self.store.finished_matches_of(target.id, interaction.guild_id, game, HISTORY)
        suffix = f" ({i18n.t(f'games.{game}', locale)})" if game else ""
        if not matches:
            await tell(interaction, i18n.t("players.history.empty", locale, name=name, game=suffix))
            return
        lines = [i18n.t("players.history.title", locale, name=name, game=suffix)]
        for match in matches:
            seat = seat_in(match, target.id)
            opponent = as_text(await self.name_of(match.players[1 - seat]))
            change = (await self.store.rating_changes(match.id)).get(target.id)
            rating = ""
            if change is not None:
                rating = f" ({round(change['after']) - round(change['before']):+d})"
            lines.append(i18n.t("players.history.line", locale,
                                date=f"<t:{int(match.finished_at or match.turn_started)}:d>",
                                game=i18n.t(f"games.{match.game}", locale), match_id=match.id, opponent=opponent,
                                result=i18n.t(f"players.history.{result_of(match, target.id)}", locale),
                                rating=rating, url=thread_url(match)))
        await interaction.response.send_message("\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())

    # ---- /replay and the Replay button --------------------------------------------------------

    @app_commands.command(name="replay", description=cmd("commands.replay.description",
                                                          "A finished match as an animation and a text export"))
    @app_commands.describe(match=cmd("commands.replay.match", "Match number (defaults to this thread's match)"))
    async def replay(self, interaction: discord.Interaction,
                     match: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        await self.send_replay(interaction, match, public=True)

    async def send_replay(self, interaction: discord.Interaction, match_id: int | None, public: bool = False) -> None:
        locale = await self.bot.members.user_locale(interaction)
        row = await self.store.get_match(match_id) if match_id is not None else \
            await self.store.match_by_thread(interaction.channel_id)
        if row is None:
            await tell(interaction, i18n.t("players.replay.not_found", locale,
                                           match_id=match_id if match_id is not None else "-"))
            return
        if interaction.guild_id is not None and row.guild_id != interaction.guild_id:
            await tell(interaction, i18n.t("players.replay.other_server", locale))
            return
        if interaction.guild_id is None and row.seat_of(interaction.user.id) is None:
            await tell(interaction, i18n.t("players.replay.other_server", locale))
            return
        if row.status != "finished":
            await tell(interaction, i18n.t("players.replay.not_finished", locale))
            return
        await interaction.response.defer(ephemeral=not public, thinking=True)
        names = (await self.bot.members.names(row)).literal  # a text file and a picture: the names as typed
        replay = from_match(row, await self.store.decision_log(row.id), names)
        text = export_text(replay)
        filename = f"duel-table-{row.game}-{row.id}.txt"
        files = [discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)]
        try:
            # Posted in the thread (public) it is read in the match's language, else in the member's.
            animation, words = await render_off_loop(_animation, replay, row.locale, row.locale if public else locale)
            files.insert(0, discord.File(io.BytesIO(animation), filename=f"replay-{row.id}.png", description=words))
            message = i18n.t("players.replay.ready", locale, game=i18n.t(f"games.{row.game}", locale),
                             match_id=row.id, file=filename)
        except ReplayError:  # a match whose log no longer replays (an engine changed): the text still helps
            message = i18n.t("players.replay.too_big", locale)
        await interaction.followup.send(message[:2000], files=files, ephemeral=not public,
                                        allowed_mentions=discord.AllowedMentions.none())

    # ---- /undo -------------------------------------------------------------------------------

    @app_commands.command(name="undo", description=cmd("commands.undo.description",
                                                        "Take back your last step, before the handover, if it revealed nothing"))
    @app_commands.describe(match=cmd("commands.undo.match", "Match number (defaults to this thread's match)"))
    async def undo(self, interaction: discord.Interaction,
                   match: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        row = await self.store.get_match(match) if match is not None else \
            await self.store.match_by_thread(interaction.channel_id)
        await self.take_back(interaction, row.id if row else None)

    async def take_back(self, interaction: discord.Interaction, match_id: int | None) -> None:
        """/undo and the Undo button of the thread's board posts."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # replaying the log may take a moment
        locale = await self.bot.members.user_locale(interaction)
        row = await self.store.get_match(match_id) if match_id is not None else None
        if row is None or row.seat_of(interaction.user.id) is None:
            await tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        try:
            applied = await self.bot.service.undo(row.id, interaction.user.id)
        except EngineError as error:  # nothing to undo, after the handover, revealed, game over: nothing changes
            await tell_error(interaction, error, locale)
            return
        await tell(interaction, i18n.t("players.undo.done", locale))
        await self.bot.publisher.publish(applied, origin=interaction)

    # ---- /vacation ---------------------------------------------------------------------------

    @app_commands.command(name="vacation", description=cmd("commands.vacation.description",
                                                            "Pause the clocks of all your matches (at most 14 days in any 30)"))
    @app_commands.describe(days=cmd("commands.vacation.days", "How many days (1-14)"),
                           end=cmd("commands.vacation.end", "End your vacation now"))
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[int, 1, VACATION_BUDGET_DAYS] | None = None, end: bool = False) -> None:
        locale = await self.bot.members.user_locale(interaction)
        store, user_id, now = self.store, interaction.user.id, self.bot.clock()
        window, budget = VACATION_WINDOW_DAYS * DAY, VACATION_BUDGET_DAYS * DAY
        left = max(0, int((budget - await store.vacation_used(user_id, now, window)) // DAY))
        limits = {"budget": VACATION_BUDGET_DAYS, "window": VACATION_WINDOW_DAYS, "left": left}
        away = (await store.vacation_until((user_id,), now)).get(user_id)
        if days is not None and end:
            await tell(interaction, i18n.t("players.vacation.pick_one", locale))
            return
        if days is None and not end:
            key = "players.vacation.status_on" if away else "players.vacation.status"
            await tell(interaction, i18n.t(key, locale, until=f"<t:{int(away or now)}:f>", **limits))
            return
        if end and away is None:
            await tell(interaction, i18n.t("players.vacation.not_on", locale))
            return
        if days is not None and away is not None:
            await tell(interaction, i18n.t("players.vacation.already", locale, until=f"<t:{int(away)}:f>"))
            return
        if days is not None and (not isinstance(days, int) or not 1 <= days <= VACATION_BUDGET_DAYS):
            await tell(interaction, i18n.t("errors.bad_option", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # one notice per match thread follows
        if end:
            await store.end_vacation(user_id, now)
            reply, notice = "players.vacation.ended", "players.vacation.thread_back"
            until = now
        else:
            until = await store.start_vacation(user_id, now, days * DAY, budget, window)
            if until is None:
                await tell(interaction, i18n.t("players.vacation.over_budget", locale, **limits))
                return
            reply, notice = "players.vacation.started", "players.vacation.thread_away"
        matches = await store.active_matches_of(user_id)
        for match in matches:
            thread = thread_of(self.bot, match)
            if thread is None:
                continue
            await thread.send(i18n.t(notice, match.locale, player=f"<@{user_id}>", until=f"<t:{int(until)}:f>",
                                     deadline=f"<t:{int(match.deadline)}:f>"),
                              allowed_mentions=discord.AllowedMentions.none())
        await tell(interaction, i18n.t(reply, locale, until=f"<t:{int(until)}:f>", count=len(matches)))

    # ---- /notify ----------------------------------------------------------------------------

    @app_commands.command(name="notify", description=cmd("commands.notify.description",
                                                          "How you are told it is your move, and quiet hours for reminders"))
    @app_commands.describe(mode=cmd("commands.notify.mode", "Ping in the thread, DM, or both"),
                           quiet=cmd("commands.notify.quiet", "Quiet hours in your time, e.g. 22-7, or off"),
                           timezone=cmd("commands.notify.timezone", "Your time zone, e.g. Asia/Tokyo or +9"))
    @app_commands.choices(mode=[app_commands.Choice(name=name, value=name) for name in MODES])
    async def notify(self, interaction: discord.Interaction, mode: str | None = None, quiet: str | None = None,
                     timezone: str | None = None) -> None:
        locale = await self.bot.members.user_locale(interaction)
        changes: dict[str, object] = {}
        if mode is not None:
            if mode not in MODES:
                await tell(interaction, i18n.t("errors.bad_option", locale))
                return
            changes["notify"] = mode
        if quiet is not None:
            if quiet.strip().lower() in ("off", "none", "-"):
                changes["quiet_start"] = changes["quiet_end"] = None
            elif (hours := parse_quiet(quiet)) is None:
                await tell(interaction, i18n.t("players.notify.bad_quiet", locale))
                return
            else:
                changes["quiet_start"], changes["quiet_end"] = hours
        if timezone is not None:
            if parse_timezone(timezone) is None:
                await tell(interaction, i18n.t("players.notify.bad_timezone", locale,
                                               zone=quote_input(timezone)))
                return
            changes["timezone"] = timezone.strip()
        if changes:  # everything checked first: a bad part changes nothing
            await self.store.set_notify(interaction.user.id, locale, self.bot.clock(), **changes)
        prefs = (await self.store.notify_prefs((interaction.user.id,)))[interaction.user.id]
        quiet_text = (f"{prefs['quiet_start']:02d}:00–{prefs['quiet_end']:02d}:00"
                      if prefs["quiet_start"] is not None else i18n.t("players.notify.quiet_none", locale))
        await tell(interaction, i18n.t("players.notify.current", locale,
                                       mode=i18n.t(f"players.notify.mode_{prefs['notify']}", locale),
                                       quiet=quiet_text, timezone=prefs["timezone"] or "UTC"))

    # ---- the buttons of the thread's posts (Undo on boards; Rematch and Replay on the result) ----------

    async def on_undo(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        await self.take_back(interaction, int(match_id))

    async def on_rematch(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        await self.rematch(interaction, int(match_id))

    async def on_replay(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        await self.send_replay(interaction, int(match_id))

    # ---- the Rematch button -----------------------------------------------------------------

    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """First click (by either player) posts a rematch challenge in the channel; the other player's click
        (here or on Accept) starts it with the seats swapped and the series carried on."""
        locale = await self.bot.members.user_locale(interaction)
        match = await self.store.get_match(match_id)
        if match is None or match.seat_of(interaction.user.id) is None:
            await tell(interaction, i18n.t("players.rematch.not_player", locale))
            return
        if match.status != "finished":
            await tell(interaction, i18n.t("players.rematch.not_finished", locale))
            return
        if match.bot_seat is not None:
            await self.rematch_bot(interaction, match, locale)
            return
        user_id = interaction.user.id
        opponent_id = match.players[1 - match.seat_of(user_id)]
        await interaction.response.defer(ephemeral=True, thinking=True)
        now = self.bot.clock()
        hours = self.bot.settings.challenge_ttl_hours
        try:
            # Whether this press asks, repeats or accepts is decided in the transaction that stores the
            # ask: presses of both players at any moment meet in one challenge and one match.
            outcome, challenge = await self.store.ask_rematch(
                match_id=match.id, user_id=user_id, opponent_id=opponent_id, guild_id=match.guild_id,
                channel_id=match.channel_id, game=match.game, options=swapped_options(match.options),
                days=match.days, locale=match.locale, rated=match.rated, now=now, expires_at=now + hours * HOUR,
                active_limit=self.bot.settings.max_active_matches)
        except ActiveMatchLimit as refusal:
            await tell(interaction, over_limit_text(refusal, user_id, locale))
            return
        except ChallengeAlreadyOpen:
            await tell(interaction, i18n.t("challenge.already_open", locale))
            return
        if outcome == REMATCH_TAKEN:
            await tell(interaction, i18n.t("players.rematch.taken", locale))
            return
        if outcome == REMATCH_ALREADY_ASKED:
            await tell(interaction, i18n.t("players.rematch.already_asked", locale))
            return
        if outcome == REMATCH_ACCEPT:
            await self.accept_rematch(interaction, challenge, locale)
            return
        challenge_id = challenge.id
        names = (await self.bot.members.names(match)).seats
        series = await series_line(self.store, match, names, match.locale) or ""
        if match.series_id is None:  # the first match of a series: its score so far is this result
            score = [0, 0] if match.winner is None else [int(match.winner == 0), int(match.winner == 1)]
            series = i18n.t("players.series", match.locale, p0=names[0], s0=score[0], s1=score[1], p1=names[1])
        text = i18n.t("players.rematch.posted", match.locale, challenger=f"<@{user_id}>",
                      opponent=f"<@{opponent_id}>", game=i18n.t(f"games.{match.game}", match.locale),
                      match_id=match.id, series=series, hours=int(hours),
                      rated=i18n.t("players.rated" if match.rated else "players.unrated", match.locale))
        channel = self.bot.get_partial_messageable(match.channel_id)
        message = await channel.send(text[:2000], view=challenge_view(challenge_id, match.locale),
                                     allowed_mentions=discord.AllowedMentions(users=[discord.Object(opponent_id)]))
        await self.store.set_challenge_message(challenge_id, message.id)
        taken = await self.store.get_challenge(challenge_id)
        if taken is not None and taken.status == "accepted":
            # The opponent's press accepted it before its post existed: the post says so, with no buttons.
            await message.edit(content=accepted_text(taken), view=None,
                               allowed_mentions=discord.AllowedMentions.none())
        await tell(interaction, i18n.t("players.rematch.asked", locale))

    async def rematch_bot(self, interaction: discord.Interaction, match: MatchRow, locale: str) -> None:
        """Against Duel Table the one click starts the rematch at once: seats swapped, the series carried on."""
        series_id = match.series_id or match.id
        if any(later.id > match.id for later in await self.store.series_matches(series_id)):
            await tell(interaction, i18n.t("players.rematch.taken", locale))
            return
        limit = self.bot.settings.max_active_matches
        if await self.store.count_active(interaction.user.id) >= limit:
            await tell(interaction, i18n.t("challenge.too_many_self", locale, limit=limit))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.threads.match_lock(-match.id):  # two quick clicks, one rematch (a key no match uses)
            if any(later.id > match.id for later in await self.store.series_matches(series_id)):
                await tell(interaction, i18n.t("players.rematch.taken", locale))
                return
            try:  # stored first, the limit counted in its transaction; announced after
                new = await self.bot.service.start(
                    game_id=match.game, options=swapped_options(match.options), seed=self.bot.new_seed(),
                    guild_id=match.guild_id, channel_id=match.channel_id,
                    players=(match.players[1], match.players[0]), bot_seat=1 - match.bot_seat, days=match.days,
                    locale=match.locale, series_id=series_id, active_limit=limit)
            except ActiveMatchLimit as refusal:
                await tell(interaction, over_limit_text(refusal, interaction.user.id, locale))
                return
            started = "lesson_next.real_match_started" if match.kind == "lesson" else "players.rematch.vs_bot_started"
            text = i18n.t(started, match.locale, player=f"<@{interaction.user.id}>",
                          game=i18n.t(f"games.{match.game}", match.locale), match_id=match.id)
            message = await self.bot.get_partial_messageable(match.channel_id).send(
                text, allowed_mentions=discord.AllowedMentions.none())
        await tell(interaction, text, allowed_mentions=discord.AllowedMentions.none())
        await self.bot.publisher.open_match(new, message.id)

    async def accept_rematch(self, interaction: discord.Interaction, challenge, locale: str) -> None:
        match = await start_or_refuse(self.bot, interaction, challenge, dict(challenge.options), locale)
        if match is None:
            return
        # Read again: the asker's post may have been recorded since this press read the challenge.
        challenge = await self.store.get_challenge(challenge.id) or challenge
        accepted = accepted_text(challenge)
        if challenge.message_id is not None:
            message = self.bot.get_partial_messageable(challenge.channel_id).get_partial_message(challenge.message_id)
            await message.edit(content=accepted, view=None, allowed_mentions=discord.AllowedMentions.none())
        await tell(interaction, accepted, allowed_mentions=discord.AllowedMentions.none())
        await self.bot.publisher.open_match(match, challenge.message_id)


def _animation(replay, locale: str, words_locale: str) -> tuple[bytes, str]:
    """In the render pool: re-play, draw one frame per handover, encode the APNG; and its alt text, the
    animation's last frame (every card revealed, the match being over) in words."""
    _result, states = verify(replay)
    spec = get_game(replay.game)
    last = render_with_names(replay.players, spec.describe, spec.engine.reveal_all(states[-1]), words_locale) \
        if spec.describe is not None else ""
    intro = i18n.t("alt.replay", words_locale, game=i18n.t(f"games.{replay.game}", words_locale))
    return animate(render_frames(replay, states, locale)), fit(f"{intro} {last}".strip())


async def setup(bot) -> None:
    await bot.add_cog(Players(bot))
