"""``python -m bot arena GAME --a LEVEL --b LEVEL``: two players at chosen strengths, over the engine only.

Levels: ``random`` (uniform legal answers), ``greedy`` (the game's ``GameSpec.selfplay.greedy`` player,
which reads the full state: a yardstick, not an opponent for people), and the bot player's ``easy``,
``normal`` and ``hard`` (bot/ai/search.py, which sees only its own seat's information).

Player A takes seat 0 in even matches and seat 1 in odd ones, and matches ``2k`` and ``2k + 1`` play one
deal, ``k``: the engine seed ``S * 1_000_003 + k`` (``S`` the run's seed) with the game's self-play ``options``
for ``k`` (as tools/selfplay.py), so each player meets every deal from both seats (a deck pair, who goes first)
and a run replays exactly (up to the search's time cap); a game whose self-play options draw the sides
(TetrAction's ``characters: random``) gets them at random here too, once a deal. Before the summary, the win rates by side key (the
game's ``side_keys``, e.g. TetrAction's characters), by seat and by pair, each with its 95% interval, counted
as tools/selfplay.py counts them: with two players of one level, the sides' balance as that player sees it.
Then A's score with its 95% Wilson interval, and A's score by the side A held (``a_score_by_side KEY``), each
searching player's own think times (``think_ms a=hard p50 M p95 T n=N``). The line before
the last is ``think_ms p50 M p95 T`` and the last line is ``a_wins=X b_wins=Y draws=Z p95_ms=T``, M and T the
nearest-rank 50th and 95th percentiles of the thinking time per decision of the search players (of every
player when neither searches).

``--record FILE`` keeps each finished match as a line of JSON (its result, sides, length and think times)
after a first line naming the run (game, levels, seed, options). Run again with the same file, the command
plays only the matches the file does not hold and reports on all of them: a cell of hours at ``hard`` is
measured over several sittings, and a run killed midway loses only the match it was playing. A file of
another run is refused, and so is one played by other code (the header holds a digest of bot/ai/, the
engine interface, the game's folder and its card data).

``--jobs N`` plays N matches at once, each in a process of its own (on this 2-core machine, 2: a cell in half
the time when nothing else runs; a search's time cap is per process, so more jobs than cores makes capped
answers weaker).
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.ai import search
from bot.engine import Decision, Seat, State, random_choice
from bot.games import get_game
from tools.selfplay import MatchResult, Report, Tally, match_options, run_refusal, tally, wilson_interval

ARENA_LEVELS: tuple[str, ...] = ("random", "greedy", *search.LEVELS)
MAX_DECISIONS = 100_000
# How a run's matches are dealt, kept in a record's header: a record of matches dealt otherwise (before
# 2026-11-28 night every match had a deal of its own, the header had no "deal") is another run, refused.
DEAL = "paired"

Player = Callable[[State, Decision, str], tuple[str, ...]]


class ArenaError(Exception):
    """A level this game cannot play (no greedy policy, no bot player)."""


@dataclass
class ArenaReport:
    game: str
    a: str
    b: str
    matches: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    think_ms: list[float] = field(default_factory=list)
    # Each player's own thinking times (A's, B's), so a hard player's p95 is not mixed with its opponent's.
    think_ms_of: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    sides: Report = field(default_factory=lambda: Report(game="", policy="", matches=0, seed=0))
    # A's score by the side A held (a deck, characters): a level can be strong with one side and even with
    # another (Starfall's hard with Starstorm, docs/BOT-STUDIES-STARFALL.md), which the sides' own rates above
    # do not show.
    a_sides: dict[str, Tally] = field(default_factory=dict)

    def lines(self) -> list[str]:
        points = self.a_wins + 0.5 * self.draws
        share = 100.0 * points / self.matches if self.matches else 0.0
        low, high = wilson_interval(points, self.matches)
        return [f"arena {self.game} a={self.a} b={self.b} matches={self.matches}",
                *self.sides.rate_lines(),
                f"a_score {share:.1f}% ci95 {low:.1f}-{high:.1f}",
                *(f"a_score_by_side {key} {self.a_sides[key].line()}" for key in sorted(self.a_sides)),
                *(f"think_ms {name}={level} p50 {percentile(times, 0.5):.0f} p95 {p95(times):.0f} n={len(times)}"
                  for name, level, times in (("a", self.a, self.think_ms_of[0]), ("b", self.b, self.think_ms_of[1]))
                  if times),
                f"think_ms p50 {percentile(self.think_ms, 0.5):.0f} p95 {p95(self.think_ms):.0f}",
                f"a_wins={self.a_wins} b_wins={self.b_wins} draws={self.draws} p95_ms={p95(self.think_ms):.0f}"]


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.5: the median)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def p95(values: Sequence[float]) -> float:
    return percentile(values, 0.95)


def make_player(game: str, level: str, think_ms: float | None) -> Player:
    if level == "random":
        return lambda _state, decision, seed: random_choice(decision, random.Random(seed))
    if level == "greedy":
        hooks = get_game(game).selfplay
        greedy = hooks.greedy if hooks is not None else None
        if greedy is None:
            raise ArenaError(f"{game} has no greedy policy (GameSpec.selfplay.greedy)")
        return lambda state, decision, seed: tuple(greedy(state, decision, random.Random(seed)))
    if level in search.LEVELS:
        if not search.has_bot_player(game):
            raise ArenaError(f"{game} has no bot player (GameSpec.bot)")
        return lambda state, decision, seed: search.think(game, state, decision.seat, seed, level, think_ms)
    raise ArenaError(f"unknown level {level!r}; one of {', '.join(ARENA_LEVELS)}")


def play_match(game: str, players: tuple[Player, Player], searching: tuple[bool, bool], seed: int, index: int,
               report: ArenaReport, a_seat: Seat = 0, fixed: dict[str, str] | None = None) -> MatchResult:
    """One match, ``players[seat]`` answering for each seat (player A in ``a_seat``), its think times in
    ``report``; returns how it ended (the winning seat or None, the sides, its length)."""
    spec = get_game(game)
    engine = spec.engine
    # One deal for two matches, the seats swapped (``DEAL``), so player A meets each side of every deal: with
    # a deal a match and an even cycle of options (Starfall's 12 deck pairs), A held one deck of every pair.
    deal = index // 2
    rng = random.Random(f"arena:{seed}:{deal}")
    options = match_options(spec.selfplay, deal, rng) | (fixed or {})  # --option over the self-play ones
    state = engine.new_game(seed * 1_000_003 + deal, options)
    for count in range(MAX_DECISIONS):
        outcome = engine.outcome(state)
        if outcome is not None:
            side_keys = spec.selfplay.side_keys if spec.selfplay is not None else None
            keys = tuple(side_keys(state)) if side_keys is not None else None
            return MatchResult(index=index, keys=keys, winner=outcome.winner, decisions=count)  # type: ignore[arg-type]
        pending = engine.pending(state)
        decision = pending[0] if len(pending) == 1 else pending[rng.randrange(len(pending))]
        started = time.perf_counter()
        choice = players[decision.seat](state, decision, f"{seed}:{index}:{count}")
        elapsed = 1000.0 * (time.perf_counter() - started)
        if searching[decision.seat] or not any(searching):
            report.think_ms.append(elapsed)
        if searching[decision.seat]:
            report.think_ms_of[0 if decision.seat == a_seat else 1].append(elapsed)
        state, _ = engine.apply(state, decision.seat, choice)
    raise ArenaError(f"match {index}: more than {MAX_DECISIONS} decisions")


def run_arena(game: str, a: str, b: str, matches: int, think_ms: float | None = None, seed: int = 0,
              on_match: Callable[[int, str], object] | None = None, report: ArenaReport | None = None,
              options: dict[str, str] | None = None, recorded: Sequence[dict[str, Any]] = (),
              on_record: Callable[[dict[str, Any]], object] | None = None, jobs: int = 1) -> ArenaReport:
    """Play ``matches`` matches into ``report`` (a new one by default; pass one to read it while it runs).
    ``recorded`` matches (what ``on_record`` was given in an earlier sitting) are counted, not played again.
    ``jobs`` > 1 plays that many matches at once, each in a process of its own (counted as they finish: the
    same totals, rates and percentiles as one at a time; a search's time cap is per process)."""
    make_player(game, a, think_ms), make_player(game, b, think_ms)  # a level the game lacks: refused before any match
    report = report or ArenaReport(game=game, a=a, b=b)
    done = {int(record["index"]): record for record in recorded if int(record["index"]) < matches}
    for index in sorted(done):
        count_record(report, done[index])
    missing = [index for index in range(matches) if index not in done]

    def finished(record: dict[str, Any]) -> None:
        result = count_record(report, record)
        if on_record is not None:
            on_record(record)
        if on_match is not None:
            on_match(int(record["index"]), result)

    if jobs <= 1:
        for index in missing:
            finished(played(game, a, b, think_ms, seed, index, options))
        return report
    from bot.orphans import exit_with_parent

    context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of this one's state shared
    # A run stopped midway (its record keeps what finished) must not leave its workers thinking on.
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context,
                                                initializer=exit_with_parent) as pool:
        futures = [pool.submit(played, game, a, b, think_ms, seed, index, options) for index in missing]
        for future in concurrent.futures.as_completed(futures):
            finished(future.result())
    return report


def a_seat_of(index: int) -> Seat:
    """Player A's seat in match ``index``: 0 and then 1 within each deal (``play_match`` deals ``index // 2``)."""
    return index % 2


def played(game: str, a: str, b: str, think_ms: float | None, seed: int, index: int,
           options: dict[str, str] | None) -> dict[str, Any]:
    """Match ``index`` of a run, played to the end: its record (what ``--record`` keeps of it)."""
    a_seat = a_seat_of(index)
    player_a, player_b = make_player(game, a, think_ms), make_player(game, b, think_ms)
    players = (player_a, player_b) if a_seat == 0 else (player_b, player_a)
    searching = (a in search.LEVELS, b in search.LEVELS)
    if a_seat == 1:
        searching = searching[::-1]
    report = ArenaReport(game=game, a=a, b=b)
    ended = play_match(game, players, searching, seed, index, report, a_seat, options)
    return {"index": index, "winner": ended.winner, "keys": list(ended.keys) if ended.keys else None,
            "decisions": ended.decisions, "think_ms": report.think_ms,
            "think_ms_a": report.think_ms_of[0], "think_ms_b": report.think_ms_of[1]}


A_POINTS = {"a": 1.0, "draw": 0.5, "b": 0.0}  # A's points for count_result's answer


def count_result(report: ArenaReport, winner: Seat | None, a_seat: int) -> str:
    """Count one finished match in A's and B's score; "a", "b" or "draw"."""
    report.matches += 1
    if winner is None:
        report.draws += 1
        return "draw"
    if winner == a_seat:
        report.a_wins += 1
        return "a"
    report.b_wins += 1
    return "b"


def count_record(report: ArenaReport, record: dict[str, Any]) -> str:
    """Count a played match (or one kept by ``--record``); "a", "b" or "draw"."""
    winner = record["winner"]
    keys = tuple(record["keys"]) if record.get("keys") else None
    tally(report.sides, MatchResult(index=int(record["index"]), keys=keys, winner=winner,  # type: ignore[arg-type]
                                    decisions=int(record["decisions"])))
    report.think_ms.extend(record["think_ms"])
    report.think_ms_of[0].extend(record["think_ms_a"])
    report.think_ms_of[1].extend(record["think_ms_b"])
    a_seat = a_seat_of(int(record["index"]))
    result = count_result(report, winner, a_seat)
    if keys is not None:
        report.a_sides.setdefault(keys[a_seat], Tally()).add(A_POINTS[result])
    return result


def run_header(game: str, a: str, b: str, seed: int, options: dict[str, str]) -> dict[str, Any]:
    """What a record is a record of: the run's settings and the code that plays it (a file of matches played
    by an earlier bot or rules engine is another run)."""
    return {"arena": {"game": game, "a": a, "b": b, "seed": seed, "options": options, "deal": DEAL,
                      "code": code_digest(game)}}


ROOT = Path(__file__).resolve().parent.parent


def code_digest(game: str) -> str:
    """A digest of the search, the engine interface, the game's folder and its card data (``assets/GAME``,
    not its pictures): what decides how matches go."""
    digest = hashlib.sha256()
    data = [path for path in (ROOT / "assets" / game).rglob("*") if path.suffix in (".toml", ".json", ".yaml")]
    for path in sorted([*(ROOT / "bot" / "ai").rglob("*.py"), ROOT / "bot" / "engine.py",
                        *(ROOT / "cogs" / game).rglob("*.py"), *data]):
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def read_record(path: Path, header: dict[str, Any]) -> list[dict[str, Any]] | str:
    """The matches kept in ``path`` (none if it does not exist yet: then it is started with ``header``), or
    why this run cannot resume it. A last line cut by a kill is dropped (its match is played again)."""
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps(header) + "\n", encoding="utf-8")
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    try:
        kept = json.loads(lines[0])
    except json.JSONDecodeError:
        return f"--record {path}: not an arena record"
    if kept != header:
        return f"--record {path}: a record of another run ({json.dumps(kept.get('arena', kept))})"
    records = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            if number != len(lines) or text.endswith("\n"):
                return f"--record {path}: line {number} is not JSON"
            path.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # the cut line goes
    return records


def parse_options(pairs: Sequence[str]) -> dict[str, str] | str:
    """``KEY=VALUE`` strings -> options, or the message for the first that is not one."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            return f"--option {pair!r}: expected KEY=VALUE, e.g. characters=red-yellow"
        options[key.strip()] = value.strip()
    return options


def run_arena_command(game: str, a: str, b: str, matches: int, think_ms: float | None, seed: int,
                      option_pairs: Sequence[str] = (), record: str | None = None, jobs: int = 1) -> int:
    """``python -m bot arena``: one progress line per match on stderr (its result and the running score and
    p95, and every 20 matches the rates by side, seat and pair, so a run cut short still says what it
    measured), the report on stdout; with ``record``, resumed from and kept in that file."""
    refusal = run_refusal(game, matches)
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return 2
    options = parse_options(option_pairs)
    if isinstance(options, str):
        print(options, file=sys.stderr)
        return 2
    if jobs < 1:
        print(f"--jobs {jobs}: at least 1", file=sys.stderr)
        return 2
    recorded: list[dict[str, Any]] = []
    if record is not None:
        kept = read_record(Path(record), run_header(game, a, b, seed, options))
        if isinstance(kept, str):
            print(kept, file=sys.stderr)
            return 2
        recorded = kept
        print(f"--record {record}: {len(recorded)} matches kept, playing the rest of {matches}", file=sys.stderr)
    report = ArenaReport(game=game, a=a, b=b)

    def progress(index: int, result: str) -> None:
        print(f"match {index} {result} | {report.lines()[-1]}", file=sys.stderr, flush=True)
        if (index + 1) % 20 == 0:  # the rates so far, for a run that must be cut short
            print("\n".join(f"  {line}" for line in report.sides.rate_lines()), file=sys.stderr, flush=True)

    def keep(match: dict[str, Any]) -> None:
        with open(str(record), "a", encoding="utf-8") as file:
            file.write(json.dumps(match) + "\n")

    try:
        run_arena(game, a, b, matches, think_ms=think_ms, seed=seed, on_match=progress, report=report,
                  options=options, recorded=recorded, on_record=keep if record is not None else None, jobs=jobs)
    except (ArenaError, ValueError) as error:  # ValueError: the engine refused an --option
        print(str(error), file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0
