"""What a hostile client can send that Discord's own client never would: every answer is private,
clear, within Discord's limits, and changes nothing."""

from __future__ import annotations

from tests.e2e.table import Table

HUGE = 2**63 + 5


async def raw_slash(table: Table, user, name: str, options: dict, override: dict):
    """A slash command whose options are then replaced by raw values (out of range, unknown choices)."""
    fake = table.fake
    who, where = fake._context(user, table.world.guild, table.world.channel)
    data = fake.interactions.command_data(where, name, options, subcommand=None, focused=None)
    stack = list(data.get("options", []))
    while stack:  # subcommands nest their options
        option = stack.pop()
        stack.extend(option.get("options", []))
        if option["name"] in override and "value" in option:
            option["value"] = override[option["name"]]
    record = fake.interactions.new_record(2, who, where, locale=None, data=data)
    await fake._send_interaction(record)
    record = await record.wait(5.0)
    await table.settle()
    return record


def reply(record) -> str:
    return "\n".join(message.content or "" for message in record.messages)


async def test_out_of_range_days_and_unknown_language_create_no_challenge(table):
    alice, bob = table.world.alice, table.world.bob
    for override in ({"days": -3}, {"days": 0}, {"days": 15}, {"days": 10**6}, {"language": "xx"}):
        record = await raw_slash(table, alice, "challenge",
                                 {"game": "tiny", "opponent": bob, "days": 3, "language": "en"}, override)
        assert record.ephemeral and reply(record), override
        assert len(reply(record)) <= 2000
    assert await table.bot.store.open_challenge_between(alice.id, bob.id) is None
    assert not [m for m in table.fake.messages(table.world.channel) if not m.ephemeral]


async def test_a_huge_match_number_is_not_found_privately(table):
    alice = table.world.alice
    await table.start()
    before = (await table.match()).version
    for name, options in (("resign", {"match": 1}), ("tiny move", {"move": "pick:1", "match": 1})):
        record = await raw_slash(table, alice, name, options, {"match": HUGE})
        assert record.ephemeral and reply(record)
    assert (await table.match()).version == before and (await table.match()).status == "active"


async def test_huge_ids_are_not_found_by_the_store(table):
    alice = table.world.alice
    await table.start()
    store = table.bot.store
    assert await store.get_match(HUGE) is None and await store.get_challenge(HUGE) is None
    assert await store.match_by_thread(HUGE) is None and await store.get_deck_by_id(alice.id, HUGE) is None
    assert not await store.delete_deck(alice.id, HUGE)


async def test_very_long_rules_text_gets_a_short_answer(table):
    alice, bob = table.world.alice, table.world.bob
    record = await table.challenge(alice, bob, "tiny", rules="x" * 3000)
    text = reply(record)
    assert record.ephemeral and 0 < len(text) <= 2000 and "x" * 60 not in text
    assert await table.bot.store.open_challenge_between(alice.id, bob.id) is None
