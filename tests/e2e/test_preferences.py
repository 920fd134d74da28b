"""/preferences: a player's "always stop" follows them into their matches; a challenger cannot set it."""

from __future__ import annotations


async def test_always_stop_is_each_players_own_setting(table):
    alice, bob = table.world.alice, table.world.bob
    record = await table.fake.slash(bob, table.world.guild, table.world.channel, "preferences",
                                     options={"always_stop": True})
    await table.settle()
    assert record.ephemeral and "**on**" in record.messages[0].content.replace("オン", "on")
    assert (await table.bot.store.always_stop((bob.id,))) == {bob.id: True}
    refused = await table.challenge(alice, bob, "tinydeck", rules="always_stop1=off")
    assert refused.ephemeral and await table.bot.store.open_challenge_between(alice.id, bob.id) is None
    record = await table.challenge(alice, bob, "tinydeck")
    assert "always_stop" not in (record.messages[0].content or "")
    await table.accept(record, bob)
    match = await table.match()
    assert match.options["always_stop0"] == "off" and match.options["always_stop1"] == "on"


async def test_the_bot_seat_never_always_stops(table):
    alice = table.world.alice
    await table.fake.slash(alice, table.world.guild, table.world.channel, "preferences", options={"always_stop": True})
    await table.settle()
    await table.challenge(alice, table.bot.user.id, "tinydeck")
    match = await table.match()
    assert match.options["always_stop0"] == "on" and match.options["always_stop1"] == "off"


async def test_a_bot_match_takes_its_level_from_the_challenge(table):
    alice = table.world.alice
    await table.challenge(alice, table.bot.user.id, "tiny", level="easy")
    match = await table.match()
    assert match.bot_seat == 1 and match.options["bot_level"] == "easy"
