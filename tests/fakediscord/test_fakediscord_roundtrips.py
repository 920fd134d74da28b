"""Round trips through the real discord.py client connected to the fake Discord."""

from __future__ import annotations

import asyncio
import io
import re
import struct
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from fakediscord import FakeDiscord, run_bot
from fakediscord.pytest_fixtures import FakeWorld

CARDS = [f"Card {n:02d}" for n in range(40)]


def tiny_png() -> bytes:
    """A valid 2x1 PNG, so attachment bytes and sizes can be checked exactly."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 2, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00\x00\x00\xff")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


class Choice(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"m:(?P<match>\d+):(?P<version>\d+):(?P<option>\w+)"):
    """A restart-proof button, like the project's decision buttons."""

    def __init__(self, match: int, version: int, option: str) -> None:
        super().__init__(discord.ui.Button(label=option, custom_id=f"m:{match}:{version}:{option}"))
        self.option = option

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: re.Match[str], /) -> Choice:
        return cls(int(match["match"]), int(match["version"]), match["option"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: DuelBot = interaction.client  # type: ignore[assignment]
        bot.clicks.append((interaction.user.id, self.option, interaction.guild_id))
        await interaction.response.edit_message(content=f"{self.option} by {interaction.user.id}", view=None)


def choices_view(match: int, *options: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for option in options:
        view.add_item(Choice(match, 0, option))
    return view


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="pick", options=[discord.SelectOption(label=x, value=x) for x in "abc"],
                       max_values=2)
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Name your deck"):
    name = discord.ui.TextInput(label="Name", custom_id="deck_name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"deck {self.name.value}")


class DuelBot(commands.Bot):
    def __init__(self, fake: FakeDiscord, *, intents: discord.Intents | None = None,
                 guild_id: int | None = None) -> None:
        if intents is None:
            intents = discord.Intents.default()
            intents.message_content = True
        super().__init__(command_prefix="!", intents=intents)
        self.fake = fake
        self.clicks: list[tuple[int, str, int | None]] = []
        self.seen: list[discord.Message] = []
        self.errors: list[int] = []
        self.interactions: list[discord.Interaction] = []
        self.guild_id = guild_id

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Choice)
        self.tree.add_command(challenge)
        self.tree.add_command(hand)
        self.tree.add_command(dm)
        self.tree.add_command(slow)
        self.tree.add_command(card)
        self.tree.add_command(spam_choices)
        self.tree.add_command(abuse)
        self.tree.add_command(pick)
        self.tree.add_command(form)
        self.tree.add_command(match_group)
        await self.tree.sync()
        if self.guild_id is not None:
            self.tree.add_command(local, guild=discord.Object(self.guild_id))
            await self.tree.sync(guild=discord.Object(self.guild_id))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction)

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen.append(message)


@app_commands.command(description="Challenge someone")
async def challenge(interaction: discord.Interaction, game: str, opponent: discord.Member, days: int = 3) -> None:
    await interaction.response.send_message(
        f"{interaction.user.mention} challenges {opponent.mention} to {game} ({days} days)",
        view=choices_view(1, "accept", "decline"))
    message = await interaction.original_response()
    thread = await message.create_thread(name=f"{game}: {interaction.user.name} vs {opponent.name}")
    await thread.add_user(opponent)
    await thread.send("Board", file=discord.File(io.BytesIO(tiny_png()), "board.png"))


@app_commands.command(description="Show your hand")
async def hand(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("your hand", view=choices_view(9, "peek"), ephemeral=True)


@app_commands.command(description="DM someone their panel")
async def dm(interaction: discord.Interaction, who: discord.User) -> None:
    try:
        await who.send("your panel", view=choices_view(7, "play"))
    except discord.Forbidden as error:
        interaction.client.errors.append(error.code)  # type: ignore[attr-defined]
        await interaction.response.send_message("DMs closed", ephemeral=True)
        return
    await interaction.response.send_message("sent", ephemeral=True)


@app_commands.command(description="Think, then answer")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.01)
    await interaction.followup.send("first", file=discord.File(io.BytesIO(b"log"), "log.txt"))
    await interaction.followup.send("second", ephemeral=True)


@app_commands.command(description="Look a card up")
async def card(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(name)


@card.autocomplete("name")
async def card_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in CARDS if current.lower() in c.lower()][:25]


@app_commands.command(name="many", description="Autocomplete that breaks the limit")
async def spam_choices(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(name)


@spam_choices.autocomplete("name")
async def too_many(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in CARDS[:30]]


@app_commands.command(description="Break a platform limit")
@app_commands.choices(kind=[app_commands.Choice(name=k, value=k) for k in ("long", "custom_id", "late", "twice")])
async def abuse(interaction: discord.Interaction, kind: str) -> None:
    bot: DuelBot = interaction.client  # type: ignore[assignment]
    try:
        if kind == "long":
            await interaction.response.send_message("x" * 2001)
        elif kind == "custom_id":
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="x", custom_id="c" * 101))
            await interaction.response.send_message("button", view=view)
        elif kind == "late":
            bot.fake.advance(3.5)  # the bot "took" 3.5 s, on the fake's clock
            await interaction.response.send_message("too late")
        elif kind == "twice":
            await interaction.response.send_message("once")
            # discord.py refuses a second response itself; forget the first to reach Discord's own check.
            interaction.response._response_type = None
            await interaction.response.send_message("twice")
    except discord.HTTPException as error:
        bot.errors.append(error.code)
        if kind == "long":
            await interaction.response.send_message("too long, shortened")


@app_commands.command(description="Pick with a select")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pick", view=PickView())


@app_commands.command(description="Open a modal")
async def form(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(NameModal())


@app_commands.command(description="A guild-only command")
async def local(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(f"local to {interaction.guild_id}")


match_group = app_commands.Group(name="match", description="Match commands")
admin_group = app_commands.Group(name="admin", description="Admin commands", parent=match_group)


@admin_group.command(name="award", description="Award a match")
async def award(interaction: discord.Interaction, winner: discord.User, reason: str = "forfeit") -> None:
    await interaction.response.send_message(f"{winner.name} wins ({reason})")


@pytest_asyncio.fixture
async def duel(fake_world: FakeWorld) -> AsyncIterator[tuple[FakeWorld, DuelBot]]:
    async with run_bot(DuelBot(fake_world.fake), fake_world.fake) as bot:
        yield fake_world, bot


async def test_bot_connects_and_syncs(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    fake = world.fake
    assert bot.user is not None and bot.user.id == fake.bot_user_id
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.preferred_locale is discord.Locale.american_english
    assert bot.get_channel(world.channel.id) is not None
    names = {c["name"] for c in fake.commands()}
    assert {"challenge", "hand", "dm", "match"} <= names
    assert all(c["id"] and c["application_id"] == str(fake.application_id) for c in fake.commands())
    # World changes after connecting reach the client as gateway events.
    late = await fake.add_channel(world.guild, "late")
    carol = await fake.add_user("carol")
    await fake.idle()
    assert bot.get_channel(late.id) is not None
    rec = await fake.slash(carol, world.guild, late, "challenge", options={"game": "g", "opponent": world.alice})
    assert rec.messages[0].channel_id == late.id


async def test_slash_with_user_option_thread_and_file(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    fake = world.fake
    rec = await fake.slash(world.alice, world.guild, world.channel, "challenge",
                           options={"game": "formation", "opponent": world.bob, "days": 5})
    assert rec.error is None and not rec.ephemeral
    original = rec.messages[0]
    assert original.content == f"<@{world.alice.id}> challenges <@{world.bob.id}> to formation (5 days)"
    assert world.bob.id in original.pinged
    assert [c["custom_id"] for c in fake.components(original) if c["type"] == 2] == ["m:1:0:accept", "m:1:0:decline"]
    await fake.idle()
    [thread] = fake.threads(world.channel)
    assert thread.id == original.id and thread.name == "formation: alice vs bob"
    assert world.bob.id in thread.member_ids
    board = await fake.wait_for_message(thread, lambda m: m.attachments)
    assert board.attachments == [("board.png", tiny_png())]
    bot_thread = bot.get_channel(thread.id)  # THREAD_CREATE reached the client
    assert isinstance(bot_thread, discord.Thread)
    fetched = await bot_thread.fetch_message(board.id)
    assert fetched.attachments[0].width == 2 and await fetched.attachments[0].read() == tiny_png()
    uploads = fake.calls_matching("POST", rf"/channels/{thread.id}/messages$")
    assert uploads[0].files == [("board.png", tiny_png())] and uploads[0].json["content"] == "Board"


async def test_button_click_and_restart(fake_world: FakeWorld) -> None:
    fake = fake_world.fake
    async with run_bot(DuelBot(fake), fake):
        rec = await fake.slash(fake_world.alice, fake_world.guild, fake_world.channel, "challenge",
                               options={"game": "formation", "opponent": fake_world.bob})
        await fake.idle()
    message = rec.messages[0]
    # A new process connects to the same fake and must handle the button posted by the old one.
    async with run_bot(DuelBot(fake), fake) as bot:
        button = fake.find_component(message, label="accept")
        assert button is not None
        click = await fake.click(fake_world.bob, message, button["custom_id"])
        assert click.response_type == 7 and click.error is None
        assert bot.clicks == [(fake_world.bob.id, "accept", fake_world.guild.id)]
        assert message.content == f"accept by {fake_world.bob.id}" and message.components == []
    assert fake.gateway.identifies == 2


async def test_ephemeral_reply_and_click_on_it(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    fake = world.fake
    rec = await fake.slash(world.alice, world.guild, world.channel, "hand")
    assert rec.ephemeral
    hidden = rec.messages[0]
    assert hidden.visible_to == world.alice.id
    assert fake.messages(world.channel) == []  # nothing public
    assert fake.messages(world.channel, viewer=world.alice) == [hidden]
    assert fake.messages(world.channel, viewer=world.bob) == []
    with pytest.raises(PermissionError):
        await fake.click(world.bob, hidden, "m:9:0:peek")
    click = await fake.click(world.alice, hidden, "m:9:0:peek")
    assert click.ephemeral and hidden.content == f"peek by {world.alice.id}"
    assert bot.clicks == [(world.alice.id, "peek", world.guild.id)]


async def test_dm_open_closed_and_click_in_dm(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    fake = world.fake
    rec = await fake.slash(world.alice, world.guild, world.channel, "dm", options={"who": world.bob})
    assert rec.messages[0].content == "sent"
    [panel] = fake.dm_messages(world.bob)
    click = await fake.click(world.bob, panel, "m:7:0:play")
    assert click.guild_id is None and "user" in click.payload and "member" not in click.payload
    assert bot.clicks == [(world.bob.id, "play", None)]

    await fake.close_dms(world.alice)
    rec = await fake.slash(world.bob, world.guild, world.channel, "dm", options={"who": world.alice})
    assert rec.messages[0].content == "DMs closed" and rec.ephemeral
    assert bot.errors == [50007]
    assert fake.dm_messages(world.alice) == []


async def test_deferred_then_followups(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, _ = duel
    fake = world.fake
    rec = await fake.slash(world.alice, world.guild, world.channel, "slow")
    await fake.idle()
    assert rec.response_type == 5
    # The first followup replaces the "thinking..." message; the second is a new (ephemeral) message.
    first, second = rec.messages
    assert first.content == "first" and not first.loading and first.id == rec.original.id
    assert first.attachments == [("log.txt", b"log")]
    assert second.content == "second" and second.ephemeral
    assert [m.content for m in fake.messages(world.channel)] == ["first"]


async def test_autocomplete(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, _ = duel
    fake = world.fake
    choices = await fake.autocomplete(world.alice, world.guild, world.channel, "card",
                                      options={"name": "card 1"}, focused="name")
    assert [c["value"] for c in choices] == [f"Card {n}" for n in range(10, 20)]
    with pytest.raises(Exception) as excinfo:
        await fake.autocomplete(world.alice, world.guild, world.channel, "many", options={"name": ""},
                                focused="name")
    assert getattr(excinfo.value, "code", None) == 50035


async def test_subcommand_group_user_option_is_resolved(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, _ = duel
    fake = world.fake
    rec = await fake.slash(world.alice, world.guild, world.channel, "match admin award",
                           options={"winner": world.bob})
    assert rec.messages[0].content == "bob wins (forfeit)"
    assert str(world.bob.id) in rec.data["resolved"]["users"]
    with pytest.raises(ValueError, match="no option"):
        await fake.slash(world.alice, world.guild, world.channel, "match admin award", options={"loser": 1})


async def test_select_and_modal(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, _ = duel
    fake = world.fake
    rec = await fake.slash(world.alice, world.guild, world.channel, "pick")
    picked = await fake.select(world.bob, rec.messages[0], "pick", ["a", "c"])
    assert picked.messages[0].content == "picked a,c" and picked.ephemeral
    with pytest.raises(ValueError):
        await fake.select(world.bob, rec.messages[0], "pick", ["z"])

    opened = await fake.slash(world.alice, world.guild, world.channel, "form")
    assert opened.modal is not None and opened.modal["custom_id"]
    submitted = await fake.submit_modal(world.alice, opened, {"deck_name": "Blue"})
    assert submitted.messages[0].content == "deck Blue"


async def test_user_messages_reach_the_bot(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    fake = world.fake
    await fake.say(world.alice, world.channel, "look up [[Card 01]]")
    await fake.say(world.bob, None, "hello bot")
    assert [(m.content, m.guild is None) for m in bot.seen] == [("look up [[Card 01]]", False), ("hello bot", True)]


async def test_message_content_needs_the_intent(fake_world: FakeWorld) -> None:
    fake = fake_world.fake
    async with run_bot(DuelBot(fake, intents=discord.Intents.default()), fake) as bot:
        await fake.say(fake_world.alice, fake_world.channel, "secret [[Card 01]]")
        await fake.say(fake_world.alice, fake_world.channel, f"<@{fake.bot_user_id}> hi")
        assert [m.content for m in bot.seen] == ["", f"<@{fake.bot_user_id}> hi"]


async def test_rate_limit_is_retried(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, _ = duel
    fake = world.fake
    fake.inject_rate_limit("POST", r"/channels/\d+/messages$", retry_after=0.01)
    await fake.slash(world.alice, world.guild, world.channel, "challenge",
                     options={"game": "g", "opponent": world.bob})
    await fake.idle()
    statuses = [c.status for c in fake.calls_matching("POST", r"/channels/\d+/messages$")]
    assert statuses == [429, 200]


async def test_gateway_resume(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    fake = world.fake
    await fake.reconnect()
    for _ in range(200):
        if fake.gateway.resumes and fake.gateway.live_sessions:
            break
        await asyncio.sleep(0.01)
    assert fake.gateway.resumes == 1
    rec = await fake.slash(world.alice, world.guild, world.channel, "hand")
    assert rec.messages[0].content == "your hand"


async def test_wrong_token_is_refused() -> None:
    async with FakeDiscord(token="right") as fake:
        bot = DuelBot(fake)
        with pytest.raises(discord.LoginFailure):
            async with run_bot(bot, fake, token="wrong"):
                pass


# -- limits discord.py does not enforce -----------------------------------------------------------------


async def test_content_over_2000_is_rejected(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    rec = await world.fake.slash(world.alice, world.guild, world.channel, "abuse", options={"kind": "long"})
    assert rec.errors[0].code == 50035 and "content" in rec.errors[0].errors["data"]
    assert bot.errors == [50035]
    await world.fake.idle()  # a rejected callback ends rec.wait(); the bot's retry lands later
    assert rec.messages[0].content == "too long, shortened"


async def test_custom_id_over_100_is_rejected(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    rec = await world.fake.slash(world.alice, world.guild, world.channel, "abuse", options={"kind": "custom_id"})
    assert bot.errors == [50035]
    errors = rec.error.errors["data"]["components"]["0"]["components"]["0"]["custom_id"]["_errors"]
    assert errors[0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert world.fake.messages(world.channel) == []


async def test_late_callback_is_unknown_interaction(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    rec = await world.fake.slash(world.alice, world.guild, world.channel, "abuse", options={"kind": "late"})
    assert rec.error is not None and (rec.error.status, rec.error.code) == (404, 10062)
    assert bot.errors == [10062] and rec.messages == []


async def test_second_callback_is_already_acknowledged(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    rec = await world.fake.slash(world.alice, world.guild, world.channel, "abuse", options={"kind": "twice"})
    await world.fake.idle()
    assert bot.errors == [40060] and rec.error is not None and rec.error.code == 40060
    assert [m.content for m in world.fake.messages(world.channel)] == ["once"]


# -- REST calls made through the bot's own API ------------------------------------------------------


async def test_message_and_thread_rest_routes(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, bot = duel
    fake = world.fake
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("hello")
    assert (await channel.fetch_message(sent.id)).content == "hello"
    await sent.edit(content="edited")
    assert fake.get_message(sent.id).content == "edited"
    assert fake.get_message(sent.id).revisions[0]["content"] == "hello"
    second = await channel.send("second")
    assert [m.content async for m in channel.history(limit=10)] == ["second", "edited"]
    await second.delete()
    assert [m.content for m in fake.messages(world.channel)] == ["edited"]

    private = await channel.create_thread(name="secret", type=discord.ChannelType.private_thread)
    await private.add_user(discord.Object(world.alice.id))
    [thread] = fake.threads(world.channel)
    assert thread.type == 12 and thread.member_ids == [fake.bot_user_id, world.alice.id]
    assert [m.content for m in fake.messages(world.channel)] == ["edited"]  # no notice for private threads
    await private.edit(archived=True)
    assert thread.archived
    await private.send("wake up")
    assert not thread.archived

    with pytest.raises(discord.HTTPException) as excinfo:
        await channel.send(file=discord.File(io.BytesIO(b"x" * (10 * 1024 * 1024 + 1)), "big.bin"))
    assert (excinfo.value.status, excinfo.value.code) == (413, 40005)
    with pytest.raises(discord.NotFound) as unknown:
        await channel.fetch_message(12345)
    assert unknown.value.code == 10008


async def test_json_content_type_is_exact(duel: tuple[FakeWorld, DuelBot]) -> None:
    world, _ = duel
    async with aiohttp.ClientSession() as session:
        headers = {"Authorization": "Bot x"}
        async with session.get(f"{world.fake.api_base}/users/@me", headers=headers) as response:
            assert response.headers["Content-Type"] == "application/json"
        async with session.get(f"{world.fake.api_base}/nope", headers=headers) as response:
            assert response.status == 404 and (await response.json())["code"] == 0


async def test_dm_slash_locale_and_guild_commands(fake_world: FakeWorld) -> None:
    fake = fake_world.fake
    async with run_bot(DuelBot(fake, guild_id=fake_world.guild.id), fake) as bot:
        rec = await fake.slash(fake_world.bob, None, None, "hand")  # in bob's DM with the bot
        assert rec.messages[0].content == "your hand" and rec.guild_id is None
        dm_interaction = bot.interactions[-1]
        assert dm_interaction.locale is discord.Locale.japanese and dm_interaction.guild_locale is None

        rec = await fake.slash(fake_world.alice, fake_world.guild, fake_world.channel, "local", locale="fr")
        assert rec.data["guild_id"] == str(fake_world.guild.id)
        assert rec.messages[0].content == f"local to {fake_world.guild.id}"
        assert bot.interactions[-1].locale is discord.Locale.french
        assert bot.interactions[-1].guild_locale is discord.Locale.american_english
        assert [c["name"] for c in fake.commands(fake_world.guild)] == ["local"]


async def test_a_role_gives_its_members_permissions_in_their_interactions(fake_world: FakeWorld) -> None:
    world, fake = fake_world, fake_world.fake
    intents = discord.Intents.default()
    intents.members = True
    async with run_bot(DuelBot(fake, intents=intents), fake) as bot:
        manage_server = discord.Permissions(manage_guild=True).value
        role = await fake.add_role(world.guild, "Moderators", manage_server, members=(world.alice,))
        await fake.idle()
        guild = bot.get_guild(world.guild.id)
        assert guild is not None and guild.get_role(role.id) is not None  # GUILD_ROLE_CREATE reached the client
        member = guild.get_member(world.alice.id)
        assert member is not None and role.id in [r.id for r in member.roles]  # and GUILD_MEMBER_UPDATE
        for user in (world.alice, world.bob):
            await fake.slash(user, world.guild, world.channel, "hand")
        alice_sees, bob_sees = bot.interactions[-2], bot.interactions[-1]
        assert alice_sees.permissions.manage_guild and not bob_sees.permissions.manage_guild
        assert not alice_sees.permissions.administrator and alice_sees.permissions.send_messages
