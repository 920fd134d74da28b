"""``python -m bot bench``: the numbers the platform issue asks for, measured on this machine.

* render: board and hand render time p50/p95 and PNG size, per game, over states from random play;
* decision latency through the fake Discord: a click until the new board is in the thread;
* throughput: decisions per second with 200 matches played concurrently (store + engine + log);
* peak RSS of this process;
* start-up: from ``login`` to ready with 10,000 stored matches.

Benchmarks, not tests: they print numbers and targets, and never fail a build.
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.autoplay import challenge_and_accept, click_random, live_panel, settle
from bot.client import DuelTable
from bot.demo import demo_settings
from bot.engine import decision_for, random_choice
from bot.fakediscord import FakeDiscord, run_bot
from bot.games import available_games, get_game
from bot.match import MatchService
from bot.store import Store

TARGETS = {"render_p95_ms": 40, "png_kb": 300, "decision_p95_ms": 150, "decisions_per_s": 100, "rss_mb": 200,
           "ready_s": 3.0}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def sample_states(game_id: str, count: int, seed: int = 1) -> list[dict]:
    """States spread over whole random games, so renders see early, middle and late positions."""
    engine = get_game(game_id).engine
    rng = random.Random(seed)
    states: list[dict] = []
    game_seed = 0
    while len(states) < count:
        game_seed += 1
        state = engine.new_game(game_seed, {})
        trail = [state]
        while engine.outcome(state) is None:
            decision = engine.pending(state)[0]
            state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
            trail.append(state)
        states.extend(rng.sample(trail, min(len(trail), max(1, count // 4))))
    return states[:count]


def bench_render(samples: int) -> dict[str, dict[str, float]]:
    results = {}
    for game in available_games():
        states = sample_states(game.game_id, samples)
        for kind, render, seat in (("board", game.render_board, None), ("hand", game.render_hand, 0)):
            times, sizes = [], []
            for index, state in enumerate(states):
                view = game.engine.view(state, seat)
                locale = "ja" if index % 2 else "en"
                started = time.perf_counter()
                data = render(view, locale)
                times.append((time.perf_counter() - started) * 1000)
                sizes.append(len(data) / 1024)
            results[f"{game.game_id}.{kind}"] = {
                "p50_ms": statistics.median(times), "p95_ms": percentile(times, 0.95),
                "png_kb_mean": statistics.mean(sizes), "png_kb_max": max(sizes)}
    return results


def thread_state(fake: FakeDiscord, thread_id: int) -> tuple:
    """What a reader of the thread sees change: its newest message and that message's edits."""
    newest = fake.last_message(thread_id)
    return (newest.id, newest.edited_at, len(newest.revisions)) if newest is not None else ()


async def bench_decision_latency(game_id: str, clicks: int) -> dict[str, float]:
    """Click on a private panel -> the board posted or updated in the thread, through real discord.py."""
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        async with FakeDiscord() as fake:
            guild = await fake.add_guild("bench")
            channel = await fake.add_channel(guild, "games")
            alice, bob = await fake.add_user("alice"), await fake.add_user("bob")
            bot = DuelTable(demo_settings(str(Path(scratch) / "bench.sqlite3")), run_timekeeper=False,
                            seed_source=lambda: 3)
            rng = random.Random(3)
            async with run_bot(bot, fake):
                while len(latencies) < clicks:
                    await challenge_and_accept(fake, guild, channel, game_id, alice, bob, rng)
                    await settle(fake, bot)
                    match = (await bot.store.active_matches_of(alice.id))[-1]
                    thread_id = match.thread_id
                    while len(latencies) < clicks:
                        match = await bot.store.get_match(match.id)
                        if match.status != "active":
                            break
                        pending = get_game(game_id).engine.pending(match.state)
                        seat = 0 if decision_for(pending, 0) else pending[0].seat
                        user = (alice, bob)[seat]
                        before = thread_state(fake, thread_id)
                        started = time.perf_counter()
                        await click_random(fake, user.id, live_panel(fake, user.id), rng)
                        # The thread shows the board once per handover (a new message) and is edited while
                        # the same player acts; a secret step changes nothing public. Time the clicks that
                        # change the thread, until the board is there.
                        settling = asyncio.create_task(settle(fake, bot))
                        while thread_state(fake, thread_id) == before and not settling.done():
                            await asyncio.sleep(0.002)
                        if thread_state(fake, thread_id) != before:
                            latencies.append((time.perf_counter() - started) * 1000)
                        await settling
    return {"p50_ms": statistics.median(latencies), "p95_ms": percentile(latencies, 0.95), "n": len(latencies)}


async def bench_throughput(game_id: str, matches: int, decisions: int) -> dict[str, float]:
    """Decisions/s with ``matches`` matches in flight at once: engine + one SQLite transaction each."""
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(Path(scratch) / "throughput.sqlite3")
        service = MatchService(store, time.time)
        ids = []
        for index in range(matches):
            row = await service.start(game_id=game_id, options={}, seed=index, guild_id=1, channel_id=1,
                                      players=(10 + index, 100000 + index), bot_seat=None, days=3, locale="en")
            ids.append(row.id)
        done = 0
        rng = random.Random(5)

        async def play(match_id: int, budget: int) -> int:
            count = 0
            while count < budget:
                match = await store.get_match(match_id)
                if match.status != "active":
                    break
                decision = get_game(game_id).engine.pending(match.state)[0]
                await service.decide(match_id, None, match.panel_version(decision.seat),
                                     random_choice(decision, rng), seat=decision.seat)
                count += 1
            return count

        started = time.perf_counter()
        counts = await asyncio.gather(*(play(match_id, decisions // matches) for match_id in ids))
        elapsed = time.perf_counter() - started
        done = sum(counts)
        await store.close()
    return {"decisions": done, "seconds": elapsed, "per_s": done / elapsed}


async def bench_ready(game_id: str, stored: int) -> dict[str, float]:
    """Start-up time with ``stored`` matches in the database: no per-match work may happen at start."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "ready.sqlite3"
        store = await Store.open(path)
        engine = get_game(game_id).engine
        state = engine.new_game(1, {})
        await store.db.execute("BEGIN")
        for index in range(stored):
            await store.db.execute(
                "INSERT INTO matches (game, options, seed, guild_id, channel_id, player0, player1, days, locale,"
                " status, state, turn_started, deadline, next_timer_at, created_at, updated_at)"
                " VALUES (?, '{}', ?, 1, 1, ?, ?, 3, 'en', 'active', ?, 0, 1e12, 1e12, 0, 0)",
                (game_id, index, index, index + 1, json.dumps(state)))
        await store.db.execute("COMMIT")
        await store.close()
        async with FakeDiscord() as fake:
            await fake.add_guild("bench")
            bot = DuelTable(demo_settings(str(path)), run_timekeeper=True)
            started = time.perf_counter()
            async with run_bot(bot, fake, settle=False):
                ready = time.perf_counter() - started
    return {"seconds": ready, "stored": stored}


async def bench_bot_process(game_id: str, matches: int, rounds: int) -> dict[str, float]:
    """The bot in its own process (``bot.benchbot``) against the fake here: ``matches`` matches at once.

    Each round clicks one private panel in every match at the same time, then waits for the bot to
    finish. Measures the bot's peak RSS apart from the fake's, and decisions/s through Discord.
    """
    with tempfile.TemporaryDirectory() as scratch:
        async with FakeDiscord() as fake:
            guild = await fake.add_guild("bench")
            channel = await fake.add_channel(guild, "games")
            pairs = [(await fake.add_user(f"a{i}"), await fake.add_user(f"b{i}")) for i in range(matches)]
            bot = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot.benchbot", fake.api_base, fake.gateway_url,
                str(Path(scratch) / "process.sqlite3"), stdout=asyncio.subprocess.PIPE)
            try:
                await asyncio.wait_for(bot.stdout.readline(), 60)
                await fake.idle()
                await asyncio.gather(*(_challenge_and_accept(fake, guild, channel, game_id, a, b) for a, b in pairs))
                await fake.idle(timeout=120)
                rng = random.Random(9)
                clicked: set[int] = set()
                started = time.perf_counter()
                decisions = 0
                for _ in range(rounds):
                    steps = await asyncio.gather(*(_click_one(fake, pair, clicked, rng) for pair in pairs))
                    decisions += sum(steps)
                    await fake.idle(timeout=120)
                elapsed = time.perf_counter() - started
            finally:
                bot.send_signal(signal.SIGTERM)
                output = (await asyncio.wait_for(bot.stdout.read(), 60)).decode()
                await bot.wait()
    rss = float(output.split("RSS", 1)[1].split()[0]) if "RSS" in output else float("nan")
    late = sum(1 for call in fake.calls if call.status == 404 and "/callback" in call.path)
    return {"rss_mb": rss, "decisions": decisions, "per_s": decisions / elapsed, "late_answers": late}


async def _challenge_and_accept(fake: FakeDiscord, guild, channel, game_id: str, challenger, opponent) -> None:
    await challenge_and_accept(fake, guild, channel, game_id, challenger, opponent, random.Random(3), timeout=60)


async def _click_one(fake: FakeDiscord, pair, clicked: set[tuple[int, int]], rng: random.Random) -> int:
    """Click one fresh panel of this match; the bot may still be rendering it, so look a few times."""
    for _attempt in range(40):
        for user in pair:
            panel = live_panel(fake, user.id)
            # A panel is edited in place while its player steps on: an edit is a fresh panel too.
            key = (panel.id, len(panel.revisions)) if panel is not None else None
            if key is not None and key not in clicked:
                clicked.add(key)
                await click_random(fake, user.id, panel, rng)
                return 1
        await asyncio.sleep(0.05)
    return 0


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def run_bench(quick: bool = False) -> int:
    games = [g.game_id for g in available_games()]
    main_game = "formation" if "formation" in games else games[0]
    print(f"Duel Table benchmarks (games: {', '.join(games)}; targets in brackets)")
    for name, numbers in bench_render(20 if quick else 200).items():
        print(f"render {name:16s} p50 {numbers['p50_ms']:6.1f} ms  p95 {numbers['p95_ms']:6.1f} ms "
              f"[<= {TARGETS['render_p95_ms']}]  png mean {numbers['png_kb_mean']:6.1f} KB  "
              f"max {numbers['png_kb_max']:6.1f} KB [<= {TARGETS['png_kb']}]")
    for game_id in games:
        latency = await bench_decision_latency(game_id, 20 if quick else 100)
        print(f"decision latency {game_id:10s} click -> board posted: p50 {latency['p50_ms']:6.1f} ms  "
              f"p95 {latency['p95_ms']:6.1f} ms [<= {TARGETS['decision_p95_ms']}]  (n={latency['n']})")
    throughput = await bench_throughput(main_game, 200, 2000 if quick else 10000)
    print(f"throughput {main_game}: {throughput['per_s']:.0f} decisions/s with 200 concurrent matches "
          f"({throughput['decisions']} decisions in {throughput['seconds']:.1f} s) "
          f"[>= {TARGETS['decisions_per_s']}]")
    ready = await bench_ready(main_game, 1000 if quick else 10000)
    print(f"start to ready with {ready['stored']} stored matches: {ready['seconds']:.2f} s [<= {TARGETS['ready_s']}]")
    process = await bench_bot_process(main_game, 50 if quick else 200, 3 if quick else 10)
    print(f"bot process, 200 concurrent matches through the fake Discord: {process['per_s']:.0f} decisions/s "
          f"({process['decisions']} decisions), {process['late_answers']} interactions answered late; "
          f"peak RSS of the bot {process['rss_mb']:.0f} MB [<= {TARGETS['rss_mb']}]")
    print(f"peak RSS of this benchmark process (bot + fake Discord + harness): {peak_rss_mb():.0f} MB")
    return 0
