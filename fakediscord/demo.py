"""``python -m bot demo GAME``: a whole match between two clicking seats, offline, through the real cogs.

The real bot (store, cogs, renderers) connects to the in-process fake Discord. Two simulated members
challenge and accept, then answer every private panel with random legal clicks until the match ends.
Every image the bot posted or sent is written to ``--out`` with ``transcript.txt`` and ``replay.txt``; the
files an earlier demo wrote there are removed first (nothing else), so two games never mix in one folder.
discord.py's start-up lines (voice support, "logging in", "connected to Gateway") are kept out: nothing
here connects to Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import secrets
import sys
import tempfile
from pathlib import Path

from bot import i18n
from bot.client import DuelTable
from bot.config import Settings
from bot.engine import decision_for, thread_key
from bot.games import get_game, playable_game_ids
from bot.replay import export_text, from_match
from bot.ui.panel import Names
from bot.ui.thread import result_line
from fakediscord import FakeDiscord, run_bot
from fakediscord.autoplay import challenge_and_accept, click_random, live_panel, settle

MAX_CLICKS = 5000
# What write_outputs writes (and nothing else is removed from --out before a demo).
DEMO_FILES = re.compile(r"\d{4}_(thread|private)_[\w.-]*\.png|transcript\.txt|replay\.txt")


def demo_settings(database: str, **overrides) -> Settings:
    # global_limit: the demos and benches measure the bot's own speed against the fake Discord, not
    # Discord's global limit (docs/SCALING.md measures that apart: calls per decision, prove-scale)
    return Settings(**{"token": None, "database": database, "inline_lookup": False, "max_active_matches": 10,
                       "timer_interval": 3600.0, "challenge_ttl_hours": 24.0, "dev_guild_id": None,
                       "log_level": "WARNING", "global_limit": 100_000.0} | overrides)


async def run_demo(game_id: str, *, seed: int, out: str, locale: str = "en", web_port: int | None = None) -> int:
    if game_id not in playable_game_ids():
        print(i18n.t("cli.unknown_game", "en", game=game_id, games=", ".join(playable_game_ids())), file=sys.stderr)
        return 2
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    removed = clear_earlier_demo(out_dir)
    if removed:
        print(i18n.t("cli.ops.demo_cleared", locale, count=removed, out=out_dir))
    with tempfile.TemporaryDirectory() as scratch, quiet_discord_logs():
        async with FakeDiscord() as fake:
            # --web: the live pages on this port, links signed with a secret of this run only
            web = {"web_port": web_port, "web_secret": secrets.token_urlsafe(32)} if web_port else {}
            result = await play_demo_match(fake, game_id, seed, Path(scratch) / "demo.sqlite3", locale, **web)
            images = write_outputs(fake, out_dir, result)
    print(i18n.t("cli.demo_done", locale, result=result["said"], images=images, out=out_dir))
    return 0


def clear_earlier_demo(out_dir: Path) -> int:
    """Remove the files an earlier demo wrote to ``out_dir`` (by their names, DEMO_FILES); the count."""
    earlier = [path for path in out_dir.iterdir() if path.is_file() and DEMO_FILES.fullmatch(path.name)]
    for path in earlier:
        path.unlink()
    return len(earlier)


@contextlib.contextmanager
def quiet_discord_logs():
    """discord.py's notices are about a real connection (no voice library, a token, a gateway session): in
    the demo they only mislead. Its errors still show."""
    logger = logging.getLogger("discord")
    previous = logger.level
    logger.setLevel(max(logging.ERROR, previous))
    try:
        yield
    finally:
        logger.setLevel(previous)


async def play_demo_match(fake: FakeDiscord, game_id: str, seed: int, database: Path, locale: str,
                          **settings) -> dict:
    guild = await fake.add_guild("Duel Table demo", locale="ja" if locale == "ja" else "en-US")
    channel = await fake.add_channel(guild, "games")
    alice = await fake.add_user("Alice", locale=locale)
    bob = await fake.add_user("Bob", locale=locale)
    rng = random.Random(seed)
    bot = DuelTable(demo_settings(str(database), **settings), run_timekeeper=False, seed_source=lambda: seed)
    async with run_bot(bot, fake):
        await challenge_and_accept(fake, guild, channel, game_id, alice, bob, rng)
        await settle(fake, bot)
        match = (await bot.store.active_matches_of(alice.id))[0]
        users = {0: alice.id, 1: bob.id}
        if bot.web is not None:  # the pages to open while the match plays, a click a second
            print("\n".join(f"{who}: {bot.web_url(match, seat)}" for who, seat in (("public", None), ("Alice", 0),
                                                                                   ("Bob", 1))), flush=True)
        for _ in range(MAX_CLICKS):
            match = await bot.store.get_match(match.id)
            if match.status != "active":
                break
            pending = get_game(game_id).engine.pending(match.state)
            seat = pending[0].seat if decision_for(pending, 0) is None else 0
            panel = live_panel(fake, users[seat])
            await click_random(fake, users[seat], panel, rng)
            await settle(fake, bot)
            if bot.web is not None:
                await asyncio.sleep(1.0)
        match = await bot.store.get_match(match.id)
        log = await bot.store.decision_log(match.id)
    thread = fake.threads(channel)[0]
    winner = "draw" if match.winner is None else f"seat {match.winner}"
    names = {alice.id: alice.name, bob.id: bob.name}
    said = _readable(result_line(match, Names((alice.name, bob.name))), names).removeprefix("🏆 ").replace("@", "")
    return {"thread": thread.id, "line": f"{winner} ({match.result_reason})", "said": said, "match": match,
            "handovers": count_handovers(game_id, match, log), "players": (alice.id, bob.id),
            "replay": export_text(from_match(match, log, (alice.name, bob.name)))}


def count_handovers(game_id: str, match, log) -> int:
    """Replay the match and count the times the thread's "who acts" changes (the start counts as one):
    the number of thread messages a quiet thread needs."""
    engine = get_game(game_id).engine
    state = engine.new_game(match.seed, match.options)
    last = thread_key(engine.pending(state))
    handovers = 1
    for seat, choice in log:
        if choice[:1] in (["!resign"], ["!claim"]):
            break
        state, _ = engine.apply(state, seat, tuple(choice))
        key = thread_key(engine.pending(state)) if engine.outcome(state) is None else "end"
        if key is not None and key != last:
            handovers += 1
            last = key
    return handovers


def write_outputs(fake: FakeDiscord, out_dir: Path, result: dict) -> int:
    """The thread as a reader finds it (each message's final image, one transcript line per message),
    every PNG sent privately (DMs, ephemeral) in order, and a stats line before the result."""
    count = 0
    thread_messages = fake.messages(result["thread"])
    for message in thread_messages:
        for name, data in message.attachments:
            if name.endswith(".png") and data[:8] == b"\x89PNG\r\n\x1a\n":
                count += 1
                (out_dir / f"{count:04d}_thread_{name}").write_bytes(data)
    thread_images = count
    for call in fake.calls:
        if str(result["thread"]) in call.path:
            continue
        for name, data in call.files:
            if name.endswith(".png") and data[:8] == b"\x89PNG\r\n\x1a\n":
                count += 1
                (out_dir / f"{count:04d}_private_{name}").write_bytes(data)
    names = {user.id: user.name for user in fake.world.users.values()}
    lines = [_readable(m.content, names).replace("\n", " / ") for m in thread_messages]
    dms = sum(1 for user_id in result["players"] for m in fake.dm_messages(user_id) if m.author_id == fake.bot_user_id)
    lines.append(f"stats: thread_messages={len(thread_messages)} handovers={result['handovers']} "
                 f"dm_messages={dms} images={count} thread_images={thread_images}")
    lines.append(f"result: {result['line']}")
    (out_dir / "transcript.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out_dir / "replay.txt").write_text(result["replay"], encoding="utf-8")  # python -m bot replay checks it
    return count


def _readable(content: str, names: dict[int, str]) -> str:
    """Mentions as @name, so the transcript reads like the thread does in Discord."""
    return re.sub(r"<@!?(\d+)>", lambda m: "@" + names.get(int(m.group(1)), m.group(1)), content)
