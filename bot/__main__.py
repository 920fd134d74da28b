"""``python -m bot`` runs the bot; ``demo GAME`` plays an offline match; ``bench`` measures; ``selfplay GAME``
plays engine against engine and prints win rates (bot/selfplay.py)."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot import i18n, logs
from bot.config import Settings, SettingsError


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
    bench.add_argument("--store", action="store_true", help="only the store, on SQLite and on PostgreSQL")
    bench.add_argument("--database-url", default=None, help="with --store: the PostgreSQL server to use"
                       " (scratch databases are made and dropped there); default: a server of its own")
    selfplay = sub.add_parser("selfplay", help="self-play over a game's engine: win rates by side and seat")
    selfplay.add_argument("game")
    selfplay.add_argument("--policy", default="random", choices=["random", "greedy"])
    selfplay.add_argument("--matches", type=int, default=600)
    selfplay.add_argument("--seed", type=int, default=0)
    arena = sub.add_parser("arena", help="the bot player against another level: wins, draws, thinking time")
    arena.add_argument("game")
    arena.add_argument("--a", default="normal", help="random | greedy | easy | normal | hard")
    arena.add_argument("--b", default="random", help="random | greedy | easy | normal | hard")
    arena.add_argument("--matches", type=int, default=100)
    arena.add_argument("--think-ms", type=float, default=None, help="cap on thinking time per decision")
    arena.add_argument("--seed", type=int, default=0)
    replay = sub.add_parser("replay", help="re-play a match export, check its result, write its images")
    replay.add_argument("file")
    replay.add_argument("--out", default=None, help="folder for the frames and the animation")
    to_pg = sub.add_parser("migrate-to-postgres", help="copy a SQLite database into PostgreSQL, verified")
    to_pg.add_argument("sqlite_file")
    to_pg.add_argument("database_url", help="postgresql://user:password@host/database")
    to_pg.add_argument("--replace", action="store_true", help="empty a PostgreSQL database that holds rows first")
    prove = sub.add_parser("prove-scale", help="two bot processes, one PostgreSQL, one fake Discord with two "
                           "shards: matches played to the end, a SIGKILL, every reminder once (bot/scaleproof.py)")
    prove.add_argument("--matches", type=int, default=100)
    prove.add_argument("--database-url", default=None, help="an empty PostgreSQL database (default: start one)")
    prove.add_argument("--sqlite", action="store_true", help="one shared SQLite WAL file instead of PostgreSQL")
    prove.add_argument("--games", default="wars", help="comma-separated games the matches cycle through")
    prove.add_argument("--concurrency", type=int, default=10, help="matches played at once")
    prove.add_argument("--round-every", type=int, default=400, help="clicks between clock jumps (reminders due)")
    prove.add_argument("--no-kill", action="store_true", help="do not SIGKILL a process half-way")
    prove.add_argument("--seed", type=int, default=0)
    cardtext = sub.add_parser("cardtext", help="rewrite the card texts (en, ja) of assets/<game>/cards.toml from the data")
    cardtext.add_argument("games", nargs="*", help="default: every game with generated card text")
    cardtext.add_argument("--check", action="store_true", help="write nothing; exit 1 if a text is out of date")
    args = parser.parse_args(argv)
    if args.command == "cardtext":
        from bot.cardtext import run_cardtext_command

        return run_cardtext_command(args.games, check=args.check)
    if args.command == "prove-scale":
        from bot.scaleproof import config_from_args, run_prove_scale_command

        return run_prove_scale_command(config_from_args(args))
    if args.command == "migrate-to-postgres":
        from bot.migrate_pg import run_migrate_command

        return run_migrate_command(args.sqlite_file, args.database_url, args.replace)
    if args.command == "replay":
        from bot.replay import run_replay_command

        return run_replay_command(args.file, args.out)
    if args.command == "selfplay":
        return run_selfplay_command(args.game, args.policy, args.matches, args.seed)
    if args.command == "arena":
        from bot.arena import run_arena_command

        return run_arena_command(args.game, args.a, args.b, args.matches, args.think_ms, args.seed)
    try:
        settings = Settings.from_env()
    except SettingsError as error:  # one line per bad variable, no traceback
        print(error, file=sys.stderr)
        return 2
    logs.setup(settings.log_level, settings.log_format)
    if settings.metrics_port:
        from bot import metrics

        try:
            metrics.serve(settings.metrics_port, settings.metrics_host)
        except OSError as error:  # the port is taken or the address is not this host's
            print(f"METRICS_PORT {settings.metrics_port} on {settings.metrics_host}: {error.strerror}", file=sys.stderr)
            return 2
    if args.command == "demo":
        from bot.demo import run_demo

        return asyncio.run(run_demo(args.game, seed=args.seed, out=args.out, locale=args.locale))
    if args.command == "bench":
        if args.store:
            from bot.benchstore import run_store_bench

            asyncio.run(run_store_bench(args.database_url, quick=args.quick))
            return 0
        from bot.bench import run_bench

        return asyncio.run(run_bench(quick=args.quick))
    return run(settings)


def run_selfplay_command(game: str, policy: str, matches: int, seed: int) -> int:
    from bot.games import playable_game_ids
    from bot.selfplay import SelfPlayError, run_selfplay

    if game not in playable_game_ids():
        print(f"unknown game {game!r}; one of {', '.join(playable_game_ids())}", file=sys.stderr)
        return 2
    if matches < 1:
        print("--matches must be at least 1", file=sys.stderr)
        return 2
    try:
        report = run_selfplay(game, policy=policy, matches=matches, seed=seed)
    except SelfPlayError as error:
        print(str(error), file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0


def run(settings: Settings) -> int:
    if not settings.token:
        from bot.client import invite_url

        print(i18n.t("cli.no_token", "en", invite=invite_url(0).replace("client_id=0", "client_id=APPLICATION_ID")),
              file=sys.stderr)
        return 2
    from bot.client import DuelTable
    from bot.db import describe_target

    print(i18n.t("cli.starting", "en", database=describe_target(settings.database_url or settings.database)),
          file=sys.stderr)
    DuelTable(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
