"""``python -m tools.benchweb``: the live web view's cost to the bot, side by side (issue 29).

One run, three rounds on the same machine, each a fresh bot on the fake Discord playing the same game with the
same seed (two members clicking their DM panels as the bench's latency section does):

* ``off``: no web server: the bot's click -> board p50/p95 (the baseline);
* ``before``: the web server on, ``--pages`` public pages open in another process, each holding its event
  stream and, on each event, fetching its live part and its picture; pages built in the event loop (the first
  slice);
* ``after``: the same pages as the page's script is now: each event brings the live part itself
  (``/events?parts=1``: one build a stamp, written to every stream) and only the picture is fetched; pages
  built off the event loop (``WebServer.build_off_loop``).

For the rounds with pages: decision -> every page told, its live part and its picture fetched (p50/p95), and
the click's p95 against the baseline (the issue's target: within 10 %). The pages run in a process of their
own so that their HTTP clients do not share the bot's event loop (they still share the machine's cores).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from tools.bench import Members, WatchedFake, bench_database, percentile, settle, thread_state

WEB_SECRET = "bench-web-secret-" + "0" * 32
CLICK_TIMEOUT = 30.0


async def page_clients(count: int, parts: bool = True) -> None:
    """The pages' process: reads ``<match id> <public URL>`` lines on stdin (a new one when a match starts
    over), keeps ``count`` pages on the newest, prints ``{"stamp": "<match>:<stamp>", "done": wall time}`` once
    all of them fetched a stamp."""
    import aiohttp

    done: dict[str, int] = {}
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:

        async def page(match_id: str, url: str) -> None:
            """As the page's script: each news brings its live part (``parts=1``); then the new picture."""
            async with http.get(url + "/events?parts=1" if parts else url + "/events") as events:
                stamp = None
                async for raw in events.content:
                    line = raw.decode().rstrip("\n")
                    if line.startswith("id: "):
                        stamp = line[4:]
                    if line or stamp is None:
                        continue
                    if not parts:  # the first slice's script: told the stamp, it fetches its live part
                        async with http.get(url + "/live") as live:
                            await live.read()
                    async with http.get(f"{url}/board.png?v={stamp}") as picture:
                        await picture.read()
                    done[stamp] = done.get(stamp, 0) + 1
                    if done[stamp] == count:
                        print(json.dumps({"stamp": f"{match_id}:{stamp}", "done": time.time()}), flush=True)
                    stamp = None

        tasks: list[asyncio.Task] = []
        reader = asyncio.StreamReader()
        await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while line := (await reader.readline()).decode().strip():
            for task in tasks:
                task.cancel()
            done.clear()
            match_id, url = line.split()
            tasks = [asyncio.create_task(page(match_id, url)) for _ in range(count)]
            print(json.dumps({"opened": line}), flush=True)
        for task in tasks:
            task.cancel()


async def one_round(game_id: str, clicks: int, pages: int, off_loop: bool | None, gap: float) -> dict:
    """``off_loop`` None: no web server; False: the first slice's way (pages fetch their part, built in the
    loop); True: now (parts in the events, built off the loop)."""
    from bot.client import DuelTable
    from fakediscord import run_bot
    from fakediscord.autoplay import click_random
    from fakediscord.demo import demo_settings

    latencies: list[float] = []
    clicked: list[tuple[int, int, float]] = []  # (match, the thread's version before the click, wall time)
    arrived: dict[tuple[int, int], float] = {}  # (match, its public stamp) -> when every page had fetched it
    async with bench_database("web") as database, WatchedFake() as fake:
        guild = await fake.add_guild("bench")
        channel = await fake.add_channel(guild, "games")
        alice, bob = await fake.add_user("alice"), await fake.add_user("bob")
        bot = DuelTable(demo_settings(database, web_secret=WEB_SECRET), run_timekeeper=False, seed_source=lambda: 3)
        async with run_bot(bot, fake):
            clients = None
            if off_loop is not None:
                server = await bot.start_web(port=0)
                server.build_off_loop = off_loop
            if pages and off_loop is not None:
                clients = await asyncio.create_subprocess_exec(
                    sys.executable, "-c", f"import asyncio; from tools.benchweb import page_clients; "
                    f"asyncio.run(page_clients({pages}, {bool(off_loop)}))",
                    stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)

                async def read_arrivals() -> None:
                    while line := await clients.stdout.readline():
                        record = json.loads(line)
                        if "stamp" in record:
                            match_id, version = record["stamp"].split(":")
                            arrived.setdefault((int(match_id), int(version)), record["done"])

                reading = asyncio.create_task(read_arrivals())
            members = Members(fake, guild, channel, game_id, (alice, bob), random.Random(3))
            thread = 0

            async def open_pages() -> None:
                match = (await bot.store.active_matches_of(alice.id))[-1]
                clients.stdin.write(f"{match.id} {bot.web_url(match, None)}\n".encode())
                await clients.stdin.drain()
                while bot.web.hub.watchers(match.id) < pages:
                    await asyncio.sleep(0.05)

            try:
                await members.start()
                while len(latencies) < clicks:
                    user, panel = await members.next_panel()
                    if panel is None:
                        continue
                    if clients is not None and members.thread_id != thread:  # a new match: the pages follow it
                        thread = members.thread_id
                        await open_pages()
                    before = thread_state(fake, members.thread_id)
                    shown = (await bot.store.active_matches_of(alice.id))[-1]
                    members.clicked.add((panel.id, len(panel.revisions)))
                    await asyncio.sleep(gap)  # a member's pause between clicks: the pages' burst has time to run
                    started, wall = time.perf_counter(), time.time()
                    await click_random(fake, user.id, panel, members.rng, timeout=CLICK_TIMEOUT)
                    timed = False
                    while True:
                        if not timed and thread_state(fake, members.thread_id) != before:
                            latencies.append((time.perf_counter() - started) * 1000)
                            timed = True
                            clicked.append((shown.id, shown.posted_version, wall))
                        if members.fresh_panel()[1] is not None or members.finished():
                            break
                        await fake.wait_change([*members.channels, members.thread_id], timeout=5.0)
                await asyncio.sleep(1.0)  # the last burst of page fetches lands
            finally:
                if clients is not None:
                    clients.stdin.close()
                    await clients.wait()
                    reading.cancel()
                await settle(fake, bot)
    # Each stamp the pages fetched, from the newest click before it that the thread had not shown yet (the
    # click that moved the thread; the first of two secret choices moves nothing). The stamp a page finds on
    # opening has no such click.
    page_ms = []
    for (match_id, version), done in arrived.items():
        causes = [wall for match, posted, wall in clicked if match == match_id and posted < version and wall < done]
        if causes:
            page_ms.append((done - max(causes)) * 1000)
    return {"clicks": latencies, "pages": page_ms}


async def bench_web(game_id: str, clicks: int, pages: int, gap: float, rounds: int) -> dict[str, dict]:
    """The three ways interleaved ``rounds`` times (the machine's other load drifts: each way gets its share of
    it), their clicks and page latencies pooled."""
    ways = (("off", None), ("before", False), ("after", True))
    pooled: dict[str, dict[str, list[float]]] = {name: {"clicks": [], "pages": []} for name, _ in ways}
    for _ in range(rounds):
        for name, off_loop in ways:
            measured = await one_round(game_id, clicks, pages, off_loop, gap)
            for kind, values in measured.items():
                pooled[name][kind] += values
    return {name: {"p50_ms": percentile(got["clicks"], 0.5), "p95_ms": percentile(got["clicks"], 0.95),
                   "n": len(got["clicks"]), "pages_n": len(got["pages"]),
                   "page_p50_ms": percentile(got["pages"], 0.5) if got["pages"] else None,
                   "page_p95_ms": percentile(got["pages"], 0.95) if got["pages"] else None}
            for name, got in pooled.items()}


def print_web(result: dict[str, dict], pages: int, gap: float) -> None:
    base = result["off"]["p95_ms"]
    print(f"web view, {pages} public pages open, clicks {gap:.1f} s apart (click -> board in the thread; "
          "decision -> all pages told, live part and picture fetched):")
    for name, row in result.items():
        line = (f"  {name:8} click p50 {row['p50_ms']:6.1f} ms  p95 {row['p95_ms']:6.1f} ms "
                f"({(row['p95_ms'] / base - 1) * 100:+5.1f} % of the p95 with no web server) n={row['n']}")
        if row["page_p95_ms"] is not None:
            line += f";  pages p50 {row['page_p50_ms']:5.0f} ms  p95 {row['page_p95_ms']:5.0f} ms n={row['pages_n']}"
        print(line)


async def main(argv: list[str]) -> int:
    import argparse

    from bot.cliargs import parse_args

    parser = argparse.ArgumentParser(prog="python -m tools.benchweb")
    parser.add_argument("--game", default="wars")
    parser.add_argument("--clicks", type=int, default=24, help="clicks timed a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the three ways, interleaved")
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between a panel's arrival and its click")
    args = parse_args(parser, argv)
    result = await bench_web(args.game, args.clicks, args.pages, args.gap, args.rounds)
    print_web(result, args.pages, args.gap)
    within = result["after"]["p95_ms"] <= result["off"]["p95_ms"] * 1.10
    print(f"  target: click p95 with pages open within 10 % of none: {'PASS' if within else 'FAIL'}")
    return 0


if __name__ == "__main__":  # its own entry (it builds on tools/bench.py, which therefore cannot dispatch to it)
    sys.exit(asyncio.run(main(sys.argv[1:])))
