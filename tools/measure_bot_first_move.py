"""How long a member waits for the bot player's first move, by when its worker process was started.

    .venv/bin/python tools/measure_bot_first_move.py [--games tetra,starfall] [--runs 3] [--wait 0]

Each run is a new match against Duel Table (level normal) through the fake Discord and the real bot, its
member clicking random legal answers ``--wait`` seconds after the match starts. Three ways:

- ``prestarted``: the worker running and warm before the challenge (what start-at-launch gave);
- ``challenge``: started by the challenge itself (what the bot does now);
- ``cold``: stopped after the challenge, as when the member comes back after the idle timeout
  (DUELTABLE_BOT_WORKER_IDLE_SECONDS): their click starts it again.

Printed: the member's handing-over click -> the bot's first move stored (or, where the bot moves first,
the challenge -> that move), in seconds; then the worker's start (wall and CPU) and memory after
searching. Wall-clock times: run it on a quiet host.

Every import of the bot is inside the functions: a spawned worker imports this file as its main
module, and should load no more than the worker of ``python -m bot`` (which imports no main module).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's bot, not an installed one
MODES = ("prestarted", "challenge", "cold")


async def bot_moves(bot, match_id: int) -> int:
    match = await bot.store.get_match(match_id)
    return sum(1 for _version, seat, _choice, _events in await bot.store.unposted(match_id, 0)
               if seat == match.bot_seat)


async def first_move(game: str, mode: str, wait: float, seed: int) -> tuple[str, float] | None:
    from bot.client import DuelTable
    from bot.match import THINK_POOL
    from fakediscord import run_bot
    from fakediscord.autoplay import challenge_bot, click_random, settle
    from fakediscord.demo import demo_settings
    from tools import memstats
    from tools.bench import WatchedFake, _dm_panel

    THINK_POOL.stop()
    with tempfile.TemporaryDirectory() as scratch:
        async with WatchedFake() as fake:
            guild = await fake.add_guild("bench")
            channel = await fake.add_channel(guild, "games")
            member = await fake.add_user("alice")
            bot = DuelTable(demo_settings(str(Path(scratch) / "first.sqlite3")), run_timekeeper=False,
                            seed_source=lambda: seed)
            async with run_bot(bot, fake):
                await bot.publisher.catch_up()
                if mode == "prestarted":
                    THINK_POOL.start_warm()
                    await asyncio.wrap_future(next(iter(THINK_POOL._jobs)))
                rng = random.Random(seed)
                challenged = time.perf_counter()
                await challenge_bot(fake, guild, channel, game, member, rng, timeout=60)
                await settle(fake, bot)
                match = (await bot.store.active_matches_of(member.id))[-1]
                result = None
                if await bot_moves(bot, match.id):  # it moved in the challenge (settle polls: an upper bound)
                    result = ("challenge", time.perf_counter() - challenged)
                else:
                    if mode == "cold":
                        while any(not job.done() for job in THINK_POOL._jobs):
                            await asyncio.sleep(0.01)
                        pids = THINK_POOL.pids()
                        THINK_POOL.stop()
                        while any(pid in memstats.child_pids() for pid in pids):
                            await asyncio.sleep(0.01)
                    await asyncio.sleep(wait)
                    for _ in range(100):
                        panel = _dm_panel(fake, member.id)
                        if panel is None:
                            await asyncio.sleep(0.005)
                            continue
                        seen = (panel.id, len(panel.revisions))
                        clicked = time.perf_counter()
                        await click_random(fake, member.id, panel, rng, timeout=60)
                        while not await bot_moves(bot, match.id):  # the bot's move, or the member's next panel
                            fresh = _dm_panel(fake, member.id)
                            if fresh is not None and (fresh.id, len(fresh.revisions)) != seen:
                                break
                            await asyncio.sleep(0.005)
                        if await bot_moves(bot, match.id):
                            result = ("click", time.perf_counter() - clicked)
                            break
                await settle(fake, bot)
        THINK_POOL.stop()
    return result


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def positions(game: str, count: int) -> list[dict]:
    """States of random matches where seat 1 has a real choice (every third such one)."""
    from bot.ai import search
    from bot.engine import decision_for, random_choice

    engine = search.hooks_for(game).engine
    found: list[dict] = []
    for seed in range(1000):
        rng = random.Random(seed)
        state = engine.new_game(seed, {})
        for step in range(500):
            if engine.outcome(state) is not None or len(found) >= count:
                break
            pending = engine.pending(state)
            mine = decision_for(pending, 1)
            if mine is not None and len(mine.options) > 1 and step % 3 == 0:
                found.append(state)
            decision = pending[rng.randrange(len(pending))]
            state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
        if len(found) >= count:
            break
    return found


async def worker_start_and_memory(games: list[str]) -> None:
    from bot.ai import worker
    from tools import memstats

    pool = worker.ThinkPool()
    started = time.perf_counter()
    pool.start_warm()
    await asyncio.wrap_future(next(iter(pool._jobs)))
    [pid] = pool.pids()
    print(f"worker started and warm (every game's search imported): {time.perf_counter() - started:.2f} s, "
          f"{cpu_s(pid):.2f} s CPU, {memstats.status_mb(pid, 'VmRSS'):.0f} MB resident", flush=True)
    for game in games:
        for index, state in enumerate(positions(game, 8)):
            await pool.think(game, state, 1, f"memory:{index}", "normal")
    print(f"after 8 searches in each of {', '.join(games)}: {memstats.status_mb(pid, 'VmRSS'):.0f} MB resident, "
          f"peak {memstats.status_mb(pid, 'VmHWM'):.0f} MB", flush=True)
    pool.stop()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="formation,wars,tetra,starfall,afterlife")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--wait", type=float, default=0.0, help="seconds the member waits before clicking")
    args = parser.parse_args()
    games = args.games.split(",")
    for game in games:
        for mode in MODES:
            results = [await first_move(game, mode, args.wait, 100 + run) for run in range(args.runs)]
            froms = sorted({kind for kind, _ in filter(None, results)})
            times = ", ".join(f"{seconds:.2f}" for _, seconds in filter(None, results))
            print(f"{game:9} worker {mode:10}: {'/'.join(froms)} -> the bot's first move: {times} s", flush=True)
    await worker_start_and_memory(games)


if __name__ == "__main__":
    asyncio.run(main())
