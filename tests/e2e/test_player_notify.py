"""/notify through the fake Discord with a controllable clock: quiet hours hold a reminder back (the
deadline stays), DM mode moves pings out of the thread, bad input changes nothing."""

from __future__ import annotations

import datetime as dt

from bot.match import DAY
from bot.notify import parse_quiet, parse_timezone, quiet_until
from tests.e2e.table import Table

HOUR = 3600.0


async def slash(table: Table, user, name: str, **options):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, name, options=options)
    await table.settle()
    return record


async def tick(table: Table) -> None:
    await table.bot.timekeeper.tick()
    await table.settle()


def reminders(table: Table) -> list:
    return [m for m in table.thread_messages() if "still your move" in m.content]


async def test_quiet_hours_hold_a_reminder_back_until_they_end(table: Table, clock):
    world = table.world
    # The clock starts at 08:00 UTC; the half-way reminder falls 36 h later, at 20:00 UTC = 05:00 in Tokyo.
    answer = await slash(table, world.bob, "notify", quiet="0-8", timezone="Asia/Tokyo")
    assert answer.messages[-1].ephemeral and "00:00–08:00" in answer.messages[-1].content
    await table.start()
    await table.play(world.alice, "pick:1")
    await table.play(world.bob, "pick:5")  # bob won the trick and owes the call (a public decision)
    deadline = (await table.match()).deadline
    clock.advance(1.5 * DAY + 60)
    await tick(table)
    assert reminders(table) == []  # 05:01 in Tokyo: quiet
    assert (await table.match()).deadline == deadline
    clock.advance(2 * HOUR)
    await tick(table)
    assert reminders(table) == []  # 07:01: still quiet
    clock.advance(HOUR)
    await tick(table)
    [reminder] = reminders(table)  # 08:01: sent
    assert world.bob.id in reminder.pinged
    assert (await table.match()).deadline == deadline


async def test_dm_mode_sends_reminders_by_dm_and_does_not_ping_in_the_thread(table: Table, clock):
    world = table.world
    await slash(table, world.bob, "notify", mode="dm")
    await table.start()
    await table.play(world.alice, "pick:5")
    await table.play(world.bob, "pick:1")  # alice wins the trick and calls
    await table.play(world.alice, "call:heads")
    await table.play(world.alice, "pick:1")
    await table.play(world.bob, "pick:4")  # bob wins this trick and owes the call (a public decision)
    dms_before = len(table.fake.dm_messages(world.bob.id))
    clock.advance(1.5 * DAY + 60)
    await tick(table)
    [reminder] = reminders(table)
    assert world.bob.id not in reminder.pinged
    dms = table.fake.dm_messages(world.bob.id)[dms_before:]
    assert any("still your move" in m.content and f"/{table.thread().id}" in m.content for m in dms)


async def test_bad_notify_input_is_private_and_changes_nothing(table: Table):
    world = table.world
    await slash(table, world.alice, "notify", mode="both", quiet="22-7", timezone="+9")
    for options, expected in (({"quiet": "25-3", "mode": "dm"}, "Quiet hours are two hours"),
                              ({"timezone": "Mars/Olympus", "mode": "dm"}, "don't know the time zone")):
        record = await slash(table, world.alice, "notify", **options)
        assert record.ephemeral and expected in record.messages[-1].content
    prefs = (await table.bot.store.notify_prefs((world.alice.id,)))[world.alice.id]
    assert prefs == {"notify": "both", "quiet_start": 22, "quiet_end": 7, "timezone": "+9"}


def test_quiet_windows_and_time_zones():
    noon_utc = dt.datetime(2027, 1, 15, 12, 0, tzinfo=dt.UTC).timestamp()
    assert quiet_until(noon_utc, 22, 7, "UTC") is None
    # 21:00 in Tokyo is inside 20-8: it ends at 08:00 Tokyo = 23:00 UTC.
    assert quiet_until(noon_utc, 20, 8, "Asia/Tokyo") == noon_utc + 11 * HOUR
    assert quiet_until(noon_utc, 11, 13, "+0") == noon_utc + HOUR
    assert parse_quiet("22-7") == (22, 7) and parse_quiet("7-7") is None and parse_quiet("x") is None
    assert parse_timezone("UTC-5:30") is not None and parse_timezone("../etc") is None
