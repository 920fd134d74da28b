"""/vacation through the fake Discord with a controllable clock: clocks pause, reminders and claims wait,
ending early resumes them, and the allowance (14 days in any 30) holds."""

from __future__ import annotations

import pytest

from bot.match import DAY, NotClaimable
from tests.e2e.table import Table


async def slash(table: Table, user, name: str, **options):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, name, options=options)
    await table.settle()
    return record


async def tick(table: Table) -> None:
    await table.bot.timekeeper.tick()
    await table.settle()


def claim_posts(table: Table) -> list:
    return [m for m in table.thread_messages() if table.fake.find_component(m, custom_id_prefix="dt:w:")]


async def test_vacation_pauses_and_resumes_deadlines(table: Table, clock):
    world = table.world
    await table.start()
    await table.play(world.alice, "pick:5")  # bob owes the move; 3 days per move
    before = await table.match()
    record = await slash(table, world.bob, "vacation", days=5)
    assert record.messages[-1].ephemeral and "休暇" in record.messages[-1].content
    paused = await table.match()
    assert paused.deadline == before.deadline + 5 * DAY and paused.next_timer_at == before.next_timer_at + 5 * DAY
    assert any("on vacation" in m.content for m in table.thread_messages())
    games = await slash(table, world.alice, "games")
    assert "on vacation until" in games.messages[0].content
    posts = len(table.thread_messages())
    clock.advance(3 * DAY)  # the old deadline passes: no reminder, no claim
    await tick(table)
    assert len(table.thread_messages()) == posts and not claim_posts(table)
    with pytest.raises(NotClaimable):
        await table.bot.service.claim_win(paused.id, world.alice.id)
    twice = await slash(table, world.bob, "vacation", days=2)
    assert "すでに" in twice.messages[-1].content
    # Back after 3 of the 5 days: the 2 unused days come off the clocks again.
    back = await slash(table, world.bob, "vacation", end=True)
    assert "おかえり" in back.messages[-1].content
    resumed = await table.match()
    assert resumed.deadline == before.deadline + 3 * DAY
    clock.advance(3 * DAY - 60)
    await tick(table)
    assert not claim_posts(table)
    clock.advance(120)
    await tick(table)
    assert claim_posts(table)  # now the deadline has passed
    over = await slash(table, world.bob, "vacation", days=12)
    assert over.messages[-1].ephemeral and "11" in over.messages[-1].content  # 3 used, 11 left of 14
    status = await slash(table, world.bob, "vacation")
    assert "11" in status.messages[-1].content


async def test_a_move_made_while_the_opponent_is_away_starts_its_clock_when_the_vacation_ends(table: Table, clock):
    world = table.world
    await table.start()
    await slash(table, world.bob, "vacation", days=4)
    await table.play(world.alice, "pick:5")
    match = await table.match()
    assert match.turn_started == clock.now + 4 * DAY and match.deadline == clock.now + 7 * DAY
    bad = await slash(table, world.alice, "vacation", days=3, end=True)
    assert bad.messages[-1].ephemeral and "not both" in bad.messages[-1].content
    nothing = await slash(table, world.alice, "vacation", end=True)
    assert "not on vacation" in nothing.messages[-1].content
