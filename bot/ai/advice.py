"""Advice from the bot player: a hint for a seat's open decision, and the review of a finished match.

Pure and synchronous, run in the bot player's worker (bot/ai/worker.py), never in the event loop.

* ``hint`` is the bot player's own search (bot/ai/search.py) for that seat: the same determinization from
  the seat's information, the same seed and level, so its answer is exactly what the bot would play in
  that seat (``think``); it also reads the search's tree for the answer's estimated value (the seat's
  chance to win, 0..1) and the runners-up. The real state is read once, by the determinization, so two
  states that differ only in what the seat cannot see give the same hint.
* ``review`` replays a finished match's decision log and, for every decision of one seat that offered a
  choice, asks the same search what it would have played there (from what the seat knew then: the review
  judges a decision by what its maker could see) and estimates the seat's value before (best play) and
  after its own answer; it returns the few decisions where the value dropped most.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace

from bot.ai.search import (
    DEFAULT_LEVEL,
    DONE,
    Budget,
    Hooks,
    Key,
    Pause,
    Search,
    hooks_for,
    level_budget,
    next_steps,
    own_hard_answers,
    plays_own_hard,
)
from bot.engine import Decision, Seat, State, decision_for
from bot.games import get_game

RUNNERS_UP = 2  # answers shown after the preferred one
REVIEW_LEVEL = "easy"  # a review searches every decision of a match: the bot's quickest level's iterations, but
# judged as well as those iterations can (no easy noise: no softmax draw, the game's prior and playouts kept):
# a review's "preferred" answer is the search's best estimate, never a newcomer's opponent's deliberate slip.
REVIEW_MISTAKES = 3  # decisions a review lists
MIN_DROP = 0.05  # a smaller drop in the seat's value is noise at a review's budget, not a mistake
PLATFORM_MOVES = ("!resign", "!claim", "!undo")  # log lines that are no engine answer (bot/replay.py)


@dataclass(frozen=True)
class Candidate:
    """One answer the search weighed: its estimated value for the seat (None: never searched) and visits."""

    answer: tuple[str, ...]
    value: float | None
    visits: int


@dataclass(frozen=True)
class Hint:
    """What the bot would play now (``best.answer``, exactly ``think``'s answer) and the runners-up."""

    best: Candidate
    runners_up: tuple[Candidate, ...]
    forced: bool  # the decision had one possible answer: nothing was searched


def hint(game_id: str, state: State, seat: Seat, seed: str, level: str = DEFAULT_LEVEL, *,
         budget: Budget | None = None, pause: Pause | None = None, max_ms: float | None = None) -> Hint:
    """The bot player's answer for ``seat``'s open decision, its value and the runners-up.

    ``seed`` is the bot's (``f"{match.seed}:{match.version}"``, bot/match.py): with it the answer is the
    one ``search.think`` gives for the same seat, level and position (``max_ms``: the level's cap, as think's)."""
    hooks = hooks_for(game_id)
    rng = random.Random(f"think:{seed}")  # as search.think: the same worlds, the same answer
    world = hooks.determinize(state, seat, rng)  # the only read of the real state
    if plays_own_hard(hooks, level, budget):
        return own_hard_hint(hooks, world, seat, rng, pause, max_ms)
    search = Search(hooks, seat, budget or level_budget(level, hooks, max_ms), rng, pause)
    decision = decision_for(search.pending(world), seat)
    answer = search.run(world)
    if decision is None:
        raise ValueError("the seat has no decision pending")
    candidates = weighed_answers(search, decision)
    best = next((c for c in candidates if same_answer(c.answer, answer, decision)), None)
    forced = len(decision.options) == 1 and decision.min == decision.max == 1
    if best is None:
        best = Candidate(answer, None, 0)
    runners_up = tuple(c for c in candidates if not same_answer(c.answer, answer, decision))[:RUNNERS_UP]
    return Hint(best=best, runners_up=runners_up, forced=forced)


def own_hard_hint(hooks: Hooks, world: State, seat: Seat, rng: random.Random, pause: Pause | None,
                  max_ms: float | None) -> Hint:
    """A hint at hard in a game with its own hard player (``BotHooks.hard_player``): that player's weighed
    answers, as ``think`` asks them (the same worlds and clock), its worlds counted as visits."""
    decision = decision_for(hooks.engine.pending(world), seat)
    if decision is None:
        raise ValueError("the seat has no decision pending")
    weighed = [Candidate(answer, value, worlds)
               for answer, value, worlds in own_hard_answers(hooks, world, seat, rng, max_ms, pause)]
    forced = len(decision.options) == 1 and decision.min == decision.max == 1
    return Hint(best=weighed[0], runners_up=tuple(weighed[1:1 + RUNNERS_UP]), forced=forced)


def weighed_answers(search: Search, decision: Decision) -> list[Candidate]:
    """Every first step the search visited at the root, completed by its most visited continuation (as
    ``Search.best_answer`` completes the best), most visited first; the value is the last step's mean."""
    root = search.nodes.get((), {})
    found: list[Candidate] = []
    for first in next_steps(decision, []):
        edge = root.get(first)
        if edge is None or not edge.visits:
            continue
        partial: list[str] = [] if first == DONE else [first]
        key: Key = ((search.seat, first),)
        last = edge
        while first != DONE:
            steps = next_steps(decision, partial)
            node = search.nodes.get(key, {})
            visited = [step for step in steps if step in node and node[step].visits]
            if not steps or not visited:
                break
            step = max(visited, key=lambda s: (node[s].visits, node[s].total))
            last = node[step]
            if step == DONE:
                break
            partial.append(step)
            key = key + ((search.seat, step),)
        if next_steps(decision, partial) and DONE not in next_steps(decision, partial):
            continue  # a half-built answer the search never finished: not an answer to show
        found.append(Candidate(tuple(partial), last.total / last.visits, edge.visits))
    found.sort(key=lambda c: (c.visits, c.value or 0.0), reverse=True)
    return found


def same_answer(a: Sequence[str], b: Sequence[str], decision: Decision) -> bool:
    """The same answer whatever order its options were given in (a multi-choice answer is a set)."""
    if decision.max == 1:
        return tuple(a) == tuple(b)
    return sorted(a) == sorted(b)


# ---------------------------------------------------------------- review


@dataclass(frozen=True)
class Step:
    """One answer of the decision log, replayed: the position before it and after it."""

    index: int  # its place in the decision log (0-based)
    seat: Seat
    choice: tuple[str, ...]
    before: State
    after: State


@dataclass(frozen=True)
class Mistake:
    """A decision where the seat's value dropped: ``index`` in the log, the values (0..1) before (best
    play, as the bot saw it) and after the answer, the answer given and the bot's preferred one."""

    index: int
    before: float
    after: float
    chosen: tuple[str, ...]
    preferred: tuple[str, ...]

    @property
    def drop(self) -> float:
        return self.before - self.after

    def to_json(self) -> dict:
        return {**asdict(self), "chosen": list(self.chosen), "preferred": list(self.preferred)}

    @classmethod
    def from_json(cls, data: dict) -> Mistake:
        return cls(index=int(data["index"]), before=float(data["before"]), after=float(data["after"]),
                   chosen=tuple(data["chosen"]), preferred=tuple(data["preferred"]))


def replay_steps(game_id: str, seed: int, options: dict[str, str], log: Sequence[tuple[int, Sequence[str]]]
                 ) -> list[Step]:
    """Every engine answer of the log still standing at the end (an undone step is dropped), with the
    full states before and after it. The platform's moves (resign, claim) end the list."""
    engine = get_game(game_id).engine
    state = engine.new_game(seed, dict(options))
    steps: list[Step] = []
    for index, (seat, choice) in enumerate(log):
        choice = tuple(choice)
        if choice == ("!undo",):
            if steps:
                state = steps.pop().before
            continue
        if choice and choice[0] in PLATFORM_MOVES:
            break
        after, _events = engine.apply(state, seat, choice)
        steps.append(Step(index, seat, choice, state, after))
        state = after
    return steps


class _AfterAnswer(Search):
    """A search of the position after ``answer``: every iteration's world is the seat's determinization
    of the position before it with ``answer`` applied (the seat's own options never depend on what it
    cannot see, so its answer is legal in every such world), and every playout's value is kept."""

    def __init__(self, hooks, seat: Seat, budget: Budget, rng: random.Random, pause: Pause | None,
                 answer: tuple[str, ...]) -> None:
        super().__init__(hooks, seat, budget, rng, pause)
        self.answer = answer
        self.values: list[float] = []

    def root_world(self, root: State) -> State:
        world = super().root_world(root)
        return self.engine.apply(world, self.seat, self.answer)[0]

    def rollout(self, state: State, decision: Decision | None, partial: list[str]) -> float:
        value = super().rollout(state, decision, partial)
        self.values.append(value)
        return value


def answer_value(game_id: str, state: State, seat: Seat, answer: tuple[str, ...], seed: str, budget: Budget,
                 pause: Pause | None = None) -> float:
    """The seat's value (0..1) after giving ``answer`` to its open decision in ``state``, from the seat's
    information: the mean of the playouts of a search that goes on from there (playing both seats as the
    bot would). Two answers valued with the same seed meet the same worlds, so they compare fairly."""
    hooks = hooks_for(game_id)
    search = _AfterAnswer(hooks, seat, budget, random.Random(f"value:{seed}"), pause, tuple(answer))
    for _ in range(budget.iterations):
        search.paused += search.pause()
        search.iterate(state)  # root_world determinizes it first: the real state is never searched
    return sum(search.values) / len(search.values)


def reviewable(game_id: str, seed: int, options: dict[str, str], log: Sequence[tuple[int, Sequence[str]]],
               seat: Seat) -> list[int]:
    """The log indices of ``seat``'s answers still standing that had a choice (a review searches these)."""
    engine = get_game(game_id).engine
    indices = []
    for step in replay_steps(game_id, seed, options, log):
        decision = decision_for(engine.pending(step.before), seat) if step.seat == seat else None
        if decision is not None and not (len(decision.options) == 1 and decision.min == decision.max == 1):
            indices.append(step.index)
    return indices


def review(game_id: str, seed: int, options: dict[str, str], log: Sequence[tuple[int, Sequence[str]]],
           seat: Seat, level: str = REVIEW_LEVEL, indices: Sequence[int] | None = None, *,
           budget: Budget | None = None, pause: Pause | None = None) -> list[Mistake]:
    """Every decision of ``seat`` (of ``indices`` only, when given: a review is searched a slice at a
    time, so the bot's own moves are not kept waiting) where its value dropped by at least ``MIN_DROP``.
    Each is searched from what the seat could see then. ``worst`` picks the few to show."""
    hooks = hooks_for(game_id)
    budget = budget or replace(level_budget(level, hooks), temperature=0.0, use_prior=True, use_rollout=True)
    wanted = set(reviewable(game_id, seed, options, log, seat) if indices is None else indices)
    mistakes: list[Mistake] = []
    for step in replay_steps(game_id, seed, options, log):
        if step.index not in wanted or step.seat != seat:
            continue
        decision = decision_for(hooks.engine.pending(step.before), seat)
        if decision is None:
            continue
        step_seed = f"review:{seed}:{step.index}"
        preferred = hint(game_id, step.before, seat, step_seed, budget=budget, pause=pause).best.answer
        if same_answer(step.choice, preferred, decision):
            continue
        # Both answers valued the same way, in the same worlds: the drop is the answer's, not the method's.
        before = answer_value(game_id, step.before, seat, preferred, step_seed, budget, pause)
        after = answer_value(game_id, step.before, seat, step.choice, step_seed, budget, pause)
        if before - after >= MIN_DROP:
            mistakes.append(Mistake(step.index, before, after, step.choice, preferred))
    return mistakes


def worst(mistakes: Sequence[Mistake], limit: int = REVIEW_MISTAKES) -> list[Mistake]:
    """The ``limit`` largest drops, largest first (earlier first among equals)."""
    return sorted(mistakes, key=lambda m: (-m.drop, m.index))[:limit]
