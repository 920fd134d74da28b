"""/card and [[name]] through the fake Discord: found, not found, ambiguous, too many, Japanese."""

from __future__ import annotations

import io

from PIL import Image

from fakediscord.world import P_MANAGE_GUILD
from tests.e2e.table import Table


def png_size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.size


async def lookup(table: Table, user, name: str, game: str | None = None):
    options = {"name": name} | ({"game": game} if game else {})
    record = await table.fake.slash(user, table.world.guild, table.world.channel, "card", options=options)
    await table.settle()
    return record


async def test_card_by_number_answers_with_an_embed_and_a_rendered_card(table: Table):
    record = await lookup(table, table.world.alice, "A08")
    message = record.messages[-1]
    assert not message.ephemeral
    embed = message.embeds[0]
    assert embed["title"].startswith("Poisoning") and "毒殺" in embed["title"]
    assert "Destroy one unit" in embed["description"]
    assert embed["image"]["url"] == "attachment://card0.png"
    width, height = png_size(message.attachments[0][1])
    assert width >= 300 and height >= 300
    alt = message.files[0].description  # the picture in words, for a screen reader
    assert alt.startswith("Poisoning, a 3x3 Wars card, number A08.") and "Destroy one unit" in alt


async def test_card_by_japanese_name_for_a_japanese_user_answers_in_japanese(table: Table):
    record = await lookup(table, table.world.bob, "毒殺")
    embed = record.messages[-1].embeds[0]
    assert embed["title"].startswith("毒殺") and "破壊する" in embed["description"]
    alt = record.messages[-1].files[0].description
    assert alt.startswith("毒殺（サイザンウォーズのカード、番号A08）。") and "破壊する" in alt


async def test_a_wars_card_by_name_and_number_shows_its_picture_said_in_the_readers_language(table: Table):
    # Dragon Queen is printed on 010, 020 and 033: the number picks the copy, before or after the name.
    for typed in ("Dragon Queen 020", "020 Dragon Queen"):
        message = (await lookup(table, table.world.alice, typed)).messages[-1]
        assert not message.ephemeral and message.embeds[0]["footer"]["text"].endswith("020 · authored by Duel Table")
        assert png_size(message.attachments[0][1])[0] == 720  # the phone width, text at 1/28 or more
        alt = message.files[0].description
        assert alt == ("Dragon Queen, a 3x3 Wars card, number 020. Unit, Water, Cost 9, Power 9. "
                       "Unreinforceable: This unit cannot be reinforced.")
    message = (await lookup(table, table.world.bob, "ドラゴンクイーン 020")).messages[-1]
    assert message.files[0].description == \
        "龍王妃（サイザンウォーズのカード、番号020）。ユニット、水、コスト9、パワー9。強化不可: このユニットは強化できない。"


async def test_card_fuzzy_name_finds_the_card(table: Table):
    record = await lookup(table, table.world.alice, "poisonning")
    assert record.messages[-1].embeds[0]["title"].startswith("Poisoning")


async def test_card_no_match_is_a_private_answer(table: Table):
    record = await lookup(table, table.world.alice, "zqxjv")
    assert record.ephemeral and "No card matches" in record.messages[0].content


async def test_card_with_several_matches_lists_them_privately(table: Table):
    record = await lookup(table, table.world.alice, "Bottled Fire Spirit")
    text = record.messages[0].content
    assert record.ephemeral and "Several cards match" in text and "001" in text and "002" in text


async def test_card_autocomplete_offers_at_most_25_choices(table: Table):
    world = table.world
    everything = await world.fake.autocomplete(world.alice, world.guild, world.channel, "card",
                                               options={"name": ""}, focused="name")
    assert len(everything) == 25
    fire = await world.fake.autocomplete(world.alice, world.guild, world.channel, "card",
                                         options={"name": "Poison"}, focused="name")
    assert fire and fire[0]["value"] == "wars:A08"


async def test_inline_lookup_answers_up_to_three_cards(table: Table):
    world = table.world
    await world.fake.say(world.alice, world.channel, "Look: [[A08]] and [[017]] [[A01]] [[A02]]")
    await table.settle()
    reply = world.fake.messages(world.channel)[-1]
    assert reply.author_id == world.fake.bot_user_id
    assert len(reply.embeds) == 3 and len(reply.attachments) == 3
    assert "at most 3 cards" in reply.content


async def test_inline_lookup_without_a_match_says_so(table: Table):
    world = table.world
    await world.fake.say(world.alice, world.channel, "what is [[zqxjv]]?")
    await table.settle()
    reply = world.fake.messages(world.channel)[-1]
    assert "No card matches" in reply.content and not reply.embeds


async def test_inline_lookup_can_be_switched_off_per_server(table: Table):
    world = table.world
    await world.fake.add_role(world.guild, "Moderators", P_MANAGE_GUILD, members=(world.alice,))  # an admin
    record = await world.fake.slash(world.alice, world.guild, world.channel, "settings",
                                    options={"inline_lookup": False})
    await table.settle()
    assert "off" in record.messages[0].content
    count = len(world.fake.messages(world.channel))
    await world.fake.say(world.alice, world.channel, "[[A08]]")
    await table.settle()
    assert len(world.fake.messages(world.channel)) == count + 1  # only alice's own message


async def test_slash_commands_carry_japanese_localizations(table: Table):
    commands = {command["name"]: command for command in table.fake.commands()}
    challenge = commands["challenge"]
    assert challenge["description_localizations"]["ja"] == "メンバー（または Duel Table 自身）に対戦を申し込む"
    options = {option["name"]: option for option in challenge["options"]}
    assert options["days"]["description_localizations"]["ja"].startswith("1手あたり")
