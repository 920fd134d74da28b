"""A whole Afterlife match on Discord: the real bot, through discord.py, against the fake Discord.

Both seats answer every decision the greedy self-play policy picks, by clicking the button in their DM
panel when there is one, else by typing the move notation with ``/afterlife move``; the match runs to
its result, and the thread, the DMs and ``/card`` are checked as a player would see them.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.engine import decision_for
from bot.games import get_game
from cogs.afterlife import policy, render_tiles
from fakediscord import run_bot
from fakediscord.autoplay import answer_controls, live_panel
from tests.e2e.table import Table, make_bot

PNG = b"\x89PNG\r\n\x1a\n"
RAW_CARD_ID = re.compile(r"\b[RBGN]\d\d\b")
MAX_DECISIONS = 1500


@pytest.fixture
async def table(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "duel.sqlite3", clock)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)


def size_of(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.size


async def typed_move(table: Table, user, move: str):
    record = await table.fake.slash(user, table.world.guild, table.thread(), "afterlife move", options={"move": move})
    await table.settle()
    return record


async def test_a_whole_match_is_played_to_its_result_by_clicks_and_typed_moves(table: Table):
    world = table.world
    users = (world.alice, world.bob)
    match = await table.start("afterlife")
    assert match.game == "afterlife" and match.status == "active"
    engine = get_game("afterlife").engine
    rng = random.Random(3)
    clicks = typed = selects = 0
    autocompleted = False
    for _ in range(MAX_DECISIONS):
        match = await table.bot.store.get_match(match.id)
        if match.status != "active":
            break
        pending = engine.pending(match.state)
        decision = decision_for(pending, 0) or pending[0]
        user = users[decision.seat]
        choice = policy.greedy(match.state, decision, rng)
        option = choice[0]
        if not autocompleted and decision.prompt == "afterlife.prompt.main" and len(decision.options) > 2:
            choices = await table.fake.autocomplete(user, world.guild, table.thread(), "afterlife move",
                                                    options={"move": ""}, focused="move")
            assert [c["value"] for c in choices] == list(decision.options)[:25]
            assert all(" · " in c["name"] and not RAW_CARD_ID.search(c["name"].split(" · ", 1)[1]) for c in choices)
            autocompleted = True
        panel = live_panel(table.fake, user.id)
        assert panel is not None and panel.attachments[0][1].startswith(PNG), "no DM panel for the seat that decides"
        buttons = [c for c in answer_controls(table.fake, panel) if c["custom_id"].endswith(":" + option)]
        if decision.max > 1:  # the blockers, picked at once in the panel's multi-choice select
            select = next(c for c in answer_controls(table.fake, panel) if c.get("type") == 3)
            assert select["max_values"] == len(decision.options) and set(choice) <= {o["value"] for o in select["options"]}
            await table.fake.select(user, panel, select["custom_id"], list(choice))
            await table.settle()
            selects += 1
        elif buttons:
            await table.click(user, panel, buttons[0]["custom_id"])
            clicks += 1
        else:
            record = await typed_move(table, user, option)
            assert record.ephemeral
            typed += 1
        after = await table.bot.store.get_match(match.id)
        assert after.state != match.state or after.status != "active", option  # the move was taken
    else:
        raise AssertionError("the match did not end")
    assert clicks > 10 and typed > 0 and autocompleted
    outcome = engine.outcome(match.state)
    assert outcome is not None and match.status != "active"
    messages = table.thread_messages()
    boards = [m for m in messages if m.attachments]
    assert len(boards) >= 6  # the start, one post per handover, the end
    for message in boards[:-1]:
        assert size_of(message.attachments[0][1])[0] == render_tiles.WIDTH
        assert not RAW_CARD_ID.search(message.content), message.content
    final_board, final_hands = boards[-2], boards[-1]
    if outcome.winner is not None:
        assert f"<@{users[outcome.winner].id}>" in final_board.content
    assert len(final_hands.attachments) == 2 and all(data.startswith(PNG) for _, data in final_hands.attachments)
    for user in users:  # every DM picture is a hand picture of the phone-friendly width
        dms = [m for m in table.fake.dm_messages(user.id) if m.attachments]
        assert dms and all(size_of(data)[0] == render_tiles.WIDTH for m in dms for _, data in m.attachments)


async def test_card_finds_an_afterlife_card_by_japanese_name_with_its_picture(table: Table):
    record = await table.fake.slash(table.world.bob, table.world.guild, table.world.channel, "card",
                                    options={"name": "火花の小鬼"})
    await table.settle()
    message = record.messages[-1]
    assert message.embeds[0]["title"].startswith("火花の小鬼")
    assert size_of(message.attachments[0][1]) == (640, 460)
    record = await table.fake.slash(table.world.alice, table.world.guild, table.world.channel, "card",
                                    options={"name": "Ember Imp", "game": "afterlife"})
    await table.settle()
    assert record.messages[-1].embeds[0]["title"].startswith("Ember Imp")
