"""Shards and nonces: the fake routes like Discord, to real discord.py AutoShardedClients."""

from __future__ import annotations

import asyncio

import discord
import pytest

from fakediscord import FakeDiscord, run_bot


class Recorder(discord.AutoShardedClient):
    """Answers every interaction and remembers which guilds (None: DM) it was asked from."""

    def __init__(self, **kwargs) -> None:
        super().__init__(intents=discord.Intents(guilds=True), **kwargs)
        self.seen: list[int | None] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause between a process's shards (Discord's identify rate limit; the fake has none)."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(interaction.guild_id)
        await interaction.response.send_message(f"shards {sorted(self.shards)}", ephemeral=True)


async def two_shard_world(fake: FakeDiscord):
    first = await fake.add_guild("on shard 0", shard=0)
    second = await fake.add_guild("on shard 1", shard=1)
    channels = [await fake.add_channel(first, "games"), await fake.add_channel(second, "games")]
    alice = await fake.add_user("alice")
    return (first, second), channels, alice


async def test_each_process_gets_its_shards_guilds_and_events():
    async with FakeDiscord(shard_count=2) as fake:
        guilds, channels, alice = await two_shard_world(fake)
        assert [fake.shard_of(g) for g in guilds] == [0, 1]
        zero, one = Recorder(shard_ids=[0], shard_count=2), Recorder(shard_ids=[1], shard_count=2)
        async with run_bot(zero, fake), run_bot(one, fake):
            assert [g.id for g in zero.guilds] == [guilds[0].id]
            assert [g.id for g in one.guilds] == [guilds[1].id]
            assert sorted(fake.gateway.describe()["shards"]) == [0, 1]
            for guild, channel in zip(guilds, channels, strict=True):
                record = await fake.slash(alice, guild, channel, "ping")
                assert record.messages[0].content.startswith("shards")
            await fake.slash(alice, None, None, "ping")  # a DM: Discord sends it to shard 0
            await fake.idle()
        assert zero.seen == [guilds[0].id, None]
        assert one.seen == [guilds[1].id]


async def test_one_process_without_a_shard_count_runs_every_recommended_shard():
    async with FakeDiscord(shard_count=2) as fake:
        guilds, channels, alice = await two_shard_world(fake)
        client = Recorder()  # no shard_count: GET /gateway/bot says 2, and it runs both
        async with run_bot(client, fake):
            assert client.shard_count == 2
            assert sorted(g.id for g in client.guilds) == sorted(g.id for g in guilds)
            await fake.slash(alice, guilds[1], channels[1], "ping")
        assert client.seen == [guilds[1].id]


async def test_an_interaction_for_a_shard_nobody_runs_goes_unanswered():
    async with FakeDiscord(shard_count=2) as fake:
        guilds, channels, alice = await two_shard_world(fake)
        zero = Recorder(shard_ids=[0], shard_count=2)
        async with run_bot(zero, fake):
            record = await fake.slash(alice, guilds[1], channels[1], "ping", wait=False)
            with pytest.raises(TimeoutError):
                await record.wait(0.3)
        assert zero.seen == []


async def test_enforce_nonce_returns_the_first_message_instead_of_posting_twice(fake_world):
    fake = fake_world.fake
    client = discord.Client(intents=discord.Intents(guilds=True))
    async with run_bot(client, fake):
        channel = client.get_channel(fake_world.channel.id)
        first = await channel.send("reminder", nonce="r7.3.1t")
        again = await channel.send("reminder", nonce="r7.3.1t")
        other = await channel.send("reminder", nonce="r7.4.1t")
    assert again.id == first.id and other.id != first.id
    assert [m.content for m in fake.messages(fake_world.channel)] == ["reminder", "reminder"]
    assert [m.id for m in fake.nonce_repeats] == [first.id]
    assert fake.get_message(first.id).nonce == "r7.3.1t"
    fake.advance(400)  # Discord forgets a nonce after a few minutes
    later = await asyncio.wait_for(_send_again(fake, fake_world.channel.id), 10)
    assert later != first.id


async def _send_again(fake: FakeDiscord, channel_id: int) -> int:
    client = discord.Client(intents=discord.Intents(guilds=True))
    async with run_bot(client, fake):
        return (await client.get_channel(channel_id).send("reminder", nonce="r7.3.1t")).id


async def test_events_while_a_session_is_dropped_are_replayed_on_resume_and_not_after_a_clean_close():
    import aiohttp

    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = await fake.add_guild("g")

        async def connect(first: dict) -> tuple[aiohttp.ClientWebSocketResponse, list[dict]]:
            ws = await http.ws_connect(fake.gateway_url)
            frames = [await ws.receive_json()]  # HELLO
            await ws.send_json(first)
            return ws, frames

        async def events(ws, until: str) -> list[str]:
            seen = []
            while until not in seen:
                frame = await asyncio.wait_for(ws.receive_json(), 5)
                seen.append(frame.get("t"))
            return seen

        identify = {"op": 2, "d": {"token": "t", "intents": 1, "properties": {}}}
        ws, _ = await connect(identify)
        ready = await asyncio.wait_for(ws.receive_json(), 5)
        session_id, seq = ready["d"]["session_id"], ready["s"]
        await events(ws, "GUILD_CREATE")
        await ws.close(code=4000)  # a dropped connection (not 1000): the session may resume
        await fake.add_channel(guild, "while away")
        ws, _ = await connect({"op": 6, "d": {"token": "t", "session_id": session_id, "seq": seq + 1}})
        assert await events(ws, "RESUMED") == ["CHANNEL_CREATE", "RESUMED"]
        await ws.close(code=1000)  # a clean close ends the session
        await asyncio.sleep(0.05)
        assert fake.gateway.listening_sessions == []
