"""Figures for docs/SCALING.md: Discord REST calls per decision and stored bytes per finished match.

    .venv/bin/python tools/measure_scaling.py [--copies 20] [--postgres]

For each game, one demo match (the real bot against the fake Discord, random clicks, seed 7) gives
its decision log and every REST call the bot made, sorted into what Discord rate-limits globally
(channel and DM calls) and what it does not (interaction responses and follow-ups). Then the same match
is replayed ``--copies`` times through MatchService into a fresh store, and the store's growth divided
by the copies is the size of one finished match: SQLite (pages in use after a checkpoint) and, with
``--postgres``, PostgreSQL run by pgserver (the tables' ``pg_total_relation_size`` after VACUUM, and
after VACUUM FULL: live rows only). ``ms`` columns: wall time per decision of that replay (load the
match, apply, commit in one transaction), one decision at a time.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cliargs import parse_args  # noqa: E402
from bot.games import GAME_IDS  # noqa: E402
from bot.match import MatchService  # noqa: E402
from bot.store import open_store  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402
from fakediscord.demo import play_demo_match  # noqa: E402

# Discord: interaction callbacks and follow-ups (webhook routes with the interaction token) are not
# counted against the bot's global 50 requests/s; everything else is.
ROUTES = [
    ("interaction response", "POST", r"^/interactions/"),
    ("interaction follow-up/edit", None, r"^/webhooks/"),
    ("DM channel open", "POST", r"^/users/@me/channels$"),
    ("thread message post", "POST", r"^/channels/THREAD/messages$"),
    ("thread message edit", "PATCH", r"^/channels/THREAD/messages/\d+$"),
    ("DM/channel message post", "POST", r"^/channels/\d+/messages$"),
    ("DM/channel message edit", "PATCH", r"^/channels/\d+/messages/\d+$"),
    ("thread create", "POST", r"^/channels/\d+/(messages/\d+/)?threads$"),
    ("user fetch (for a DM)", "GET", r"^/users/\d+$"),
]
EXEMPT = {"interaction response", "interaction follow-up/edit"}


def classify(method: str, path: str, thread: int) -> str:
    path = re.sub(r"^/api/v\d+", "", path).replace(f"/channels/{thread}/", "/channels/THREAD/")
    for name, wanted, pattern in ROUTES:
        if (wanted is None or wanted == method) and re.search(pattern, path):
            return name
    return f"other {method} {re.sub(r'[0-9]{6,}', 'ID', path.split('?')[0])}"


async def demo_calls(game_id: str, seed: int) -> tuple[dict, Counter, int, int]:
    with tempfile.TemporaryDirectory() as scratch:
        async with FakeDiscord() as fake:
            result = await play_demo_match(fake, game_id, seed, Path(scratch) / "demo.sqlite3", "en")
            store = await open_store(Path(scratch) / "demo.sqlite3")
            log = await store.decision_log(result["match"].id)
            await store.close()
            kinds = Counter(classify(call.method, call.path, result["thread"]) for call in fake.calls)
            thread_calls = sum(1 for call in fake.calls if f"/channels/{result['thread']}/" in call.path)
            # The demo clicks one answer at a time and waits for the bot to settle, so the calls between
            # two interaction responses are what one click caused.
            per_click, current = [], 0
            for call in fake.calls:
                if classify(call.method, call.path, result["thread"]) == "interaction response":
                    per_click.append(current)
                    current = 0
                elif f"/channels/{result['thread']}/" in call.path:
                    current += 1
            per_click.append(current)
    return {"match": result["match"], "log": log, "thread_per_click": Counter(per_click)}, kinds, len(log), \
        thread_calls


async def replay_into(store, match, log, copies: int) -> None:
    service = MatchService(store, time.time)
    for copy in range(copies):
        row = await service.start(game_id=match.game, options=dict(match.options), seed=match.seed,
                                  guild_id=match.guild_id, channel_id=match.channel_id,
                                  players=(1000 + 2 * copy, 1001 + 2 * copy), bot_seat=None, days=match.days,
                                  locale=match.locale)
        for seat, choice in log:
            if choice[0].startswith("!"):
                continue
            row = await store.get_match(row.id)
            await service.decide(row.id, None, row.panel_version(seat), tuple(choice), seat=seat)
        assert (await store.get_match(row.id)).status == "finished", match.game


async def sqlite_bytes(path: Path) -> int:
    import aiosqlite

    async with aiosqlite.connect(path) as db:
        await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = (await (await db.execute("PRAGMA page_count")).fetchone())[0]
        free = (await (await db.execute("PRAGMA freelist_count")).fetchone())[0]
        size = (await (await db.execute("PRAGMA page_size")).fetchone())[0]
    return (pages - free) * size


async def postgres_bytes(url: str) -> tuple[int, int]:
    """(the tables' size as the bot leaves them after a plain VACUUM: the dead row versions of every
    decision's UPDATE are free space PostgreSQL reuses but keeps; the same after VACUUM FULL: live rows)."""
    import asyncpg

    tables_sql = ("SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
                  "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = 'public'")
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("VACUUM ANALYZE")
        allocated = await connection.fetchval(tables_sql)
        await connection.execute("VACUUM FULL")
        live = await connection.fetchval(tables_sql)
    finally:
        await connection.close()
    return allocated, live


async def measure(games: list[str], copies: int, postgres: bool) -> None:
    pg_server = None
    if postgres:
        import pgserver

        pg_dir = tempfile.mkdtemp(prefix="dueltable-pg-")
        pg_server = pgserver.get_server(pg_dir, cleanup_mode="delete")
    print(f"{'game':10s} {'decisions':>9s} {'REST':>5s} {'global':>6s} {'per dec':>7s} {'thread':>6s} "
          f"{'sqlite B/match':>14s} {'sqlite ms':>9s}"
          + (f" {'pg B/match':>10s} {'pg live B/match':>15s} {'pg ms':>9s}" if postgres else ""))
    totals: Counter = Counter()
    thread_per_click: Counter = Counter()
    ratios = []
    for index, game_id in enumerate(games):
        played, kinds, decisions, thread_calls = await demo_calls(game_id, seed=7)
        totals.update(kinds)
        thread_per_click.update(played["thread_per_click"])
        limited = sum(n for kind, n in kinds.items() if kind not in EXEMPT)
        ratios.append(limited / decisions)
        if not copies:  # REST calls only
            print(f"{game_id:10s} {decisions:9d} {sum(kinds.values()):5d} {limited:6d} {limited / decisions:7.2f} "
                  f"{thread_calls:6d}")
            continue
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "size.sqlite3"
            store = await open_store(path)
            empty = await sqlite_bytes(path)
            started = time.perf_counter()
            await replay_into(store, played["match"], played["log"], copies)
            sqlite_ms = (time.perf_counter() - started) * 1000 / (copies * decisions)
            await store.close()
            sqlite_per_match = (await sqlite_bytes(path) - empty) / copies
        line = (f"{game_id:10s} {decisions:9d} {sum(kinds.values()):5d} {limited:6d} "
                f"{limited / decisions:7.2f} {thread_calls:6d} {sqlite_per_match:14,.0f} {sqlite_ms:9.2f}")
        if pg_server is not None:
            database = f"size{index}"
            pg_server.psql(f"CREATE DATABASE {database};")
            url = pg_server.get_uri(database)
            store = await open_store(url)
            before = await postgres_bytes(url)
            started = time.perf_counter()
            await replay_into(store, played["match"], played["log"], copies)
            pg_ms = (time.perf_counter() - started) * 1000 / (copies * decisions)
            await store.close()
            after = await postgres_bytes(url)
            line += f" {(after[0] - before[0]) / copies:10,.0f} {(after[1] - before[1]) / copies:15,.0f} {pg_ms:9.2f}"
        print(line)
    print(f"\nglobally limited REST calls per decision, mean of the {len(ratios)} games: "
          f"{sum(ratios) / len(ratios):.2f}")
    print("\nthread calls caused by one click: " + ", ".join(
        f"{calls}: {clicks} clicks" for calls, clicks in sorted(thread_per_click.items())))
    print("\nREST calls of the five demo matches by route:")
    for kind, count in totals.most_common():
        print(f"  {count:5d}  {kind}{'  (not in the global limit)' if kind in EXEMPT else ''}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=20, help="finished matches stored per game (0: REST calls only)")
    parser.add_argument("--postgres", action="store_true", help="also measure PostgreSQL (pgserver)")
    parser.add_argument("--games", default=",".join(GAME_IDS))
    args = parse_args(parser)
    asyncio.run(measure(args.games.split(","), args.copies, args.postgres))
    return 0


if __name__ == "__main__":
    sys.exit(main())
