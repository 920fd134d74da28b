"""Issue 30: Discord's global budget. A thread's live message is edited at most once per
``thread_edit_s``: a quick chain of steps by one player costs no call of its own; its lines are said by the
timer's edit, or by the next post if that comes first (the handover's ping then follows them). No line is
lost: held steps stay in the outbox (``posted_version``), so a restart says them too."""

from __future__ import annotations

import asyncio

from fakediscord import run_bot
from tests.e2e.table import Table, make_bot

EVERY = 0.5  # seconds between two edits of one live message, in these tests


async def limited_calls(fake, thread_id: int) -> int:
    return sum(1 for call in fake.calls if f"/channels/{thread_id}/" in call.path)


async def test_a_quick_step_is_held_then_shown_by_one_edit(fake_world, tmp_path, clock):
    async with run_bot(make_bot(tmp_path / "duel.sqlite3", clock, thread_edit_s=EVERY), fake_world.fake) as bot:
        table, world = Table(fake_world, bot), fake_world
        await table.start(rules="calls=2")
        await table.play(world.alice, "pick:5")
        await table.play(world.bob, "pick:1")
        handover = table.thread_messages()[-1]
        shown = handover.content
        calls = await limited_calls(table.fake, table.thread().id)
        await table.play(world.alice, "call:heads")  # within EVERY of the handover post: held
        assert table.fake.get_message(handover.id).content == shown and not handover.revisions
        assert await limited_calls(table.fake, table.thread().id) == calls
        match = await table.match()
        assert match.posted_version == match.version - 1  # still in the outbox
        clock.advance(EVERY)  # the bot's clock says the interval is over; the timer fires in real time
        for _ in range(40):
            await asyncio.sleep(0.05)
            if table.fake.get_message(handover.id).revisions:
                break
        await table.settle()
        edited = table.fake.get_message(handover.id)
        assert "heads" in edited.content and len(edited.revisions) == 1 and not edited.pinged[1:]
        assert await limited_calls(table.fake, table.thread().id) == calls + 1
        match = await table.match()
        assert match.posted_version == match.version


async def test_held_steps_are_said_by_the_next_post_before_its_ping(fake_world, tmp_path, clock):
    async with run_bot(make_bot(tmp_path / "duel.sqlite3", clock, thread_edit_s=3600.0), fake_world.fake) as bot:
        table, world = Table(fake_world, bot), fake_world
        await table.start(rules="calls=2")
        await table.play(world.alice, "pick:5")
        await table.play(world.bob, "pick:1")
        handover = table.thread_messages()[-1]
        count = len(table.thread_messages())
        await table.play(world.alice, "call:heads")
        await table.play(world.alice, "call:tails")  # her chain ends: the next trick's picks, a new post
        posts = table.thread_messages()
        assert len(posts) == count + 1 and not table.fake.get_message(handover.id).revisions
        newest = posts[-1].content
        assert newest.index("heads") < newest.index("tails")  # every held line, in order, before the ping
        assert not [call for call in table.fake.calls
                    if call.method == "PATCH" and f"/channels/{table.thread().id}/" in call.path]


async def test_held_steps_are_said_after_a_restart(fake_world, tmp_path, clock):
    database = tmp_path / "duel.sqlite3"
    async with run_bot(make_bot(database, clock, thread_edit_s=3600.0), fake_world.fake) as bot:
        table, world = Table(fake_world, bot), fake_world
        await table.start(rules="calls=2")
        await table.play(world.alice, "pick:5")
        await table.play(world.bob, "pick:1")
        handover = table.thread_messages()[-1]
        await table.play(world.alice, "call:heads")
        assert "heads" not in table.fake.get_message(handover.id).content
    async with run_bot(make_bot(database, clock, thread_edit_s=3600.0), fake_world.fake) as bot:
        table = Table(fake_world, bot)
        for _ in range(100):  # the start-up catch-up runs in a task of its own
            await table.settle()
            if "heads" in table.fake.get_message(handover.id).content:
                break
            await asyncio.sleep(0.05)
        assert "heads" in table.fake.get_message(handover.id).content  # the restart's catch-up edited it
        match = await table.match()
        assert match.posted_version == match.version
