"""``python -m bot bench --store [--database-url URL]``: the store on SQLite and on PostgreSQL (issue 17).

* decision latency: ``commit_decision`` one at a time (p50/p95), with states and events of random play;
* throughput: decisions/s with many matches committing at once;
* ready: with 100,000 stored matches (most finished; some active, with due timers and unposted
  decisions), what start-up does before the bot is ready: open + migration check + ``matches_behind``
  + the timekeeper's first claims.

PostgreSQL runs on ``--database-url``'s server (scratch databases are created there and dropped after;
the role needs CREATEDB) or, without one, on a server of its own started from the ``pgserver`` package.
Benchmarks, not tests: they print numbers and targets, and never fail a build.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import statistics
import tempfile
import time
import uuid
import warnings
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from bot.db import POSTGRES, SQLITE
from bot.engine import random_choice
from bot.games import get_game
from bot.store import DecisionCommit, Store

TARGETS = {"pg_over_sqlite": 1.5, "ready_s": 1.0}
DAY = 86400.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


@dataclass(frozen=True)
class Step:
    """One decision of a recorded random game: what commit_decision writes for it."""

    seat: int
    choice: list[str]
    state: dict[str, Any]
    events: list[list[Any]]
    finished: bool
    winner: int | None


def recorded_games(game_id: str, count: int, seed: int = 1) -> list[list[Step]]:
    """Whole random games of ``game_id`` (engine only, before any timing)."""
    engine = get_game(game_id).engine
    rng = random.Random(seed)
    games = []
    for index in range(count):
        state = engine.new_game(seed * 1000 + index, {})
        steps = []
        while engine.outcome(state) is None and len(steps) < 400:
            decision = engine.pending(state)[0]
            choice = random_choice(decision, rng)
            state, events = engine.apply(state, decision.seat, choice)
            outcome = engine.outcome(state)
            rows = [[event.key, dict(event.args), list(event.audience) if event.audience is not None else None]
                    for event in events]  # as MatchService writes them
            steps.append(Step(decision.seat, list(choice), state, rows, outcome is not None,
                              getattr(outcome, "winner", None)))
        games.append(steps)
    return games


class Backends:
    """Fresh databases on demand: SQLite files in a scratch folder, PostgreSQL databases on one server."""

    def __init__(self, scratch: Path, database_url: str | None) -> None:
        self.scratch = scratch
        self.database_url = database_url
        self.server = None
        self.created: list[str] = []

    def new(self, backend: str) -> str:
        name = f"dtbench_{uuid.uuid4().hex[:10]}"
        if backend == SQLITE:
            return str(self.scratch / f"{name}.sqlite3")
        return self._new_postgres(name)

    def _new_postgres(self, name: str) -> str:
        if self.database_url is None:
            if self.server is None:
                logging.getLogger("pgserver").setLevel(logging.WARNING)  # it logs every command at INFO
                with warnings.catch_warnings():  # platformdirs: no XDG_RUNTIME_DIR in containers
                    warnings.simplefilter("ignore")
                    import pgserver

                    self.server = pgserver.get_server(self.scratch / "pg", cleanup_mode="stop")
            self.server.psql(f"CREATE DATABASE {name};")
            return self.server.get_uri(name)
        self.created.append(name)
        parts = urlsplit(self.database_url)
        return urlunsplit(parts._replace(path=f"/{name}"))

    async def prepare(self, url: str) -> None:
        """On a given server, the database is created through the URL's own database."""
        if self.database_url is not None and url != self.database_url:
            await self._admin(f"CREATE DATABASE {urlsplit(url).path.lstrip('/')}")

    async def _admin(self, sql: str) -> None:
        import asyncpg

        connection = await asyncpg.connect(self.database_url)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    async def close(self) -> None:
        for name in self.created:
            with contextlib.suppress(Exception):
                await self._admin(f"DROP DATABASE IF EXISTS {name}")
        if self.server is not None:
            self.server.cleanup()


@contextlib.asynccontextmanager
async def fresh_store(backends: Backends, backend: str) -> AsyncIterator[Store]:
    target = backends.new(backend)
    if backend == POSTGRES:
        await backends.prepare(target)
    store = await Store.open(target)
    try:
        yield store
    finally:
        await store.close()


async def _new_match(store: Store, game_id: str, index: int, now: float) -> int:
    state = get_game(game_id).engine.new_game(index, {})
    return await store.create_match(
        game=game_id, options={}, seed=index, guild_id=1 + index, channel_id=2, players=(10 + index, 10_000 + index),
        bot_seat=None, days=3, locale="en", state=state, panels={"0": 0, "1": 0}, now=now, deadline=now + 3 * DAY,
        next_timer_at=now + 1.5 * DAY)


class Player:
    """Commits one recorded game after another into one match row at a time."""

    def __init__(self, store: Store, game_id: str, games: list[list[Step]], index: int) -> None:
        self.store, self.game_id, self.games, self.index = store, game_id, games, index
        self.match_id = 0
        self.version = 0
        self.steps: list[Step] = []

    async def commit_next(self) -> float:
        """Commit the next decision; returns its seconds (only the commit is timed)."""
        if not self.steps:
            self.index += 1
            self.match_id = await _new_match(self.store, self.game_id, self.index, time.time())
            self.version = 0
            self.steps = list(self.games[self.index % len(self.games)])
        step = self.steps.pop(0)
        now = time.time()
        commit = DecisionCommit(
            match_id=self.match_id, expected_version=self.version, state=step.state,
            panels={"0": self.version + 1, "1": self.version + 1}, seat=step.seat, choice=step.choice,
            user_id=10 + step.seat, now=now, turn_started=now, deadline=now + 3 * DAY, timer_stage=0,
            next_timer_at=now + 1.5 * DAY, status="finished" if step.finished else "active",
            winner=step.winner, result_reason="score" if step.finished else None, events=step.events)
        started = time.perf_counter()
        if not await self.store.commit_decision(commit):
            raise RuntimeError("a benchmark commit lost its version check")
        elapsed = time.perf_counter() - started
        self.version += 1
        if step.finished:
            self.steps = []
        return elapsed


async def bench_latency(stores: dict[str, Store], game_id: str, games: list[list[Step]], decisions: int,
                        rounds: int = 10) -> dict[str, dict[str, float]]:
    """One commit at a time; the backends take turns in rounds, so load from elsewhere on the machine
    falls on both alike."""
    players = {backend: [Player(store, game_id, games, index * 100) for index in range(8)]
               for backend, store in stores.items()}
    times: dict[str, list[float]] = {backend: [] for backend in stores}
    for backend in stores:  # warm: matches exist, statements are prepared
        for player in players[backend]:
            await player.commit_next()
    for _ in range(rounds):
        for backend in stores:
            mine = players[backend]
            times[backend] += [await mine[n % len(mine)].commit_next() * 1000 for n in range(decisions // rounds)]
    return {backend: {"p50_ms": statistics.median(values), "p95_ms": percentile(values, 0.95), "n": len(values)}
            for backend, values in times.items()}


async def bench_throughput(store: Store, game_id: str, games: list[list[Step]], decisions: int,
                           concurrency: int) -> dict[str, float]:
    players = [Player(store, game_id, games, index * 100) for index in range(concurrency)]
    for player in players:
        await player.commit_next()
    per_player = decisions // concurrency

    async def play(player: Player) -> None:
        for _ in range(per_player):
            await player.commit_next()

    started = time.perf_counter()
    await asyncio.gather(*(play(player) for player in players))
    elapsed = time.perf_counter() - started
    return {"per_s": per_player * concurrency / elapsed, "decisions": per_player * concurrency, "seconds": elapsed}


MATCH_COLUMNS = ("id", "game", "options", "seed", "guild_id", "channel_id", "thread_id", "player0", "player1",
                 "days", "locale", "status", "state", "version", "panels", "turn_started", "deadline",
                 "timer_stage", "next_timer_at", "winner", "result_reason", "created_at", "updated_at",
                 "posted_version", "finished_at")
DECISION_COLUMNS = ("match_id", "version", "seat", "choice", "user_id", "at", "events")


def seed_rows(game_id: str, games: list[list[Step]], matches: int, now: float, *, active_share: float = 0.05,
              decisions_per_match: int = 3) -> tuple[list[tuple], list[tuple]]:
    """Matches as a server would hold them after a while: most finished, ``active_share`` active; of the
    active ones a tenth have a timer in the past and a hundredth have decisions their thread lacks."""
    rng = random.Random(3)
    due = max(1, int(matches * active_share) // 10)
    unposted = max(1, int(matches * active_share) // 100)
    match_rows, decision_rows = [], []
    active_every = max(1, round(1 / active_share))
    active_seen = 0
    for match_id in range(1, matches + 1):
        steps = games[match_id % len(games)]
        active = match_id % active_every == 0
        if active:
            active_seen += 1
        step = steps[len(steps) // 2] if active else steps[-1]
        version = decisions_per_match
        is_due, is_behind = active and active_seen <= due, active and due < active_seen <= due + unposted
        created = now - rng.uniform(DAY, 400 * DAY)
        match_rows.append((
            match_id, game_id, "{}", match_id, 1 + match_id % 50, 2, 3_000_000 + match_id, 10 + match_id % 5000,
            20_000 + match_id % 5000, 3, "en", "active" if active else "finished", json.dumps(step.state), version,
            json.dumps({"0": version, "1": version}), created, created + 3 * DAY, 0,
            (now - 60 if is_due else now + DAY) if active else None, None if active else step.winner,
            None if active else "score", created, created + DAY, version - 1 if is_behind else version,
            None if active else created + DAY))
        for number in range(1, decisions_per_match + 1):
            decision = steps[min(number - 1, len(steps) - 1)]
            decision_rows.append((match_id, number, decision.seat, json.dumps(decision.choice), 10,
                                  created + number, json.dumps(decision.events, default=str)))
    return match_rows, decision_rows


async def seed(store: Store, match_rows: list[tuple], decision_rows: list[tuple]) -> None:
    if store.dialect == POSTGRES:
        async with store.db.pool.acquire() as connection, connection.transaction():
            await connection.copy_records_to_table("matches", records=match_rows, columns=MATCH_COLUMNS)
            await connection.copy_records_to_table("decisions", records=decision_rows, columns=DECISION_COLUMNS)
            await connection.execute("SELECT setval(pg_get_serial_sequence('matches', 'id'), MAX(id)) FROM matches")
        await store.db.execute("ANALYZE")
        return
    connection = store.db.connection
    async with store.db.transaction():
        await connection.executemany(
            f"INSERT INTO matches ({', '.join(MATCH_COLUMNS)}) VALUES ({', '.join('?' * len(MATCH_COLUMNS))})",
            match_rows)
        await connection.executemany(
            f"INSERT INTO decisions ({', '.join(DECISION_COLUMNS)}) VALUES"
            f" ({', '.join('?' * len(DECISION_COLUMNS))})", decision_rows)
    await store.db.execute("ANALYZE")


async def bench_ready(backends: Backends, backend: str, match_rows: list[tuple], decision_rows: list[tuple],
                      now: float) -> dict[str, float]:
    target = backends.new(backend)
    if backend == POSTGRES:
        await backends.prepare(target)
    store = await Store.open(target)
    await seed(store, match_rows, decision_rows)
    await store.close()
    marks: dict[str, float] = {}
    started = time.perf_counter()
    store = await Store.open(target)  # connect + migration check
    marks["open_s"] = time.perf_counter() - started
    behind = await store.matches_behind()
    marks["behind_s"] = time.perf_counter() - started - marks["open_s"]
    claimed = await store.claim_due_timers(now)
    await store.claim_due_challenges(now)
    marks["seconds"] = time.perf_counter() - started
    marks["claim_s"] = marks["seconds"] - marks["open_s"] - marks["behind_s"]
    marks["behind"], marks["claimed"] = len(behind), len(claimed)
    marks["stored"] = await store.count_matches()
    await store.close()
    return marks


async def run_store_bench(database_url: str | None = None, *, quick: bool = False, game_id: str = "afterlife",
                          out: Callable[[str], None] = print) -> dict[str, dict[str, dict[str, float]]]:
    decisions = 400 if quick else 2000
    stored = 10_000 if quick else 100_000
    concurrency = 32
    games = recorded_games(game_id, 12)
    now = time.time()
    match_rows, decision_rows = seed_rows(game_id, games, stored, now)
    results: dict[str, dict[str, dict[str, float]]] = {}
    out(f"store benchmark ({game_id} states; PostgreSQL on "
        f"{'the given server' if database_url else 'a pgserver of its own'}; targets in brackets)")
    with tempfile.TemporaryDirectory() as scratch:
        backends = Backends(Path(scratch), database_url)
        try:
            async with fresh_store(backends, SQLITE) as lite, fresh_store(backends, POSTGRES) as pg:
                latencies = await bench_latency({SQLITE: lite, POSTGRES: pg}, game_id, games, decisions)
            for backend in (SQLITE, POSTGRES):
                numbers: dict[str, dict[str, float]] = {"latency": latencies[backend]}
                async with fresh_store(backends, backend) as store:
                    numbers["throughput"] = await bench_throughput(store, game_id, games, decisions * 2, concurrency)
                numbers["ready"] = await bench_ready(backends, backend, match_rows, decision_rows, now)
                results[backend] = numbers
                latency, throughput, ready = numbers["latency"], numbers["throughput"], numbers["ready"]
                out(f"{backend:8s} commit_decision p50 {latency['p50_ms']:6.2f} ms  p95 {latency['p95_ms']:6.2f} ms"
                    f"  (n={latency['n']})   throughput {throughput['per_s']:6.0f} decisions/s"
                    f" ({concurrency} matches at once)")
                out(f"{backend:8s} ready with {ready['stored']:.0f} stored matches: {ready['seconds']:.3f} s"
                    f" [<= {TARGETS['ready_s']}] (open {ready['open_s']:.3f}, behind {ready['behind_s']:.3f}"
                    f" -> {ready['behind']:.0f}, first claims {ready['claim_s']:.3f} -> {ready['claimed']:.0f})")
        finally:
            await backends.close()
    lite, pg = results[SQLITE], results[POSTGRES]
    out(f"PostgreSQL / SQLite: latency p50 x{pg['latency']['p50_ms'] / lite['latency']['p50_ms']:.2f}"
        f"  p95 x{pg['latency']['p95_ms'] / lite['latency']['p95_ms']:.2f}"
        f"  throughput x{lite['throughput']['per_s'] / pg['throughput']['per_s']:.2f} (time per decision)"
        f" [<= {TARGETS['pg_over_sqlite']}]")
    return results
