"""Decks through the fake Discord: build by commands, show, export/import, the secret pick at accept,
an illegal deck refused at challenge, and a running match unchanged when its deck is edited."""

from __future__ import annotations

import io

from PIL import Image

from bot.decks import deck_from_option, encode_deck


async def deck_cmd(table, user, sub: str, **options):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, f"deck {sub}", options=options)
    await table.settle()
    return record


def text_of(record) -> str:
    return "\n".join(message.content or "" for message in record.messages)


async def build_twins(table, user, name="Pairs"):
    await deck_cmd(table, user, "new", game="tinydeck", name=name)
    for card, count in (("c1", 2), ("Stone 4", 1), ("c8", 2), ("石5", 1)):
        await deck_cmd(table, user, "add", name=name, card=card, count=count)


async def test_deck_built_by_commands_becomes_legal_and_shows_as_an_image(table):
    alice = table.world.alice
    record = await deck_cmd(table, alice, "new", game="tinydeck", name="Pairs")
    assert "Pairs" in text_of(record) and record.ephemeral
    await deck_cmd(table, alice, "add", name="Pairs", card="c1", count=2)
    record = await deck_cmd(table, alice, "show", name="Pairs")
    assert "2 cards, needs exactly 6" in text_of(record)
    assert "1 low cards, needs 3" not in text_of(record)  # 2 low cards so far
    assert "2 low cards, needs 3" in text_of(record)
    await deck_cmd(table, alice, "add", name="Pairs", card="Stone 4")
    await deck_cmd(table, alice, "add", name="Pairs", card="c8", count=2)
    record = await deck_cmd(table, alice, "add", name="Pairs", card="石5")  # Japanese names work too
    assert "Legal" in text_of(record)
    row = await table.bot.store.get_deck(alice.id, "pairs")  # names ignore case
    assert row.cards == {"c1": 2, "c4": 1, "c8": 2, "c5": 1}
    record = await deck_cmd(table, alice, "show", name="Pairs")
    assert record.ephemeral
    (filename, data), = [a for m in record.messages for a in m.attachments]
    (alt,) = [f.description for m in record.messages for f in m.files]
    assert alt.startswith("Deck Pairs for ") and ", 6 cards: 2 × " in alt
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.width == 820 and image.height >= 300


async def test_copy_limit_and_banned_cards_are_refused_when_adding(table):
    alice = table.world.alice
    await deck_cmd(table, alice, "new", game="tinydeck", name="Greedy")
    await deck_cmd(table, alice, "add", name="Greedy", card="c2", count=2)
    record = await deck_cmd(table, alice, "add", name="Greedy", card="c2")
    assert "2 copies is the maximum" in text_of(record)
    record = await deck_cmd(table, alice, "add", name="Greedy", card="c9")
    assert "may not be played" in text_of(record)
    assert (await table.bot.store.get_deck(alice.id, "Greedy")).cards == {"c2": 2}
    record = await deck_cmd(table, alice, "remove", name="Greedy", card="c2")
    assert (await table.bot.store.get_deck(alice.id, "Greedy")).cards == {}
    record = await deck_cmd(table, alice, "add", name="Nope", card="c2")
    assert "no deck called" in text_of(record)


async def test_names_are_sanitized_unique_and_renamed(table):
    alice = table.world.alice
    await deck_cmd(table, alice, "new", game="tinydeck", name="@everyone **Bold** <@123> " + "x" * 60)
    decks = await table.bot.store.list_decks(alice.id)
    assert len(decks) == 1
    name = decks[0].name
    assert "@" not in name and "*" not in name and "<" not in name and len(name) <= 40
    record = await deck_cmd(table, alice, "new", game="tinydeck", name=name.upper())
    assert "already have a deck" in text_of(record)
    await deck_cmd(table, alice, "new", game="tinydeck", name="Other")
    record = await deck_cmd(table, alice, "rename", name="Other", new_name=name)
    assert "already have a deck" in text_of(record)
    await deck_cmd(table, alice, "rename", name="Other", new_name="Third")
    assert {d.name for d in await table.bot.store.list_decks(alice.id)} == {name, "Third"}


async def test_delete_asks_to_confirm(table):
    alice, bob = table.world.alice, table.world.bob
    await deck_cmd(table, alice, "new", game="tinydeck", name="Doomed")
    record = await deck_cmd(table, alice, "delete", name="Doomed")
    assert await table.bot.store.get_deck(alice.id, "Doomed") is not None
    message = record.messages[0]
    button = table.fake.find_component(message, custom_id_prefix="dt:dd:")
    await table.click(alice, message, button["custom_id"])
    assert await table.bot.store.get_deck(alice.id, "Doomed") is None
    assert table.fake.find_component(table.fake.get_message(message.id), custom_id_prefix="dt:dd:") is None
    # A confirm button for someone else's deck (a forwarded or forged one) deletes nothing.
    await deck_cmd(table, bob, "new", game="tinydeck", name="Mine")
    record = await deck_cmd(table, bob, "delete", name="Mine")
    button = table.fake.find_component(record.messages[0], custom_id_prefix="dt:dd:")
    intruder = await table.fake.click(alice, record.messages[0], button["custom_id"], strict=False)
    await table.settle()
    assert "no longer exists" in text_of(intruder)
    assert await table.bot.store.get_deck(bob.id, "Mine") is not None


async def test_new_deck_from_a_ready_made_one(table):
    alice = table.world.alice
    record = await deck_cmd(table, alice, "new", game="tinydeck", name="My ladder", copy_of="ready:tinydeck:ladder")
    assert "Legal" in text_of(record)
    assert (await table.bot.store.get_deck(alice.id, "My ladder")).cards == {
        "c1": 1, "c2": 1, "c3": 1, "c5": 1, "c6": 1, "c7": 1}
    choices = await table.fake.autocomplete(alice, table.world.guild, table.world.channel, "deck new",
                                            {"game": "tinydeck", "name": "x", "copy_of": ""}, focused="copy_of")
    assert {c["value"] for c in choices} >= {"ready:tinydeck:ladder", "ready:tinydeck:twins"}


async def test_export_then_import_round_trips(table):
    alice, bob = table.world.alice, table.world.bob
    await build_twins(table, alice)
    record = await deck_cmd(table, alice, "export", name="Pairs")
    code = next(part for part in text_of(record).split("`") if part.startswith("DT1."))
    assert len(code) < 200
    record = await deck_cmd(table, bob, "import", code=code, name="From Alice")
    assert (await table.bot.store.get_deck(bob.id, "From Alice")).cards == {"c1": 2, "c4": 1, "c8": 2, "c5": 1}


async def test_malformed_and_tampered_codes_create_nothing(table):
    bob = table.world.bob
    good = encode_deck("tinydeck", {"c1": 2, "c4": 1, "c8": 2, "c5": 1})
    flipped = good[:-3] + ("A" if good[-3] != "A" else "B") + good[-2:]
    bad_codes = [
        "hello", "DT1.tinydeck.", good[:-6], flipped, good.replace("DT1", "DT9"),
        encode_deck("tinydeck", {"zz": 1}), encode_deck("nogame", {"c1": 6}), "DT1.tinydeck." + "A" * 3000,
        good + "x", good.replace("tinydeck", "tiny"),
    ]
    for code in bad_codes:
        record = await deck_cmd(table, bob, "import", code=code[:2000])
        assert record.ephemeral and text_of(record), code
    assert await table.bot.store.list_decks(bob.id) == []


async def test_an_illegal_deck_is_refused_at_challenge_with_its_reasons(table):
    alice, bob = table.world.alice, table.world.bob
    await deck_cmd(table, alice, "new", game="tinydeck", name="Half")
    await deck_cmd(table, alice, "add", name="Half", card="c1", count=2)
    record = await table.challenge(alice, bob, "tinydeck", deck="Half")
    text = text_of(record)
    assert record.ephemeral and "cannot be played" in text and "needs exactly 6" in text
    assert await table.bot.store.open_challenge_between(alice.id, bob.id) is None
    record = await table.challenge(alice, bob, "tinydeck", deck=None)
    assert "deck" in text_of(record) and await table.bot.store.open_challenge_between(alice.id, bob.id) is None


async def test_the_opponent_picks_in_secret_and_the_match_keeps_a_copy(table):
    alice, bob = table.world.alice, table.world.bob
    await build_twins(table, alice, "Alice pairs")
    await build_twins(table, bob, "Secret weapon")
    await deck_cmd(table, bob, "remove", name="Secret weapon", card="c8", count=1)
    await deck_cmd(table, bob, "add", name="Secret weapon", card="c6", count=1)
    choices = await table.fake.autocomplete(alice, table.world.guild, table.world.channel, "challenge",
                                            {"game": "tinydeck", "opponent": bob, "deck": ""}, focused="deck")
    alice_deck = next(c["value"] for c in choices if c["name"] == "Alice pairs")
    record = await table.challenge(alice, bob, "tinydeck", deck=alice_deck)
    assert "Alice pairs" not in (record.messages[0].content or "")
    message = record.messages[0]
    accept = await table.click(bob, message, table.fake.find_component(message, custom_id_prefix="dt:ch:accept:")["custom_id"])
    picker = next(m for m in accept.messages if m.ephemeral)
    select = table.fake.find_component(picker, custom_id_prefix="dt:cd:")
    values = {option["value"]: option["label"] for option in select["options"]}
    assert "Secret weapon" in values.values()
    assert await table.bot.store.match_by_thread(0) is None and not table.fake.threads(table.world.channel)
    secret_value = next(v for v, label in values.items() if label == "Secret weapon")
    await table.fake.select(bob, picker, select["custom_id"], [secret_value])
    await table.settle()
    match = await table.match()
    assert deck_from_option(match.options["deck0"]) == {"c1": 2, "c4": 1, "c8": 2, "c5": 1}
    assert deck_from_option(match.options["deck1"]) == {"c1": 2, "c4": 1, "c8": 1, "c6": 1, "c5": 1}
    # Nothing Alice can see names Bob's deck: not the channel, not the thread, not her DMs.
    seen = [m.content or "" for m in table.fake.messages(table.world.channel, viewer=alice)]
    seen += [m.content or "" for m in table.fake.messages(table.thread(), viewer=alice)]
    seen += [m.content or "" for m in table.fake.dm_messages(alice)]
    assert [text for text in seen if "Secret weapon" in text] == []
    # Editing the decks later changes no running match.
    await deck_cmd(table, bob, "remove", name="Secret weapon", card="c1")
    await deck_cmd(table, alice, "delete", name="Alice pairs")
    again = await table.bot.store.get_match(match.id)
    assert again.options == match.options and again.state["decks"] == match.state["decks"]
    # The picker is spent: its select is gone, so nothing can start a second match from it.
    assert table.fake.find_component(table.fake.get_message(picker.id), custom_id_prefix="dt:cd:") is None
    assert len(await table.bot.store.active_matches_of(bob.id)) == 1


async def test_only_the_challenged_player_can_pick_and_illegal_picks_are_refused(table):
    alice, bob = table.world.alice, table.world.bob
    record = await table.challenge(alice, bob, "tinydeck", deck="ready:tinydeck:ladder")
    message = record.messages[0]
    accept = await table.click(bob, message, table.fake.find_component(message, custom_id_prefix="dt:ch:accept:")["custom_id"])
    picker = next(m for m in accept.messages if m.ephemeral)
    select = table.fake.find_component(picker, custom_id_prefix="dt:cd:")
    intruder = await table.fake.select(alice, picker, select["custom_id"], ["ready:tinydeck:twins"], strict=False)
    await table.settle()
    assert intruder.ephemeral and not await table.bot.store.active_matches_of(alice.id)
    await deck_cmd(table, bob, "new", game="tinydeck", name="Broken")
    broken = await table.bot.store.get_deck(bob.id, "Broken")
    forged = await table.fake.select(bob, picker, select["custom_id"], [f"#{broken.id}"], strict=False)
    await table.settle()
    assert "使えません" in text_of(forged)  # bob reads Japanese and not await table.bot.store.active_matches_of(bob.id)
    await table.fake.select(bob, picker, select["custom_id"], ["ready:tinydeck:twins"])
    await table.settle()
    assert len(await table.bot.store.active_matches_of(bob.id)) == 1


async def test_the_bot_opponent_plays_a_ready_made_deck(table):
    alice = table.world.alice
    await table.challenge(alice, table.bot.user.id, "tinydeck", deck="ready:tinydeck:ladder")
    match = await table.match()
    assert match is not None and match.bot_seat == 1
    assert deck_from_option(match.options["deck1"]) in [{"c1": 1, "c2": 1, "c3": 1, "c5": 1, "c6": 1, "c7": 1},
                                                        {"c1": 2, "c4": 1, "c8": 2, "c5": 1}]
