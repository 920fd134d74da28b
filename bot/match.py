"""Match lifecycle shared by every game: start, decide, resign, claim on time, the built-in bot player.

This layer knows the store and the engines but not Discord: it returns :class:`Applied` records that
the Discord glue (``bot/ui/publish.py``) turns into thread posts, pings and private panels.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import random
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from bot import logs, metrics
from bot.ai import search, worker
from bot.engine import (
    Decision,
    EngineError,
    Event,
    GameOver,
    NotYourDecision,
    Outcome,
    StaleState,
    decision_for,
    random_choice,
    thread_key,
)
from bot.games import GameSpec, get_game
from bot.store import DecisionCommit, MatchRow, Store
from bot.undo import (
    UNDO,
    NothingToUndo,
    UndoAfterHandover,
    UndoRevealed,
    effective_steps,
    revealed_information,
)

DAY = 86400.0
LAST_REMINDER_BEFORE = 12 * 3600.0
RESIGN = "!resign"
CLAIM = "!claim"
DRAW = "!draw"  # a tournament round's deadline adjudicated the match a draw (docs/TOURNAMENTS.md)
BOT_MOVE_LIMIT = 1000  # a runaway engine must not spin the bot player forever


BOT_LEVEL_OPTION = "bot_level"  # a bot match's option: easy | normal | hard (bot/ai/search.py LEVELS)
log = logging.getLogger(__name__)


# The bot player's worker process, running only while bot matches need it (bot/ai/worker.py). It runs
# under SCHED_IDLE and steps aside while this process handles members' clicks: the bot's own moves wait,
# never the members'.
THINK_POOL = worker.ThinkPool()


def configure_think_pool(idle_s: float) -> None:
    """The worker stops after ``idle_s`` seconds unused (DUELTABLE_BOT_WORKER_IDLE_SECONDS)."""
    THINK_POOL.idle_s = idle_s


def bot_move_near(game_id: str) -> None:
    """A bot move will be wanted soon in this game: start the worker now if it is stopped (a Python process
    that imports the search and this game: ~0.1-0.2 s of CPU, more wall time on a busy host under
    SCHED_IDLE), so that move does not wait for it."""
    if search.has_bot_player(game_id):
        THINK_POOL.start_warm(game_id)


async def bot_think(match: MatchRow, decision: Decision, fallback: tuple[str, ...]) -> tuple[str, ...]:
    """The search's answer, computed in the worker; a failing search answers ``fallback`` (logged)."""
    level = match.options.get(BOT_LEVEL_OPTION, search.DEFAULT_LEVEL)
    if level not in search.LEVELS:
        level = search.DEFAULT_LEVEL
    try:
        choice = await THINK_POOL.think(match.game, match.state, decision.seat, f"{match.seed}:{match.version}",
                                        level)
    except BrokenProcessPool:  # a new worker starts at the next decision
        log.exception("bot player worker died in match %s", match.id)
        return fallback
    except Exception:
        log.exception("bot player search failed in match %s", match.id)
        return fallback
    return tuple(choice)


class NotInMatch(EngineError):
    code = "not_in_match"


class NotClaimable(EngineError):
    code = "not_claimable"


@dataclass(frozen=True)
class Applied:
    """One decision as stored: the rows before and after and what the engine reported."""

    before: MatchRow
    after: MatchRow
    seat: int
    choice: tuple[str, ...]
    events: tuple[Event, ...]
    new_decisions: tuple[int, ...]  # seats whose pending decision is new (they get a panel and a ping)
    outcome: Outcome | None

    @property
    def finished(self) -> bool:
        return self.after.status == "finished"


def decision_key(decision: Decision | None) -> str | None:
    if decision is None:
        return None
    return json.dumps([decision.prompt, list(decision.options), decision.min, decision.max,
                       dict(decision.args)], sort_keys=True, default=str)


def timer_plan(turn_started: float, deadline: float) -> list[tuple[int, float]]:
    """Reminder stages: 1 half-way, 2 twelve hours before (if later than half-way), 3 deadline."""
    half_way = turn_started + (deadline - turn_started) / 2
    plan = [(1, half_way)]
    last_call = deadline - LAST_REMINDER_BEFORE
    if last_call > half_way + 60:
        plan.append((2, last_call))
    plan.append((3, deadline))
    return plan


def next_timer_at(turn_started: float, deadline: float, stage: int) -> float | None:
    for planned_stage, at in timer_plan(turn_started, deadline):
        if planned_stage > stage:
            return at
    return None


def owing_seats(game: GameSpec, match: MatchRow) -> list[int]:
    if match.status != "active":
        return []
    return [decision.seat for decision in game.engine.pending(match.state)]


class MatchService:
    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def start(self, *, game_id: str, options: dict[str, str], seed: int, guild_id: int,
                    channel_id: int, players: tuple[int, int], bot_seat: int | None, days: int,
                    locale: str, challenge_id: int | None = None, rated: bool = False,
                    series_id: int | None = None, active_limit: int | None = None,
                    kind: str = "match", tournament_board: tuple[int, int, int] | None = None) -> MatchRow | None:
        """The new match (None: its challenge was closed meanwhile, or its tournament board has its match
        already: ``Store.create_match``). With ``active_limit``, raises ActiveMatchLimit when a member seated
        in it already has that many active matches of its ``kind`` (``lesson``: /learn) (checked in the
        transaction that creates it)."""
        if bot_seat is not None:  # a member challenged the bot (or asked a rematch): its move is near
            bot_move_near(game_id)
        game = get_game(game_id)
        options = await self.with_player_preferences(game, options, players, bot_seat)
        options = {**options, **game.start_options}  # a new match starts under the current rules, rematch or not
        state = game.engine.new_game(seed, options)
        now = self.clock()
        deadline = now + days * DAY
        panels = {str(d.seat): 0 for d in game.engine.pending(state)}
        match_id = await self.store.create_match(
            game=game_id, options=options, seed=seed, guild_id=guild_id, channel_id=channel_id,
            players=players, bot_seat=bot_seat, days=days, locale=locale, state=state, panels=panels,
            now=now, deadline=deadline, next_timer_at=next_timer_at(now, deadline, 0),
            challenge_id=challenge_id, rated=rated and bot_seat is None, series_id=series_id,
            active_limit=active_limit, kind=kind, tournament_board=tournament_board,
        )
        await metrics.refresh_active(self.store)
        return await self.store.get_match(match_id) if match_id is not None else None

    async def with_player_preferences(self, game: GameSpec, options: dict[str, str], players: tuple[int, int],
                                      bot_seat: int | None) -> dict[str, str]:
        """Fill the seat options that are player preferences (``always_stop0``/``1``) from each player's
        stored setting; a challenger can never set them for the opponent."""
        names = {option.name for option in game.engine.match_options}
        wanted = [seat for seat in (0, 1) if f"always_stop{seat}" in names]
        if not wanted:
            return options
        stops = await self.store.always_stop(players)
        filled = dict(options)
        for seat in wanted:
            on = seat != bot_seat and stops.get(players[seat], False)
            filled[f"always_stop{seat}"] = "on" if on else "off"
        return filled

    async def decide(self, match_id: int, user_id: int | None, version: int, choice: Sequence[str],
                     seat: int | None = None) -> Applied:
        """Apply one answer. Raises a typed error and writes nothing if it is stale or illegal."""
        for _attempt in range(3):
            match, vacations = await self._active_with_vacations(match_id)
            seat_now = self._seat(match, user_id, seat)
            if match.bot_seat is not None and user_id is not None:  # a member's click: the bot's turn is near
                bot_move_near(match.game)
            game = get_game(match.game)
            old_pending = game.engine.pending(match.state)
            decision = decision_for(old_pending, seat_now)
            if decision is None:
                raise StaleState() if version != match.version else NotYourDecision()
            if version != match.panel_version(seat_now):
                raise StaleState()
            new_state, events = game.engine.apply(match.state, seat_now, tuple(choice))
            applied = await self._commit(game, match, seat_now, tuple(choice), new_state, events,
                                         game.engine.outcome(new_state), user_id, old_pending, vacations)
            if applied is not None:
                return applied
            # Someone else's decision landed first (e.g. the opponent's secret choice): re-check.
        raise StaleState()

    async def resign(self, match_id: int, user_id: int) -> Applied:
        for _attempt in range(3):  # a decision landing meanwhile moves the version: resign on the new one
            match = await self._active(match_id)
            seat = self._seat(match, user_id, None)
            outcome = Outcome(winner=1 - seat, reason="resign")
            applied = await self._commit(get_game(match.game), match, seat, (RESIGN,), match.state, [], outcome,
                                         user_id)
            if applied is not None:
                return applied
        raise StaleState()

    async def claim_win(self, match_id: int, user_id: int) -> Applied:
        """The waiting player wins when the seat that owes a decision has let the deadline pass."""
        match = await self._active(match_id)
        seat = self._seat(match, user_id, None)
        game = get_game(match.game)
        owing = owing_seats(game, match)
        if self.clock() < match.deadline or seat in owing or not owing:
            raise NotClaimable()
        outcome = Outcome(winner=seat, reason="timeout")
        applied = await self._commit(game, match, seat, (CLAIM,), match.state, [], outcome, user_id)
        if applied is None:
            raise StaleState()
        return applied

    async def adjudicate(self, match_id: int) -> Applied | None:
        """End a match at its tournament round's deadline (docs/TOURNAMENTS.md): when exactly one seat owes
        a decision, the other seat wins as its timeout claim would (``!claim``); else a draw (``!draw``).
        None when it ended meanwhile."""
        for _attempt in range(3):
            match = await self.store.get_match(match_id)
            if match is None or match.status != "active":
                return None
            game = get_game(match.game)
            owing = owing_seats(game, match)
            if len(owing) == 1:
                seat, choice, outcome = 1 - owing[0], CLAIM, Outcome(winner=1 - owing[0], reason="timeout")
            else:
                seat, choice, outcome = 0, DRAW, Outcome(winner=None, reason="adjudicated")
            applied = await self._commit(game, match, seat, (choice,), match.state, [], outcome, None)
            if applied is not None:
                return applied
        raise StaleState()

    async def undo(self, match_id: int, user_id: int) -> Applied:
        """Take back the seat's newest step (bot/undo.py): only its own, only while it still acts and the
        opponent was handed nothing new, only if the step revealed nothing. Appends ``!undo``."""
        for _attempt in range(3):
            match = await self._active(match_id)
            seat = self._seat(match, user_id, None)
            game = get_game(match.game)
            engine = game.engine
            rows = [(s, c, e) for _v, s, c, e in await self.store.unposted(match.id, 0)]
            steps, _state = effective_steps(engine, match.seed, match.options, rows)
            if not steps or steps[-1]["seat"] != seat:
                raise NothingToUndo()
            step = steps[-1]
            pending = engine.pending(match.state)
            other = 1 - seat
            if decision_for(pending, seat) is None or \
                    decision_key(decision_for(engine.pending(step["before"]), other)) != \
                    decision_key(decision_for(pending, other)):
                raise UndoAfterHandover()
            if revealed_information(match.game, engine, step):
                raise UndoRevealed()
            # Taking back a secret step (a response window) says so only to the seat: the thread never shows
            # that a window was offered.
            asked = decision_for(engine.pending(step["before"]), seat)
            audience = (seat,) if asked is not None and asked.secret else None
            applied = await self._commit(game, match, seat, (UNDO,), step["before"],
                                         [Event("players.undo.event", {"seat": seat}, audience)], None, user_id,
                                         pending)
            if applied is not None:
                return applied
        raise StaleState()

    async def bot_moves(self, match: MatchRow) -> list[Applied]:
        """Let the built-in bot player answer every decision it owes: the search (bot/ai/search.py) in a
        worker process at the match's ``bot_level`` option, or random legal choices for a game without
        ``cogs/<game>/determinize.py``. The answer depends only on (seed, version, the bot seat's view)."""
        results: list[Applied] = []
        for _ in range(BOT_MOVE_LIMIT):
            if match.status != "active" or match.bot_seat is None:
                break
            game = get_game(match.game)
            decision = decision_for(game.engine.pending(match.state), match.bot_seat)
            if decision is None:
                break
            rng = random.Random(f"bot:{match.seed}:{match.version}")
            choice = random_choice(decision, rng)
            if search.has_bot_player(match.game):
                choice = await bot_think(match, decision, choice)
            applied = await self.decide(match.id, None, match.panel_version(match.bot_seat), choice,
                                        seat=match.bot_seat)
            results.append(applied)
            match = applied.after
        return results

    async def _active(self, match_id: int) -> MatchRow:
        return self._checked(await self.store.get_match(match_id))

    async def _active_with_vacations(self, match_id: int) -> tuple[MatchRow, dict[int, float]]:
        """The active match and its members' vacations now, read in one query (a decision's first read)."""
        match, vacations = await self.store.match_and_vacations(match_id, self.clock())
        return self._checked(match), vacations

    @staticmethod
    def _checked(match: MatchRow | None) -> MatchRow:
        if match is None:
            raise NotInMatch()
        logs.bind_match(match)
        if match.status != "active":
            raise GameOver()
        return match

    @staticmethod
    def _seat(match: MatchRow, user_id: int | None, seat: int | None) -> int:
        if seat is not None:
            return seat
        found = match.seat_of(user_id) if user_id is not None else None
        if found is None:
            raise NotInMatch()
        return found

    async def _commit(self, game: GameSpec, match: MatchRow, seat: int, choice: tuple[str, ...],
                      new_state: dict, events: list[Event], outcome: Outcome | None,
                      user_id: int | None, old_pending: list[Decision] | None = None,
                      vacations: dict[int, float] | None = None) -> Applied | None:
        now = self.clock()
        engine = game.engine
        if old_pending is None:
            old_pending = engine.pending(match.state)
        new_pending = [] if outcome else engine.pending(new_state)
        new_version = match.version + 1
        panels = dict(match.panels)
        new_decisions = []
        for decision in new_pending:
            old = decision_for(old_pending, decision.seat)
            if decision.seat == seat or decision_key(old) != decision_key(decision):
                panels[str(decision.seat)] = new_version
                new_decisions.append(decision.seat)
        for key in list(panels):
            if decision_for(new_pending, int(key)) is None:
                panels[key] = new_version
        # A player on vacation (cogs/players.py /vacation): the new turn's clock starts when it ends.
        humans = tuple(user for seat_, user in enumerate(match.players) if seat_ != match.bot_seat)
        if humans and vacations is None:
            vacations = await self.store.vacation_until(humans, now)
        resume = max([now, *(until for user, until in (vacations or {}).items() if user in humans)])
        deadline = resume + match.days * DAY
        commit = DecisionCommit(
            match_id=match.id, expected_version=match.version, state=new_state, panels=panels, seat=seat,
            choice=list(choice), user_id=user_id, now=now, turn_started=resume, deadline=deadline,
            timer_stage=0, next_timer_at=None if outcome else next_timer_at(resume, deadline, 0),
            status="finished" if outcome else "active",
            winner=outcome.winner if outcome else None,
            result_reason=outcome.reason if outcome else None,
            events=[[event.key, dict(event.args), list(event.audience) if event.audience is not None else None]
                    for event in events],
            thread_key=None if outcome else thread_key(new_pending),
        )
        if not await self.store.commit_decision(commit):
            return None
        metrics.decision_stored(game.game_id)
        log.debug("decision stored: version %s, seat %s", new_version, seat)  # never the choice: it may be secret
        if outcome:
            await metrics.refresh_active(self.store)
        # The row as this commit left it, without reading it back (a finished match is read: the store
        # stamped its end and moved the ratings). Columns the publisher writes (posted, live, DM panels) are as
        # they were read before the decision; the publisher re-reads the match under its lock before using them.
        after = await self.store.get_match(match.id) if outcome else dataclasses.replace(
            match, state=new_state, version=new_version, panels=panels, turn_started=resume, deadline=deadline,
            timer_stage=0, next_timer_at=commit.next_timer_at, status="active", winner=None, result_reason=None)
        return Applied(before=match, after=after, seat=seat, choice=choice, events=tuple(events),
                       new_decisions=tuple(new_decisions), outcome=outcome)
