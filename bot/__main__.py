"""``python -m bot`` runs the bot; ``python -m bot demo GAME`` plays an offline match; ``bench`` measures."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot import i18n
from bot.config import Settings, load_dotenv


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Duel Table Discord bot")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect to Discord (the default)")
    demo = sub.add_parser("demo", help="play a whole match offline against a simulated Discord")
    demo.add_argument("game")
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument("--out", default="demo-out")
    demo.add_argument("--locale", default="en", choices=["en", "ja"])
    bench = sub.add_parser("bench", help="benchmarks: render, decision latency, throughput, memory, start-up")
    bench.add_argument("--quick", action="store_true", help="smaller sample sizes (for a smoke run)")
    args = parser.parse_args(argv)
    load_dotenv()
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command == "demo":
        from bot.demo import run_demo

        return asyncio.run(run_demo(args.game, seed=args.seed, out=args.out, locale=args.locale))
    if args.command == "bench":
        from bot.bench import run_bench

        return asyncio.run(run_bench(quick=args.quick))
    return run(settings)


def run(settings: Settings) -> int:
    if not settings.token:
        from bot.client import invite_url

        print(i18n.t("cli.no_token", "en", invite=invite_url(0).replace("client_id=0", "client_id=APPLICATION_ID")),
              file=sys.stderr)
        return 2
    from bot.client import DuelTable

    print(i18n.t("cli.starting", "en", database=settings.database), file=sys.stderr)
    DuelTable(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
