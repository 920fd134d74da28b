"""Discord glue: turns clicks into service calls and service results into posts, pings and panels.

Rules kept here for every game:
* every interaction is answered or deferred before any slow work (render, REST); a click on a match's
  controls is answered by its result when that is ready within ANSWER_WITHIN s of the click, else deferred then;
* errors are private, localized, one line, and change nothing;
* public posts only ever carry ``view(state, None)`` images and audience-free events;
* each seat's private panel goes to its DM, or, if DMs are closed (403/50007), is fetched as an
  ephemeral message from the thread's "My hand" button.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import logging
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n, logs, memory, metrics, ratings
from bot.ai import worker as botworker
from bot.engine import EngineError, StaleState, decision_for, handover_versions, public_decisions, thread_key
from bot.games import get_game
from bot.match import CLAIM, RESIGN, THINK_POOL, Applied, owing_seats
from bot.render.names import render_with_names
from bot.render.toolkit import render_off_loop, start_render_pool
from bot.store import OPEN_OPPONENT, ChallengeRow, MatchRow
from bot.ui.components import (
    ChallengeButton,
    HandButton,
    RematchButton,
    ReplayButton,
    UndoButton,
    button,
    deck_select,
    view_of,
)
from bot.ui.panel import Names, build_panel, format_args, message_name
from bot.ui.timekeeper import TimekeeperMixin, match_nonce

if TYPE_CHECKING:
    from bot.client import DuelTable

log = logging.getLogger(__name__)
DM_CLOSED = 50007


PUBLISHING = 16
MEMBER_TTL = 300.0
MEMBERS_KEPT = 40000  # names and locales remembered (a few MB); then the cache starts over
DM_CHANNELS_KEPT = 20000  # members whose DM channel id is remembered (~2 MB); then the map starts over
LIVE_LOG_LINES = 14  # the live message shows its last lines; the full story is the decision log
LIVE_LOG_RAW = 200  # raw lines kept to fold repeats across the edits of one live message


def view_hash(view: dict) -> str:
    return hashlib.blake2b(json.dumps(view, sort_keys=True, default=str).encode(), digest_size=12).hexdigest()


def posted(match: MatchRow, live_message_id: int | None, live_key: str | None, live_log: list) -> MatchRow:
    """The match after ``Store.mark_posted`` wrote these, without reading it back."""
    return dataclasses.replace(match, posted_version=match.version, live_message_id=live_message_id,
                               live_key=live_key, live_log=live_log)


def fit_message(text: str) -> str:
    """Discord's 2,000 characters: keep the end (the newest lines and the ping), cut the oldest."""
    if len(text) <= 2000:
        return text
    return "…" + text[-1999:]


LogLine = str | dict  # a line's text, or {"t": text, "k": its fold key, "a": the arguments it was said with}


def public_lines(game, rows, locale: str, names: Names) -> list[LogLine]:
    """Public lines of stored decisions, in order; platform moves (resign, claim) say nothing here
    (the result line does). A line whose event has a fold text (``<event key>_folded``) keeps its key
    and arguments, so that repeats can be said once ("Alice placed 3 cards face down")."""
    lines: list[LogLine] = []
    for _version, _seat, choice, events in rows:
        if choice[:1] in ([RESIGN], [CLAIM]):
            continue
        for key, args, audience in events:
            if audience is None:
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


def outcome_reason(game_id: str, reason: str, locale: str) -> str:
    """A game's own wording of how it ended (``wars.outcome.life``), else the platform's (``outcome.resign``)."""
    for key in (f"{game_id}.outcome.{reason}", f"outcome.{reason}"):
        if i18n.has(key):
            return i18n.t(key, locale)
    return reason


# s after Discord created a click: unanswered by then, it is deferred (Discord drops an answer after 3 s). Counted
# from the click's snowflake, so a click that reached a busy bot late is deferred at once; never later than this
# after the handler starts, whatever the clocks say.
ANSWER_WITHIN = 0.5


class ClickAnswer:
    """The one answer to a click on a match's controls. Discord's interaction response can carry the
    result itself (the clicked message updated, type 7): one REST call instead of a deferral and an edit
    of the original. The result is sent as the response when it is ready within ``ANSWER_WITHIN`` s of
    the click; otherwise the click is deferred then (so the 3 s limit holds under load) and the result
    comes as an edit of the original message."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.lock = asyncio.Lock()  # the timer's deferral and the result never race for the response
        self.sleeping = True
        age = time.time() - interaction.created_at.timestamp()
        self.timer = asyncio.create_task(self._defer_later(min(ANSWER_WITHIN, max(0.0, ANSWER_WITHIN - age))),
                                         name="dueltable-click-deferral")

    async def _defer_later(self, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
        except asyncio.CancelledError:
            return
        self.sleeping = False
        await self.defer()

    def _stop_timer(self) -> None:
        if self.sleeping:  # never cancel a deferral already on its way
            self.sleeping = False
            self.timer.cancel()

    async def defer(self) -> None:
        """Deferred now (an answer to come by followup or by editing the original)."""
        self._stop_timer()
        async with self.lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.defer()

    async def update(self, **fields: Any) -> None:
        """The clicked message shows ``fields``: as the response, or, once deferred, as an edit of it."""
        self._stop_timer()
        async with self.lock:
            if self.interaction.response.is_done():
                await self.interaction.edit_original_response(**fields)
            else:
                await self.interaction.response.edit_message(**fields)


class MemberCache:
    """Members' names and locales as this process last wrote or read them: a click, each panel and each
    picture read them from the database once per decision, several times (the bench counts database
    calls). An entry is trusted for ``MEMBER_TTL`` s, so what another process stored (a member who
    clicked there with a new name or language) shows here within that time."""

    def __init__(self, clock) -> None:
        self.clock = clock
        self.entries: dict[tuple[str, int], tuple[Any, float]] = {}

    def get(self, kind: str, user_id: int) -> tuple[Any] | None:
        """``(value,)`` if known and fresh (the value may be None: a member never seen), else None."""
        entry = self.entries.get((kind, user_id))
        if entry is None or self.clock() - entry[1] > MEMBER_TTL:
            return None
        return (entry[0],)

    def put(self, kind: str, user_id: int, value: Any) -> None:
        if len(self.entries) >= MEMBERS_KEPT:
            self.entries.clear()
        self.entries[(kind, user_id)] = (value, self.clock())


class Glue(TimekeeperMixin):
    def __init__(self, bot: DuelTable) -> None:
        self.bot = bot
        self.busy = 0  # handlers in flight; see working()
        self._match_locks: dict[int, asyncio.Lock] = {}
        self._dm_channels: dict[int, int] = {}  # member -> DM channel id (see dm_channel)
        self._bot_locks: dict[int, asyncio.Lock] = {}  # bot matches whose bot player is thinking
        self.members = MemberCache(time.monotonic)
        # Publishes in flight at once: each holds its pictures (and their upload bodies) until sent, so a
        # burst of clicks queues here instead of holding hundreds of pictures (the bench's 200 matches).
        self.publishing = asyncio.Semaphore(PUBLISHING)
        self._publishing_later: set[asyncio.Task] = set()  # see publish_later

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        """Mark a handler in flight (the demo and tests wait for ``busy == 0`` to step deterministically);
        meanwhile the bot player's search steps aside (bot/ai/worker.py)."""
        self.busy += 1
        try:
            with botworker.member_in_flight():
                yield
        finally:
            self.busy -= 1

    @property
    def store(self):
        return self.bot.store

    @property
    def service(self):
        return self.bot.service

    # ---- small helpers -----------------------------------------------------------------------

    async def user_locale(self, interaction: discord.Interaction) -> str:
        locale = i18n.normalize_locale(interaction.locale)
        user_id, name = interaction.user.id, interaction.user.display_name
        if self.members.get("locale", user_id) != (locale,) or self.members.get("name", user_id) != (name,):
            await self.store.remember_user(user_id, locale, name, self.bot.clock())
            self.members.put("locale", user_id, locale)
            self.members.put("name", user_id, name)
        return locale

    async def stored_locale(self, user_id: int, fallback: str) -> str:
        known = self.members.get("locale", user_id)
        if known is None:
            known = (await self.store.user_locale(user_id),)
            self.members.put("locale", user_id, known[0])
        return known[0] or fallback

    async def names(self, match: MatchRow) -> Names:
        """Names as the players last showed themselves to the bot (stored: no members intent needed)."""
        known = {user_id: found[0] for user_id in match.players
                 if (found := self.members.get("name", user_id)) is not None}
        missing = tuple(user_id for user_id in match.players if user_id not in known)
        if missing:
            read = await self.store.user_names(missing)
            for user_id in missing:
                known[user_id] = read.get(user_id)
                self.members.put("name", user_id, known[user_id])
        names = []
        for seat, user_id in enumerate(match.players):
            if seat == match.bot_seat and self.bot.user is not None:
                names.append(self.bot.user.display_name)
            else:
                names.append(known.get(user_id) or i18n.t(f"common.seat{seat}", match.locale))
        # A name of nothing but control characters says the seat instead of nothing.
        return Names(seats=tuple(message_name(name) or i18n.t(f"common.seat{seat}", match.locale)
                                 for seat, name in enumerate(names)), drawn=(names[0], names[1]))

    async def tell(self, interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """A private one-line answer, whether or not the interaction was already deferred; every reply
        is cut to Discord's 2,000 characters here, in one place."""
        text = text if len(text) <= 2000 else text[:1999] + "…"
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)

    async def tell_error(self, interaction: discord.Interaction, error: EngineError, locale: str) -> None:
        key = f"errors.{error.code}"
        metrics.error(f"refused:{error.code}")
        text = i18n.t(key, locale, **error.args_map) if i18n.has(key) else i18n.t("errors.engine_error", locale)
        await self.tell(interaction, text)

    def thread(self, match: MatchRow) -> discord.abc.Messageable | None:
        if match.thread_id is None:
            return None
        return self.bot.get_channel(match.thread_id) or self.bot.get_partial_messageable(match.thread_id)

    async def render(self, filename: str, function, *args) -> discord.File:
        return memory.upload(await render_off_loop(function, *args), filename)

    async def render_match(self, names: Names, filename: str, function, *args) -> discord.File:
        """A match picture with the players' display names (and seat markers) where a game says "Player 1"."""
        return await self.render(filename, render_with_names, names.literal, function, *args)

    # ---- challenges -------------------------------------------------------------------------

    async def on_challenge(self, interaction: discord.Interaction, *, values: list[str], action: str,
                           challenge_id: str) -> None:
        locale = await self.user_locale(interaction)
        challenge = await self.store.get_challenge(int(challenge_id))
        if challenge is None or challenge.status != "open":
            await self.tell(interaction, i18n.t("challenge.closed", locale))
            return
        user_id = interaction.user.id
        is_open = challenge.opponent_id == OPEN_OPPONENT
        if is_open and action != "cancel":  # an open challenge: anyone but the challenger may take it
            if user_id == challenge.challenger_id or action == "decline":
                await self.tell(interaction, i18n.t("players.open.not_yourself" if action == "accept"
                                                    else "players.open.no_decline", locale))
                return
        else:
            allowed = challenge.challenger_id if action == "cancel" else challenge.opponent_id
            if user_id != allowed:
                key = "challenge.not_yours_cancel" if action == "cancel" else "challenge.not_yours"
                await self.tell(interaction, i18n.t(key, locale))
                return
        if action in ("decline", "cancel"):
            status = "declined" if action == "decline" else "cancelled"
            if not await self.store.close_challenge(challenge.id, status):
                await self.tell(interaction, i18n.t("challenge.closed", locale))
                return
            key = "players.open.cancelled" if is_open else f"challenge.{status}"
            text = i18n.t(key, challenge.locale, challenger=f"<@{challenge.challenger_id}>",
                          opponent=f"<@{challenge.opponent_id}>")
            await interaction.response.edit_message(content=text, view=None,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.response.defer()
        if await self.refuse_over_limit(interaction, challenge, locale):
            return
        if get_game(challenge.game).deck_rule is not None and challenge.rematch_of is None:
            # Deck games: the opponent picks privately; the match starts from that pick (a rematch
            # keeps the decks of the match it repeats).
            await self.offer_deck_pick(interaction, challenge, locale)
            return
        match = await self.start_challenge(challenge, dict(challenge.options), acceptor=user_id)
        if match is None:
            await self.tell(interaction, i18n.t("challenge.closed", locale))
            return
        await interaction.edit_original_response(
            content=self.accepted_text(challenge, user_id), view=None,
            allowed_mentions=discord.AllowedMentions.none())
        await self.open_match(match, challenge.message_id)

    async def refuse_over_limit(self, interaction: discord.Interaction, challenge: ChallengeRow,
                                locale: str) -> bool:
        limit = self.bot.settings.max_active_matches
        if await self.store.count_active(interaction.user.id) >= limit:
            await self.tell(interaction, i18n.t("challenge.too_many_self", locale, limit=limit))
            return True
        if await self.store.count_active(challenge.challenger_id) >= limit:
            # The challenger started other matches while this challenge waited.
            await self.tell(interaction, i18n.t("challenge.too_many_opponent", locale, limit=limit,
                                                opponent=f"<@{challenge.challenger_id}>"))
            return True
        return False

    def accepted_text(self, challenge: ChallengeRow, acceptor: int | None = None) -> str:
        opponent = challenge.opponent_id if challenge.opponent_id != OPEN_OPPONENT else acceptor
        return i18n.t("challenge.accepted", challenge.locale, challenger=f"<@{challenge.challenger_id}>",
                      opponent=f"<@{opponent}>",
                      game=i18n.t(f"games.{challenge.game}", challenge.locale))

    async def start_challenge(self, challenge: ChallengeRow, options: dict[str, str],
                              acceptor: int | None = None) -> MatchRow | None:
        opponent = challenge.opponent_id
        if opponent == OPEN_OPPONENT:  # an open challenge: whoever accepted
            opponent = acceptor
        players = (challenge.challenger_id, opponent)
        series_id = None
        if challenge.rematch_of is not None:  # a rematch: seats swapped, whoever asked first
            previous = await self.store.get_match(challenge.rematch_of)
            if previous is not None:
                players = (previous.players[1], previous.players[0])
                series_id = previous.series_id or previous.id
        return await self.service.start(
            game_id=challenge.game, options=options, seed=self.bot.new_seed(),
            guild_id=challenge.guild_id, channel_id=challenge.channel_id,
            players=players, bot_seat=None, days=challenge.days,
            locale=challenge.locale, challenge_id=challenge.id, rated=bool(challenge.rated), series_id=series_id,
        )

    async def offer_deck_pick(self, interaction: discord.Interaction, challenge: ChallengeRow, locale: str) -> None:
        """An ephemeral select of the opponent's legal decks: nobody else sees what they pick."""
        from cogs.decks import (
            pick_choices,  # the deck cog owns deck lookups; imported late (cog imports glue)
        )

        options, unusable = await pick_choices(self.bot, interaction.user.id, challenge.game, locale)
        text = i18n.t("decks.pick_prompt", locale, game=i18n.t(f"games.{challenge.game}", locale))
        if unusable:
            text += "\n" + i18n.t("decks.pick_unusable", locale, decks="; ".join(unusable[:5]))
        await self.tell(interaction, text[:2000], view=view_of(deck_select(
            challenge.id, i18n.t("decks.pick_placeholder", locale), options)))

    async def on_challenge_deck(self, interaction: discord.Interaction, *, values: list[str],
                                challenge_id: str) -> None:
        from cogs.decks import pick_deck

        locale = await self.user_locale(interaction)
        challenge = await self.store.get_challenge(int(challenge_id))
        if challenge is None or challenge.status != "open":
            await self.tell(interaction, i18n.t("challenge.closed", locale))
            return
        taker_ok = (interaction.user.id != challenge.challenger_id if challenge.opponent_id == OPEN_OPPONENT
                    else interaction.user.id == challenge.opponent_id)
        if not taker_ok:
            await self.tell(interaction, i18n.t("challenge.not_yours", locale))
            return
        deck, refusal = await pick_deck(self.bot, interaction.user.id, challenge.game, (values or [""])[0], locale)
        if deck is None:
            await self.tell(interaction, refusal)
            return
        await interaction.response.defer()
        if await self.refuse_over_limit(interaction, challenge, locale):
            return
        options = dict(challenge.options) | {"deck0": challenge.challenger_deck or "", "deck1": deck}
        match = await self.start_challenge(challenge, options, acceptor=interaction.user.id)
        if match is None:
            await self.tell(interaction, i18n.t("challenge.closed", locale))
            return
        await interaction.edit_original_response(content=i18n.t("decks.picked", locale), view=None)
        if challenge.message_id is not None:
            message = self.bot.get_partial_messageable(challenge.channel_id).get_partial_message(challenge.message_id)
            await message.edit(content=self.accepted_text(challenge, interaction.user.id), view=None,
                               allowed_mentions=discord.AllowedMentions.none())
        await self.open_match(match, challenge.message_id)

    async def on_deck_delete(self, interaction: discord.Interaction, *, values: list[str], deck_id: str) -> None:
        await self.bot.get_cog("Decks").confirm_delete(interaction, int(deck_id))

    async def open_match(self, match: MatchRow, message_id: int | None) -> MatchRow:
        """Thread from the challenge message, DM check, first board, both panels, bot's first moves."""
        channel = self.bot.get_channel(match.channel_id) or await self.bot.fetch_channel(match.channel_id)
        title = i18n.t("match.thread_name", match.locale, game=i18n.t(f"games.{match.game}", match.locale),
                       match_id=match.id)
        if message_id is not None:
            thread = await channel.get_partial_message(message_id).create_thread(
                name=title[:100], auto_archive_duration=10080)
        else:
            thread = await channel.create_thread(name=title[:100], type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        await self.store.set_thread(match.id, thread.id)
        match = await self.store.get_match(match.id)
        game = get_game(match.game)
        names = await self.names(match)
        intro = i18n.t("match.started", match.locale, game=i18n.t(f"games.{match.game}", match.locale),
                       p0=f"<@{match.players[0]}>", p1=f"<@{match.players[1]}>", days=match.days)
        if match.bot_seat is None:
            intro += "\n" + i18n.t("players.rated" if match.rated else "players.unrated", match.locale)
        series = await ratings.series_line(self.store, match, names.seats, match.locale)
        if series:
            intro += "\n" + series
        async with self.match_lock(match.id):
            pending = game.engine.pending(match.state)
            message = await self.post_board(match, names, intro, public_decisions(pending), ping=True)
            await self.store.mark_posted(match.id, match.version, message.id if message else None,
                                         thread_key(pending), [intro])
        dm_ok = []
        for seat in (0, 1):
            dm_ok.append(True if seat == match.bot_seat else await self.send_panel(match, seat, names))
        if not all(dm_ok):
            await self.store.set_dm_ok(match.id, (dm_ok[0], dm_ok[1]))
            closed = " ".join(f"<@{match.players[s]}>" for s in (0, 1) if not dm_ok[s])
            await thread.send(i18n.t("match.dm_closed", match.locale, players=closed),
                              view=view_of(self.hand_button(match)),
                              allowed_mentions=discord.AllowedMentions(
                                  users=[discord.Object(match.players[s]) for s in (0, 1) if not dm_ok[s]]))
        match = await self.store.get_match(match.id)
        await self.run_bot(match)
        return await self.store.get_match(match.id)

    def hand_button(self, match: MatchRow) -> discord.ui.Item:
        # A game without a hand (Starfall) names the private panel its own way.
        key = f"{match.game}.my_hand" if i18n.has(f"{match.game}.my_hand") else "match.my_hand"
        return button(HandButton, f"dt:h:{match.id}", i18n.t(key, match.locale), style=discord.ButtonStyle.success)

    def match_lock(self, match_id: int) -> asyncio.Lock:
        """Thread and panel updates of one match run one at a time (two secret answers can land together)."""
        lock = self._match_locks.get(match_id)
        if lock is None:
            lock = self._match_locks[match_id] = asyncio.Lock()
        return lock

    # ---- posting ------------------------------------------------------------------------------

    async def post_board(self, match: MatchRow, names: Names, text: str, pending, ping: bool,
                         final: bool = False, view: discord.ui.View | None = None,
                         nonce: str | None = None) -> discord.Message | None:
        thread = self.thread(match)
        if thread is None:
            return None
        game = get_game(match.game)
        image = await self.render_match(names, "board.png", game.render_board, self.board_view(match, final),
                                       match.locale)
        humans = [d.seat for d in pending if d.seat != match.bot_seat]
        if ping and humans and not final:
            text = f"{text}\n{self.ping_line(match, humans)}".strip()
        if ping and humans:  # /notify dm: named, not pinged (the DM panel is their notification)
            prefs = await self.store.notify_prefs(tuple(match.players[s] for s in humans))
            humans = [s for s in humans if prefs[match.players[s]]["notify"] != "dm"]
        mentions = discord.AllowedMentions(users=[discord.Object(match.players[s]) for s in humans]
                                           if ping else False, roles=False, everyone=False)
        view = view if final else view_of(self.hand_button(match), self.undo_button(match))
        extra = {"nonce": nonce} if nonce else {}
        content = fit_message(text)
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

    @staticmethod
    def board_view(match: MatchRow, final: bool = False) -> dict:
        game = get_game(match.game)
        return game.engine.reveal_all(match.state) if final else game.engine.view(match.state, None)

    @staticmethod
    def ping_line(match: MatchRow, seats: list[int]) -> str:
        return i18n.t("match.your_move", match.locale, players=" ".join(f"<@{match.players[s]}>" for s in seats))

    async def send_panel(self, match: MatchRow, seat: int, names: Names | None = None) -> bool:
        """DM the seat's panel as a new message; False if its DMs are closed (it then uses My hand)."""
        user_id = match.players[seat]
        locale = await self.stored_locale(user_id, match.locale)
        game = get_game(match.game)
        names = names or await self.names(match)
        content, seat_view, controls, _ = build_panel(game, match, seat, locale, names)
        image = await self.render_match(names, "hand.png", game.render_hand, seat_view, locale)
        if match.thread_id:
            content += "\n" + i18n.t("panel.thread_link", locale, url=self.thread_url(match))
        try:
            known = (match.dm_panels.get(str(seat)) or {}).get("c")
            channel = await self.dm_channel(user_id, known)
            message = await channel.send(content[:2000], file=image, view=controls)
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                log.warning("DM to %s refused: %s", user_id, error)
            return False
        await self.store.set_dm_panel(match.id, seat, {"c": message.channel.id, "m": message.id,
                                                       "h": view_hash(seat_view), "v": match.version})
        return True

    async def dm_channel(self, user_id: int, known: int | None = None) -> discord.abc.Messageable:
        """The member's DM channel, without asking Discord when its id is known: a DM channel's id never
        changes, so it comes from the seat's last panel or this process's map before a fetch of the user
        and an open of the channel (two REST calls per panel, measured by the bench)."""
        channel_id = known or self._dm_channels.get(user_id)
        if channel_id is None:
            channel_id = (await self.bot.create_dm(discord.Object(id=user_id))).id
        if len(self._dm_channels) >= DM_CHANNELS_KEPT:
            self._dm_channels.clear()
        self._dm_channels[user_id] = channel_id
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def edit_panel(self, match: MatchRow, seat: int, names: Names, remember: bool = True,
                         answered: int | None = None) -> bool:
        """Update the seat's DM panel message in place (a step of its own chain, or its turn ending);
        the hand image is re-sent only when what the seat sees changed. False if there is none to edit.

        ``remember=False`` for a panel that will never be edited in place again (its turn ended: the seat's
        next decision comes in a new DM; the match ended), so the store keeps its record as it was: four
        database calls fewer, and a later edit of it (the end of the match) at most renders once more.

        ``answered``: the seat whose panel the answer to its click already showed as of this decision."""
        record = match.dm_panels.get(str(seat))
        if not record:
            return False
        if answered == seat:
            return True
        kwargs, digest = await self.panel_fields(match, seat, names, record)
        message = self.bot.get_partial_messageable(record["c"], type=discord.ChannelType.private)
        try:
            await message.get_partial_message(record["m"]).edit(**kwargs)
        except discord.HTTPException as error:
            log.info("panel %s of match %s not editable (%s): sending a new one", record["m"], match.id, error)
            return False
        return await self.remember_panel(match, seat, record, digest, remember)

    async def panel_fields(self, match: MatchRow, seat: int, names: Names, record: dict) -> tuple[dict[str, Any], str]:
        """What the seat's DM panel shows now (content, controls, and the hand picture only if what the seat
        sees changed since the panel last showed it), and the digest of that view."""
        locale = await self.stored_locale(match.players[seat], match.locale)
        game = get_game(match.game)
        content, seat_view, controls, _ = build_panel(game, match, seat, locale, names)
        if match.thread_id:
            content += "\n" + i18n.t("panel.thread_link", locale, url=self.thread_url(match))
        digest = view_hash(seat_view)
        fields: dict[str, Any] = {"content": content[:2000], "view": controls}
        if digest != record.get("h"):
            fields["attachments"] = [await self.render_match(names, "hand.png", game.render_hand, seat_view, locale)]
        return fields, digest

    async def remember_panel(self, match: MatchRow, seat: int, record: dict, digest: str, remember: bool) -> bool:
        if remember:
            await self.store.set_dm_panel(match.id, seat, record | {"h": digest, "v": match.version})
        return True

    def thread_url(self, match: MatchRow) -> str:
        return f"https://discord.com/channels/{match.guild_id}/{match.thread_id}"

    async def publish(self, applied: Applied, origin: discord.Interaction | None = None,
                      answered: int | None = None) -> None:
        """After one applied decision: bring the thread up to date, then the private panels.

        A new thread message only at a handover (the seats to act in public change) or the end; the same
        player's further steps edit the live message. A new DM panel at a handover; the acting player's
        own panel is edited in place.

        ``answered``: the acting seat whose DM panel the answer to its click already brought up to date.
        """
        match = applied.after
        if not self.bot.owns_guild(match.guild_id):
            # A DM click on a match of a guild another process runs (DMs reach shard 0): that process
            # publishes it from the store (Glue.publish_stored), so one process writes each thread.
            await self.bot.wake_owner(match.id)
            return
        names = await self.names(match)
        async with self.publishing, self.match_lock(match.id):
            match = await self.sync_thread(match.id, names, applied, answered)
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
                    if origin is not None and seat == applied.seat and not self.is_dm(origin):
                        jobs.append(self.send_ephemeral_panel(origin, match, seat, names))
                    elif match.dm_ok[seat]:
                        jobs.append(self.deliver_panel(match, seat, names, in_place=seat == applied.seat,
                                                       answered=answered))
                elif seat == applied.seat and match.dm_ok[seat]:
                    # Its turn ended: no stale buttons (its next decision comes in a new DM).
                    jobs.append(self.edit_panel(match, seat, names, remember=False, answered=answered))
            await asyncio.gather(*jobs)

    async def sync_thread(self, match_id: int, names: Names | None = None,
                          applied: Applied | None = None, answered: int | None = None) -> MatchRow | None:
        """Post (or edit) what the thread does not show yet, from the stored decisions: the outbox.
        Returns the match as it leaves it (what the store holds now, as far as this match's lock goes).

        Call under ``match_lock``. While only secret decisions are open (simultaneous hidden choices, a
        counter or instant window offered to one player) the thread stays still, so nothing public shows
        that a window was offered or declined; what happened is posted once a public decision is due.
        ``applied``: the decision just made, whose events need not be read back when it is the only one
        the thread has not shown.
        """
        if applied is not None and applied.after.id == match_id and not applied.finished:
            match = await self.store.refresh_match(applied.after)
        else:
            match = await self.store.get_match(match_id)
        if match is None or match.thread_id is None or match.posted_version >= match.version:
            return match
        game = get_game(match.game)
        pending = game.engine.pending(match.state) if match.status == "active" else []
        public = public_decisions(pending)
        key = thread_key(pending)
        if match.status == "active" and key is None:
            return match
        names = names or await self.names(match)
        if applied is not None and applied.after.version == match.version == match.posted_version + 1:
            rows = [(match.version, applied.seat, list(applied.choice),
                     [[event.key, event.args, event.audience] for event in applied.events])]
            keys = [(match.version, key)]
        else:
            keyed = await self.store.unposted_with_keys(match.id, match.posted_version)
            rows = [row[:4] for row in keyed]
            keys = [(row[0], row[4]) for row in keyed[:-1]] + [(match.version, key)]
        lines = public_lines(game, rows, match.locale, names)
        if match.status != "active":
            await self.finish(match, folded(lines, match.locale), names, answered)
            await self.store.mark_posted(match.id, match.version, None, None, [])
            self._match_locks.pop(match.id, None)  # held by the caller until it returns; nothing waits after
            return posted(match, None, None, [])
        # A handover is a new message with its ping, also one the thread fell behind on and that a later
        # decision undid (a kill between a post and its record; the thread's shard lagging the process that
        # takes DM clicks): the live message's player acted meanwhile, so editing would ping nobody.
        handovers = handover_versions(match.live_key, keys)
        handover = handovers[-1] if handovers else None
        if handover is not None or match.live_message_id is None:
            return await self.post_handover(match, names, lines, public, key, handover)
        # The same player acts on (or a simultaneous choice fills in): edit the live message.
        live_log = (match.live_log + lines)[-LIVE_LOG_RAW:]
        if lines:  # a step with nothing public to say (a hidden choice) leaves the message as it is
            humans = [d.seat for d in public if d.seat != match.bot_seat]
            shown = folded(live_log, match.locale)[-LIVE_LOG_LINES:]
            text = "\n".join(shown + ([self.ping_line(match, humans)] if humans else []))
            image = await self.render_match(names, "board.png", game.render_board, self.board_view(match),
                                           match.locale)
            thread = self.thread(match)
            try:
                await thread.get_partial_message(match.live_message_id).edit(
                    content=fit_message(text), attachments=[image], allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:
                log.info("live message of match %s not editable (%s): posting anew", match.id, error)
                return await self.post_handover(match, names, lines, public, key, None)
        await self.store.mark_posted(match.id, match.version, match.live_message_id, key, live_log)
        return posted(match, match.live_message_id, key, live_log)

    async def post_handover(self, match: MatchRow, names: Names, lines: list[str], public, key: str,
                            handover: int | None) -> MatchRow:
        """A new thread message (board, the lines since the last one, the ping); it becomes the live one.
        ``handover``: the version of the decision that handed over (its nonce: after a kill between this
        post and its record, the same handover is answered by Discord with the first post, a later one is a
        new post); None when the live message is gone or not editable (a post keyed by the shown version)."""
        nonce = (self.post_nonce(match, "n") if handover is None
                 else match_nonce("b", self.bot.http.token or "", match.id, handover, 0, "h"))
        message = await self.post_board(match, names, "\n".join(folded(lines, match.locale)), public, ping=True,
                                        nonce=nonce)
        live_message_id = message.id if message else None
        await self.store.mark_posted(match.id, match.version, live_message_id, key, lines)
        return posted(match, live_message_id, key, lines)

    async def catch_up(self) -> None:
        """At start-up: post whatever a crash left unposted (exactly once: posted_version moves with it),
        and give each seat that owes a decision a fresh panel, since its DM may not have gone out.
        The bot player's worker process starts here only if a match against the bot is in play."""
        if await self.store.count_active(self.bot.user.id):
            THINK_POOL.start_warm()
        start_render_pool()
        await metrics.refresh_active(self.store)
        for match in await self.store.matches_behind():
            if not self.bot.owns_guild(match.guild_id):
                continue  # another process runs this guild's shard
            logs.bind_match(match)
            try:
                if match.thread_id is None:
                    await self.open_match(match, None)
                    continue
                names = await self.names(match)
                async with self.match_lock(match.id):
                    await self.sync_thread(match.id, names)
                    current = await self.store.get_match(match.id)
                    if current.status != "active":
                        continue
                    owing = {d.seat for d in get_game(current.game).engine.pending(current.state)}
                    for seat in sorted(owing - {current.bot_seat}):
                        record = current.dm_panels.get(str(seat)) or {}
                        if current.dm_ok[seat] and record.get("v") != current.panel_version(seat):
                            await self.deliver_panel(current, seat, names)
                await self.run_bot(await self.store.get_match(match.id))
            except Exception:  # one broken match must not keep the others from catching up
                log.exception("catch-up of match %s failed", match.id)

    async def deliver_panel(self, match: MatchRow, seat: int, names: Names, in_place: bool = False,
                            answered: int | None = None) -> None:
        """DM the panel (editing the seat's own panel when it continues a chain); if the player closed
        their DMs since, switch them to the My hand button."""
        if in_place and await self.edit_panel(match, seat, names, answered=answered):
            return
        if await self.send_panel(match, seat, names):
            return
        current = await self.store.get_match(match.id)
        dm_ok = [current.dm_ok[0], current.dm_ok[1]]
        dm_ok[seat] = False
        await self.store.set_dm_ok(match.id, (dm_ok[0], dm_ok[1]))
        thread = self.thread(match)
        if thread is not None:
            user = discord.Object(match.players[seat])
            await thread.send(i18n.t("match.dm_closed", match.locale, players=f"<@{match.players[seat]}>"),
                              view=view_of(self.hand_button(match)),
                              allowed_mentions=discord.AllowedMentions(users=[user]))

    async def finish(self, match: MatchRow, lines: list[str], names: Names, answered: int | None = None) -> None:
        reason = outcome_reason(match.game, match.result_reason or "", match.locale)
        if match.winner is None:
            result = i18n.t("match.draw", match.locale, reason=reason)
        else:
            result = i18n.t("match.winner", match.locale, winner=f"<@{match.players[match.winner]}>",
                            reason=reason)
        extras = await ratings.rating_lines(self.store, match, names.seats, match.locale)
        series = await ratings.series_line(self.store, match, names.seats, match.locale)
        text = "\n".join(part for part in (*lines, result, *extras, series, i18n.t("match.revealed", match.locale))
                         if part)
        await self.post_board(match, names, text, [], ping=False, final=True, view=self.result_view(match),
                              nonce=self.post_nonce(match, "f"))
        game = get_game(match.game)
        thread = self.thread(match)
        if thread is not None:
            # Every hidden card revealed: each seat's own panel view, now public because the match is over.
            files = [await self.render_match(names, f"hand_{seat + 1}.png", game.render_hand,
                                       game.engine.view(match.state, seat), match.locale) for seat in (0, 1)]
            await thread.send(i18n.t("match.final_hands", match.locale, p0=names.seats[0], p1=names.seats[1]),
                              files=files, allowed_mentions=discord.AllowedMentions.none(),
                              nonce=self.post_nonce(match, "x"))
        for seat in (0, 1):  # spent panels: no buttons left that can only say "game over"
            if seat != match.bot_seat and match.dm_ok[seat]:
                await self.edit_panel(match, seat, names, remember=False, answered=answered)

    def undo_button(self, match: MatchRow) -> discord.ui.Item:
        return button(UndoButton, f"dt:u:{match.id}", i18n.t("players.undo.button", match.locale))

    async def on_undo(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        await self.bot.get_cog("Players").take_back(interaction, int(match_id))

    def result_view(self, match: MatchRow) -> discord.ui.View:
        """The result post's buttons: Replay for everyone, Rematch for the players (against the bot: at once)."""
        return view_of(button(RematchButton, f"dt:rm:{match.id}", i18n.t("players.rematch_button", match.locale),
                              style=discord.ButtonStyle.primary),
                       button(ReplayButton, f"dt:rp:{match.id}", i18n.t("players.replay_button", match.locale)))

    async def on_rematch(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        await self.bot.get_cog("Players").rematch(interaction, int(match_id))

    async def on_replay(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        await self.bot.get_cog("Players").send_replay(interaction, int(match_id))

    @staticmethod
    def is_dm(interaction: discord.Interaction) -> bool:
        return interaction.guild_id is None

    async def send_ephemeral_panel(self, interaction: discord.Interaction, match: MatchRow, seat: int,
                                   names: Names, page: int = 0) -> None:
        locale = i18n.normalize_locale(interaction.locale)
        game = get_game(match.game)
        content, seat_view, controls, _ = build_panel(game, match, seat, locale, names, page)
        image = await self.render_match(names, "hand.png", game.render_hand, seat_view, locale)
        kwargs = {"view": controls} if controls else {}
        await interaction.followup.send(content[:2000], file=image, ephemeral=True, **kwargs)

    async def run_bot(self, match: MatchRow) -> None:
        if not self.bot.owns_guild(match.guild_id):
            return  # the owner answers for the bot player when it publishes (one thinker per match)
        # One thinker per match here too: a member's click can land while the bot still thinks about the
        # same question (a simultaneous choice); the second run then finds it answered.
        thinker = self._bot_locks.setdefault(match.id, asyncio.Lock())
        with botworker.released():  # this click waits for that search, which must not wait for the click
            await thinker.acquire()
        try:
            current = await self.store.get_match(match.id)
            try:
                with botworker.released():  # the search would otherwise wait for this handler
                    moves = await self.service.bot_moves(current) if current is not None else []
            except StaleState:  # answered meanwhile elsewhere (another process catching up)
                log.info("bot move of match %s already answered", match.id)
                moves = []
            for applied in moves:
                await self.publish(applied)
            if current is None or current.status != "active" or (moves and moves[-1].finished):
                self._bot_locks.pop(match.id, None)
        finally:
            thinker.release()

    # ---- match clicks -------------------------------------------------------------------------

    async def on_option(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                        version: str, option: str) -> None:
        await self.submit(interaction, int(match_id), int(version), (option,))

    async def on_select(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                        version: str, page: str) -> None:
        await self.submit(interaction, int(match_id), int(version), tuple(values))

    async def on_confirm(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                         version: str, indices: str) -> None:
        locale = await self.user_locale(interaction)
        match = await self.store.get_match(int(match_id))
        seat = match.seat_of(interaction.user.id) if match else None
        decision = None
        if match is not None and seat is not None and match.status == "active":
            decision = decision_for(get_game(match.game).engine.pending(match.state), seat)
        if decision is None or int(version) != match.panel_version(seat):
            await interaction.response.defer()
            await self.tell_stale(interaction, match, locale)
            return
        try:
            choice = tuple(decision.options[int(i)] for i in indices.split("."))
        except (ValueError, IndexError):
            await self.tell(interaction, i18n.t("errors.illegal_choice", locale))
            return
        await self.submit(interaction, match.id, int(version), choice)

    async def submit(self, interaction: discord.Interaction, match_id: int, version: int,
                     choice: tuple[str, ...]) -> None:
        started = time.perf_counter()  # the decision-latency metric: click -> stored -> published
        answer = ClickAnswer(interaction)  # answered within ANSWER_WITHIN s, whatever happens below
        locale = await self.user_locale(interaction)
        try:
            applied = await self.service.decide(match_id, interaction.user.id, version, choice)
        except StaleState:
            await answer.defer()
            await self.tell_stale(interaction, await self.store.get_match(match_id), locale)
            return
        except EngineError as error:
            await answer.defer()
            await self.tell_error(interaction, error, locale)
            return
        except BaseException:
            await answer.defer()
            raise
        game = get_game(applied.after.game)
        metrics.observe_decision(game.game_id, "stored", started)
        seat_view = game.engine.view(applied.before.state, applied.seat)
        chosen = ", ".join(game.option_label(option, seat_view, locale) for option in choice)
        ack = i18n.t("panel.chosen", locale, choice=chosen)
        answered = await self.answer_on_panel(answer, applied, ack)
        if answered is None:
            await answer.update(content=ack[:2000], view=None)
        if self.is_dm(interaction):
            self.publish_later(applied, answered, started)
            return
        # A click in the server may need its ephemeral panel: a follow-up of this very interaction.
        await self.publish_then_bot(applied, started, origin=interaction, answered=answered)

    async def publish_then_bot(self, applied: Applied, started: float, origin: discord.Interaction | None = None,
                               answered: int | None = None) -> None:
        """Publish a member's decision, record its click -> published latency, then let the bot player answer."""
        await self.publish(applied, origin=origin, answered=answered)
        metrics.observe_decision(applied.after.game, "published", started)
        if applied.after.bot_seat is not None:  # a match between members has no bot player to run
            await self.run_bot(applied.after)  # it reads the match again under its lock

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
        with self.working():  # counted like the handler it continues (the demo and tests wait for busy == 0)
            try:
                await self.publish_then_bot(applied, started, answered=answered)
            except Exception:
                log.exception("publishing decision %s of match %s failed", applied.after.version, applied.after.id)

    async def answer_on_panel(self, answer: ClickAnswer, applied: Applied, ack: str) -> int | None:
        """A click on the seat's own DM panel: the answer is that panel as this decision leaves it (the
        acknowledgement first), so one REST call both answers and updates it. Returns the seat, or None when
        the click came from elsewhere (an ephemeral panel, an older DM) or the panel could not be updated."""
        interaction, seat, match = answer.interaction, applied.seat, applied.after
        record = applied.before.dm_panels.get(str(seat)) or {}
        if not (self.is_dm(interaction) and interaction.message is not None and interaction.message.id == record.get("m")
                and self.bot.owns_guild(match.guild_id) and match.dm_ok[seat]):
            return None
        fields, digest = await self.panel_fields(match, seat, await self.names(match), record)
        try:
            await answer.update(**(fields | {"content": f"{ack}\n{fields['content']}"[:2000]}))
        except discord.HTTPException as error:
            log.info("panel %s of match %s not updated by its click's answer (%s)", record["m"], match.id, error)
            return None
        # The next step of its own chain is edited in place again: remember what the panel shows.
        await self.remember_panel(match, seat, record, digest, not applied.finished and seat in applied.new_decisions)
        return seat

    async def tell_stale(self, interaction: discord.Interaction, match: MatchRow | None, locale: str) -> None:
        """'Out of date', with the current panel so the player can act on the real state."""
        metrics.error("refused:stale_state")
        await self.tell(interaction, i18n.t("errors.stale_state", locale))
        if match is None:
            return
        seat = match.seat_of(interaction.user.id)
        if seat is not None:
            await self.send_ephemeral_panel(interaction, match, seat, await self.names(match))

    async def on_page(self, interaction: discord.Interaction, *, values: list[str], match_id: str,
                      version: str, page: str) -> None:
        locale = await self.user_locale(interaction)
        match = await self.store.get_match(int(match_id))
        seat = match.seat_of(interaction.user.id) if match else None
        if match is None or seat is None or int(version) != match.panel_version(seat):
            await interaction.response.defer()
            await self.tell_stale(interaction, match, locale)
            return
        game = get_game(match.game)
        content, _, controls, _ = build_panel(game, match, seat, locale, await self.names(match), int(page))
        await interaction.response.edit_message(content=content[:2000], view=controls)

    async def on_hand(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        locale = await self.user_locale(interaction)
        match = await self.store.get_match(int(match_id))
        seat = match.seat_of(interaction.user.id) if match else None
        if match is None or seat is None:
            await self.tell(interaction, i18n.t("errors.not_in_match", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.send_ephemeral_panel(interaction, match, seat, await self.names(match))

    async def on_claim(self, interaction: discord.Interaction, *, values: list[str], match_id: str) -> None:
        locale = await self.user_locale(interaction)
        await interaction.response.defer()
        try:
            applied = await self.service.claim_win(int(match_id), interaction.user.id)
        except EngineError as error:  # NotClaimable, NotInMatch, GameOver, StaleState
            await self.tell_error(interaction, error, locale)
            return
        await self.publish(applied)

    async def on_resign_confirm(self, interaction: discord.Interaction, *, values: list[str],
                                match_id: str) -> None:
        locale = await self.user_locale(interaction)
        await interaction.response.defer()
        try:
            applied = await self.service.resign(int(match_id), interaction.user.id)
        except EngineError as error:
            await self.tell_error(interaction, error, locale)
            return
        await interaction.edit_original_response(content=i18n.t("resign.done", locale), view=None)
        await self.publish(applied)

    # ---- helpers for the lobby -----------------------------------------------------------------

    def challenge_view(self, challenge_id: int, locale: str) -> discord.ui.View:
        return view_of(
            button(ChallengeButton, f"dt:ch:accept:{challenge_id}", i18n.t("challenge.accept", locale),
                   style=discord.ButtonStyle.success),
            button(ChallengeButton, f"dt:ch:decline:{challenge_id}", i18n.t("challenge.decline", locale),
                   style=discord.ButtonStyle.danger),
            button(ChallengeButton, f"dt:ch:cancel:{challenge_id}", i18n.t("challenge.cancel", locale)),
        )

    def describe_turn(self, match: MatchRow, locale: str, names: Names) -> str:
        game = get_game(match.game)
        owing = owing_seats(game, match)
        if not owing:
            return i18n.t("games_list.none_to_move", locale)
        return ", ".join(names.seats[s] for s in owing)

