"""A crash between saving a decision and posting it loses nothing and doubles nothing: the thread is an
outbox rebuilt from the store at start-up (issue: "a crash between saving and posting")."""

from __future__ import annotations

from fakediscord import run_bot
from tests.e2e.table import Table, make_bot


async def test_a_crash_between_commit_and_post_is_posted_once_after_the_restart(fake_world, tmp_path, clock):
    database = tmp_path / "outbox.sqlite3"
    world = fake_world
    bot = make_bot(database, clock)
    async with run_bot(bot, world.fake):
        table = Table(world, bot)
        await table.start()
        old_panel = table.panel(world.bob)
        posted_before = len(table.thread_messages())

        async def die_before_posting(applied, origin=None):  # the process is killed right after the commit
            raise RuntimeError("killed")

        bot.publisher.publish = die_before_posting
        await table.play(world.alice, "pick:5")
        await world.fake.click(world.bob, old_panel, table.control_for(old_panel, "pick:1")["custom_id"],
                               wait=False)
        await table.settle()
        match = await bot.store.get_match(1)
        assert match.state["score"] == [1, 0] and match.posted_version < match.version
        assert len(table.thread_messages()) == posted_before  # nothing went out
    second = make_bot(database, clock)
    async with run_bot(second, world.fake):
        table = Table(world, second)
        await table.settle()
        posts = table.thread_messages()[posted_before:]
        assert len(posts) == 1 and "5 against 1" in posts[0].content and world.alice.id in posts[0].pinged
        assert table.panel(world.alice) is not None  # her panel went out after the restart
        await table.play(world.alice, "call:heads")
        assert (await second.store.get_match(1)).state["calls"] == ["heads"]
        count = len(table.thread_messages())
    third = make_bot(database, clock)
    async with run_bot(third, world.fake):
        table = Table(world, third)
        await table.settle()
        assert len(table.thread_messages()) == count  # posted exactly once: a second restart adds nothing
