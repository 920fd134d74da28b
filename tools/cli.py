"""The developer commands: ``bench`` measures, ``selfplay GAME`` plays engine against engine and prints win
rates (tools/selfplay.py), ``arena GAME`` pits the bot player against another level (tools/arena.py),
``prove-scale`` runs the scale proof (tools/scaleproof.py).

Reached as ``python -m tools <command>`` or, from a checkout, ``python -m bot <command>``
(bot/__main__.py hands these commands over, so the product's own entry point never imports the tooling).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.cliargs import parse_args


def parser(prog: str) -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=prog, description="Duel Table developer commands (run from a checkout)")
    sub = top.add_subparsers(dest="command", required=True)
    bench = sub.add_parser("bench", help="benchmarks: render, decision latency, throughput, memory, start-up")
    bench.add_argument("--quick", action="store_true", help="smaller sample sizes (for a smoke run)")
    bench.add_argument("--store", action="store_true", help="only the store, on SQLite and on PostgreSQL")
    bench.add_argument("--report-only", action="store_true", help="exit 0 even when a target is missed"
                       " (default: exit 1, after the summary table)")
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
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a match option over the game's self-play ones, e.g. characters=red-yellow (repeat)")
    arena.add_argument("--record", default=None, metavar="FILE",
                       help="keep each finished match in FILE and resume from it: only the matches it lacks are played")
    arena.add_argument("--jobs", type=int, default=1, help="matches played at once, each in its own process")
    prove = sub.add_parser("prove-scale", help="two bot processes, one PostgreSQL, one fake Discord with two "
                           "shards: matches played to the end, a SIGKILL, every reminder once (tools/scaleproof.py)")
    prove.add_argument("--matches", type=int, default=100)
    prove.add_argument("--database-url", default=None, help="an empty PostgreSQL database (default: start one)")
    prove.add_argument("--sqlite", action="store_true", help="one shared SQLite WAL file instead of PostgreSQL")
    prove.add_argument("--games", default="wars", help="comma-separated games the matches cycle through")
    prove.add_argument("--concurrency", type=int, default=10, help="matches played at once")
    prove.add_argument("--round-every", type=int, default=400, help="clicks between clock jumps (reminders due)")
    prove.add_argument("--no-kill", action="store_true", help="do not SIGKILL a process half-way")
    prove.add_argument("--global-limit", type=float, default=None,
                       help="the bot processes' DUELTABLE_GLOBAL_LIMIT (default Discord's 50; the fake Discord "
                            "still counts against 50, so a higher value shows the check failing)")
    prove.add_argument("--seed", type=int, default=0)
    return top


def main(argv: list[str] | None = None, prog: str = "python -m tools") -> int:
    args = parse_args(parser(prog), argv)
    if args.command == "prove-scale":
        from tools.scaleproof import config_from_args, run_prove_scale_command

        return run_prove_scale_command(config_from_args(args))
    if args.command == "selfplay":
        return run_selfplay_command(args.game, args.policy, args.matches, args.seed)
    if args.command == "arena":
        from tools.arena import run_arena_command

        return run_arena_command(args.game, args.a, args.b, args.matches, args.think_ms, args.seed, args.option,
                                 args.record, args.jobs)
    # The benchmark runs the bot as production does: the same settings, logging and metrics endpoint.
    from bot.config import configure

    if configure() is None:
        return 2
    if args.store:
        from tools.benchstore import run_store_bench

        asyncio.run(run_store_bench(args.database_url, quick=args.quick))
        return 0
    from fakediscord.demo import quiet_discord_logs
    from tools.bench import run_bench

    with quiet_discord_logs():  # its bots connect to the fake Discord: discord.py's start-up notices mislead
        return asyncio.run(run_bench(quick=args.quick, report_only=args.report_only))


def run_selfplay_command(game: str, policy: str, matches: int, seed: int) -> int:
    from tools.selfplay import SelfPlayError, run_refusal, run_selfplay

    refusal = run_refusal(game, matches)
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return 2
    try:
        report = run_selfplay(game, policy=policy, matches=matches, seed=seed)
    except SelfPlayError as error:
        print(str(error), file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0
