"""The ? on every decision panel (bot/ui/assist.py, bot/ui/help.py) through the real bot and the fake Discord: each
game's panels in both languages explain the seat's own question privately; a ? of another seat's panel, a stale
one and a stranger's are answered without showing anything; a typed illegal move names the rule that forbids it."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot import i18n
from bot.engine import decision_for
from bot.games import GAME_IDS, get_game
from bot.help import decision_kind, rule_pointer
from bot.ui.panel import format_prompt
from fakediscord.autoplay import click_random
from tests.e2e.table import Table

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
MAX_CLICKS = 300


def help_control(table: Table, message) -> dict:
    control = table.fake.find_component(message, custom_id_prefix="dt:q:")
    assert control is not None, "a decision panel without its ?"
    return control


async def open_decision(table: Table, match_id: int, user):
    match = await table.bot.store.get_match(match_id)
    seat = match.seat_of(user.id)
    return match, seat, decision_for(get_game(match.game).engine.pending(match.state), seat)


async def check_help(table: Table, user, locale: str, message, match_id: int):
    """Click the ? of ``message`` (``user``'s live panel) and check the private answer explains that seat's open
    question: its prompt as the title, the kind's what and rule, the options, the rulebook page and its button."""
    match, seat, decision = await open_decision(table, match_id, user)
    control = help_control(table, message)
    assert control["custom_id"] == f"dt:q:{match.id}:{seat}:{match.panel_version(seat)}"
    record = await table.click(user, message, control["custom_id"])
    assert record.ephemeral
    [answer] = record.messages
    [embed] = answer.embeds
    game = get_game(match.game)
    kind = decision_kind(decision)
    question = format_prompt(game, decision, locale, await table.bot.members.names(match))
    assert embed["title"] == i18n.t("help.title", locale, question=question)[:256]
    body = embed["description"]
    assert i18n.t(f"help.{match.game}.{kind}.what", locale) in body
    assert i18n.t(f"help.{match.game}.{kind}.rule", locale) in body
    assert f"`{decision.options[0]}`" in body
    pointer = rule_pointer(game, kind, locale)
    assert pointer.title in body
    assert table.fake.find_component(answer, custom_id=f"dt:rb:{match.game}:{pointer.index}:n") is not None
    if locale == "ja":
        assert JAPANESE.search(body)
    return answer


async def play_until_both_helped(table: Table, game_id: str, rng: random.Random) -> None:
    world = table.world
    match = await table.start(game_id)
    helped: set[int] = set()
    for _ in range(MAX_CLICKS):
        for user, locale in ((world.alice, "en"), (world.bob, "ja")):
            panel = table.panel(user)
            if user.id in helped or panel is None:
                continue
            _, seat, decision = await open_decision(table, match.id, user)
            if decision is None or not table.fake.find_component(panel, custom_id_prefix="dt:q:"):
                continue
            await check_help(table, user, locale, panel, match.id)
            helped.add(user.id)
        if len(helped) == 2:
            return
        movers = [user for user in (world.alice, world.bob) if table.panel(user) is not None]
        mover = rng.choice(movers)
        await click_random(table.fake, mover.id, table.panel(mover), rng)
        await table.settle()
    raise AssertionError(f"{game_id}: both seats were not asked within {MAX_CLICKS} clicks")


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_question_mark_explains_each_seats_question_in_its_language(table: Table, game_id):
    await play_until_both_helped(table, game_id, random.Random(7))


async def test_a_question_mark_for_another_seat_a_stale_one_and_a_strangers_are_answered_safely(table: Table):
    world = table.world
    match = await table.start("formation")
    # Formation: the second player chooses the type first, then the other seat.
    asked = next(user for user in (world.alice, world.bob) if table.panel(user) is not None)
    other = world.bob if asked is world.alice else world.alice
    panel = table.panel(asked)
    control = help_control(table, panel)
    other_locale = "ja" if other is world.bob else "en"

    # The other player forges a click of this panel's ?: refused, privately, nothing explained.
    forged = await table.fake.click(other, panel, control["custom_id"], strict=False)
    await table.settle()
    assert forged.ephemeral and forged.messages[0].content == i18n.t("help.not_yours", other_locale)
    assert not forged.messages[0].embeds

    # A member outside the match (a forged client: discord.py routes a click only from a message holding the control).
    carol = await table.fake.add_user("carol")
    stranger = await table.fake.click(carol, panel, control["custom_id"], strict=False)
    await table.settle()
    assert stranger.messages[0].content == i18n.t("errors.not_in_match", "en")

    # An ephemeral "My hand" panel keeps its ? after the seat answers on its DM panel: that ? is then out of date,
    # and gets the question open now, said to be the current one.
    hand = table.fake.find_component(table.thread_messages()[0], custom_id_prefix="dt:h:")
    shown = await table.click(asked, table.thread_messages()[0], hand["custom_id"])
    kept = next(m for m in shown.messages if table.fake.find_component(m, custom_id_prefix="dt:q:"))
    assert help_control(table, kept)["custom_id"] == control["custom_id"]
    await click_random(table.fake, asked.id, panel, random.Random(1))
    await table.settle()
    locale = "ja" if asked is world.bob else "en"
    waiting = await table.click(asked, kept, control["custom_id"])  # the other seat chooses its type now
    assert waiting.messages[0].content == i18n.t("help.nothing", locale)
    await click_random(table.fake, other.id, table.panel(other), random.Random(2))
    await table.settle()
    match, seat, decision = await open_decision(table, match.id, asked)  # both choose a formation card
    assert decision_kind(decision) == "formation"
    assert match.panel_version(seat) != int(control["custom_id"].rsplit(":", 1)[1])
    stale = await table.click(asked, kept, control["custom_id"])
    [answer] = stale.messages
    assert answer.embeds[0]["description"].startswith(i18n.t("help.stale", locale))
    assert i18n.t("help.formation.formation.what", locale) in answer.embeds[0]["description"]


async def test_the_help_answer_opens_its_rulebook_page_and_my_hand_has_the_question_mark(table: Table):
    world = table.world
    match = await table.start("formation")
    user = next(u for u in (world.alice, world.bob) if table.panel(u) is not None)
    locale = "ja" if user is world.bob else "en"
    answer = await check_help(table, user, locale, table.panel(user), match.id)
    _, _, decision = await open_decision(table, match.id, user)
    pointer = rule_pointer(get_game("formation"), decision_kind(decision), locale)
    opened = await table.click(user, answer, f"dt:rb:formation:{pointer.index}:n")
    page = table.fake.get_message(opened.messages[0].id)
    assert page.embeds[0]["title"] == pointer.title  # the help turned into that rulebook page, in place
    # The ephemeral panel of "My hand" (for a player whose DMs are closed) carries the ? too.
    hand = table.fake.find_component(table.thread_messages()[0], custom_id_prefix="dt:h:")
    shown = await table.click(user, table.thread_messages()[0], hand["custom_id"])
    ephemeral = next(m for m in shown.messages if table.fake.find_component(m, custom_id_prefix="dt:q:"))
    await check_help(table, user, locale, ephemeral, match.id)


async def typed(table: Table, user, game_id: str, move: str, match_id: int) -> str:
    record = await table.fake.slash(user, table.world.guild, table.world.channel, f"{game_id} move",
                                    options={"move": move, "match": match_id})
    await table.settle()
    assert record.ephemeral
    return "\n".join(message.content for message in record.messages)


async def test_a_typed_illegal_move_names_the_rule_that_forbids_it(table: Table):
    world = table.world
    match = await table.start("formation")
    user = next(u for u in (world.alice, world.bob) if table.panel(u) is not None)
    locale = "ja" if user is world.bob else "en"
    _, seat, decision = await open_decision(table, match.id, user)
    game = get_game("formation")
    question = format_prompt(game, decision, locale, await table.bot.members.names(match))
    version = match.panel_version(seat)

    nonsense = await typed(table, user, "formation", "castle", match.id)
    assert nonsense.startswith(i18n.t("help.illegal.unknown", locale, notation="castle",
                                      game=i18n.t("games.formation", locale), question=question, offered="")[:20])
    assert question in nonsense and f"`{decision.options[0]}`" in nonsense
    not_now = await typed(table, user, "formation", "attack:front:1", match.id)
    assert i18n.t("help.formation.type.rule", locale) in not_now and question in not_now
    # Nothing changed: the seat's question and panel are as they were.
    after, _, still = await open_decision(table, match.id, user)
    assert still == decision and after.panel_version(seat) == version


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_help_and_illegal_reasons_are_the_same_with_the_opponents_hidden_cards_swapped(table: Table, game_id):
    """The stored match is replaced by a world the seat cannot tell from it (the game's determinize resamples the
    opponent's hand, deck orders and face-down cards): the ? and a typed illegal move answer word for word alike."""
    world = table.world
    match = await table.start(game_id)
    user = next(u for u in (world.alice, world.bob) if table.panel(u) is not None)
    _, seat, decision = await open_decision(table, match.id, user)
    probe = f"{decision.options[0].rpartition(':')[0] or decision.options[0]}:zz9"

    async def answers() -> tuple:
        panel = table.panel(user)
        record = await table.click(user, panel, help_control(table, panel)["custom_id"])
        [answer] = record.messages
        return (answer.embeds, table.fake.components(answer), await typed(table, user, game_id, probe, match.id),
                await typed(table, user, game_id, "castle", match.id))

    before = await answers()
    stored = await table.bot.store.get_match(match.id)
    swapped = get_game(game_id).bot.determinize(stored.state, seat, random.Random(4))
    assert swapped != stored.state  # something hidden really changed
    game = get_game(game_id)
    assert game.engine.view(swapped, seat) == game.engine.view(stored.state, seat)
    await table.bot.store.db.execute("UPDATE matches SET state = ? WHERE id = ?", (json.dumps(swapped), match.id))
    assert (await table.bot.store.get_match(match.id)).state == swapped
    assert await answers() == before
