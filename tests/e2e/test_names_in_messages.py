"""Issue 13: members' display names in messages are shown as typed (never formatting or a mention), and
the pictures draw them as the members show themselves."""

from __future__ import annotations

from fakediscord import run_bot
from fakediscord.pytest_fixtures import FakeWorld
from tests.e2e.table import Table, make_bot

EVE = "**Eve** # _x_ ||y||"
HEADING = "# Big"
MALLORY = "@everyone"


async def test_a_name_made_of_markdown_or_a_mention_is_shown_as_typed(fake_discord, tmp_path, clock):
    guild = await fake_discord.add_guild("names")
    channel = await fake_discord.add_channel(guild, "games")
    eve, mallory = await fake_discord.add_user(EVE), await fake_discord.add_user(MALLORY)
    bot = make_bot(tmp_path / "duel.sqlite3", clock)
    async with run_bot(bot, fake_discord):
        table = Table(FakeWorld(fake_discord, guild, channel, eve, mallory), bot)
        match = await table.start()
        names = await bot.members.names(match)
        assert names.literal == (EVE, MALLORY)  # what the pictures draw (bot.render.names sanitizes them)
        # in messages: escaped ("#" makes a heading only at the start of a line: escaped there)
        assert names.seats == (r"\*\*Eve\*\* # \_x\_ \|\|y\|\|", "@\u200beveryone")
        record = await fake_discord.slash(mallory, guild, table.thread(), "resign")
        await table.settle()
        confirm = fake_discord.find_component(record.messages[0], custom_id_prefix="dt:r:")
        await table.click(mallory, record.messages[0], confirm["custom_id"])
        texts = [message.content for message in fake_discord.messages(table.thread())]
        [hands] = [text for text in texts if text.startswith("The hands at the end")]
        assert hands == f"The hands at the end: {names.seats[0]} and {names.seats[1]}."
        assert not any(EVE in text or "@everyone" in text for text in texts)


def test_a_name_that_would_start_a_heading_or_quote_is_escaped():
    from bot.ui.panel import message_name

    assert message_name(HEADING) == r"\# Big" and message_name("> Q") == r"\> Q"
    assert message_name("Alice\n\u202eevil\u0000") == "Alice evil"  # control and bidi-override characters dropped
