"""The match thread: open it, post a handover, edit the live message, finish with the result.

The thread is the public face of a match and an outbox of the store: what it shows is kept as
``posted_version`` (and the live message, its key and lines) in the match row, so ``sync_thread`` can
always post exactly what the stored decisions add, after a click, a restart or another process's decision.

Rules kept here:
* public posts only ever carry ``view(state, None)`` images and audience-free events;
* a new message only at a handover (the seats to act in public change) or the end; the same player's
  further steps edit the live message, at most once per ``edit_every`` seconds: steps made sooner stay in
  the outbox and are said by the next edit (a timer) or the next post, whichever comes first (Discord's
  global budget, issue 30: a quick chain of steps costs no call until it ends); while only secret
  decisions are open the thread stays still;
* every post has a nonce (bot/ui/nonces.py), so a post retried after a crash is posted once;
* one match's thread and panels are updated one at a time (``match_lock``).

The thread never imports the private panels: the spent panels of a finished match are closed through the
``close_panels`` callable it is given (``Panels.close_spent``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable

import discord

from bot import i18n, ratings
from bot.engine import handover_versions, public_decisions, thread_key
from bot.games import get_game
from bot.match import CLAIM, DRAW, RESIGN, Applied
from bot.render.names import SHOWN_TO_ALL
from bot.store import MatchRow
from bot.tournaments.league import league_of
from bot.tournaments.text import league_game_line
from bot.ui.components import (
    board_button,
    hand_button,
    result_view,
    rules_button,
    undo_button,
    view_of,
    view_with,
)
from bot.ui.host import TableBot
from bot.ui.members import Members
from bot.ui.nonces import match_nonce
from bot.ui.panel import Names, format_args
from bot.ui.pictures import render_match

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # Discord's limit on a message's content
PING_ROOM = 200  # kept free in a message's last part for the ping line post_board adds
LIVE_LOG_RAW = 400  # raw lines one live message folds at most; past that the story goes on in a new message

LogLine = str | dict  # a line's text, or {"t": text, "k": its fold key, "a": the arguments it was said with}
ClosePanels = Callable[[MatchRow, Names, int | None], Awaitable[None]]


@dataclasses.dataclass(frozen=True)
class MadeBeforeACrash:
    """What a process killed between sending a match's result and recording it had posted of it."""

    result: discord.Message | None = None  # the result post
    hands: bool = False  # the final hands' post after it


def thread_of(bot: TableBot, match: MatchRow) -> discord.abc.Messageable | None:
    """The match's thread to post in (a partial messageable: no fetch), or None before it is opened."""
    if match.thread_id is None:
        return None
    return bot.get_channel(match.thread_id) or bot.get_partial_messageable(match.thread_id)


def held_in_dms(match: MatchRow) -> bool:
    """A lesson held in the learner's DMs (no private thread could be made, ``open_lesson``): its "thread" is
    the DM channel the learner's panels go to, which the seat's panel record names once the first panel is
    sent (right after the thread opens)."""
    return match.thread_id is not None and any((record or {}).get("c") == match.thread_id
                                               for record in match.dm_panels.values())


def thread_url(match: MatchRow) -> str:
    """The match's thread as a link; a DM channel's link has no server (``@me``)."""
    place = "@me" if held_in_dms(match) else match.guild_id
    return f"https://discord.com/channels/{place}/{match.thread_id}"


async def post_dm_closed(thread: discord.abc.Messageable, match: MatchRow, seats: list[int],
                         nonce: str | None = None) -> None:
    """Tell seats whose DMs are closed (pinged) that their panel is behind the thread's My hand button
    (``nonce``: the opening's, posted once if a crash makes the catch-up find the DMs closed again)."""
    players = " ".join(f"<@{match.players[s]}>" for s in seats)
    extra = {"nonce": nonce} if nonce else {}
    await thread.send(i18n.t("match.dm_closed", match.locale, players=players), view=view_of(hand_button(match)),
                      allowed_mentions=discord.AllowedMentions(users=[discord.Object(match.players[s])
                                                                      for s in seats]), **extra)


def posted(match: MatchRow, live_message_id: int | None, live_key: str | None, live_log: list) -> MatchRow:
    """The match after ``Store.mark_posted`` wrote these, without reading it back."""
    return dataclasses.replace(match, posted_version=match.version, live_message_id=live_message_id,
                               live_key=live_key, live_log=live_log)


def fit_message(text: str) -> str:
    """Discord's 2,000 characters for one part ``packed`` made: only a single line longer than a whole
    message is ever cut (its end kept)."""
    if len(text) <= MESSAGE_LIMIT:
        return text
    return "…" + text[-(MESSAGE_LIMIT - 1):]


def packed(lines: list[str], room: int = 0) -> list[str]:
    """Lines as the contents of consecutive messages of at most Discord's 2,000 characters, every line
    kept whole and in order, so that a long post goes on in the next message instead of losing its
    oldest lines. The last part (the one with the board) keeps ``room`` characters free for the ping."""
    parts: list[list[str]] = [[]]
    free = MESSAGE_LIMIT - room
    for line in reversed(lines):  # from the newest: the board's message holds the latest lines
        cost = len(line) + (1 if parts[-1] else 0)
        if parts[-1] and cost > free:
            parts.append([])
            free = MESSAGE_LIMIT
            cost = len(line)
        parts[-1].append(line)
        free -= cost
    return ["\n".join(reversed(part)) for part in reversed(parts)]


def public_lines(game, rows, locale: str, names: Names) -> list[LogLine]:
    """Public lines of stored decisions, in order; platform moves (resign, claim) say nothing here
    (the result line does). A line whose event has a fold text (``<event key>_folded``) keeps its key
    and arguments, so that repeats can be said once ("Alice placed 3 cards face down")."""
    lines: list[LogLine] = []
    for _version, _seat, choice, events in rows:
        if choice[:1] in ([RESIGN], [CLAIM], [DRAW]):
            continue
        for key, args, audience in events:
            if audience is None and not key.endswith(END_EVENTS):
                try:
                    said = format_args(game, dict(args), locale, names)
                    line = i18n.t(key, locale, **said)
                except (KeyError, IndexError, ValueError):
                    # An event stored by an older engine whose text wants other arguments: skip the
                    # line rather than lose the whole post.
                    log.warning("event %s of %s no longer formats with %s", key, game.game_id, sorted(args))
                    continue
                if line and i18n.has(f"{key}_folded"):
                    lines.append({"t": line, "k": f"{key}_folded", "a": {
                        name: value if isinstance(value, int | float | str) else str(value)
                        for name, value in said.items()}})
                elif line:
                    lines.append(line)
    return lines


def folded(lines: list[LogLine], locale: str = "en") -> list[str]:
    """One post's lines with repeats folded: a line said more than once (hidden-step noise such as
    "Alice placed a card face down") is shown once, where it first happened: in its event's fold text
    with ``{times}`` (and ``{total}``: times its ``count``) where it has one ("Alice placed 3 cards face
    down", "Bob drew 3 cards"), else with a count ("… ×3")."""
    counts: dict[str, int] = {}
    folds: dict[str, dict] = {}
    order: list[str] = []
    for line in lines:
        text = line["t"] if isinstance(line, dict) else line
        if text not in counts:
            order.append(text)
        counts[text] = counts.get(text, 0) + 1
        if isinstance(line, dict):
            folds.setdefault(text, line)
    shown = []
    for text in order:
        times, fold = counts[text], folds.get(text)
        if times > 1 and fold is not None:
            count = fold["a"].get("count")
            total = times * count if isinstance(count, int) else times
            try:
                shown.append(i18n.t(fold["k"], locale, **(fold["a"] | {"times": times, "total": total})))
                continue
            except (KeyError, IndexError, ValueError):
                log.warning("fold text %s does not format", fold["k"])
        shown.append(text if times == 1 else f"{text} ×{times}")
    return shown


END_EVENTS = (".event.game_over", ".event.game_draw")  # a game's own end line: the result line says it


def result_line(match: MatchRow, names: Names) -> str:
    """Who won, how, and the score or life, in words: "🏆 Bob wins on points, 41–33." From the game's
    ``<game>.result.<reason>`` (else the platform's ``result.<reason>``) with ``winner``, ``loser`` and the
    figures of the engine's outcome (``score``: the winner's first, ``winner_n``, ``loser_n``); a result
    without words of its own falls back to the reason ("🏆 Bob wins (…)")."""
    reason = match.result_reason or ""
    outcome = get_game(match.game).engine.outcome(match.state)
    args = dict(outcome.args) if outcome is not None and outcome.reason == reason else {}
    figures = args.get("life") or args.get("grave") or (
        [args["points0"], args["points1"]] if "points0" in args else None)
    if match.winner is None:
        key = next((k for k in (f"{match.game}.result.draw_{reason}", f"result.draw_{reason}") if i18n.has(k)), None)
        if key is None:
            return i18n.t("match.draw", match.locale, reason=outcome_reason(match.game, reason, match.locale))
        return i18n.t(key, match.locale, score="–".join(str(n) for n in figures or ()),
                      p0=names.seats[0], p1=names.seats[1])
    winner, loser = match.winner, 1 - match.winner
    key = next((k for k in (f"{match.game}.result.{reason}", f"result.{reason}") if i18n.has(k)), None)
    if key is None or ("{score}" in i18n.catalogue(match.locale).get(key, "") and figures is None):
        return i18n.t("match.winner", match.locale, winner=f"<@{match.players[winner]}>",
                      reason=outcome_reason(match.game, reason, match.locale))
    said = {"winner": f"<@{match.players[winner]}>", "loser": names.seats[loser]}
    if figures is not None:
        said |= {"score": f"{figures[winner]}–{figures[loser]}", "winner_n": figures[winner],
                 "loser_n": figures[loser]}
    return "🏆 " + i18n.t(key, match.locale, **said)


def outcome_reason(game_id: str, reason: str, locale: str) -> str:
    """A game's own wording of how it ended (``wars.outcome.life``), else the platform's (``outcome.resign``)."""
    for key in (f"{game_id}.outcome.{reason}", f"outcome.{reason}"):
        if i18n.has(key):
            return i18n.t(key, locale)
    return reason


def board_view(match: MatchRow, final: bool = False) -> dict:
    game = get_game(match.game)
    return game.engine.reveal_all(match.state) if final else game.engine.view(match.state, None)


def ping_line(match: MatchRow, seats: list[int]) -> str:
    return i18n.t("match.your_move", match.locale, players=" ".join(f"<@{match.players[s]}>" for s in seats))


class MatchThreads:
    """Every match's thread, and the per-match lock its updates (and its panels') run under."""

    def __init__(self, bot: TableBot, members: Members, close_panels: ClosePanels, edit_every: float = 0.0) -> None:
        self.bot = bot
        self.members = members
        self.close_panels = close_panels
        self.edit_every = edit_every
        self._match_locks: dict[int, asyncio.Lock] = {}
        self._shown_at: dict[int, float] = {}  # match -> when its live message was last posted or edited
        self._flushes: dict[int, asyncio.TimerHandle] = {}  # match -> the edit that will say its held steps
        self._flushing: set[asyncio.Task] = set()

    def match_lock(self, match_id: int) -> asyncio.Lock:
        """Thread and panel updates of one match run one at a time (two secret answers can land together)."""
        lock = self._match_locks.get(match_id)
        if lock is None:
            lock = self._match_locks[match_id] = asyncio.Lock()
        return lock

    async def open(self, match: MatchRow, message_id: int | None,
                   reopened: bool = False) -> tuple[discord.abc.Messageable, MatchRow, Names]:
        """The thread (from the challenge message when there is one) and its first board with the intro.
        Returns the thread, the match as stored with it, and the players' names. ``reopened``: start-up's
        catch-up of a match a dead process left being opened (``MatchRow.opening``): its thread may exist,
        recorded or not, and its opening post may have been sent, recorded or not; each is made once."""
        recorded = match.thread_id is not None
        if recorded:
            thread = thread_of(self.bot, match)
        else:
            thread = await self.make_thread(match, message_id, reopened)
            # The opening post's nonce is remembered with the thread: a kill before the post is recorded
            # leaves it in ``posting``, and the catch-up looks for that post before making it.
            await self.bot.store.set_thread(match.id, thread.id, self.post_nonce(match, "o"))
            match = await self.bot.store.get_match(match.id)
        names = await self.members.names(match)
        if match.live_message_id is None:
            unrecorded = None
            if reopened and recorded and match.posting == self.post_nonce(match, "o"):
                unrecorded = await self.unrecorded_post(match)
            await self.post_opening(match, names, unrecorded)
            match = await self.bot.store.get_match(match.id)
        return thread, match, names

    async def make_thread(self, match: MatchRow, message_id: int | None, reopened: bool) -> discord.abc.Messageable:
        """A new match's thread, or (``reopened``) the one a process killed before recording it made."""
        channel = self.bot.get_channel(match.channel_id) or await self.bot.fetch_channel(match.channel_id)
        title = i18n.t("match.thread_name", match.locale, game=i18n.t(f"games.{match.game}", match.locale),
                       match_id=match.id)
        thread = await self.made_before_a_crash(channel, title) if reopened else None
        if thread is None and match.kind == "lesson":
            thread = await self.open_lesson(channel, title, match)
        elif thread is None and message_id is not None:
            thread = await channel.get_partial_message(message_id).create_thread(
                name=title[:100], auto_archive_duration=10080)
        elif thread is None:
            thread = await channel.create_thread(name=title[:100], type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        return thread

    async def post_opening(self, match: MatchRow, names: Names, unrecorded: discord.Message | None) -> None:
        """The thread's first post: who plays what, the board and the ping (``unrecorded``: this post, made
        before a crash kept it from being recorded, brought up to date instead). Decisions stored before it
        (a panel from a reminder, a kill before this post) are said under the intro."""
        game = get_game(match.game)
        intro = i18n.t("lesson.started" if match.kind == "lesson" else "match.started", match.locale,
                       game=i18n.t(f"games.{match.game}", match.locale), p0=f"<@{match.players[0]}>",
                       p1=f"<@{match.players[1]}>", days=match.days)
        if match.bot_seat is None:
            intro += "\n" + i18n.t("players.rated" if match.rated else "players.unrated", match.locale)
        if (league_id := league_of(match.options)) is not None:
            intro += "\n" + league_game_line(league_id, match.locale)
        series = await ratings.series_line(self.bot.store, match, names.seats, match.locale)
        if series:
            intro += "\n" + series
        async with self.match_lock(match.id):
            lines = public_lines(game, await self.bot.store.unposted(match.id, match.posted_version), match.locale,
                                 names) if match.posted_version < match.version else []
            pending = game.engine.pending(match.state)
            message = await self.post_board(
                match, names, "\n".join([intro, *folded(lines, match.locale)]), public_decisions(pending), ping=True,
                view=view_with(hand_button(match), undo_button(match), board_button(match),
                               rules_button(match.game, match.locale)),
                nonce=self.post_nonce(match, "o"), unrecorded=unrecorded)
            await self.bot.store.mark_posted(match.id, match.version, message.id if message else None,
                                             thread_key(pending), [intro, *lines])
            self._shown_at[match.id] = self.bot.clock()

    async def made_before_a_crash(self, channel, title: str) -> discord.Thread | None:
        """The match's thread made by a process killed before it recorded it (``set_thread``): Discord has no
        nonce for a thread, so it is found by its name (which holds the match's number) among the bot's
        active threads of the channel, rather than made a second time."""
        guild = getattr(channel, "guild", None)
        if guild is None:
            return None
        try:
            threads = await guild.active_threads()
        except discord.HTTPException as error:
            log.info("active threads of guild %s not read: %s", guild.id, error)
            return None
        return next((thread for thread in threads if thread.parent_id == channel.id
                     and thread.owner_id == self.bot.user.id and thread.name == title[:100]), None)

    async def open_lesson(self, channel, title: str, match: MatchRow) -> discord.abc.Messageable:
        """A lesson's own place: a private thread (type 12) with the learner added, or, where the bot may not
        make one (no Create Private Threads, a channel without threads), the learner's DMs."""
        learner = match.players[1 - match.bot_seat] if match.bot_seat is not None else match.players[0]
        try:
            thread = await channel.create_thread(name=title[:100], type=discord.ChannelType.private_thread,
                                                 invitable=False, auto_archive_duration=10080)
            await thread.add_user(discord.Object(learner))
            return thread
        except (discord.HTTPException, AttributeError, TypeError) as error:  # no threads in that channel
            log.info("lesson %s: no private thread (%s), the learner's DMs instead", match.id, error)
            return await self.bot.create_dm(discord.Object(learner))

    async def post_board(self, match: MatchRow, names: Names, text: str, pending, ping: bool,
                         final: bool = False, view: discord.ui.View | None = None,
                         nonce: str | None = None, notify: bool = True,
                         unrecorded: discord.Message | None = None) -> discord.Message | None:
        """Post the board with ``text`` (its lines then the ping); text longer than one message goes first
        in plain messages of its own (each with a nonce derived from ``nonce``), so no line is cut.
        ``notify``: False names whose move it is without a notification (the story going on in a new
        message while the same player acts). ``unrecorded``: this very post, made before a crash kept it
        from being recorded: brought up to date instead of posted again."""
        thread = thread_of(self.bot, match)
        if thread is None:
            return None
        *earlier, text = packed(text.split("\n"), room=PING_ROOM if ping else 0) if text else [text]
        for part, chunk in enumerate(earlier, start=1):
            extra = {"nonce": match_nonce("b", self.bot.http.token or "", match.id, 0, part, nonce)} if nonce else {}
            await thread.send(fit_message(chunk), allowed_mentions=discord.AllowedMentions.none(), **extra)
        game = get_game(match.game)
        image = await render_match(names, "board.png", game.render_board, board_view(match, final), match.locale,
                                   describe=game.describe)
        humans = [d.seat for d in pending if d.seat != match.bot_seat]
        if ping and humans and not final:
            text = f"{text}\n{ping_line(match, humans)}".strip()
        if ping and humans:  # /notify dm: named, not pinged (the DM panel is their notification)
            prefs = await self.bot.store.notify_prefs(tuple(match.players[s] for s in humans))
            humans = [s for s in humans if prefs[match.players[s]]["notify"] != "dm"]
        mentions = discord.AllowedMentions(users=[discord.Object(match.players[s]) for s in humans]
                                           if ping and notify else False, roles=False, everyone=False)
        view = view if final or view else view_of(hand_button(match), undo_button(match), board_button(match))
        if not final and (url := self.bot.web_url(match, None)):  # the live page (bot/web), when served
            view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=url,
                                            label=i18n.t("web.watch_live", match.locale)))
        extra = {"nonce": nonce} if nonce else {}
        content = fit_message(text)
        if unrecorded is not None:
            return await unrecorded.edit(content=content, attachments=[image], view=view, allowed_mentions=mentions)
        message = await thread.send(content, file=image, view=view, allowed_mentions=mentions, **extra)
        if nonce and message is not None and (message.content != content or [a.size for a in message.attachments]
                                              != [image.fp.getbuffer().nbytes]):
            # Discord returned the post a crash left unrecorded (same nonce), made before more decisions
            # arrived: bring it up to date instead of posting a second one.
            image.reset()
            message = await message.edit(content=content, attachments=[image], view=view,
                                         allowed_mentions=mentions)
        return message

    def post_nonce(self, match: MatchRow, where: str) -> str:
        """A thread post's nonce, keyed by the version the thread showed before it (not the match's own, which
        moves on if decisions arrive while this process is down): re-posted after a crash between posting
        and ``mark_posted`` (the restart's catch-up), Discord returns the first message, not a second."""
        return match_nonce("b", self.bot.http.token or "", match.id, match.posted_version, 0, where)

    async def sync_thread(self, match_id: int, names: Names | None = None,
                          applied: Applied | None = None, answered: int | None = None) -> MatchRow | None:
        """Post (or edit) what the thread does not show yet, from the stored decisions: the outbox.
        Returns the match as it leaves it (what the store holds now, as far as this match's lock goes).

        Call under ``match_lock``. While only secret decisions are open (simultaneous hidden choices, a
        counter or instant window offered to one player) the thread stays still, so nothing public shows
        that a window was offered or declined; what happened is posted once a public decision is due.
        ``applied``: the decision just made, whose events need not be read back when it is the only one
        the thread has not shown. ``answered``: the seat whose DM panel its click's answer already updated.
        """
        store = self.bot.store
        if applied is not None and applied.after.id == match_id and not applied.finished:
            match = await store.refresh_match(applied.after)
        else:
            match = await store.get_match(match_id)
        if match is None or match.thread_id is None or match.posted_version >= match.version:
            return match
        game = get_game(match.game)
        pending = game.engine.pending(match.state) if match.status == "active" else []
        public = public_decisions(pending)
        key = thread_key(pending)
        if match.status == "active" and key is None:
            return match
        names = names or await self.members.names(match)
        if applied is not None and applied.after.version == match.version == match.posted_version + 1:
            rows = [(match.version, applied.seat, list(applied.choice),
                     [[event.key, event.args, event.audience] for event in applied.events])]
            keys = [(match.version, key)]
        else:
            keyed = await store.unposted_with_keys(match.id, match.posted_version)
            rows = [row[:4] for row in keyed]
            keys = [(row[0], row[4]) for row in keyed[:-1]] + [(match.version, key)]
        lines = public_lines(game, rows, match.locale, names)
        if match.status != "active":
            nonce = self.post_nonce(match, "f")
            made = MadeBeforeACrash()
            if match.posting == nonce:
                # The result was being posted when the process died: the result post and the final hands may
                # exist, unrecorded, and Discord answers their nonces with them only for a few minutes.
                made = await self.unrecorded_result(match)
            else:
                await store.set_posting(match.id, nonce)
            await self.finish(match, folded(lines, match.locale), names, answered, made)
            await store.mark_posted(match.id, match.version, None, None, [])
            self._match_locks.pop(match.id, None)  # held by the caller until it returns; nothing waits after
            self._shown_at.pop(match.id, None)
            return posted(match, None, None, [])
        # A handover is a new message with its ping, also one the thread fell behind on and that a later
        # decision undid (a kill between a post and its record; the thread's shard lagging the process that
        # takes DM clicks): the live message's player acted meanwhile, so editing would ping nobody.
        handovers = handover_versions(match.live_key, keys)
        handover = handovers[-1] if handovers else None
        if handover is not None or match.live_message_id is None:
            return await self.post_handover(match, names, lines, public, key, handover)
        # The same player acts on (or a simultaneous choice fills in): edit the live message.
        live_log = match.live_log + lines
        if lines:  # a step with nothing public to say (a hidden choice) leaves the message as it is
            humans = [d.seat for d in public if d.seat != match.bot_seat]
            shown = folded(live_log, match.locale)
            text = "\n".join(shown + ([ping_line(match, humans)] if humans else []))
            if len(text) > MESSAGE_LIMIT or len(live_log) > LIVE_LOG_RAW:
                # An edit never drops a line a member has seen: the live message keeps what it shows and
                # the story goes on in a new one (no second notification: the same player still acts).
                return await self.post_handover(match, names, lines, public, key, None, notify=False)
            wait = self._shown_at.get(match.id, float("-inf")) + self.edit_every - self.bot.clock()
            if wait > 0:
                # Held: these steps stay unposted (the store is the outbox, so a restart says them too)
                # until the timer's edit or the next post, which reads them back with what follows.
                self.flush_later(match.id, wait)
                return match
            image = await render_match(names, "board.png", game.render_board, board_view(match), match.locale,
                                       describe=game.describe)
            thread = thread_of(self.bot, match)
            try:
                await thread.get_partial_message(match.live_message_id).edit(
                    content=fit_message(text), attachments=[image], allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:
                log.info("live message of match %s not editable (%s): posting anew", match.id, error)
                return await self.post_handover(match, names, lines, public, key, None)
            self._shown_at[match.id] = self.bot.clock()
        await store.mark_posted(match.id, match.version, match.live_message_id, key, live_log)
        return posted(match, match.live_message_id, key, live_log)

    async def post_handover(self, match: MatchRow, names: Names, lines: list[str], public, key: str,
                            handover: int | None, notify: bool = True) -> MatchRow:
        """A new thread message (board, the lines since the last one, the ping); it becomes the live one.
        ``handover``: the version of the decision that handed over (its nonce: after a kill between this
        post and its record, the same handover is answered by Discord with the first post, a later one is a
        new post); None when the live message is gone or not editable (a post keyed by the shown version)."""
        nonce = (self.post_nonce(match, "n") if handover is None
                 else match_nonce("b", self.bot.http.token or "", match.id, handover, 0, "h"))
        unrecorded = None
        if match.posting == nonce:
            # This post was being sent when the process died: it may exist, unrecorded. Discord answers a
            # repeated enforced nonce with it only for a few minutes, so look for it in the thread.
            unrecorded = await self.unrecorded_post(match)
        else:
            await self.bot.store.set_posting(match.id, nonce)
        message = await self.post_board(match, names, "\n".join(folded(lines, match.locale)), public, ping=True,
                                        nonce=nonce, notify=notify, unrecorded=unrecorded)
        live_message_id = message.id if message else None
        await self.bot.store.mark_posted(match.id, match.version, live_message_id, key, lines)
        self._shown_at[match.id] = self.bot.clock()
        return posted(match, live_message_id, key, lines)

    def flush_later(self, match_id: int, delay: float) -> None:
        """In ``delay`` seconds, say the match's held steps (an edit of its live message), unless a post or
        an edit has said them by then (``sync_thread`` then finds nothing unposted)."""
        if match_id not in self._flushes:
            self._flushes[match_id] = asyncio.get_running_loop().call_later(delay, self._start_flush, match_id)

    def stop_flushes(self) -> None:
        for handle in self._flushes.values():
            handle.cancel()
        self._flushes.clear()

    def _start_flush(self, match_id: int) -> None:
        self._flushes.pop(match_id, None)
        task = asyncio.get_running_loop().create_task(self._flush(match_id))
        self._flushing.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._flushing.discard)

    async def _flush(self, match_id: int) -> None:
        with self.bot.working():
            try:
                async with self.match_lock(match_id):
                    await self.sync_thread(match_id)
            except Exception:
                log.exception("showing the held steps of match %s failed", match_id)

    async def unrecorded_post(self, match: MatchRow) -> discord.Message | None:
        """The bot's newest board post after the recorded live message: the post a crash left unrecorded."""
        thread = thread_of(self.bot, match)
        after = discord.Object(match.live_message_id) if match.live_message_id else None
        try:
            async for message in thread.history(limit=20, after=after, oldest_first=False):
                if message.author.id == self.bot.user.id and any(
                        a.filename == "board.png" for a in message.attachments):
                    return message
        except discord.HTTPException as error:
            log.info("thread of match %s not readable (%s): posting anew", match.id, error)
        return None

    async def unrecorded_result(self, match: MatchRow) -> MadeBeforeACrash:
        """The result post and final hands a process killed before recording them made, found in the thread
        after the recorded live message: the result post by its Rematch button (an unrecorded handover post
        may lie between), the final hands by their pictures after it."""
        thread = thread_of(self.bot, match)
        after = discord.Object(match.live_message_id) if match.live_message_id else None
        rematch = f"dt:rm:{match.id}"
        hands = False
        try:
            async for message in thread.history(limit=20, after=after, oldest_first=False):  # newest first
                if message.author.id != self.bot.user.id:
                    continue
                files = {attachment.filename for attachment in message.attachments}
                if "hand_1.png" in files:
                    hands = True
                elif "board.png" in files and any(getattr(item, "custom_id", None) == rematch
                                                  for row in message.components for item in getattr(row, "children", ())):
                    return MadeBeforeACrash(message, hands)
        except discord.HTTPException as error:
            log.info("thread of match %s not readable (%s): posting the result anew", match.id, error)
        return MadeBeforeACrash()

    async def finish(self, match: MatchRow, lines: list[str], names: Names, answered: int | None = None,
                     made: MadeBeforeACrash | None = None) -> None:
        """The result post (every hidden card revealed, Rematch and Replay), both final hands, then the
        seats' spent panels closed (an edit in place: done again after a crash, it shows the same).
        ``made``: what a process killed before recording the result had posted of it, kept as it is (the
        match is over: nothing it shows has changed since)."""
        made = made or MadeBeforeACrash()
        if made.result is None:
            await self.post_result(match, lines, names)
        if not made.hands:
            await self.post_final_hands(match, names)
        await self.close_panels(match, names, answered)

    async def post_result(self, match: MatchRow, lines: list[str], names: Names) -> None:
        result = result_line(match, names)
        extras = await ratings.rating_lines(self.bot.store, match, names.seats, match.locale)
        series = await ratings.series_line(self.bot.store, match, names.seats, match.locale)
        after = i18n.t("lesson_next.after", match.locale, game=i18n.t(f"games.{match.game}", match.locale)) \
            if match.kind == "lesson" else ""
        text = "\n".join(part for part in (*lines, result, *extras, series, after,
                                            i18n.t("match.revealed", match.locale)) if part)
        await self.post_board(match, names, text, [], ping=False, final=True, view=result_view(match),
                              nonce=self.post_nonce(match, "f"))

    async def post_final_hands(self, match: MatchRow, names: Names) -> None:
        """Every hidden card revealed: each seat's own panel view, now public because the match is over."""
        game = get_game(match.game)
        thread = thread_of(self.bot, match)
        if thread is None:
            return
        files = [await render_match(names, f"hand_{seat + 1}.png", game.render_hand,
                                    {**game.engine.view(match.state, seat), SHOWN_TO_ALL: True}, match.locale,
                                    describe=game.describe) for seat in (0, 1)]
        await thread.send(i18n.t("match.final_hands", match.locale, p0=names.seats[0], p1=names.seats[1]),
                          files=files, allowed_mentions=discord.AllowedMentions.none(),
                          nonce=self.post_nonce(match, "x"))
