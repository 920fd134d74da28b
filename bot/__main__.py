"""``python -m bot`` runs the bot; ``demo GAME`` plays an offline match on the fake Discord (fakediscord/);
``replay FILE`` re-plays a match export; ``migrate-to-postgres`` copies a SQLite database. From a checkout,
the developer commands (``bench``, ``selfplay``, ``arena``, ``prove-scale``) are handed to tools/cli.py."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot import i18n
from bot.cliargs import parse_args
from bot.config import Settings, configure

# Developer commands, handed to the tooling package of a checkout (tools/cli.py); the wheel ships no tools.
TOOL_COMMANDS: tuple[str, ...] = ("bench", "selfplay", "arena", "prove-scale")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] and argv[0] in TOOL_COMMANDS:
        return run_tool(argv)
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Duel Table Discord bot",
        epilog=f"From a checkout, also the developer commands {', '.join(TOOL_COMMANDS)} (python -m tools --help).")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect to Discord (the default)")
    from bot.games import playable_game_ids

    games = playable_game_ids()
    demo = sub.add_parser("demo", help=i18n.t("cli.ops.demo_help"), description=i18n.t("cli.ops.demo_help"))
    demo.add_argument("game", metavar="GAME", help=i18n.t("cli.ops.demo_game", games=", ".join(games)))
    demo.add_argument("--seed", type=int, default=7, help=i18n.t("cli.ops.demo_seed"))
    demo.add_argument("--out", default="demo-out", help=i18n.t("cli.ops.demo_out"))
    demo.add_argument("--locale", default="en", choices=["en", "ja"], help=i18n.t("cli.ops.demo_locale"))
    demo.add_argument("--web", type=int, default=None, metavar="PORT", help=i18n.t("cli.ops.demo_web"))
    replay = sub.add_parser("replay", help="re-play a match export, check its result, write its images")
    replay.add_argument("file")
    replay.add_argument("--out", default=None, help="folder for the frames and the animation")
    deck = sub.add_parser("deck", help="a deck code's card list and legality, offline")
    deck.add_argument("code")
    deck.add_argument("--locale", default="en", choices=["en", "ja"])
    sub.add_parser("migrate", help="apply the database's pending migrations and exit (an upgrade's step before "
                   "the restart; the bot also applies them at start)")
    to_pg = sub.add_parser("migrate-to-postgres", help="copy a SQLite database into PostgreSQL, verified")
    to_pg.add_argument("sqlite_file")
    to_pg.add_argument("database_url", help="postgresql://user:password@host/database")
    to_pg.add_argument("--replace", action="store_true", help="empty a PostgreSQL database that holds rows first")
    cardtext = sub.add_parser("cardtext", help="rewrite the card texts (en, ja) of assets/<game>/cards.toml from the data")
    cardtext.add_argument("games", nargs="*", help="default: every game with generated card text")
    cardtext.add_argument("--check", action="store_true", help="write nothing; exit 1 if a text is out of date")
    args = parse_args(parser, argv)
    if args.command == "cardtext":
        from bot.cardtext import run_cardtext_command

        return run_cardtext_command(args.games, check=args.check)
    if args.command == "migrate-to-postgres":
        from bot.migrate_pg import run_migrate_command

        return run_migrate_command(args.sqlite_file, args.database_url, args.replace)
    if args.command == "deck":
        from bot.deckcli import print_deck

        return print_deck(args.code, args.locale)
    if args.command == "replay":
        from bot.replay import run_replay_command

        return run_replay_command(args.file, args.out)
    settings = configure()
    if settings is None:
        return 2
    if args.command == "migrate":
        return asyncio.run(migrate(settings.database_url or settings.database))
    if args.command == "demo":
        from fakediscord.demo import run_demo

        return asyncio.run(run_demo(args.game, seed=args.seed, out=args.out, locale=args.locale,
                                    web_port=args.web))
    return run(settings)


def run_tool(argv: list[str]) -> int:
    try:
        from tools.cli import main as tools_main
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] != "tools":
            raise  # the tooling is there but something it imports is not
        print(f"'{argv[0]}' is a developer command: run it in a checkout of the repository "
              f"({interpreter_as_typed()} -m bot {' '.join(argv)} in its folder)", file=sys.stderr)
        return 2
    return tools_main(argv, prog="python -m bot")


async def migrate(target: str) -> int:
    """Bring the database's schema up to this code's migrations (bot/migrations), say what was applied."""
    from bot.db import describe_target, open_database
    from bot.store import Store

    db = await open_database(target)
    try:
        store = Store(db)
        applied = await store.migrate()
        version = await store.schema_version()
    finally:
        await db.close()
    done = f"applied {', '.join(f'{number:03d}' for number in applied)}" if applied else "nothing to apply"
    print(f"{describe_target(target)}: schema version {version} ({done})")
    return 0


def interpreter_as_typed() -> str:
    """This interpreter as a command to type here: ``.venv/bin/python`` after the README's install (the
    ``python`` on the PATH is not the venv's and has no ``bot``), its full path if it is outside the folder."""
    executable = Path(sys.executable)
    try:
        return str(executable.relative_to(Path.cwd()))
    except ValueError:
        return str(executable)


def run(settings: Settings) -> int:
    if not settings.token:
        from bot.client import invite_url

        print(i18n.t("cli.no_token", "en", invite=invite_url(0).replace("client_id=0", "client_id=APPLICATION_ID"),
                     python=interpreter_as_typed()), file=sys.stderr)
        return 2
    import aiohttp

    from bot.client import DuelTable
    from bot.db import describe_target

    print(i18n.t("cli.starting", "en", database=describe_target(settings.database_url or settings.database)),
          file=sys.stderr)
    bot = DuelTable(settings)
    announce_invite(bot)
    try:
        bot.run(settings.token, log_handler=None)
    except aiohttp.ClientConnectorError as error:  # no network, DNS or a proxy: one line, not aiohttp's stack
        print(unreachable_line(error), file=sys.stderr)
        return 1
    return 0


def unreachable_line(error: Exception) -> str:
    """Why Discord cannot be reached, in one line: the host and the system's reason (DNS, refused, ...)."""
    reason = getattr(getattr(error, "os_error", None), "strerror", None) or str(error)
    host = getattr(error, "host", "discord.com")
    return i18n.t("cli.ops.unreachable", "en", host=host, reason=reason)


def announce_invite(bot) -> None:
    """Print the invite link once the application's id is known (the first READY): the link a server
    admin opens to add this bot, with the permissions and scopes it needs (bot/client.py: invite_url)."""
    from bot.client import invite_url

    announced = []

    async def on_ready() -> None:
        if not announced and bot.application_id:
            announced.append(True)
            print(i18n.t("cli.ops.invite", "en", url=invite_url(bot.application_id)), file=sys.stderr, flush=True)

    bot.add_listener(on_ready, "on_ready")


if __name__ == "__main__":
    sys.exit(main())
