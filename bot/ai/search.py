"""The bot player: Information Set Monte Carlo Tree Search with determinization, for every game.

Pure and synchronous: ``think`` takes the real state, the bot's seat, a seed and a level, and returns a
legal answer for that seat's pending decision. It runs in a worker process (``bot/match.py``), never in
the event loop.

How it works (Cowling, Powley and Whitehouse 2012, single-observer ISMCTS, as OpenSpiel's ``ismcts.py``):

* A game joins by declaring ``GameSpec.bot`` (``bot.games.BotHooks``) in ``cogs/<game>/spec.py``:
  ``determinize(state, seat, rng) -> state``, a full state with every fact ``seat`` cannot see resampled
  (opponent hand, face-down cards, deck orders, the engine's seed, the opponent's secret answers not yet
  revealed), depending only on what ``seat`` may see and on ``rng``. Optional: ``evaluate`` (the value
  in [0, 1] of a position where a rollout stops early), ``rollout`` (a cheap policy for playouts; it may
  read the whole state, which is a determinized world), ``prior`` (a stronger policy asked once per
  answer, on the determinized root, whose answer starts with ``prior_wins`` virtual wins), ``prune``
  (answers never worth searching), ``rollout_depth`` and ``budget_scale``; for hard only, ``guided_plies``,
  ``hard_rollout_depth`` and ``hard_prior_bias`` (hard's playouts and its pull toward the guide) and
  ``hard_evaluate`` (its judge where a playout stops).
* ``think`` determinizes the real state first and never reads it again, so two states that differ only
  in what the bot's seat cannot see give the same answer (tests/<game>/test_determinize.py).
* Every iteration samples a world from the bot's information, walks the tree (UCB1 over the answers
  available in that world, counting availability as ISMCTS does), expands one node, plays out (random
  or the game's rollout policy) up to a depth cap, and backs up a value from 0 (loss) to 1 (win).
* Tree nodes are keyed by what the bot has seen of the line of play: its own answers, the opponent's
  public answers, and "?" for an opponent's secret answer (which it cannot see).
* A multi-choice decision (``max > 1``) is built one option at a time (options in their listed order,
  then ``!done``), so every subset is reachable without listing them all.
* When both seats owe a secret simultaneous decision, the opponent answers first (in the tree its node
  is keyed before the bot's answer, so it never sees it); at the root it is sampled by the rollout policy.
* Hard also lets the game's guide policy (its greedy player) bias every node of the tree and answer the
  first steps of each playout (``Budget.prior_bias``, ``guided_plies``; off for easy and normal).
* A game may play hard by a player of its own instead (``BotHooks.hard_player``: Starfall's turn lines
  played on by its greedy player, cogs/starfall/hard.py): ``think`` gives it the determinized world, the
  rng and a ``Clock``; it never sees the real state either.
* Deterministic: the only randomness is ``random.Random(seed)`` and the levels are iteration budgets;
  the time cap is a safety net that easy's and normal's iterations should not reach on this machine.
  Hard's may (4 s; Starfall's guide is slow, and a loaded host): an answer cut by the cap depends on how
  many iterations fitted, so it is reproducible only from the same seed *and* iteration count. Matches
  store the moves played, never re-think them, so a replay is unaffected (docs/BOT.md, Hard).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from bot.decks import group_of, ready_decks
from bot.engine import Decision, Engine, Seat, State, decision_for, random_choice
from bot.games import BotHooks, Policy, WeighedAnswer, get_game

Pause = Callable[[], float]  # sleeps while the search should step aside; returns the seconds slept

DONE = "!done"  # the step that closes a multi-choice answer
HIDDEN = "?"  # an opponent's secret step, as the bot sees it
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True)
class Budget:
    """How long to think: ``iterations`` decides (deterministic); ``max_ms`` is the safety cap."""

    iterations: int
    max_ms: float
    exploration: float = 0.7  # UCB1's c for values in [0, 1]
    # 0: answer the most visited step. Above 0 (easy): draw each step of the answer from a softmax over the
    # searched steps' mean values at this temperature, so a clearly worse answer is rare but a close second
    # is often played (a beatable opponent whose mistakes are plausible ones). Drawn from the search's rng.
    temperature: float = 0.0
    use_prior: bool = True  # False (easy): the game's stronger prior policy is not asked
    use_rollout: bool = True  # False (easy): playouts are random, not the game's playout policy
    # Hard only (off by default, so easy and normal search exactly as they always did): the game's guide
    # policy (``Hooks.guide_policy``: its greedy player, else its prior, else its playout policy) biases the
    # choice at every node of the tree, not only at the root. At a node reached again, its answer in that
    # node's world is asked once (lazily, cached by the node's key): that step is expanded first and UCB1
    # adds ``prior_bias / (1 + visits)`` to it (progressive bias, Chaslot et al. 2008), a pull that fades as
    # the step's own results come in. So the opponent's replies in the tree start from a sensible move.
    prior_bias: float = 0.0
    guided_plies: int = 0  # the first decisions of each playout are answered by the guide policy
    rollout_depth: int | None = None  # a playout's decisions (None: the game's ``rollout_depth``)
    own_judge: bool = False  # hard: a playout that stops early is judged by the game's ``hard_evaluate``, if any


HARD_PRIOR_BIAS = 1.0  # at 1 visit the guide's step scores +0.5, at 9 visits +0.1 (values are 0..1)
HARD_GUIDED_PLIES = 2  # a playout's first two decisions (the replies nearest the leaf) by the guide policy
EASY_TEMPERATURE = 0.08  # a step 0.08 worse in mean value (8 points in 100) is played e^-1 as often

# Times each game's budget_scale, calibrated so a level's iterations end before its cap even on this
# 2-core host under load (see docs/ARCHITECTURE.md): then the answer never depends on timing.
BUDGETS: dict[str, Budget] = {
    "easy": Budget(iterations=20, max_ms=300.0, temperature=EASY_TEMPERATURE, use_prior=False,
                   use_rollout=False),
    "normal": Budget(iterations=100, max_ms=1000.0),
    # Hard may reach its cap (Starfall's guide is slow): see docs/BOT.md "Hard" for what that costs.
    "hard": Budget(iterations=1000, max_ms=4000.0, prior_bias=HARD_PRIOR_BIAS, guided_plies=HARD_GUIDED_PLIES,
                   own_judge=True),
}


@dataclass(frozen=True, kw_only=True)
class Hooks(BotHooks):
    """What one search runs on: a game's bot hooks and its engine (and, for hard, its greedy player)."""

    engine: Engine
    # The game's greedy player (GameSpec.selfplay.greedy): it reads the whole state, here a sampled world.
    greedy: Policy | None = None

    def guide_policy(self) -> Policy | None:
        """What biases hard's tree and first playout steps: the cheapest good policy the game has."""
        return self.greedy or self.prior or self.rollout


def has_bot_player(game_id: str) -> bool:
    return get_game(game_id).bot is not None


def hooks_for(game_id: str) -> Hooks:
    spec = get_game(game_id)
    if spec.bot is None:
        raise KeyError(f"{game_id} declares no bot hooks (GameSpec.bot)")
    greedy = spec.selfplay.greedy if spec.selfplay is not None else None
    return Hooks(engine=spec.engine, greedy=greedy, **vars(spec.bot))


def level_budget(level: str, hooks: Hooks, max_ms: float | None = None) -> Budget:
    if level not in BUDGETS:
        raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
    budget = BUDGETS[level]
    budget = replace(budget, iterations=max(8, round(budget.iterations * hooks.budget_scale)))
    if level == "hard":  # the game's own settings for hard (easy and normal search as they always did)
        own = {"guided_plies": hooks.guided_plies, "rollout_depth": hooks.hard_rollout_depth,
               "prior_bias": hooks.hard_prior_bias}
        budget = replace(budget, **{field: value for field, value in own.items() if value is not None})
    return budget if max_ms is None else replace(budget, max_ms=max_ms)


def think(game_id: str, state: State, seat: Seat, seed: str, level: str = DEFAULT_LEVEL,
          max_ms: float | None = None, budget: Budget | None = None, pause: Pause | None = None
          ) -> tuple[str, ...]:
    """The bot's answer for ``seat``: a function of (seed, level or budget, what ``seat`` may see).

    ``pause``: called between playout steps; it may sleep (the bot process is busy with members' clicks,
    bot/ai/worker.py) and returns the seconds it slept, which are added to the deadline."""
    hooks = hooks_for(game_id)
    rng = random.Random(f"think:{seed}")
    # The real state is read once, here: everything below sees only a world sampled from seat's view.
    world = hooks.determinize(state, seat, rng)
    if plays_own_hard(hooks, level, budget):
        return own_hard_answers(hooks, world, seat, rng, max_ms, pause)[0][0]
    return search(hooks, world, seat, budget or level_budget(level, hooks, max_ms), rng, pause)


def plays_own_hard(hooks: Hooks, level: str, budget: Budget | None) -> bool:
    """Hard in a game with its own hard player (``BotHooks.hard_player``); a given budget asks for the tree."""
    return budget is None and level == "hard" and hooks.hard_player is not None


def own_hard_answers(hooks: Hooks, world: State, seat: Seat, rng: random.Random, max_ms: float | None,
                     pause: Pause | None) -> list[WeighedAnswer]:
    """The game's own hard player's weighed answers on ``world`` (best first), on hard's clock (``max_ms``:
    its cap, else the level's): what ``think`` answers and a hint at hard shows."""
    assert hooks.hard_player is not None
    clock = Clock(level_budget("hard", hooks, max_ms).max_ms, pause or _no_pause)
    return hooks.hard_player(world, seat, rng, clock.time_is_up)


class Clock:
    """A game's own hard player's time: up once ``max_ms`` of thinking have passed (time slept in ``pause``,
    while the bot process serves members' clicks, does not count)."""

    def __init__(self, max_ms: float, pause: Pause) -> None:
        self.pause = pause
        self.paused = 0.0
        self.deadline = time.perf_counter() + max_ms / 1000.0

    def time_is_up(self) -> bool:
        self.paused += self.pause()
        return time.perf_counter() - self.paused > self.deadline


# ---------------------------------------------------------------- an unseen deck list


@cache
def _deck_catalogue(game_id: str) -> tuple[Any, dict[str, str], tuple[tuple[str, tuple[str, ...]], ...]]:
    """A deck game's rule, each card's group, and its ready-made decks as sorted lists (id, cards)."""
    spec = get_game(game_id)
    rule = spec.deck_rule
    if rule is None:
        raise KeyError(f"{game_id} is not played with a deck")
    groups = {card.id: group_of(rule, card) for card in spec.cards()}
    ready = tuple((deck.id, tuple(sorted(c for c, n in deck.cards.items() for _ in range(n))))
                  for deck in ready_decks(game_id, rule))
    return rule, groups, ready


def sample_deck_list(game_id: str, seen: Sequence[str], rng: random.Random) -> tuple[list[str], str | None]:
    """A legal deck list for an opponent whose pick is private, holding every card ``seen`` of it.

    A ready-made deck that holds all of them is taken (one of them at random); otherwise the seen cards
    are kept and the rest is drawn from the ready-made deck that shares the most with them, then from the
    card pool, group by group (Starfall's 6 per attribute) within the copy limit. Returns the list
    (sorted) and the ready-made deck's id, or None for a list of the opponent's own. Depends only on
    ``seen`` and ``rng``, so a world built from it never reflects the real list.
    """
    rule, groups, ready = _deck_catalogue(game_id)
    wanted = Counter(seen)
    fitting = [(deck_id, cards) for deck_id, cards in ready if not wanted - Counter(cards)]
    if fitting:
        deck_id, cards = fitting[rng.randrange(len(fitting))]
        return list(cards), deck_id
    overlap = [sum((wanted & Counter(cards)).values()) for _id, cards in ready]
    best = [cards for (_id, cards), shared in zip(ready, overlap, strict=True) if shared == max(overlap)]
    base = Counter(best[rng.randrange(len(best))]) if best else Counter()
    chosen = Counter(wanted)
    missing = rule.size - len(seen)
    needs = {group: count - sum(n for c, n in wanted.items() if groups.get(c) == group)
             for group, count in rule.group_counts.items()}

    def take(candidates: list[str], group: str | None) -> None:
        nonlocal missing
        rng.shuffle(candidates)
        for card in candidates:
            room = needs[group] if group is not None else missing
            if room <= 0 or missing <= 0:
                return
            if chosen[card] < rule.limit_of(card):
                chosen[card] += 1
                missing -= 1
                if group is not None:
                    needs[group] -= 1

    for group in sorted(needs) or [None]:
        in_group = sorted(c for c in groups if group is None or groups[c] == group)
        take(sorted((c for c, n in (base - wanted).items() if c in in_group for _ in range(n))), group)
        take([c for c in in_group for _ in range(rule.limit_of(c))], group)
    return sorted(chosen.elements()), None


# ---------------------------------------------------------------- the tree


class Edge:
    """One step out of a node: how often it was available, taken, and what it scored for its mover."""

    __slots__ = ("available", "visits", "total")

    def __init__(self) -> None:
        self.available = 0
        self.visits = 0
        self.total = 0.0


Node = dict[str, Edge]  # step -> edge
Key = tuple[Any, ...]


def next_steps(decision: Decision, partial: Sequence[str]) -> list[str]:
    """The steps that extend a partial answer: a later option (enough left to reach ``min``), or done.

    Options are taken in their listed order so each subset is built one way only. Empty: the answer is
    complete.
    """
    if len(partial) >= decision.max:
        return []
    options = decision.options
    start = options.index(partial[-1]) + 1 if partial else 0
    still_needed = decision.min - len(partial) - 1
    steps = [options[i] for i in range(start, len(options)) if len(options) - 1 - i >= still_needed]
    if len(partial) >= decision.min:
        steps.append(DONE)
    return steps


def complete_randomly(decision: Decision, partial: list[str], rng: random.Random) -> tuple[str, ...]:
    while True:
        steps = next_steps(decision, partial)
        if not steps:
            return tuple(partial)
        step = steps[rng.randrange(len(steps))]
        if step == DONE:
            return tuple(partial)
        partial.append(step)


def order_pending(pending: Sequence[Decision], searcher: Seat) -> Decision:
    """The decision answered next: with two open at once, the opponent's (so it never sees ours)."""
    for decision in pending:
        if decision.seat != searcher:
            return decision
    return pending[0]


def ucb_pick(node: Node, steps: Sequence[str], c: float, hint: str | None = None, bias: float = 0.0) -> str:
    """UCB1 over ``steps``; ``hint`` (hard) gets ``bias / (1 + visits)`` more."""
    best, best_value = steps[0], -math.inf
    for step in steps:
        edge = node[step]
        value = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
        if step == hint:
            value += bias / (1 + edge.visits)
        if value > best_value:
            best, best_value = step, value
    return best


def _no_pause() -> float:
    return 0.0


class Search:
    def __init__(self, hooks: Hooks, seat: Seat, budget: Budget, rng: random.Random,
                 pause: Pause | None = None) -> None:
        self.hooks = hooks
        self.pause = pause or _no_pause
        self.paused = 0.0  # seconds slept in pause(): not thinking time
        self.engine = hooks.engine
        self.seat = seat
        self.budget = budget
        self.rng = rng
        self.nodes: dict[Key, Node] = {}
        self.guide = hooks.guide_policy() if budget.prior_bias > 0 or budget.guided_plies > 0 else None
        self.hints: dict[Key, str | None] = {}  # hard: the guide's next step at a node, asked once
        own = hooks.hard_evaluate if budget.own_judge else None
        self.evaluate = own or hooks.evaluate

    def value(self, state: State) -> float:
        """0..1 for the searching seat: the result, else the game's evaluation, else even."""
        outcome = self.engine.outcome(state)
        if outcome is not None:
            return 0.5 if outcome.winner is None else float(outcome.winner == self.seat)
        if self.evaluate is not None:
            return min(1.0, max(0.0, self.evaluate(state, self.seat)))
        return 0.5

    def pending(self, state: State) -> list[Decision]:
        pending = self.engine.pending(state)
        return [self.hooks.prune(d) for d in pending] if self.hooks.prune is not None else pending

    def policy_answer(self, state: State, decision: Decision) -> tuple[str, ...]:
        if self.hooks.rollout is not None and self.budget.use_rollout:
            return tuple(self.hooks.rollout(state, decision, self.rng))
        return random_choice(decision, self.rng)

    def rollout(self, state: State, decision: Decision | None, partial: list[str]) -> float:
        if decision is not None:  # finish the answer the tree left half-built
            state, _ = self.engine.apply(state, decision.seat, complete_randomly(decision, partial, self.rng))
        depth = self.hooks.rollout_depth if self.budget.rollout_depth is None else self.budget.rollout_depth
        for ply in range(depth):
            self.paused += self.pause()
            if self.engine.outcome(state) is not None:
                break
            pending = self.pending(state)
            if not pending:
                break
            decision = pending[self.rng.randrange(len(pending))] if len(pending) > 1 else pending[0]
            if self.guide is not None and ply < self.budget.guided_plies:
                answer = tuple(self.guide(state, decision, self.rng))
            else:
                answer = self.policy_answer(state, decision)
            state, _ = self.engine.apply(state, decision.seat, answer)
        return self.value(state)

    def hint(self, key: Key, state: State, decision: Decision, partial: Sequence[str]) -> str | None:
        """The guide's next step at this node (hard), from the first world that reached it twice."""
        if key not in self.hints:
            assert self.guide is not None
            order = {option: index for index, option in enumerate(decision.options)}
            answer = sorted(self.guide(state, decision, self.rng), key=lambda o: order.get(o, len(order)))
            follows = answer[:len(partial)] == list(partial)
            self.hints[key] = (answer[len(partial)] if len(answer) > len(partial) else DONE) if follows else None
        return self.hints[key]

    def root_world(self, root: State) -> State:
        world = self.hooks.determinize(root, self.seat, self.rng)
        # An opponent's simultaneous secret answer is not in the tree: sample it (a chance node).
        for _ in range(8):
            pending = self.pending(world)
            if len(pending) < 2:
                break
            other = order_pending(pending, self.seat)
            world, _ = self.engine.apply(world, other.seat, self.policy_answer(world, other))
        return world

    def iterate(self, root: State) -> None:
        state = self.root_world(root)
        key: Key = ()
        node = self.nodes.setdefault(key, {})
        path: list[tuple[Edge, Seat]] = []
        decision: Decision | None = None
        partial: list[str] = []
        while True:
            if decision is None:
                if self.engine.outcome(state) is not None:
                    break
                pending = self.pending(state)
                if not pending:
                    break
                if not key and decision_for(pending, self.seat) is not None:
                    decision = decision_for(pending, self.seat)  # the root is always the bot's question
                else:
                    decision = order_pending(pending, self.seat)
                partial = []
            steps = next_steps(decision, partial)
            for step in steps:
                if step in node:
                    node[step].available += 1
            untried = [step for step in steps if step not in node]
            expanding = bool(untried)
            # Hard: a node reached before (the root, or one with a step already tried) asks the guide.
            hint = (self.hint(key, state, decision, partial)
                    if self.budget.prior_bias > 0 and (node or not key) else None)
            if expanding:
                step = hint if hint in untried else untried[self.rng.randrange(len(untried))]
                node[step] = Edge()
                node[step].available = 1
            else:
                step = ucb_pick(node, steps, self.budget.exploration, hint, self.budget.prior_bias)
            path.append((node[step], decision.seat))
            hidden = decision.secret and decision.seat != self.seat
            key = key + ((decision.seat, HIDDEN if hidden else step),)
            if step != DONE:
                partial.append(step)
            if step == DONE or not next_steps(decision, partial):
                state, _ = self.engine.apply(state, decision.seat, tuple(partial))
                decision, partial = None, []
            if expanding:
                break
            node = self.nodes.setdefault(key, {})
        value = self.rollout(state, decision, partial)
        for edge, mover in path:
            edge.visits += 1
            edge.total += value if mover == self.seat else 1.0 - value

    def best_answer(self, decision: Decision) -> tuple[str, ...]:
        """Follow the most visited steps from the root until the answer is complete."""
        partial: list[str] = []
        key: Key = ()
        while True:
            steps = next_steps(decision, partial)
            if not steps:
                return tuple(partial)
            node = self.nodes.get(key, {})
            visited = [step for step in steps if step in node and node[step].visits]
            if not visited:
                return complete_randomly(decision, partial, self.rng)
            if self.budget.temperature > 0:
                step = self.softmax_pick(node, visited)
            else:
                step = max(visited, key=lambda s: (node[s].visits, node[s].total))
            if step == DONE:
                return tuple(partial)
            partial.append(step)
            key = key + ((self.seat, step),)

    def softmax_pick(self, node: Node, steps: Sequence[str]) -> str:
        """A step drawn with weight exp(mean value / temperature) (the easy level's answer)."""
        means = [node[step].total / node[step].visits for step in steps]
        top = max(means)
        weights = [math.exp((mean - top) / self.budget.temperature) for mean in means]
        return self.rng.choices(list(steps), weights=weights)[0]

    def run(self, root: State) -> tuple[str, ...]:
        decision = decision_for(self.pending(root), self.seat)
        if decision is None:
            raise ValueError("the bot's seat has no decision pending")
        if len(decision.options) == 1 and decision.min == decision.max == 1:
            return decision.options[0],
        deadline = time.perf_counter() + self.budget.max_ms / 1000.0
        if self.hooks.prior is not None and self.budget.use_prior and decision.max == 1:
            # Called on the determinized world, never the real state (it may read everything).
            (hint,) = self.hooks.prior(root, decision, self.rng) or (None,)
            if hint in decision.options:
                edge = self.nodes.setdefault((), {}).setdefault(hint, Edge())
                edge.available = edge.visits = self.hooks.prior_wins
                edge.total = float(self.hooks.prior_wins)
        for _ in range(self.budget.iterations):
            self.paused += self.pause()
            self.iterate(root)
            if time.perf_counter() - self.paused > deadline:
                break
        return self.best_answer(decision)


def search(hooks: Hooks, world: State, seat: Seat, budget: Budget, rng: random.Random,
           pause: Pause | None = None) -> tuple[str, ...]:
    """ISMCTS from a state already determinized for ``seat`` (worlds are resampled from it)."""
    return Search(hooks, seat, budget, rng, pause).run(world)
