"""Issue 25, hints and review, through the fake Discord: the Hint button only where hints are allowed (a
forged click in a rated match between members is refused and computes nothing), its private answer in a
match against the bot and in an unrated match, and the Review of a finished match (real PNGs, computed
once under a burst of clicks)."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from PIL import Image

from bot.games import get_game
from bot.match import THINK_POOL
from fakediscord.autoplay import click_random
from tests.e2e.table import Table

GAME = "wars"  # a game with a bot player whose easy level answers quickly
PNG = b"\x89PNG\r\n\x1a\n"
# A hint or a review is searched in a worker process this test starts: seconds on a loaded 2-core host, so a wait
# for its answer is long (it returns as soon as the answer is there).
SEARCH_WAIT = 60.0


@pytest.fixture
def think_pool():
    """The process-wide worker stopped before and after the test, its count of starts from zero (earlier tests'
    bot matches started it too): it sees its own starts."""
    THINK_POOL.stop()
    THINK_POOL.starts = 0
    yield THINK_POOL
    THINK_POOL.stop()


def hint_control(table: Table, message) -> dict | None:
    return table.fake.find_component(message, custom_id_prefix="dt:hi:")


async def mover_panel(table: Table, match_id: int):
    """(user, panel) of a member who owes a decision now."""
    match = await table.bot.store.get_match(match_id)
    seat = get_game(match.game).engine.pending(match.state)[0].seat
    user = table.world.alice if match.players[seat] == table.world.alice.id else table.world.bob
    panel = table.panel(user)
    assert panel is not None
    return user, panel


async def forged_click(table: Table, user, message, custom_id: str):
    """A click on a button the message never had: a forged client's payload, the button added to the message
    it claims to come from (discord.py only routes a click whose button the message shows)."""
    fake = table.fake
    channel = fake.world.channel(message.channel_id)
    component = {"type": 2, "style": 2, "label": "Hint", "custom_id": custom_id}
    record = fake.interactions.new_record(3, fake.world.user(user.id), channel, locale=None,
                                          data=fake.interactions.component_data(channel, component, None),
                                          message=message)
    record.payload["message"]["components"].append({"type": 1, "components": [component]})
    await fake._send_interaction(record)
    record = await record.wait(5.0)
    await table.settle()
    return record


def said(record) -> str:
    return "\n".join(message.content for message in record.messages)


async def test_no_hint_in_a_rated_match_between_members_and_a_forged_click_is_refused(table: Table, think_pool):
    match = await table.start(GAME)
    assert match.rated
    user, panel = await mover_panel(table, match.id)
    assert hint_control(table, panel) is None
    forged = await forged_click(table, user, panel, f"dt:hi:{match.id}:{match.panel_version(0)}")
    assert forged.ephemeral and "Hints are only for lessons" in said(forged)
    assert think_pool.starts == 0 and not think_pool.running  # nothing was computed
    assert not table.bot.hints._answers


async def test_a_hint_in_an_unrated_match_is_private_and_names_an_offered_option(table: Table, think_pool):
    match = await table.start(GAME, rated=False)
    user, panel = await mover_panel(table, match.id)
    control = hint_control(table, panel)
    assert control is not None
    record = await table.click(user, panel, control["custom_id"], timeout=SEARCH_WAIT)
    assert record.ephemeral, "a hint is private"
    text = said(record)
    assert "Duel Table would choose **" in text and "%" in text
    match = await table.bot.store.get_match(match.id)
    seat = match.seat_of(user.id)
    game = get_game(GAME)
    decision = game.engine.pending(match.state)[0]
    labels = {game.option_label(option, game.engine.view(match.state, seat), "en") for option in decision.options}
    assert any(f"**{label}**" in text for label in labels)
    # The other member sees none of it, and a stale version is refused without a search.
    assert all(text not in m.content for m in table.fake.dm_messages(table.world.bob.id if user is table.world.alice
                                                                      else table.world.alice.id))
    stale = await forged_click(table, user, panel, f"dt:hi:{match.id}:{match.version + 5}")
    assert "already answered" in said(stale)


async def play_to_the_end(table: Table, match_id: int, rng: random.Random) -> None:
    for _ in range(200):
        match = await table.bot.store.get_match(match_id)
        if match.status != "active":
            return
        panel = table.panel(table.world.alice)
        await click_random(table.fake, table.world.alice.id, panel, rng, timeout=60)
        await table.settle()
    raise AssertionError("the match did not finish")


async def test_hint_against_the_bot_then_a_review_computed_once_with_real_pictures(table: Table, think_pool):
    world = table.world
    await table.challenge(world.alice, world.fake.bot_user_id, GAME, level="easy")
    match = await table.match()
    assert match.bot_seat is not None and match.options.get("bot_level") == "easy"
    panel = table.panel(world.alice)
    record = await table.click(world.alice, panel, hint_control(table, panel)["custom_id"], timeout=SEARCH_WAIT)
    assert record.ephemeral and "Duel Table would choose **" in said(record)
    # The hint answered in Japanese for a Japanese member.
    panel = table.panel(world.alice)
    japanese = await table.click(world.alice, panel, hint_control(table, panel)["custom_id"], locale="ja",
                                 timeout=SEARCH_WAIT)
    assert "Duel Table なら **" in said(japanese)

    await play_to_the_end(table, match.id, random.Random(5))
    post = next(m for m in reversed(table.thread_messages())
                if table.fake.find_component(m, custom_id_prefix="dt:rv:") is not None)
    review_id = table.fake.find_component(post, custom_id_prefix="dt:rv:")["custom_id"]
    carol = await world.fake.add_user("carol")
    # A burst: the player and a spectator at once, twice each; the review is searched once.
    burst = [await table.fake.click(user, post, review_id, wait=False) for user in (world.alice, carol) * 2]
    await table.settle(timeout=SEARCH_WAIT)
    await asyncio.gather(*(record.wait() for record in burst))
    assert table.bot.reviews.computed == 1
    stored = await table.bot.store.review_of(match.id, 0 if match.bot_seat == 1 else 1)
    assert stored is not None
    for record in burst:
        assert record.ephemeral
    answer = burst[0]
    text = said(answer)
    pictures = [data for message in answer.messages for _name, data in message.attachments]
    assert stored, "alice's random clicks lose value somewhere, by the bot's estimate"
    assert "Review of match" in text and "Duel Table preferred **" in text
    assert len(pictures) == len(stored)
    for data in pictures:
        assert data.startswith(PNG)
        image = Image.open(io.BytesIO(data))
        image.load()
        assert image.width == 760
    assert all(f.description for message in answer.messages for f in message.files)
    # Later clicks read the stored review: the same answer, nothing searched again.
    again = await table.click(world.alice, post, review_id)
    assert table.bot.reviews.computed == 1 and said(again) == text


async def test_a_spectator_picks_whose_play_to_review_and_a_player_gets_their_own(table: Table, think_pool):
    world, fake = table.world, table.fake
    match = await table.start(GAME, rated=False)
    rng = random.Random(3)
    for _ in range(6):  # a few decisions of both members, then a resignation ends it
        user, panel = await mover_panel(table, match.id)
        await click_random(fake, user.id, panel, rng, timeout=60)
        await table.settle()
    await table.bot.publisher.publish(await table.bot.service.resign(match.id, world.alice.id))
    await table.settle()
    post = next(m for m in reversed(table.thread_messages())
                if fake.find_component(m, custom_id_prefix="dt:rv:") is not None)
    review_id = fake.find_component(post, custom_id_prefix="dt:rv:")["custom_id"]
    carol = await world.fake.add_user("carol")
    picker = await table.click(carol, post, review_id)
    assert picker.ephemeral and "Whose play in match" in said(picker)
    message = picker.messages[-1]
    buttons = [c for c in fake.components(message) if c["type"] == 2]
    assert [b["label"] for b in buttons] == ["Review alice's play", "Review bob's play"]
    assert table.bot.reviews.computed == 0  # nothing searched before the pick
    answer = await fake.click(carol, message, buttons[1]["custom_id"], timeout=60)
    await table.settle()
    text = said(answer)
    # Bob's play, in the third person: his mistakes ("for bob ... their chances") or, where six random clicks
    # lost nothing by the search's estimate, that none of his did ("No decision of bob ...").
    assert answer.ephemeral and (("for bob" in text and "their chances" in text) or "No decision of bob" in text)
    assert " you chose " not in text and "your chances" not in text  # a spectator reads bob's choices as bob's
    assert await table.bot.store.review_of(match.id, 1) is not None
    assert await table.bot.store.review_of(match.id, 0) is None and table.bot.reviews.computed == 1
    # A player is never asked: their own seat at once.
    own = await fake.click(world.alice, post, review_id, timeout=60)
    await table.settle()
    assert "Whose play" not in said(own)
    assert "your chances" in said(own) or "No decision of alice" in said(own)  # her mistakes, or none
    assert await table.bot.store.review_of(match.id, 0) is not None


async def test_a_forged_pick_of_the_bots_seat_is_refused(table: Table, think_pool):
    world = table.world
    await table.challenge(world.alice, world.fake.bot_user_id, GAME, level="easy")
    match = await table.match()
    await table.bot.publisher.publish(await table.bot.service.resign(match.id, world.alice.id))
    await table.settle()
    post = next(m for m in reversed(table.thread_messages())
                if table.fake.find_component(m, custom_id_prefix="dt:rv:") is not None)
    carol = await world.fake.add_user("carol")
    forged = await forged_click(table, carol, post, f"dt:rvs:{match.id}:{match.bot_seat}")
    assert forged.ephemeral and "Duel Table's own moves are not reviewed" in said(forged)
    assert table.bot.reviews.computed == 0
