"""The thread as a conversation: a response window (one seat's secret decision, offered only when it
holds a usable card) leaves no trace in any public message."""

from __future__ import annotations

import re

from bot.decks import deck_option

# Five distinct stones a hand, so every pick is a button.
ALICE_DECK = {"c1": 2, "c2": 1, "c5": 1, "c6": 1, "c7": 1}
BOB_HOLDS_ONE = {"c1": 1, "c2": 1, "c3": 1, "c5": 2, "c6": 1}  # stone 1 opens the window
BOB_HOLDS_FOUR = {"c4": 1, "c2": 1, "c3": 1, "c5": 2, "c6": 1}  # same plays, no window
PLAYS = [("pick:7", "pick:2"), ("pick:6", "pick:3"), ("pick:5", "pick:5")]


async def play_scripted(table, bob_deck: dict[str, int]):
    """Alice wins two tricks and calls; Bob never plays his hidden stone 1 (or 4)."""
    world = table.world
    alice = await table.bot.store.create_deck(user_id=world.alice.id, game="tinydeck",
                                              name=f"A{len(await table.bot.store.list_decks(world.alice.id))}",
                                              cards=ALICE_DECK, now=1.0, limit=50)
    bob = await table.bot.store.create_deck(user_id=world.bob.id, game="tinydeck", name=deck_option(bob_deck)[:30],
                                            cards=bob_deck, now=1.0, limit=50)
    record = await table.challenge(world.alice, world.bob, "tinydeck", rules="window=yes",
                                   deck=f"#{alice.id}")
    await table.accept(record, world.bob, deck=f"#{bob.id}")
    match = await table.match()
    windows = 0
    for alice_pick, bob_pick in PLAYS:
        await table.play(world.alice, alice_pick)
        await table.play(world.bob, bob_pick)
        match = await table.bot.store.get_match(match.id)
        if match.status != "active":
            break  # the last trick has no call
        await table.play(world.alice, "call:heads")
        match = await table.bot.store.get_match(match.id)
        if match.status == "active" and match.state.get("window") == 1:
            windows += 1
            await table.play(world.bob, "window:pass")  # declined
    match = await table.bot.store.get_match(match.id)
    assert match.status == "finished"
    thread = next(t for t in table.fake.threads(table.world.channel) if t.id == match.thread_id)
    return windows, table.fake.messages(thread)


def public_record(messages) -> list[tuple[str, list[bytes]]]:
    """What anyone reading the thread saw, before the final reveal of every hidden card."""
    shown = []
    for message in messages[:-2]:
        content = re.sub(r"#\d+|\d{15,}", "<id>", message.content or "")
        shown.append((content, [data for _, data in message.attachments], len(message.revisions)))
    return shown


async def test_a_declined_window_leaves_no_public_trace(table):
    offered, with_window = await play_scripted(table, BOB_HOLDS_ONE)
    none, without_window = await play_scripted(table, BOB_HOLDS_FOUR)
    assert offered == 2 and none == 0
    assert public_record(with_window) == public_record(without_window)


async def test_a_reminder_for_an_open_window_goes_by_dm_only(table, clock):
    world = table.world
    alice = await table.bot.store.create_deck(user_id=world.alice.id, game="tinydeck", name="A",
                                              cards=ALICE_DECK, now=1.0, limit=50)
    bob = await table.bot.store.create_deck(user_id=world.bob.id, game="tinydeck", name="B",
                                            cards=BOB_HOLDS_ONE, now=1.0, limit=50)
    record = await table.challenge(world.alice, world.bob, "tinydeck", rules="window=yes", deck=f"#{alice.id}")
    await table.accept(record, world.bob, deck=f"#{bob.id}")
    await table.play(world.alice, "pick:7")
    await table.play(world.bob, "pick:2")
    await table.play(world.alice, "call:heads")
    match = await table.match()
    assert match.state["window"] == 1  # Bob holds stone 1: his window is open
    thread_before = [(m.id, m.content) for m in table.thread_messages()]
    dms_before = len(table.fake.dm_messages(world.bob))
    clock.advance(2 * 86400)  # past half of the 3 days
    await table.bot.timekeeper.tick()
    await table.settle()
    assert [(m.id, m.content) for m in table.thread_messages()] == thread_before
    assert len(table.fake.dm_messages(world.bob)) == dms_before + 1
