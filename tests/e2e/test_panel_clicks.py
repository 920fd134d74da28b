"""A click on a DM panel, as the bot answers it: one REST call, the interaction's response updating the
clicked panel, says what was chosen and shows what comes next; a member never holds two DM panels with live controls."""

from __future__ import annotations

import asyncio

from bot.ui import replies
from fakediscord.autoplay import answer_controls, live_panel
from tests.e2e.table import Table


async def click_panel(table: Table, user, option: str, panel) -> tuple[list, list, object]:
    """Click ``option`` on ``panel``; the REST calls that answered the click or edited an interaction's
    message, the edits of the panel through its DM channel, and the panel as it reads afterwards."""
    before = len(table.fake.calls)
    await table.play(user, option, panel)
    calls = table.fake.calls[before:]
    answers = [c for c in calls if c.path.endswith("/callback") or c.path.endswith("/messages/@original")]
    through_channel = [c for c in calls if c.method == "PATCH" and c.path.endswith(f"/messages/{panel.id}")]
    return answers, through_channel, table.fake.get_message(panel.id)


async def test_a_click_on_the_dm_panel_is_answered_by_one_call_that_also_updates_the_panel(table: Table, monkeypatch):
    monkeypatch.setattr(replies, "ANSWER_WITHIN", 2.5)  # a loaded test host: the result is still ready in time
    world = table.world
    await table.start(rules="calls=2")
    await table.play(world.alice, "pick:5")
    await table.play(world.bob, "pick:1")  # alice won the trick: she calls twice, then picks again
    panel = table.panel(world.alice)
    answers, through_channel, shown = await click_panel(table, world.alice, "call:heads", panel)
    assert len(answers) == 1 and not through_channel
    assert shown.content.startswith("You chose: ") and "heads" in shown.content.splitlines()[0]
    assert table.control_for(shown, "call:tails")  # her next step, on the same message
    answers, through_channel, _ = await click_panel(table, world.alice, "call:tails", shown)
    assert len(answers) == 1 and not through_channel
    # The trick is over and both pick again: her panel is still the one she clicked, with the pick controls
    # and her hand picture brought up to date in that same edit.
    assert live_panel(table.fake, world.alice.id).id == panel.id
    assert table.control_for(table.fake.get_message(panel.id), "pick:4")


async def test_a_turn_ending_click_leaves_the_acknowledgement_and_no_controls_in_one_call(table: Table, monkeypatch):
    monkeypatch.setattr(replies, "ANSWER_WITHIN", 2.5)  # a loaded test host: the result is still ready in time
    world = table.world
    await table.start()
    panel = table.panel(world.alice)
    answers, through_channel, shown = await click_panel(table, world.alice, "pick:3", panel)
    assert len(answers) == 1 and not through_channel
    assert shown.content.startswith("You chose: ") and not answer_controls(table.fake, shown)


async def test_a_click_from_an_ephemeral_panel_is_still_acknowledged_on_that_message(table: Table):
    world = table.world
    await table.start()
    hand = world.fake.find_component(table.thread_messages()[0], custom_id_prefix="dt:h:")
    ephemeral = (await table.click(world.alice, table.thread_messages()[0], hand["custom_id"])).messages[-1]
    await table.play(world.alice, "pick:2", ephemeral)
    shown = table.fake.get_message(ephemeral.id)
    assert shown.content.startswith("You chose: ") and not answer_controls(table.fake, shown)


async def test_simultaneous_answers_leave_each_member_one_live_panel_whose_buttons_work(table: Table):
    """Both members pick at the same moment and the second pick ends the trick (alice calls next): the publish
    of the first pick runs after both are stored (here: the match's publishing lock is held meanwhile, as a
    slow thread post would). It must not give alice's old panel the call's controls, which the second pick's
    publish sends her in a new DM: she would hold two live panels, the older one answering "out of date"."""
    world = table.world
    match = await table.start()
    users = (world.alice, world.bob)
    panels = [table.panel(user) for user in users]
    async with table.bot.threads.match_lock(match.id):
        clicks = [asyncio.create_task(world.fake.click(user, panel, table.control_for(panel, option)["custom_id"]))
                  for user, panel, option in zip(users, panels, ("pick:5", "pick:1"), strict=True)]
        while (await table.match()).version < match.version + 2:
            await asyncio.sleep(0.01)
    await asyncio.gather(*clicks)
    await table.settle()
    live = [m for m in table.fake.dm_messages(world.alice.id)
            if m.author_id == table.fake.bot_user_id and answer_controls(table.fake, m)]
    assert len(live) == 1, f"alice holds {len(live)} DM panels with live controls"
    assert not [m for m in table.fake.dm_messages(world.bob.id) if answer_controls(table.fake, m)]
    version = (await table.match()).version
    record = await table.click(world.alice, live[0], table.control_for(live[0], "call:heads")["custom_id"])
    assert not any("out of date" in message.content for message in record.messages)
    assert (await table.match()).version == version + 1


async def test_a_click_whose_result_is_not_ready_in_time_is_deferred_then_its_panel_updated(table: Table, monkeypatch):
    monkeypatch.setattr(replies, "ANSWER_WITHIN", 0.0)  # every result is late: the deferral goes first
    world = table.world
    await table.start(rules="calls=2")
    await table.play(world.alice, "pick:5")
    await table.play(world.bob, "pick:1")
    panel = table.panel(world.alice)
    answers, through_channel, shown = await click_panel(table, world.alice, "call:heads", panel)
    assert [c.method for c in answers] == ["POST", "PATCH"] and answers[0].json["type"] == 6
    assert not through_channel
    assert shown.content.startswith("You chose: ") and table.control_for(shown, "call:tails")
    assert not [record for record in table.fake.interactions.records.values() if record.errors]
