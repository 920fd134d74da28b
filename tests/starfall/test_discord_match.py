"""Starfall through the real bot and the fake Discord: a whole match from /challenge (with decks) to the
result line, played by clicking the panels' buttons and by typing ``/starfall move``."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot import i18n
from bot.decks import deck_from_option
from bot.engine import decision_for
from bot.games import get_game
from bot.help import explain_illegal
from bot.ui.panel import format_prompt
from bot.ui.thread import result_line
from cogs.starfall.engine import ENGINE
from cogs.starfall.render_pieces import WIDTH
from fakediscord import run_bot
from fakediscord.autoplay import answer_controls
from tests.e2e.table import Table, make_bot

PNG = b"\x89PNG\r\n\x1a\n"
MAX_DECISIONS = 1500


@pytest.fixture
async def table(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "starfall.sqlite3", clock)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)


def size_of(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.size


def option_of(control: dict) -> str:
    return str(control["custom_id"]).rsplit(":", 1)[-1] if control.get("type") != 3 else ""


def pick(options: list[str], rng: random.Random) -> str:
    """A player who attacks when it can: a target or a damaging skill before passing or standing still."""
    for wanted in ("target:", "skill:normal", "skill:consume"):
        found = [o for o in options if o.startswith(wanted)]
        if found:
            return rng.choice(found)
    busy = [o for o in options if o not in ("pass", "stay", "skill:r")]
    return rng.choice(busy or options)


async def answer(table: Table, user, rng: random.Random) -> None:
    """Answer the user's live panel: a button for its option, or a value of its select."""
    panel = table.panel(user)
    assert panel is not None and panel.attachments and panel.attachments[0][1].startswith(PNG)
    controls = answer_controls(table.fake, panel)
    selects = [c for c in controls if c.get("type") == 3]
    if selects:
        menu = selects[0]
        value = pick([option["value"] for option in menu["options"]], rng)
        await table.fake.select(user, panel, menu["custom_id"], [value])
        await table.settle()
        return
    buttons = {c["custom_id"].split(":", 4)[-1]: c for c in controls if c.get("type") == 2}
    chosen = pick([o for o in buttons if o], rng)
    await table.click(user, panel, buttons[chosen]["custom_id"])


async def test_a_whole_match_plays_to_the_result_line_through_discord(table: Table):
    world = table.world
    match = await table.start("starfall")
    decks = [deck_from_option(match.options[f"deck{seat}"]) for seat in (0, 1)]
    assert [sum(deck.values()) for deck in decks] == [18, 18]
    users = (world.alice, world.bob)
    rng = random.Random(3)
    thread = table.thread()
    # The first decisions are typed with /starfall move and its autocomplete, the rest clicked.
    for _ in range(3):
        (decision,) = ENGINE.pending(match.state)
        user = users[decision.seat]
        choices = await world.fake.autocomplete(user, world.guild, thread, "starfall move", options={"move": ""},
                                                focused="move")
        assert {c["value"] for c in choices} <= set(decision.options) and choices
        assert all(c["name"] != c["value"] for c in choices)  # labelled, not raw notation
        await world.fake.slash(user, world.guild, thread, "starfall move", options={"move": choices[0]["value"]})
        await table.settle()
        match = await table.bot.store.get_match(match.id)
        assert match.version >= 1
    for _ in range(MAX_DECISIONS):
        match = await table.bot.store.get_match(match.id)
        if match.status != "active":
            break
        pending = get_game("starfall").engine.pending(match.state)
        seat = 0 if decision_for(pending, 0) else pending[0].seat
        await answer(table, users[seat], rng)
    else:
        raise AssertionError("the match did not end")
    assert ENGINE.outcome(match.state) is not None
    posted = [m for m in table.thread_messages() if m.attachments]
    assert len(posted) > 20
    for message in posted:
        assert message.attachments[0][1].startswith(PNG)
    assert size_of(posted[-2].attachments[0][1])[0] == WIDTH  # the phone-width board
    locale = match.locale
    result_lines = [m.content for m in table.thread_messages()
                    if i18n.t("match.revealed", locale) in (m.content or "")]
    assert result_lines, "no result post"
    # Issue 26: the result in words (who won, how, whose cards), the game's own text for its reason.
    said = result_line(match, await table.bot.members.names(match))
    assert i18n.has(f"starfall.result.{match.result_reason}") and said.startswith("🏆")
    assert said in result_lines[-1]


async def test_a_typed_move_that_is_not_offered_changes_nothing(table: Table):
    world = table.world
    match = await table.start("starfall")
    thread = table.thread()
    (decision,) = ENGINE.pending(match.state)
    user = (world.alice, world.bob)[decision.seat]
    record = await world.fake.slash(user, world.guild, thread, "starfall move", options={"move": "target:o:f9"})
    await table.settle()
    locale = "ja" if user.locale.startswith("ja") else "en"
    # Not only "illegal": a move of another moment gets the question open now and its rule (bot/help.py).
    game = get_game("starfall")
    question = format_prompt(game, decision, locale, await table.bot.members.names(match))
    expected = explain_illegal(game, decision, ENGINE.view(match.state, decision.seat), ("target:o:f9",), question,
                               locale)
    assert record.ephemeral and record.messages[-1].content == expected
    assert i18n.t(f"help.starfall.{decision.prompt.rsplit('.', 1)[-1]}.rule", locale) in expected
    assert (await table.match()).version == 0
