"""/card for Starfall: every card is found by its number and by its English and Japanese name, and the
answer through the fake Discord carries the rendered Starfall card (skills and attack-pattern diagrams)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.lookup import default_index
from cogs.starfall import cards as catalogue
from cogs.starfall.render_card import WIDTH, render_card
from fakediscord import run_bot
from tests.e2e.table import Table, make_bot


@pytest.fixture
async def table(fake_world, tmp_path, clock):
    bot = make_bot(tmp_path / "starfall-card.sqlite3", clock)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)


def test_every_starfall_card_is_found_by_number_and_by_its_english_and_japanese_name() -> None:
    index = default_index()
    cards = catalogue.cards()
    assert len(cards) >= 48
    for card in cards:
        for query in (card.id, *card.aliases, card.name_en, card.name_ja):
            found, candidates = index.resolve(query, game="starfall")
            assert found == card, (card.id, query, [c.id for c in candidates])
        # Inside a Starfall thread the game is preferred, so the name alone finds it there.
        for query in (card.name_en, card.name_ja):
            found, _ = index.resolve(query, prefer_game="starfall")
            assert found == card, (card.id, query)


async def lookup(table: Table, user, name: str):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, "card",
                                    options={"name": name, "game": "starfall"})
    await table.settle()
    return record.messages[-1]


async def test_card_answers_with_the_starfall_card_picture_in_the_users_language(table: Table):
    world = table.world
    card = catalogue.card("S05")
    english = await lookup(table, world.alice, card.name_en)
    assert english.embeds[0]["title"].startswith(card.name_en) and card.name_ja in english.embeds[0]["title"]
    (_, data), = english.attachments
    assert data == render_card(card, "en")
    assert Image.open(io.BytesIO(data)).size[0] == WIDTH
    japanese = await lookup(table, world.bob, card.name_ja)  # bob's Discord is in Japanese
    assert japanese.embeds[0]["title"].startswith(card.name_ja)
    (_, data), = japanese.attachments
    assert data == render_card(card, "ja")
