"""``python -m bot demo GAME``: a whole match between two clicking seats, offline, through the real cogs.

The real bot (store, cogs, renderers) connects to the in-process fake Discord. Two simulated members
challenge and accept, then answer every private panel with random legal clicks until the match ends.
Every image the bot posted or sent is written to ``--out`` with ``transcript.txt``.
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
from pathlib import Path

from bot import i18n
from bot.autoplay import challenge_and_accept, click_random, live_panel, settle
from bot.client import DuelTable
from bot.config import Settings
from bot.engine import decision_for
from bot.fakediscord import FakeDiscord, run_bot
from bot.games import get_game, playable_game_ids

MAX_CLICKS = 5000


def demo_settings(database: str) -> Settings:
    return Settings(token=None, database=database, inline_lookup=False, max_active_matches=10,
                    timer_interval=3600.0, challenge_ttl_hours=24.0, dev_guild_id=None, log_level="WARNING")


async def run_demo(game_id: str, *, seed: int, out: str, locale: str = "en") -> int:
    if game_id not in playable_game_ids():
        print(i18n.t("cli.unknown_game", "en", game=game_id, games=", ".join(playable_game_ids())), file=sys.stderr)
        return 2
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        async with FakeDiscord() as fake:
            result = await play_demo_match(fake, game_id, seed, Path(scratch) / "demo.sqlite3", locale)
            images = write_outputs(fake, out_dir, result)
    print(i18n.t("cli.demo_done", "en", result=result["line"], images=images, out=out_dir))
    return 0


async def play_demo_match(fake: FakeDiscord, game_id: str, seed: int, database: Path, locale: str) -> dict:
    guild = await fake.add_guild("Duel Table demo", locale="ja" if locale == "ja" else "en-US")
    channel = await fake.add_channel(guild, "games")
    alice = await fake.add_user("Alice", locale=locale)
    bob = await fake.add_user("Bob", locale=locale)
    rng = random.Random(seed)
    bot = DuelTable(demo_settings(str(database)), run_timekeeper=False, seed_source=lambda: seed)
    async with run_bot(bot, fake):
        await challenge_and_accept(fake, guild, channel, game_id, alice, bob, rng)
        await settle(fake, bot)
        match = (await bot.store.active_matches_of(alice.id))[0]
        users = {0: alice.id, 1: bob.id}
        for _ in range(MAX_CLICKS):
            match = await bot.store.get_match(match.id)
            if match.status != "active":
                break
            pending = get_game(game_id).engine.pending(match.state)
            seat = pending[0].seat if decision_for(pending, 0) is None else 0
            panel = live_panel(fake, users[seat])
            await click_random(fake, users[seat], panel, rng)
            await settle(fake, bot)
        match = await bot.store.get_match(match.id)
    thread = fake.threads(channel)[0]
    winner = "draw" if match.winner is None else f"seat {match.winner}"
    return {"thread": thread.id, "line": f"{winner} ({match.result_reason})", "match": match}


def write_outputs(fake: FakeDiscord, out_dir: Path, result: dict) -> int:
    """Every PNG the bot sent (thread, DMs, ephemeral) in order, and the public transcript."""
    count = 0
    for call in fake.calls:
        for name, data in call.files:
            if name.endswith(".png") and data[:8] == b"\x89PNG\r\n\x1a\n":
                count += 1
                where = "thread" if str(result["thread"]) in call.path else "private"
                (out_dir / f"{count:04d}_{where}_{name}").write_bytes(data)
    names = {user.id: user.name for user in fake.world.users.values()}
    lines = [_readable(m.content, names) for m in fake.messages(result["thread"]) if m.content]
    lines.append(f"result: {result['line']}")
    (out_dir / "transcript.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


def _readable(content: str, names: dict[int, str]) -> str:
    """Mentions as @name, so the transcript reads like the thread does in Discord."""
    return re.sub(r"<@!?(\d+)>", lambda m: "@" + names.get(int(m.group(1)), m.group(1)), content)
