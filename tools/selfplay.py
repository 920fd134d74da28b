"""Self-play over a game's engine: the balance yardstick (``python -m bot selfplay GAME``).

Pure and synchronous (no Discord). A game takes part through its ``GameSpec.selfplay``
(``bot.games.SelfPlayHooks``), each hook optional:

* ``greedy(state, decision, rng) -> tuple[str, ...]``: the game's greedy player (needed for
  ``--policy greedy``);
* ``side_keys(state) -> tuple[str, str]``: the group key of each seat at the end of a match
  (Formation's types, TetrAction's characters, a ready-made deck id); without it only the seat lines
  are printed;
* ``options(index, rng) -> dict[str, str]``: the match options of match ``index`` (default ``{}``).

Counting: every match counts once for each side, under that side's key. A win counts 1, a loss 0 and
a draw one half, so a key's win rate is its share of the points and 50% means even; draws are also
printed on their own line. A mirror match (both sides with the same key) counts for that key twice,
once won and once lost. The pairwise lines ``vs <a> <b>`` count only matches of ``a`` against ``b``
(``a`` != ``b``) from ``a``'s side. Every rate is followed by its 95% interval (``ci95 LO-HI``: the
Wilson score interval of the share of points over the games counted). In a game where seat 0 always
moves first (TetrAction), the seat lines are the first and the second player's rates. Match length is
the number of decisions applied.

Seeds: match ``index`` of a run with seed ``S`` is the engine seed ``S * 1_000_003 + index`` and its
players draw from ``random.Random(f"selfplay:{S}:{index}")``, so a run replays exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Engine, random_choice
from bot.games import Policy, SelfPlayHooks, get_game

POLICIES: tuple[str, ...] = ("random", "greedy")
MAX_DECISIONS = 100_000  # a guard against an engine that never ends; no real match comes near


class SelfPlayError(Exception):
    """A game cannot be played this way (no greedy policy, an engine that does not end)."""


@dataclass(frozen=True)
class MatchResult:
    index: int
    keys: tuple[str, str] | None
    winner: int | None  # seat, or None for a draw
    decisions: int


@dataclass
class Tally:
    """Points (win 1, draw 1/2) and games of one group."""

    points: float = 0.0
    games: int = 0

    def add(self, score: float) -> None:
        self.points += score
        self.games += 1

    @property
    def percent(self) -> float:
        return 100.0 * self.points / self.games if self.games else 0.0

    def line(self) -> str:
        """``P of N ci95 LO-HI``: the rate, the games and the 95% interval, in percent."""
        low, high = wilson_interval(self.points, self.games)
        return f"{self.percent:.1f} of {self.games} ci95 {low:.1f}-{high:.1f}"


def wilson_interval(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for z = 1.96) of a share of ``points`` over ``games``, in percent."""
    if games == 0:
        return 0.0, 100.0
    share = points / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return 100.0 * max(0.0, centre - half), 100.0 * min(1.0, centre + half)


@dataclass
class Report:
    game: str
    policy: str
    matches: int
    seed: int
    by_key: dict[str, Tally] = field(default_factory=dict)
    by_seat: list[Tally] = field(default_factory=lambda: [Tally(), Tally()])
    pairs: dict[tuple[str, str], Tally] = field(default_factory=dict)
    draws: int = 0
    lengths: list[int] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"selfplay {self.game} policy={self.policy} matches={self.matches} seed={self.seed}"]
        out.extend(self.rate_lines())
        out.append(f"draws {self.draws} of {self.matches}")
        out.append(f"length mean {mean(self.lengths):.1f} p95 {p95(self.lengths)} decisions")
        return out


    def rate_lines(self) -> list[str]:
        """The win rates by key, by seat and by pair (tools/arena.py prints them too)."""
        out = [f"win_rate {key} {self.by_key[key].line()}" for key in sorted(self.by_key)]
        out.extend(f"win_rate seat{seat} {tally.line()}" for seat, tally in enumerate(self.by_seat))
        out.extend(f"vs {a} {b} {self.pairs[(a, b)].line()}" for (a, b) in sorted(self.pairs))
        return out


def mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def p95(values: Sequence[int]) -> int:
    """The nearest-rank 95th percentile."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def run_refusal(game: str, matches: int) -> str | None:
    """Why a self-play or arena run of ``matches`` matches of ``game`` cannot start (None: it can)."""
    from bot.games import playable_game_ids

    if game not in playable_game_ids():
        return f"unknown game {game!r}; one of {', '.join(playable_game_ids())}"
    if matches < 1:
        return "--matches must be at least 1"
    return None


def pick_policy(game: str, policy: str, hooks: SelfPlayHooks | None) -> Policy:
    if policy == "random":
        return lambda _state, decision, rng: random_choice(decision, rng)
    if policy == "greedy":
        greedy = hooks.greedy if hooks is not None else None
        if greedy is None:
            raise SelfPlayError(f"{game} has no greedy policy (GameSpec.selfplay.greedy)")
        return greedy
    raise SelfPlayError(f"unknown policy {policy!r}; one of {', '.join(POLICIES)}")


def match_options(hooks: SelfPlayHooks | None, index: int, rng: random.Random) -> dict[str, str]:
    """The options of self-play match ``index``: the game's ``options`` hook, else none."""
    return dict(hooks.options(index, rng)) if hooks is not None and hooks.options is not None else {}


def play_match(engine: Engine, hooks: SelfPlayHooks | None, policy: Policy, seed: int, index: int) -> MatchResult:
    rng = random.Random(f"selfplay:{seed}:{index}")
    options = match_options(hooks, index, rng)
    state = engine.new_game(seed * 1_000_003 + index, options)
    decisions = 0
    while engine.outcome(state) is None:
        pending = engine.pending(state)
        if not pending:
            raise SelfPlayError(f"match {index}: no decision pending and no outcome")
        # Two seats may owe a secret choice at once; either order is legal, so draw one.
        decision = pending[0] if len(pending) == 1 else pending[rng.randrange(len(pending))]
        state, _events = engine.apply(state, decision.seat, policy(state, decision, rng))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise SelfPlayError(f"match {index}: more than {MAX_DECISIONS} decisions")
    outcome = engine.outcome(state)
    assert outcome is not None
    side_keys = hooks.side_keys if hooks is not None else None
    keys = tuple(side_keys(state)) if side_keys else None
    return MatchResult(index=index, keys=keys, winner=outcome.winner, decisions=decisions)  # type: ignore[arg-type]


def tally(report: Report, result: MatchResult) -> None:
    scores = (0.5, 0.5) if result.winner is None else (1.0 - result.winner, float(result.winner))
    report.draws += result.winner is None
    report.lengths.append(result.decisions)
    for seat in (0, 1):
        report.by_seat[seat].add(scores[seat])
    if result.keys is None:
        return
    for seat in (0, 1):
        mine, theirs = result.keys[seat], result.keys[1 - seat]
        report.by_key.setdefault(mine, Tally()).add(scores[seat])
        if mine != theirs:
            report.pairs.setdefault((mine, theirs), Tally()).add(scores[seat])


def run_selfplay(game: str, policy: str = "random", matches: int = 100, seed: int = 0,
                 on_result: Callable[[MatchResult], Any] | None = None) -> Report:
    spec = get_game(game)
    player = pick_policy(game, policy, spec.selfplay)
    report = Report(game=game, policy=policy, matches=matches, seed=seed)
    for index in range(matches):
        result = play_match(spec.engine, spec.selfplay, player, seed, index)
        tally(report, result)
        if on_result is not None:
            on_result(result)
    return report
