"""A league season through the fake Discord (issue 28): opened by an organizer, joined by members, matches
played with ordinary challenges counted up to the season's games a pair, the season closed at its end by
the timekeeper with its final table posted once."""

from __future__ import annotations

from fakediscord.world import P_MANAGE_GUILD

DAY = 86400.0


def reply(record) -> str:
    return "\n".join(message.content or "" for message in record.messages)


async def play_and_resign(table, winner, loser) -> None:
    """A tiny match by /challenge and Accept, ended by the loser's /resign and its confirm button."""
    record = await table.challenge(winner, loser)
    await table.accept(record, loser)
    match = (await table.bot.store.active_matches_of(winner.id))[-1]
    resign = await table.fake.slash(loser, table.world.guild, table.world.channel, "resign", options={"match": match.id})
    button = table.fake.find_component(resign.messages[0], custom_id_prefix="dt:r:")
    await table.click(loser, resign.messages[0], button["custom_id"])
    assert (await table.bot.store.get_match(match.id)).status == "finished"


async def test_a_league_season_counts_members_matches_and_closes_once(table):
    world, fake = table.world, table.fake
    await fake.add_role(world.guild, "Mods", P_MANAGE_GUILD, members=(world.alice,))
    refused = await fake.slash(world.bob, world.guild, world.channel, "league create",
                               options={"game": "tiny", "games_per_pair": 1, "days": 10})
    assert refused.ephemeral and await table.bot.store.latest_league(world.guild.id, "tiny") is None
    opened = await fake.slash(world.alice, world.guild, world.channel, "league create",
                              options={"game": "tiny", "games_per_pair": 1, "days": 10})
    assert not opened.ephemeral and "League #1" in reply(opened)
    again = await fake.slash(world.alice, world.guild, world.channel, "league create",
                             options={"game": "tiny", "games_per_pair": 2, "days": 3})
    assert again.ephemeral and "already" in reply(again)
    carol = await fake.add_user("carol")
    for member in (world.alice, world.bob, carol):
        joined = await fake.slash(member, world.guild, world.channel, "league join", options={"game": "tiny"})
        assert joined.ephemeral
    await play_and_resign(table, world.alice, world.bob)
    await play_and_resign(table, world.bob, world.alice)  # a second game of the pair: not counted (1 a pair)
    await play_and_resign(table, carol, world.alice)
    shown = await fake.slash(carol, world.guild, world.channel, "league table", options={"game": "tiny"})
    lines = reply(shown).splitlines()
    assert lines[1].startswith("1. alice · **1**") or lines[1].startswith("1. carol · **1**")
    assert any(line.startswith("3. bob · **0** · 0-0-1") for line in lines)
    table.bot.clock.now += 10 * DAY + 1
    await table.bot.timekeeper.tick()
    await table.settle()
    await table.bot.timekeeper.tick()
    await table.settle()
    finals = [m for m in fake.messages(world.channel) if (m.content or "").startswith("🏁 League #1")]
    assert len(finals) == 1 and "bob" in finals[0].content
    late = await fake.slash(carol, world.guild, world.channel, "league join", options={"game": "tiny"})
    assert "no open league" in reply(late)
