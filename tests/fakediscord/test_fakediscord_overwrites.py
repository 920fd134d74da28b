"""A channel's permission overwrites in the fake, as Discord publishes them (topics/permissions): listed in
GET /channels/{id} (a thread has none of its own) and resolved into a member's channel permissions in the
order Discord applies them; the overwrite is told to the gateway as CHANNEL_UPDATE."""

from __future__ import annotations

import aiohttp
import pytest

from fakediscord.overwrites import MEMBER, ROLE, channel_permissions, set_overwrite
from fakediscord.world import P_SEND_MESSAGES, P_VIEW_CHANNEL


async def test_overwrites_are_listed_and_resolved_as_discord_does(fake_world):
    fake, guild, channel, alice, bob = (fake_world.fake, fake_world.guild, fake_world.channel, fake_world.alice,
                                        fake_world.bob)
    world = fake.world
    regulars = await fake.add_role(guild, "regulars", 0, members=(alice,))
    await set_overwrite(fake, channel, guild.id, kind=ROLE, deny=P_VIEW_CHANNEL | P_SEND_MESSAGES)
    await set_overwrite(fake, channel, regulars.id, kind=ROLE, allow=P_VIEW_CHANNEL)
    await set_overwrite(fake, channel, bob.id, kind=MEMBER, allow=P_SEND_MESSAGES)
    await set_overwrite(fake, channel, regulars.id, kind=ROLE, allow=P_VIEW_CHANNEL | P_SEND_MESSAGES)  # replaced
    thread = world.create_thread(channel, name="t", owner_id=alice.id, private=False)
    async with aiohttp.ClientSession(headers={"Authorization": "Bot any-token"}) as http:
        async with http.get(f"{fake.api_base}/channels/{channel.id}") as answer:
            listed = (await answer.json())["permission_overwrites"]
        async with http.get(f"{fake.api_base}/channels/{thread.id}") as answer:
            assert "permission_overwrites" not in await answer.json()
    assert listed == [
        {"id": str(guild.id), "type": 0, "allow": "0", "deny": str(P_VIEW_CHANNEL | P_SEND_MESSAGES)},
        {"id": str(bob.id), "type": 1, "allow": str(P_SEND_MESSAGES), "deny": "0"},
        {"id": str(regulars.id), "type": 0, "allow": str(P_VIEW_CHANNEL | P_SEND_MESSAGES), "deny": "0"}]
    for place in (channel, thread):  # a thread: its parent's
        alices = channel_permissions(world, guild, alice.id, place)
        bobs = channel_permissions(world, guild, bob.id, place)
        assert alices & P_VIEW_CHANNEL and alices & P_SEND_MESSAGES
        assert not bobs & P_VIEW_CHANNEL and bobs & P_SEND_MESSAGES
        assert channel_permissions(world, guild, guild.owner_id, place) & P_VIEW_CHANNEL
    with pytest.raises(ValueError):
        await set_overwrite(fake, thread, guild.id, deny=P_VIEW_CHANNEL)
