"""A Starfall and an Afterlife match started with decks built by commands (issue: decks)."""

from __future__ import annotations

from collections import Counter

from bot.decks import deck_from_option, ready_decks
from bot.games import get_game


async def deck_cmd(table, user, sub: str, **options):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, f"deck {sub}", options=options)
    await table.settle()
    return record


async def test_a_starfall_match_starts_with_a_deck_built_card_by_card(table):
    alice, bob = table.world.alice, table.world.bob
    cards = get_game("starfall").cards()
    chosen = []
    for attribute in ("attack", "magic", "trick"):
        chosen += [card for card in cards if card.stats["attribute"] == attribute][-6:]
    await deck_cmd(table, alice, "new", game="starfall", name="Built")
    for card in chosen[:-1]:
        await deck_cmd(table, alice, "add", name="Built", card=card.name_ja if card.id == chosen[0].id else card.id)
    record = await table.challenge(alice, bob, "starfall", deck="Built")
    assert record.ephemeral and "cannot be played" in record.messages[0].content  # 17 cards
    await deck_cmd(table, alice, "add", name="Built", card=chosen[-1].name_en)
    record = await table.challenge(alice, bob, "starfall", deck="Built")
    await table.accept(record, bob, deck=f"ready:starfall:{ready_decks('starfall', get_game('starfall').deck_rule)[1].id}")
    match = await table.match()
    assert match.game == "starfall" and match.status == "active"
    assert deck_from_option(match.options["deck0"]) == {card.id: 1 for card in chosen}
    engine = get_game("starfall").engine
    assert engine.pending(match.state) and table.thread_messages()[0].attachments


async def test_an_afterlife_match_starts_with_a_deck_copied_and_edited_by_commands(table):
    alice, bob = table.world.alice, table.world.bob
    rule = get_game("afterlife").deck_rule
    base = ready_decks("afterlife", rule)[0]
    await deck_cmd(table, bob, "new", game="afterlife", name="Tuned", copy_of=f"ready:afterlife:{base.id}")
    out_card = sorted(base.cards)[0]
    in_card = next(card.id for card in get_game("afterlife").cards()
                   if card.id not in base.cards and card.stats["colour"] in {"N"})
    await deck_cmd(table, bob, "remove", name="Tuned", card=out_card, count=1)
    await deck_cmd(table, bob, "add", name="Tuned", card=in_card, count=1)
    tuned = (await table.bot.store.get_deck(bob.id, "Tuned")).cards
    record = await table.challenge(alice, bob, "afterlife", deck=f"ready:afterlife:{base.id}")
    tuned_row = await table.bot.store.get_deck(bob.id, "Tuned")
    await table.accept(record, bob, deck=f"#{tuned_row.id}")
    match = await table.match()
    assert match.game == "afterlife" and match.status == "active"
    assert Counter(deck_from_option(match.options["deck1"])) == Counter(tuned)
    assert sum(tuned.values()) == 40 and tuned.get(in_card) == 1
