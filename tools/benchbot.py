"""The bot alone in its own process, pointed at a fake Discord served by ``python -m bot bench``.

Run by the benchmark so that the bot's memory is measured without the fake's (which keeps every
message and image it receives). Prints ``READY`` once connected, ``HOPS <n> <rss MB>`` (database calls so
far, resident memory now) at each SIGUSR1, and ``RSS <MB>`` (peak), ``IMAGES <MB>`` (pictures the renderers' caches hold) and
``METRICS <json>`` (bot/metrics.py histograms: count,
mean) when stopped with SIGTERM.

    python -m tools.benchbot API_BASE GATEWAY_URL DATABASE [PROFILE]

With PROFILE, the event loop's thread runs under cProfile and its statistics are written there
(``python -m pstats PROFILE``): where the bot spends its CPU under the benchmark's load (the thread's CPU
time, so waits for the GIL, a socket or the database are not counted as its work).
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import os
import resource
import signal
import sys
import time
import tracemalloc

from tools import memstats


async def serve(api_base: str, gateway_url: str, database: str) -> None:
    # Imported here, not at the top: a spawned worker process (render, bot player) imports the module its
    # parent was started as, unless it is a package's __main__ (``python -m bot``, what runs in production).
    # At the top, discord.py, aiohttp and pydantic came into every worker of the bench (~40 MB resident
    # each), which a worker of the real bot never has.
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.client import DuelTable
    from fakediscord.demo import demo_settings

    count_database_calls()
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    settings = demo_settings(database)
    if os.environ.get("DUELTABLE_RENDER_PROCESSES"):  # demo_settings reads no environment: compare both ways
        settings = settings.model_copy(update={"render_processes": int(os.environ["DUELTABLE_RENDER_PROCESSES"])})
    bot = DuelTable(settings, run_timekeeper=False)
    if os.environ.get("DUELTABLE_PICTURE_CACHE_MB"):  # demo_settings reads no environment: a study's size
        from bot.render import toolkit
        toolkit.set_picture_cache_mb(float(os.environ["DUELTABLE_PICTURE_CACHE_MB"]))
    bot._connection.guild_ready_timeout = 0.05  # the fake sends every guild at once
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    # The bench marks the start and the end of its measured window: database calls so far.
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, mark)
    trace = os.environ.get("DUELTABLE_MEMORY_TRACE")
    if trace:
        asyncio.get_running_loop().create_task(trace_memory(float(trace)))
    await bot.login("fake-bot-token")
    connection = asyncio.create_task(bot.connect(reconnect=False))
    await bot.wait_until_ready()
    if os.environ.get("DUELTABLE_GC_STUDY"):
        print(f"READY-MEMORY {memstats.breakdown()}", file=sys.stderr, flush=True)
        sys._debugmallocstats()
    if tracemalloc.is_tracing():
        print_python_allocations()
    if os.environ.get("DUELTABLE_GC_FREEZE"):
        import gc
        gc.freeze()
    print("READY", flush=True)
    await stop.wait()
    workers = worker_peaks_mb()  # before close: the workers are still there to read
    await bot.close()
    connection.cancel()
    if DETAIL:
        print(f"MEMORY {memstats.breakdown()}\n{cache_report()}", file=sys.stderr, flush=True)
    if os.environ.get("DUELTABLE_GC_STUDY"):
        sys._debugmallocstats()  # Python's own allocator: its arenas (1 MB each) and their use, on stderr
    print(f"RSS {peak_rss_mb():.1f}", flush=True)
    print(f"WORKERS {json.dumps(workers)}", flush=True)
    print(f"IMAGES {held_images_mb():.1f}", flush=True)
    print(f"METRICS {json.dumps(metric_means())}", flush=True)


HOPS = [0]
# DUELTABLE_BENCH_DETAIL=1: the memory breakdown, the picture caches and the collector's counts on stderr at
# each mark and at the end (studies); without it the bench's own output stays a newcomer's read.
DETAIL = os.environ.get("DUELTABLE_BENCH_DETAIL") == "1"
MARKED = [False]
TYPES: list = []


def mark() -> None:
    import gc

    from bot.render import toolkit

    print(f"HOPS {HOPS[0]} {current_rss_mb():.0f}", flush=True)
    if DETAIL:
        print(f"RENDERS {toolkit.RENDER_CPU[1]} in {toolkit.RENDER_CPU[0]:.2f} s CPU; "
              f"TRIMS {toolkit.TRIMMER.trims} in {toolkit.TRIMMER.seconds:.2f} s CPU; gc {gc.get_stats()} "
              f"frozen {gc.get_freeze_count()}", file=sys.stderr, flush=True)
        print(f"MEMORY {memstats.breakdown()}\n{cache_report()}", file=sys.stderr, flush=True)
    if os.environ.get("DUELTABLE_GC_STUDY"):
        import gc
        import io
        alive = sum(1 for o in gc.get_objects() if isinstance(o, io.BytesIO))
        found = gc.collect()
        after = sum(1 for o in gc.get_objects() if isinstance(o, io.BytesIO))
        print(f"GC BytesIO {alive} -> {after}, {found} unreachable; {memstats.breakdown()}", file=sys.stderr, flush=True)
        from collections import Counter
        counts = Counter(type(o).__name__ for o in gc.get_objects())
        sizes = Counter()
        for o in gc.get_objects():
            sizes[type(o).__name__] += sys.getsizeof(o)
        if TYPES:
            grown = {name: (counts[name] - TYPES[0].get(name, 0), sizes[name] - TYPES[1].get(name, 0)) for name in counts}
            top = sorted(grown.items(), key=lambda item: -item[1][1])[:15]
            print("GROWN " + ", ".join(f"{name} +{n} ({size / 2**20:.1f} MB)" for name, (n, size) in top), file=sys.stderr)
        TYPES[:] = [counts, sizes]
    # DUELTABLE_TRACEMALLOC=FRAMES: Python's own allocations made during the measured window, the
    # largest still alive at its end (a study: tracing makes the bot several times slower)
    if tracemalloc.is_tracing():
        print_python_allocations()
    elif os.environ.get("DUELTABLE_TRACEMALLOC") and not MARKED[0]:
        tracemalloc.start(int(os.environ["DUELTABLE_TRACEMALLOC"]))
    MARKED[0] = True


def print_python_allocations() -> None:
    snapshot = tracemalloc.take_snapshot()
    traced = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(f"PYTHON {traced / 2**20:.1f} MB traced; the largest:", file=sys.stderr)
    for stat in snapshot.statistics("filename")[:25]:
        print(f"  {stat}", file=sys.stderr, flush=True)
    for stat in snapshot.statistics("traceback")[:6]:  # who holds the largest (with FRAMES > 1)
        print(f"  {stat}", *(f"    {line}" for line in stat.traceback.format()), sep="\n", file=sys.stderr)


async def trace_memory(seconds: float) -> None:
    """``DUELTABLE_MEMORY_TRACE=SECONDS``: the memory breakdown on stderr every SECONDS (a study of where
    the bot's resident memory goes under the benchmark's load)."""
    while True:
        await asyncio.sleep(seconds)
        print(f"MEMORY {memstats.breakdown()}", file=sys.stderr, flush=True)


def cache_report() -> str:
    """Each picture cache (bot/render/toolkit.py): MB held, entries and hit rate, biggest first."""
    from bot.render import toolkit

    lines = []
    saved = toolkit.cache_savings()
    for name, (held, entries, hits, misses) in sorted(toolkit.cache_stats().items(), key=lambda item: -item[1][0]):
        if not entries and not hits + misses:  # drawn in the render workers: this process's caches are unused
            continue
        rate = hits / (hits + misses) if hits + misses else 0.0
        lines.append(f"  {name}: {held / 2**20:.1f} MB, {entries} entries, {hits}/{hits + misses} hits ({rate:.0%}), "
                     f"saved {saved.get(name, 0.0):.2f} s CPU")
    return "\n".join(lines)


def held_images_mb() -> float:
    """Pixels of the Pillow images still alive (the renderers' tile and text caches), in MB: RGB is
    stored 4 bytes a pixel."""
    import gc

    from PIL import Image

    return sum(image.width * image.height * (1 if image.mode in ("L", "1", "P") else 4)
               for image in gc.get_objects() if isinstance(image, Image.Image)) / 2**20


def count_database_calls() -> None:
    """Count the calls the bot makes into aiosqlite's thread (each one a hop there and back, in turn
    with every other statement on the one connection): the bench prints them per decision."""
    import aiosqlite

    call = aiosqlite.Connection._execute

    async def counted(self, function, *args, **kwargs):
        HOPS[0] += 1
        return await call(self, function, *args, **kwargs)

    aiosqlite.Connection._execute = counted


def metric_means() -> dict[str, list[float]]:
    """[count, mean seconds] of each latency and render histogram the bot kept (bot/metrics.py)."""
    from bot import metrics

    sums: dict[str, list[float]] = {}
    for family in metrics.REGISTRY.collect():
        for sample in family.samples:
            if sample.name.endswith(("_count", "_sum")):
                key = f"{sample.name.rsplit('_', 1)[0]}{{{','.join(sample.labels.values())}}}"
                sums.setdefault(key, [0.0, 0.0])[0 if sample.name.endswith("_count") else 1] = sample.value
    return {key: [count, total / count] for key, (count, total) in sums.items() if count}


def worker_peaks_mb() -> dict[str, list[float]]:
    """Peak resident MB (VmHWM) of each child process: the render workers, and the rest (the bot player's
    worker, multiprocessing's resource tracker). They are the bot's memory too."""
    from pathlib import Path

    from bot.render import toolkit

    def pss_mb(pid: int | str) -> float:
        # Proportional set size: a page shared by n processes (libraries, fonts, the page cache of
        # the same files) counts 1/n in each, so the sum over processes counts it once.
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        return next(int(line.split()[1]) / 1024 for line in rollup.splitlines() if line.startswith("Pss:"))

    renderers = set(toolkit.render_processes())
    peaks: dict[str, list[float]] = {"render": [], "other": [], "pss_now": [round(pss_mb("self"), 1)]}
    for pid in memstats.child_pids():
        peak = memstats.status_mb(pid, "VmHWM")
        try:
            pss = pss_mb(pid)
        except OSError:
            continue
        if peak is None:
            continue
        peaks["pss_now"].append(round(pss, 1))
        peaks["render" if pid in renderers else "other"].append(round(peak, 1))
    return peaks


def current_rss_mb() -> float:
    return memstats.status_mb("self", "VmRSS") or 0.0


def peak_rss_mb() -> float:
    """This process's own peak (VmHWM). Not getrusage's ru_maxrss: Linux carries the forking
    parent's peak across exec into it, so a bot started by a 400 MB benchmark would report 400 MB."""
    peak = memstats.status_mb("self", "VmHWM")
    return peak if peak is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str]) -> None:
    if os.environ.get("DUELTABLE_TRACEMALLOC_STARTUP"):  # Python's allocations from imports to READY
        tracemalloc.start(1)
    if len(argv) > 3:
        profiler = cProfile.Profile(time.thread_time)  # CPU: waits for the GIL or I/O are not this thread's cost
        profiler.runcall(asyncio.run, serve(*argv[:3]))
        profiler.dump_stats(argv[3])
        return
    asyncio.run(serve(*argv[:3]))


if __name__ == "__main__":
    main(sys.argv[1:])
