"""The platform end to end: the real bot, through real discord.py, against the fake Discord."""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace

import pytest
from PIL import Image

from bot import i18n
from bot.engine import IllegalChoice
from bot.games import get_game
from bot.help import explain_illegal
from bot.match import DAY
from bot.ui.panel import format_prompt
from fakediscord import run_bot
from fakediscord.demo import count_handovers
from tests.e2e.table import Table, make_bot

PNG = b"\x89PNG\r\n\x1a\n"


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


# ---- challenge ----------------------------------------------------------------------------------


async def test_challenge_accept_opens_thread_posts_board_and_dms_both_panels(table: Table):
    world = table.world
    record = await table.challenge(world.alice, world.bob)
    message = record.messages[0]
    assert f"<@{world.bob.id}>" in message.content and world.bob.id in message.pinged
    await table.accept(record, world.bob)
    thread = table.thread()
    assert thread.id == message.id  # opened from the challenge message
    board = table.thread_messages()[0]
    name, data = board.attachments[0]
    assert data.startswith(PNG) and decoded(data).size[0] > 0
    for user in (world.alice, world.bob):
        panel = table.panel(user)
        assert panel is not None and panel.attachments and panel.attachments[0][1].startswith(PNG)
    match = await table.match()
    assert match.thread_id == thread.id and match.status == "active"


async def test_only_the_challenged_member_can_accept(table: Table):
    world = table.world
    outsider = await world.fake.add_user("carol")
    record = await table.challenge(world.alice, world.bob)
    accept = world.fake.find_component(record.messages[0], custom_id_prefix="dt:ch:accept:")
    answer = await table.click(outsider, record.messages[0], accept["custom_id"])
    assert answer.ephemeral and "Only the challenged player" in answer.messages[0].content
    assert await world.fake.wait_for_message(world.channel) and not world.fake.threads(world.channel)


async def test_decline_and_cancel_close_the_challenge(table: Table):
    world = table.world
    record = await table.challenge(world.alice, world.bob)
    decline = world.fake.find_component(record.messages[0], custom_id_prefix="dt:ch:decline:")
    await table.click(world.bob, record.messages[0], decline["custom_id"])
    edited = world.fake.get_message(record.messages[0].id)
    assert "declined" in edited.content and not world.fake.components(edited)
    second = await table.challenge(world.alice, world.bob)
    cancel = world.fake.find_component(second.messages[0], custom_id_prefix="dt:ch:cancel:")
    refused = await table.click(world.bob, second.messages[0], cancel["custom_id"])
    assert refused.ephemeral  # only the challenger may withdraw
    await table.click(world.alice, second.messages[0], cancel["custom_id"])
    assert "withdrew" in world.fake.get_message(second.messages[0].id).content


async def test_unanswered_challenge_expires_after_24_hours(table: Table, clock):
    world = table.world
    record = await table.challenge(world.alice, world.bob)
    clock.advance(23 * 3600)
    await table.bot.timekeeper.tick()
    assert "expired" not in world.fake.get_message(record.messages[0].id).content
    clock.advance(2 * 3600)
    await table.bot.timekeeper.tick()
    await table.settle()
    assert "expired" in world.fake.get_message(record.messages[0].id).content
    accept = world.fake.find_component(world.fake.get_message(record.messages[0].id), custom_id_prefix="dt:ch:")
    assert accept is None


@pytest.mark.parametrize("case", ["self", "other_bot"])
async def test_challenge_refusals_are_private(table: Table, case):
    world = table.world
    opponent = world.alice if case == "self" else await world.fake.add_user("otherbot", bot=True)
    record = await table.challenge(world.alice, opponent)
    assert record.ephemeral
    expected = {"self": "cannot challenge yourself", "other_bot": "Bots other than Duel Table"}[case]
    assert expected in record.messages[0].content
    assert await table.bot.store.count_matches() == 0


async def test_challenge_for_a_game_that_does_not_exist_is_refused(table: Table):
    # Discord only offers the registered choices; a client with a stale command list may still send one.
    lobby = table.bot.get_cog("Lobby")
    asker = SimpleNamespace(user=SimpleNamespace(id=table.world.alice.id), guild_id=table.world.guild.id,
                            channel=None)
    refusal = await lobby.refusal(asker, "chess", table.world.bob, "en")
    assert refusal == "There is no game called chess."


async def test_too_many_matches_is_refused(table: Table):
    world = table.world
    for _ in range(3):  # the limit in the e2e settings
        await table.start()
    record = await table.challenge(world.alice, world.bob)
    assert record.ephemeral and "3 active matches" in record.messages[0].content


async def test_challenging_duel_table_starts_a_match_against_the_bot_player(table: Table):
    world = table.world
    record = await world.fake.slash(world.alice, world.guild, world.channel, "challenge",
                                    options={"game": "tiny", "opponent": world.fake.bot_user_id})
    await table.settle()
    assert not record.ephemeral
    match = await table.match()
    assert match.bot_seat == 1 and match.players[1] == world.fake.bot_user_id
    for _ in range(10):
        match = await table.bot.store.get_match(match.id)
        if match.status != "active":
            break
        panel = table.panel(world.alice)
        control = [c for c in table.fake.components(panel) if c.get("custom_id", "").startswith("dt:o:")][0]
        await table.click(world.alice, panel, control["custom_id"])
    assert (await table.bot.store.get_match(match.id)).status == "finished"


# ---- playing ------------------------------------------------------------------------------------


async def play_tiny_to_the_end(table: Table) -> None:
    world = table.world
    users = {0: world.alice, 1: world.bob}
    for _ in range(30):
        match = await table.match()
        if match.status != "active":
            return
        pending = get_game("tiny").engine.pending(match.state)
        user = users[pending[0].seat]
        panel = table.panel(user)
        control = [c for c in table.fake.components(panel) if c.get("custom_id", "").startswith("dt:o:")][-1]
        await table.click(user, panel, control["custom_id"])
    raise AssertionError("match did not finish")


async def test_full_match_by_clicks_ends_with_result_final_board_and_revealed_hands(table: Table):
    await table.start()
    await play_tiny_to_the_end(table)
    match = await table.bot.store.get_match(1)
    assert match.status == "finished" and match.result_reason == "score"
    messages = table.thread_messages()
    assert any("wins" in m.content or "draw" in m.content for m in messages)
    last = messages[-1]
    assert len(last.attachments) == 2  # both hands revealed at the end
    assert all(data.startswith(PNG) for _, data in last.attachments)
    # One thread message per handover (who must act changed), not one per decision.
    log = await table.bot.store.decision_log(match.id)
    boards = [m for m in messages if m.attachments]
    assert len(boards) - 1 == count_handovers("tiny", match, log) < len(log)


async def test_a_simultaneous_choice_posts_once_when_both_are_in(table: Table):
    world = table.world
    await table.start()
    before = [(m.id, m.content) for m in table.thread_messages()]
    await table.play(world.alice, "pick:5")
    assert [(m.id, m.content) for m in table.thread_messages()] == before  # nothing while bob still picks
    await table.play(world.bob, "pick:1")
    posts = table.thread_messages()[len(before):]
    assert len(posts) == 1 and posts[0].attachments
    assert world.alice.id in posts[0].pinged  # alice won the trick and must call
    assert "5 against 1" in posts[0].content


async def test_a_chain_of_steps_by_one_player_is_one_thread_message(table: Table):
    world = table.world
    await table.start(rules="calls=2")
    await table.play(world.alice, "pick:5")
    await table.play(world.bob, "pick:1")
    handover = table.thread_messages()[-1]
    count = len(table.thread_messages())
    panel = table.panel(world.alice)
    await table.play(world.alice, "call:heads")
    assert len(table.thread_messages()) == count  # alice calls again: the live message is edited
    edited = table.fake.get_message(handover.id)
    assert "heads" in edited.content and edited.revisions and not edited.pinged[1:]
    assert table.panel(world.alice).id == panel.id  # her DM panel is edited in place, not sent anew
    await table.play(world.alice, "call:tails")
    assert len(table.thread_messages()) == count + 1  # the next trick: both pick, a new message
    # She acts on at once (the next pick): the same DM message, now with the pick controls.
    assert table.panel(world.alice).id == panel.id and table.control_for(table.panel(world.alice), "pick:4")


async def test_a_wrong_users_click_gets_a_private_answer(table: Table):
    world = table.world
    await table.start()
    carol = await world.fake.add_user("carol")
    hand = world.fake.find_component(table.thread_messages()[0], custom_id_prefix="dt:h:")
    record = await table.click(carol, table.thread_messages()[0], hand["custom_id"])
    assert record.ephemeral and "aren't playing" in record.messages[0].content


async def test_two_concurrent_clicks_on_the_same_option_apply_once(table: Table):
    world = table.world
    await table.start()
    panel = table.panel(world.alice)
    custom_id = table.control_for(panel, "pick:3")["custom_id"]
    first, second = await asyncio.gather(world.fake.click(world.alice, panel, custom_id),
                                         world.fake.click(world.alice, panel, custom_id))
    await table.settle()
    assert len(await table.bot.store.decision_log(1)) == 1
    texts = [m.content for r in (first, second) for m in r.messages]
    assert any("out of date" in text for text in texts)


async def test_stale_button_is_refused_with_the_current_state_and_changes_nothing(table: Table):
    world = table.world
    await table.start()
    dm_panel = table.panel(world.alice)
    # Alice opens a "My hand" panel, then answers from her DM: the ephemeral panel keeps its
    # now out-of-date buttons (her DM panel is edited and loses them).
    hand = world.fake.find_component(table.thread_messages()[0], custom_id_prefix="dt:h:")
    ephemeral = (await table.click(world.alice, table.thread_messages()[0], hand["custom_id"])).messages[-1]
    await table.play(world.alice, "pick:4", dm_panel)
    assert not table.fake.find_component(table.fake.get_message(dm_panel.id), custom_id_prefix="dt:o:")
    version = (await table.match()).version
    record = await table.click(world.alice, ephemeral, table.control_for(ephemeral, "pick:2")["custom_id"])
    assert record.messages and "out of date" in record.messages[0].content
    assert any(m.attachments for m in record.messages[1:])  # the current panel comes with it
    match = await table.match()
    assert match.version == version and 2 in match.state["hands"][0]


async def test_illegal_typed_move_is_refused_and_changes_nothing(table: Table, tmp_path):
    world = table.world
    await table.start()
    match = await table.match()
    with pytest.raises(IllegalChoice):
        await table.bot.service.decide(match.id, world.alice.id, 0, ["pick:9"])
    assert (await table.match()).version == 0


async def test_closed_dms_fall_back_to_the_my_hand_button(table: Table):
    world = table.world
    await world.fake.close_dms(world.bob.id)
    await table.start()
    notice = [m for m in table.thread_messages() if "can't send DMs" in m.content]
    assert notice and world.bob.id in notice[0].pinged
    assert table.fake.dm_messages(world.bob.id) == []
    hand = world.fake.find_component(notice[0], custom_id_prefix="dt:h:")
    record = await table.click(world.bob, notice[0], hand["custom_id"])
    panel = record.messages[-1]
    assert panel.ephemeral and panel.attachments
    await table.play(world.bob, "pick:2", panel)
    assert len(await table.bot.store.decision_log(1)) == 1


async def test_japanese_user_gets_japanese_replies(table: Table):
    world = table.world  # bob's client is in Japanese
    record = await table.challenge(world.bob, world.bob)
    assert "自分自身には申し込めません" in record.messages[0].content


async def test_resign_ends_the_match_for_the_opponent(table: Table):
    world = table.world
    await table.start()
    thread = table.thread()
    record = await world.fake.slash(world.bob, world.guild, thread, "resign")
    await table.settle()
    confirm = world.fake.find_component(record.messages[0], custom_id_prefix="dt:r:")
    await table.click(world.bob, record.messages[0], confirm["custom_id"])
    match = await table.bot.store.get_match(1)
    assert match.status == "finished" and match.winner == 0 and match.result_reason == "resign"


async def test_games_lists_active_matches_with_links_and_turn(table: Table):
    world = table.world
    await table.start()
    record = await world.fake.slash(world.alice, world.guild, world.channel, "games")
    await table.settle()
    text = record.messages[0].content
    assert "#1" in text and f"/channels/{world.guild.id}/{table.thread().id}" in text


# ---- time control --------------------------------------------------------------------------------


async def test_reminders_then_claim_win_with_a_controllable_clock(table: Table, clock):
    world = table.world
    await table.start()
    await table.play(world.alice, "pick:1")
    await table.play(world.bob, "pick:5")  # bob won the trick: he now owes the call, a public decision
    before = len(table.thread_messages())
    clock.advance(1.5 * DAY + 1)
    await table.bot.timekeeper.tick()
    await table.settle()
    reminder = table.thread_messages()[before:]
    assert len(reminder) == 1 and world.bob.id in reminder[0].pinged and "still your move" in reminder[0].content
    clock.advance(1 * DAY)
    await table.bot.timekeeper.tick()
    await table.settle()
    assert len(table.thread_messages()) == before + 2  # the 12 h reminder
    await table.bot.timekeeper.tick()
    await table.settle()
    assert len(table.thread_messages()) == before + 2  # nothing twice
    clock.advance(0.5 * DAY)
    await table.bot.timekeeper.tick()
    await table.settle()
    claim_post = table.thread_messages()[-1]
    claim = world.fake.find_component(claim_post, custom_id_prefix="dt:w:")
    assert claim is not None and world.alice.id in claim_post.pinged
    refused = await table.click(world.bob, claim_post, claim["custom_id"])
    assert refused.messages and refused.messages[-1].ephemeral
    await table.click(world.alice, claim_post, claim["custom_id"])
    match = await table.bot.store.get_match(1)
    assert match.status == "finished" and match.winner == 0 and match.result_reason == "timeout"


async def test_a_reminder_for_the_rest_of_a_simultaneous_choice_goes_by_dm(table: Table, clock):
    world = table.world
    await table.start()
    await table.play(world.alice, "pick:5")  # bob still owes his secret pick
    before = len(table.thread_messages())
    dms = len(table.fake.dm_messages(world.bob))
    clock.advance(1.5 * DAY + 1)
    await table.bot.timekeeper.tick()
    await table.settle()
    assert len(table.thread_messages()) == before
    assert len(table.fake.dm_messages(world.bob)) == dms + 1 and "still your move" in \
        table.fake.dm_messages(world.bob)[-1].content


# ---- restart ---------------------------------------------------------------------------------------


async def test_restart_mid_match_keeps_old_buttons_and_timers_working(fake_world, tmp_path, clock):
    database = tmp_path / "restart.sqlite3"
    bot = make_bot(database, clock)
    async with run_bot(bot, fake_world.fake):
        table = Table(fake_world, bot)
        await table.start()
        await table.play(fake_world.alice, "pick:5")
        old_panel = table.panel(fake_world.bob)
    second = make_bot(database, clock)
    async with run_bot(second, fake_world.fake):
        table = Table(fake_world, second)
        await table.play(fake_world.bob, "pick:1", old_panel)  # a button sent before the restart
        match = await table.bot.store.get_match(1)
        assert match.state["score"] == [1, 0]
        clock.advance(3 * DAY)
        await second.timekeeper.tick()
        await table.settle()
        assert table.fake.find_component(table.thread_messages()[-1], custom_id_prefix="dt:w:") is not None


# ---- panel layouts -----------------------------------------------------------------------------------


async def test_more_than_25_options_come_as_a_paged_select(table: Table):
    world = table.world
    await table.start(rules="hand=wide")
    panel = table.panel(world.alice)
    [menu] = [c for c in table.fake.components(panel) if c.get("type") == 3]
    assert len(menu["options"]) == 25 and menu["options"][0]["value"] == "pick:1"
    following = table.fake.find_component(panel, custom_id_prefix="dt:p:", label="Next")
    await table.click(world.alice, panel, following["custom_id"])
    panel = table.fake.get_message(panel.id)
    [menu] = [c for c in table.fake.components(panel) if c.get("type") == 3]
    assert [o["value"] for o in menu["options"]] == [f"pick:{n}" for n in range(26, 31)]
    await table.fake.select(world.alice, panel, menu["custom_id"], ["pick:30"])
    await table.settle()
    assert (await table.match()).state["picked"][0] == 30


async def test_multi_choice_uses_a_select_with_min_and_max(table: Table):
    world = table.world
    await table.start(rules="discard=yes")
    panel = table.panel(world.alice)
    [menu] = [c for c in table.fake.components(panel) if c.get("type") == 3]
    assert (menu["min_values"], menu["max_values"]) == (1, 2)
    await table.fake.select(world.alice, panel, menu["custom_id"], ["discard:1", "discard:2"])
    await table.settle()
    assert (await table.match()).state["hands"][0] == [3, 4, 5]


# ---- typed moves -------------------------------------------------------------------------------------


async def test_typed_move_plays_and_an_illegal_or_malformed_one_changes_nothing(table: Table):
    world = table.world
    match = await table.start("formation")
    thread = table.thread()
    seat = get_game("formation").engine.pending(match.state)[0].seat
    user = (world.alice, world.bob)[seat]
    for bad in ("attack:front:9", "not a move", "x" * 90):
        record = await world.fake.slash(user, world.guild, thread, "formation move", options={"move": bad})
        await table.settle()
        locale = "ja" if user.locale.startswith("ja") else "en"
        # Not only "illegal": the rule that forbids it, with the question open now (bot/help.py).
        game = get_game("formation")
        decision = game.engine.pending(match.state)[0]
        question = format_prompt(game, decision, locale, await table.bot.members.names(match))
        expected = explain_illegal(game, decision, game.engine.view(match.state, seat), tuple(bad.split()), question,
                                   locale)
        assert record.ephemeral and record.messages[-1].content == expected
        assert expected != i18n.t("errors.illegal_choice", locale) and question in expected
        assert (await table.match()).version == 0
    choices = await world.fake.autocomplete(user, world.guild, thread, "formation move", options={"move": ""},
                                            focused="move")
    assert 0 < len(choices) <= 25
    record = await world.fake.slash(user, world.guild, thread, "formation move",
                                    options={"move": choices[0]["value"]})
    await table.settle()
    assert (await table.match()).version == 1
    outsider = await world.fake.add_user("carol")
    record = await world.fake.slash(outsider, world.guild, thread, "formation move", options={"move": "pass"})
    await table.settle()
    assert record.ephemeral and record.messages[-1].content == i18n.t("errors.not_in_match", "en")


async def test_dms_closed_in_the_middle_of_a_match_switch_to_the_my_hand_button(table: Table):
    world = table.world
    await table.start()
    await world.fake.close_dms(world.alice.id)
    await table.play(world.alice, "pick:5")
    await table.play(world.bob, "pick:1")  # alice won the trick: her next panel cannot be DMed
    match = await table.match()
    assert match.dm_ok == (False, True)
    notice = [m for m in table.thread_messages() if "can't send DMs" in m.content]
    assert notice and world.alice.id in notice[-1].pinged
    hand = world.fake.find_component(notice[-1], custom_id_prefix="dt:h:")
    panel = (await table.click(world.alice, notice[-1], hand["custom_id"])).messages[-1]
    await table.play(world.alice, "call:heads", panel)
    assert (await table.match()).state["calls"] == ["heads"]


async def test_accepting_is_refused_when_the_challenger_filled_up_meanwhile(table: Table):
    world = table.world
    carol = await world.fake.add_user("carol")
    waiting = await table.challenge(world.alice, carol)
    for _ in range(3):  # alice reaches the limit with bob while carol's challenge waits
        await table.start()
    answer = await table.accept(waiting, carol)
    assert answer.messages[-1].ephemeral and "3 active matches" in answer.messages[-1].content
    assert len(await table.bot.store.active_matches_of(world.alice.id)) == 3


async def test_a_secret_decision_is_announced_by_dm_only_and_the_other_side_sees_a_neutral_wait(table: Table):
    world = table.world
    await table.start()
    await table.play(world.alice, "pick:5")
    post = table.thread_messages()[-1]
    assert post.pinged == []  # bob was told by DM; the thread does not say who is being asked
    hand = world.fake.find_component(post, custom_id_prefix="dt:h:")
    panel = (await table.click(world.alice, post, hand["custom_id"])).messages[-1]
    assert "Waiting for the opponent." in panel.content and "bob" not in panel.content


async def test_the_result_of_a_resignation_is_not_logged_as_a_move(table: Table):
    world = table.world
    await table.start()
    record = await world.fake.slash(world.bob, world.guild, table.thread(), "resign")
    await table.settle()
    confirm = world.fake.find_component(record.messages[0], custom_id_prefix="dt:r:")
    await table.click(world.bob, record.messages[0], confirm["custom_id"])
    result = [m for m in table.thread_messages() if "wins" in m.content][-1]
    assert result.content.startswith("🏆") and "made a choice" not in result.content
