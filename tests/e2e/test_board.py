"""/board and the thread's Board button: the position in words, privately, so a match can be followed and
played without its pictures; a player also gets their hand and question with the ids /<game> move takes."""

from __future__ import annotations

from bot.engine import decision_for
from bot.games import get_game
from cogs.board import board_text
from tests.e2e.table import Table
from tests.e2e.test_hostile_input import HUGE, raw_slash, reply


async def board(table: Table, user, **options):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, "board", options=options)
    await table.settle()
    return record


async def test_a_spectator_reads_the_position_and_a_player_plays_from_the_text_alone(table: Table):
    world = table.world
    match = await table.start("formation")
    names = await table.bot.members.names(match)
    carol = await world.fake.add_user("carol")
    seen = await table.fake.slash(carol, world.guild, table.thread(), "board")  # in the thread: its match
    await table.settle()
    assert seen.ephemeral
    text = reply(seen)
    assert text == board_text(get_game("formation"), match, None, "en", names)
    assert "Formation, round 1 of 3" in text and "Your hand" not in text and "Your question" not in text
    # The player asked (a formation type) reads their hand, their question and the ids to answer with ...
    question = get_game("formation").engine.pending(match.state)[0]
    asked, other = (world.alice, world.bob)[question.seat], (world.alice, world.bob)[1 - question.seat]
    own = reply(await board(table, asked, match=match.id))
    assert ("Your question:" in own or "あなたへの質問：" in own) and "/formation move" in own
    assert all(f"`{option}`" in own for option in question.options)
    assert decision_for([question], 1 - question.seat) is None
    waiting = reply(await board(table, other, match=match.id))
    assert "`" not in waiting.split("\n", 1)[1] and waiting.splitlines()[-1] in (
        "Nothing is asked of you now.", "今あなたへの質問はありません。")
    # ... and answers by typing one of those ids, without ever opening a picture.
    before = match.version
    await table.fake.slash(asked, world.guild, table.thread(), "formation move",
                           options={"move": question.options[0], "match": match.id})
    await table.settle()
    assert (await table.match()).version > before


async def test_the_board_button_on_the_thread_post_answers_in_the_readers_language(table: Table):
    match = await table.start("wars")
    post = next(m for m in reversed(table.thread_messages()) if m.attachments)
    button = table.fake.find_component(post, custom_id_prefix="dt:b:")
    assert button["custom_id"] == f"dt:b:{match.id}"
    record = await table.click(table.world.bob, post, button["custom_id"])  # bob reads Japanese
    text = reply(record)
    assert record.ephemeral and text.startswith("**サイザンウォーズ** #") and "ライフ" in text
    assert text == board_text(get_game("wars"), await table.match(), 1, "ja",
                              await table.bot.members.names(match))


async def test_bad_match_numbers_get_a_private_answer_and_change_nothing(table: Table):
    world = table.world
    match = await table.start()
    before = (await table.match()).version
    for value in (0, -5, HUGE):
        record = await raw_slash(table, world.alice, "board", {"match": 1}, {"match": value})
        assert record.ephemeral and reply(record) and len(reply(record)) <= 2000, value
    unknown = await board(table, world.alice, match=match.id + 999)
    assert unknown.ephemeral and reply(unknown) == f"There is no match #{match.id + 999}."
    outside = await board(table, world.alice)  # in the channel, not a match thread
    assert outside.ephemeral and "not a match thread" in reply(outside)
    assert (await table.match()).version == before
    assert not [m for m in table.fake.messages(world.channel) if m.ephemeral is False and "in words" in m.content]


async def test_another_servers_member_is_refused_a_player_is_answered_anywhere(table: Table):
    """/board and /watch share one rule (bot/ui/members.py match_in_reach): a match is read on its own server
    by anyone, elsewhere only by its players."""
    world = table.world
    match = await table.start("formation")
    other_guild = await world.fake.add_guild("elsewhere")
    other_channel = await world.fake.add_channel(other_guild, "general")
    dave = await world.fake.add_user("dave")
    for command in ("board", "watch"):
        record = await world.fake.slash(dave, other_guild, other_channel, command, options={"match": match.id})
        await table.settle()
        assert record.ephemeral and "another server" in reply(record), (command, reply(record))
        assert str(match.id) not in reply(record)
    own = await world.fake.slash(world.alice, other_guild, other_channel, "board", options={"match": match.id})
    await table.settle()
    assert own.ephemeral and reply(own) == board_text(get_game("formation"), await table.match(), match.seat_of(world.alice.id), "en",
                                                      await table.bot.members.names(match))
