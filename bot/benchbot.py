"""The bot alone in its own process, pointed at a fake Discord served by ``python -m bot bench``.

Run by the benchmark so that the bot's memory is measured without the fake's (which keeps every
message and image it receives). Prints ``READY`` once connected and ``RSS <MB>`` (peak) when
stopped with SIGTERM.

    python -m bot.benchbot API_BASE GATEWAY_URL DATABASE [PROFILE]

With PROFILE, the event loop's thread runs under cProfile and its statistics are written there
(``python -m pstats PROFILE``): where the bot spends its time under the benchmark's load.
"""

from __future__ import annotations

import asyncio
import cProfile
import resource
import signal
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.client import DuelTable
from bot.demo import demo_settings


async def serve(api_base: str, gateway_url: str, database: str) -> None:
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    bot = DuelTable(demo_settings(database), run_timekeeper=False)
    bot._connection.guild_ready_timeout = 0.05  # the fake sends every guild at once
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await bot.login("fake-bot-token")
    connection = asyncio.create_task(bot.connect(reconnect=False))
    await bot.wait_until_ready()
    print("READY", flush=True)
    await stop.wait()
    await bot.close()
    connection.cancel()
    print(f"RSS {peak_rss_mb():.1f}", flush=True)


def peak_rss_mb() -> float:
    """This process's own peak (VmHWM). Not getrusage's ru_maxrss: Linux carries the forking
    parent's peak across exec into it, so a bot started by a 400 MB benchmark would report 400 MB."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str]) -> None:
    if len(argv) > 3:
        profiler = cProfile.Profile()
        profiler.runcall(asyncio.run, serve(*argv[:3]))
        profiler.dump_stats(argv[3])
        return
    asyncio.run(serve(*argv[:3]))


if __name__ == "__main__":
    main(sys.argv[1:])
