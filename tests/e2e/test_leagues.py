"""A league season through the fake Discord (issue 28): opened by an organizer, joined by members (Join
button, a burst joining once; Leave only before a league game), league games played with challenges marked
``league:True`` (shown on the challenge and the thread) counted up to the season's games a pair, friendly
games not counted, the season closed at its end by the timekeeper with its final table posted once."""

from __future__ import annotations

import asyncio

from fakediscord.world import P_MANAGE_GUILD

DAY = 86400.0


def reply(record) -> str:
    return "\n".join(message.content or "" for message in record.messages)


async def play_and_resign(table, winner, loser, league: bool = True) -> None:
    """A tiny match by /challenge and Accept, ended by the loser's /resign and its confirm button."""
    record = await table.challenge(winner, loser, league=league or None)
    assert not record.ephemeral
    assert ("League game (season #1)" in reply(record)) == league
    await table.accept(record, loser)
    match = (await table.bot.store.active_matches_of(winner.id))[-1]
    first_post = table.fake.messages(match.thread_id)[0]
    assert ("League game (season #1)" in (first_post.content or "")) == league
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
    carol, dave = await fake.add_user("carol"), await fake.add_user("dave")
    post = opened.messages[0]
    join = fake.find_component(post, custom_id_prefix="dt:lg:join:")["custom_id"]
    leave = fake.find_component(post, custom_id_prefix="dt:lg:leave:")["custom_id"]
    burst = await asyncio.gather(*(fake.click(world.alice, post, join) for _ in range(4)))  # one join
    await table.settle()
    assert all(record.ephemeral for record in burst)
    assert sorted(reply(record).startswith("You joined") for record in burst) == [False, False, False, True]
    for member in (world.bob, carol):
        joined = await fake.slash(member, world.guild, world.channel, "league join", options={"game": "tiny"})
        assert joined.ephemeral
    assert list(await table.bot.store.league_members(1)) == [world.alice.id, world.bob.id, carol.id]
    outsider = await table.challenge(world.alice, dave, league=True)  # dave is not a member: nothing stored
    assert outsider.ephemeral and "is not in this server's league" in reply(outsider)
    assert await table.bot.store.open_challenge_between(world.alice.id, dave.id) is None
    open_call = await fake.slash(world.alice, world.guild, world.channel, "challenge",
                                 options={"game": "tiny", "league": True})
    assert open_call.ephemeral and "named member" in reply(open_call)
    await play_and_resign(table, world.bob, world.alice, league=False)  # a friendly game first: not counted
    await play_and_resign(table, world.alice, world.bob)
    thread = fake.threads(world.channel)[-1]
    result = next(m for m in reversed(fake.messages(thread)) if fake.find_component(m, custom_id_prefix="dt:rm:"))
    rematch = fake.find_component(result, custom_id_prefix="dt:rm:")["custom_id"]
    await table.click(world.alice, result, rematch)
    await table.click(world.bob, result, rematch)  # the pair has no league game left: the rematch is friendly
    [friendly] = await table.bot.store.active_matches_of(world.alice.id)
    assert "league" not in friendly.options
    assert "League game" not in (fake.messages(friendly.thread_id)[0].content or "")
    await table.bot.publisher.publish(await table.bot.service.resign(friendly.id, world.bob.id))
    await table.settle()
    again = await table.challenge(world.bob, world.alice, league=True)  # the pair's one league game is played
    assert again.ephemeral and "すべて対戦済み" in reply(again)  # bob reads Japanese
    assert await table.bot.store.open_challenge_between(world.alice.id, world.bob.id) is None
    await play_and_resign(table, carol, world.alice)
    stays = await table.click(carol, post, leave)
    assert stays.ephemeral and "you stay" in reply(stays)
    await fake.slash(dave, world.guild, world.channel, "league join", options={"game": "tiny"})
    left = await table.click(dave, post, leave)
    assert left.ephemeral and "You left" in reply(left)
    assert dave.id not in await table.bot.store.league_members(1)
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
