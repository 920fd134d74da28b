"""Two bots, one shard each of two, on one database and one sharded fake Discord (issue 17, in one process).

The owner of a match is the process running its guild's shard. DM clicks reach shard 0's process whatever
the guild: it stores and answers them, the owner publishes them. Reminders are claimed per shard and sent
with a nonce, so a retry is posted once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest

from bot.client import DuelTable
from bot.engine import random_choice
from bot.games import get_game
from bot.match import timer_plan
from bot.replay import from_match, verify
from bot.ui.nonces import reminder_nonce
from fakediscord import FakeDiscord, run_bot
from fakediscord.autoplay import answer_controls, live_panel
from tests.e2e.table import e2e_settings

DAY = 86400.0


def shard_bot(database, clock, shard: int) -> DuelTable:
    settings = e2e_settings(database, shard_count=2, shard_ids=(shard,))
    return DuelTable(settings, clock=clock, run_timekeeper=False, seed_source=lambda: 11, outbox_poll=0.05)


async def settle(fake: FakeDiscord, *bots: DuelTable) -> None:
    """Quiet fake, no handler in flight in any bot, and every match of a running owner published: its
    thread shows all public news and each seat that owes a decision has the panel asking it."""
    for _ in range(200):
        await fake.idle()
        if all(bot.busy == 0 for bot in bots):
            if not await _news_left(bots):
                await fake.idle()
                return
        await asyncio.sleep(0.05)
    raise TimeoutError("the bots did not settle")


async def _news_left(bots) -> bool:
    from bot.engine import thread_key

    store = bots[0].store
    for match in await store.matches_behind():
        if not any(bot.owns_guild(match.guild_id) for bot in bots):
            continue
        pending = get_game(match.game).engine.pending(match.state) if match.status == "active" else []
        if match.thread_id is None or match.status != "active" or thread_key(pending) is not None:
            return True
        for decision in pending:  # a secret step: the thread stays still, but the panel must be there
            if (match.dm_panels.get(str(decision.seat)) or {}).get("v") != match.panel_version(decision.seat):
                return True
    return False


def board_posts(fake: FakeDiscord, thread_id: int) -> list:
    return [m for m in fake.messages(thread_id) if any(name == "board.png" for name, _ in m.attachments)]


async def world(fake: FakeDiscord):
    home = await fake.add_guild("shard 0 home", shard=0)
    away = await fake.add_guild("shard 1 away", shard=1)
    await fake.add_channel(home, "games")
    channel = await fake.add_channel(away, "games")
    alice, bob = await fake.add_user("alice"), await fake.add_user("bob")
    return away, channel, alice, bob


async def start_match(fake, guild, channel, alice, bob, bots):
    record = await fake.slash(alice, guild, channel, "challenge", options={"game": "tiny", "opponent": bob})
    accept = fake.find_component(record.messages[0], custom_id_prefix="dt:ch:accept:")
    await fake.click(bob, record.messages[0], accept["custom_id"])
    await settle(fake, *bots)
    return (await bots[0].store.active_matches_of(alice.id))[0]


async def test_a_dm_click_is_stored_where_it_lands_and_published_by_the_guilds_process(tmp_path, clock):
    database = tmp_path / "shared.sqlite3"
    async with FakeDiscord(shard_count=2) as fake, contextlib.AsyncExitStack() as stack:
        guild, channel, alice, bob = await world(fake)
        zero = await stack.enter_async_context(run_bot(shard_bot(database, clock, 0), fake))
        one_stack = contextlib.AsyncExitStack()
        one = await one_stack.enter_async_context(run_bot(shard_bot(database, clock, 1), fake))
        assert [g.id for g in zero.guilds] != [guild.id] and [g.id for g in one.guilds] == [guild.id]
        match = await start_match(fake, guild, channel, alice, bob, (zero, one))
        thread = fake.threads(channel)[0]
        assert len(board_posts(fake, thread.id)) == 1

        # The owner is down: a DM click still reaches shard 0's process, which stores and answers it ...
        await one_stack.aclose()
        users = {0: alice, 1: bob}
        pending = get_game("tiny").engine.pending(match.state)
        for decision in pending:  # both seats pick a card in secret, then someone must call in public
            panel = live_panel(fake, users[decision.seat].id)
            record = await fake.click(users[decision.seat], panel, answer_controls(fake, panel)[0]["custom_id"])
            await settle(fake, zero)
            assert record.original_changed and not record.followups  # "You chose ..."
        stored = await zero.store.get_match(match.id)
        assert stored.version == match.version + len(pending)
        assert len(board_posts(fake, thread.id)) == 1  # ... but only the owner writes the thread

        # The owner comes back: its start-up posts the handover once and sends the next question.
        one = await stack.enter_async_context(run_bot(shard_bot(database, clock, 1), fake))
        await settle(fake, zero, one)
        assert len(board_posts(fake, thread.id)) == 2
        caller = get_game("tiny").engine.pending(stored.state)[0].seat
        panel = live_panel(fake, users[caller].id)
        assert f":{match.id}:{stored.panel_version(caller)}:" in answer_controls(fake, panel)[0]["custom_id"]

        # Both up: DM clicks to the end; the owner publishes each (woken by the store's news).
        for _ in range(40):
            current = await zero.store.get_match(match.id)
            if current.status != "active":
                break
            seat = get_game("tiny").engine.pending(current.state)[0].seat
            panel = live_panel(fake, users[seat].id)
            await fake.click(users[seat], panel, answer_controls(fake, panel)[0]["custom_id"])
            await settle(fake, zero, one)
        final = await zero.store.get_match(match.id)
        assert final.status == "finished"
        _result, handovers = verify(from_match(final, await zero.store.decision_log(match.id), ("a", "b")))
        assert len(board_posts(fake, thread.id)) == len(handovers)  # none lost, none doubled


async def test_a_reminder_is_claimed_by_its_guilds_process_and_a_retry_is_posted_once(tmp_path, clock):
    database = tmp_path / "shared.sqlite3"
    async with FakeDiscord(shard_count=2) as fake:
        guild, channel, alice, bob = await world(fake)
        async with run_bot(shard_bot(database, clock, 0), fake) as zero, \
                run_bot(shard_bot(database, clock, 1), fake) as one:
            match = await start_match(fake, guild, channel, alice, bob, (zero, one))
            thread = fake.threads(channel)[0]
            half_way = timer_plan(match.turn_started, match.deadline)[0][1]
            clock.advance(half_way - clock() + 60)
            await zero.timekeeper.tick()  # not its guild: nothing claimed, nothing sent
            assert [m for m in fake.messages(thread) if m.nonce and m.nonce.startswith("r")] == []

            [claimed] = await one.store.claim_due_timers(clock(), lease=60, shard_count=2, shard_ids=(1,))
            assert await one.store.claim_due_timers(clock(), lease=60, shard_count=2, shard_ids=(1,)) == []
            await one.timekeeper.fire_timer(claimed, clock())
            # A process that sent but died before recording it: after the lease another one sends again.
            await one.timekeeper.fire_timer(claimed, clock())
            await settle(fake, zero, one)
            token = one.http.token
        nonce = {where: reminder_nonce(token, match.id, match.version, 1, where) for where in ("t", "d0", "d1")}
        reminders = [m for m in fake.messages(thread) if m.nonce and m.nonce.startswith("r")]
        assert [m.nonce for m in reminders] == [nonce["t"]]
        # Opaque to anyone without the token (the version counts secret steps), and Discord's 25 characters.
        assert nonce["t"] != reminder_nonce("", match.id, match.version, 1, "t") and len(nonce["t"]) == 25
        for seat, user in enumerate((alice, bob)):  # /notify both (the default): a DM each, also once
            assert [m.nonce for m in fake.dm_messages(user) if (m.nonce or "").startswith("r")] == [nonce[f"d{seat}"]]
        assert sorted(m.nonce for m in fake.nonce_repeats) == sorted(nonce.values())


@pytest.mark.parametrize("decisions_while_down", [0, 1])
async def test_a_thread_post_repeated_after_a_kill_before_it_was_recorded_is_posted_once(
        tmp_path, clock, decisions_while_down):
    """SIGKILL between a handover post and ``mark_posted``: the restart's catch-up posts it again with the
    same nonce, and Discord returns the first message. When the process that takes DM clicks stored a
    decision meanwhile that handed over again (here back to who the live message it knows was for), that
    handover is a post of its own with its ping, not an edit of the old live message (which would sit
    above the unrecorded post and ping nobody)."""
    async with FakeDiscord() as fake:
        guild = await fake.add_guild("one process")
        channel = await fake.add_channel(guild, "games")
        alice, bob = await fake.add_user("alice"), await fake.add_user("bob")
        one_process = DuelTable(e2e_settings(tmp_path / "one.sqlite3"), clock=clock, run_timekeeper=False,
                                seed_source=lambda: 11)
        async with run_bot(one_process, fake) as bot:
            match = await start_match(fake, guild, channel, alice, bob, (bot,))
            thread = fake.threads(channel)[0]
            before = await bot.store.get_match(match.id)  # what the thread showed before the handover
            for user in (alice, bob):  # both secret picks: then a public call, a handover post
                panel = live_panel(fake, user.id)
                await fake.click(user, panel, answer_controls(fake, panel)[0]["custom_id"])
                await settle(fake, bot)
            posts = len(board_posts(fake, thread.id))
            assert posts >= 2
            # The state a kill right after the post leaves: the post made, not recorded.
            await bot.store.db.execute(
                "UPDATE matches SET posted_version = ?, live_message_id = ?, live_key = ?, live_log = ? WHERE id = ?",
                (before.posted_version, before.live_message_id, before.live_key, json.dumps(before.live_log),
                 match.id))
            for _ in range(decisions_while_down):  # stored elsewhere while this process is down, not posted
                stored = await bot.store.get_match(match.id)
                [decision] = [d for d in get_game(stored.game).engine.pending(stored.state)
                              if d.seat != stored.bot_seat][:1]
                await bot.service.decide(match.id, stored.players[decision.seat], stored.panel_version(decision.seat),
                                         random_choice(decision, random.Random(1)), seat=decision.seat)
            keys = [key for *_row, key in await bot.store.unposted_with_keys(match.id, before.posted_version)]
            live_before = fake.world.message(thread.id, before.live_message_id)
            live_content = live_before.content
            await bot.publisher.catch_up()
            await settle(fake, bot)
            after = await bot.store.get_match(match.id)
            assert after.posted_version == after.version
            shown = [(m.nonce, m.content[:40]) for m in board_posts(fake, thread.id)]
            if decisions_while_down:
                # The decision made while down handed over again (the recorded thread keys say so) ...
                assert keys[-1] == before.live_key and any(key not in (None, before.live_key) for key in keys)
                assert len(board_posts(fake, thread.id)) == posts + 1, shown
                assert fake.nonce_repeats == []
                newest = board_posts(fake, thread.id)[-1]
                assert after.live_message_id == newest.id
                assert fake.world.message(thread.id, before.live_message_id).content == live_content  # not edited
            else:
                # ... with nothing new, the same post is re-sent and Discord answers it by its nonce.
                assert len(board_posts(fake, thread.id)) == posts, shown
                assert [m.nonce[0] for m in fake.nonce_repeats] == ["b"]
