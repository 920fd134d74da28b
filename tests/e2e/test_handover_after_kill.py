"""The scale proof's handover flake, made deterministic: a process killed between a handover's thread post
and its record (``mark_posted``) while the process that takes DM clicks stores the next step of the same
player. The restart's catch-up must bring that very post up to date, never post the handover a second time,
never edit the older live message above it, and this however long the process was down: Discord forgets
an enforced nonce after a few minutes (the fake after ``NONCE_WINDOW``), so the nonce alone is not enough.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.client import DuelTable
from bot.engine import random_choice
from bot.games import get_game
from fakediscord import FakeDiscord, run_bot
from fakediscord.autoplay import answer_controls, live_panel
from fakediscord.rest import NONCE_WINDOW
from tests.e2e.table import e2e_settings
from tests.e2e.test_shards import board_posts, settle


class Killed(Exception):
    """The process dying at this point."""


async def settle_after_kill(fake: FakeDiscord, bot: DuelTable) -> None:
    """Until nothing more happens: the publish that died is not retried by this (dead) process."""
    for _ in range(100):
        await fake.idle()
        if bot.busy == 0:
            return
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("down_seconds", [5.0, NONCE_WINDOW + 60.0])
async def test_a_handover_posted_before_a_kill_is_posted_once_when_its_player_went_on_meanwhile(
        tmp_path, clock, down_seconds):
    async with FakeDiscord() as fake:
        guild = await fake.add_guild("one process")
        channel = await fake.add_channel(guild, "games")
        alice, bob = await fake.add_user("alice"), await fake.add_user("bob")
        bot_process = DuelTable(e2e_settings(tmp_path / "one.sqlite3"), clock=clock, run_timekeeper=False,
                                seed_source=lambda: 11)
        async with run_bot(bot_process, fake) as bot:
            record = await fake.slash(alice, guild, channel, "challenge",
                                      options={"game": "tiny", "opponent": bob, "rules": "calls=2"})
            accept = fake.find_component(record.messages[0], custom_id_prefix="dt:ch:accept:")
            await fake.click(bob, record.messages[0], accept["custom_id"])
            await settle(fake, bot)
            match = (await bot.store.active_matches_of(alice.id))[0]
            thread = fake.threads(channel)[0]
            before = await bot.store.get_match(match.id)  # what the thread showed before the handover
            panel = live_panel(fake, alice.id)
            await fake.click(alice, panel, answer_controls(fake, panel)[0]["custom_id"])
            await settle(fake, bot)
            # The process dies right after the handover post, before its record: whatever the thread code
            # wrote before sending stays, nothing after it is written.
            record_posted = bot.store.mark_posted

            async def killed(*args, **kwargs):
                raise Killed
            bot.store.mark_posted = killed
            panel = live_panel(fake, bob.id)  # both secret picks: then the trick's winner calls, a handover
            await fake.click(bob, panel, answer_controls(fake, panel)[0]["custom_id"])
            await settle_after_kill(fake, bot)
            bot.store.mark_posted = record_posted
            posts = board_posts(fake, thread.id)
            handover_post = posts[-1]
            assert (await bot.store.get_match(match.id)).posted_version == before.posted_version
            # Meanwhile the other process stores the caller's first call (the same player goes on: no handover).
            stored = await bot.store.get_match(match.id)
            [decision] = get_game(stored.game).engine.pending(stored.state)
            await bot.service.decide(match.id, stored.players[decision.seat], stored.panel_version(decision.seat),
                                     random_choice(decision, random.Random(1)), seat=decision.seat)
            moved = await bot.store.get_match(match.id)
            assert [d.seat for d in get_game(moved.game).engine.pending(moved.state)] == [decision.seat]
            old_live = fake.world.message(thread.id, before.live_message_id).content
            fake.advance(down_seconds)
            await bot.publisher.catch_up()
            await settle(fake, bot)
            after = await bot.store.get_match(match.id)
            assert after.posted_version == after.version
            now = board_posts(fake, thread.id)
            assert [m.id for m in now] == [m.id for m in posts], [m.content[:60] for m in now]  # no second post
            assert after.live_message_id == handover_post.id  # the handover post is the live message ...
            caller = f"<@{stored.players[decision.seat]}>"
            latest = fake.world.message(thread.id, handover_post.id)
            assert caller in latest.content and len(latest.revisions) >= 1  # ... brought up to date
            assert fake.world.message(thread.id, before.live_message_id).content == old_live  # not edited
