"""A DM click's handler ends once the click is answered; the decision's publish follows in a task that
keeps only the decision (issue 13: under a burst of clicks, ~780 waiting handlers held ~50 MB)."""

from __future__ import annotations

import gc

import discord

from bot.ui import publish
from tests.e2e.table import Table


def live_interactions() -> int:
    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, discord.Interaction))


async def test_a_dm_click_is_answered_and_its_handler_ends_while_its_publish_waits(table: Table):
    world, bot, publisher = table.world, table.bot, table.bot.publisher
    await table.start()
    panel = table.panel(world.alice)
    thread_before = [m.id for m in table.thread_messages()]
    bob_panel = table.panel(world.bob)
    for _ in range(publish.PUBLISHING):  # every publishing slot taken, as in a burst of clicks
        await publisher.publishing.acquire()
    try:
        await table.fake.click(world.alice, panel, table.control_for(panel, "pick:3")["custom_id"])
        await table.fake.idle()
        shown = table.fake.get_message(panel.id)
        assert shown.content.startswith("You chose: ")  # answered at once
        assert len(publisher._publishing_later) == 1 and bot.busy == 1  # the publish waits, counted as work
        assert live_interactions() == 0  # and the click's handler, with its interaction, is gone
        assert [m.id for m in table.thread_messages()] == thread_before
    finally:
        for _ in range(publish.PUBLISHING):
            publisher.publishing.release()
    await table.settle()
    assert not publisher._publishing_later and bot.busy == 0
    await table.play(world.bob, "pick:1", bob_panel)  # both picked: the trick is shown in the thread
    match = await table.match()
    assert match.posted_version == match.version > 1
    assert len(table.thread_messages()) == len(thread_before) + 1  # alice calls next: a handover post
