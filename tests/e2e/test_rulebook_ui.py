"""The illustrated rulebook in Discord (bot/ui/rulebook.py): ``/<game> rules`` and "Read the rules" open a
private, paged rulebook in the reader's language; its buttons and contents select edit that private message in
place, keep working across a restart, and refuse forged pages privately."""

from __future__ import annotations

import io

from PIL import Image

from bot import i18n
from bot.games import get_game
from fakediscord import run_bot
from tests.e2e.table import Table, make_bot

PNG = b"\x89PNG\r\n\x1a\n"


def pages(game_id: str = "formation"):
    return list(get_game(game_id).rulebook())


async def open_rules(table: Table, user, game_id: str = "formation"):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, f"{game_id} rules")
    await table.settle()
    return record


def shown_page(table: Table, message, game_id: str, locale: str) -> int:
    """The page a rulebook message shows, checked whole: its embed's title, body and footer, its picture (a real
    PNG with alt text) and its controls (first/previous/next for that page, the contents select of every page)."""
    message = table.fake.get_message(message.id)
    book = pages(game_id)
    [embed] = message.embeds
    index = next(i for i, page in enumerate(book) if embed["title"] == i18n.t(page.title_key(game_id), locale))
    assert embed["description"] == i18n.t(book[index].body_key(game_id), locale)
    assert embed["footer"]["text"] == i18n.t("rulebook.footer", locale, page=index + 1, pages=len(book))
    [picture] = message.files
    assert picture.data.startswith(PNG) and embed["image"]["url"] == f"attachment://{picture.filename}"
    image = Image.open(io.BytesIO(picture.data))
    image.load()
    assert image.width >= 300
    assert picture.description and i18n.t(book[index].title_key(game_id), locale) in picture.description
    assert len(picture.description) <= 1024
    ids = [c.get("custom_id") for c in table.fake.components(message)]
    last = len(book) - 1
    assert f"dt:rb:{game_id}:0:f" in ids and f"dt:rb:{game_id}:{max(index - 1, 0)}:p" in ids
    assert f"dt:rb:{game_id}:{min(index + 1, last)}:n" in ids
    select = table.fake.find_component(message, custom_id=f"dt:rbc:{game_id}")
    assert [option["label"].split(". ", 1)[1] for option in select["options"]] == \
        [i18n.t(page.title_key(game_id), locale) for page in book]
    return index


async def test_paging_forward_back_and_by_contents_in_both_languages(table: Table):
    world = table.world
    book = pages()
    for user, locale in ((world.alice, "en"), (world.bob, "ja")):
        record = await open_rules(table, user)
        assert record.ephemeral
        [message] = record.messages
        assert shown_page(table, message, "formation", locale) == 0
        for index in range(1, len(book)):  # forward through every page: each its own picture and alt text
            clicked = await table.click(user, message, f"dt:rb:formation:{index}:n")
            assert clicked.response_type == 7 and clicked.messages[0].id == message.id  # edited in place
            assert shown_page(table, message, "formation", locale) == index
        assert table.fake.find_component(table.fake.get_message(message.id),
                                         custom_id=f"dt:rb:formation:{len(book) - 1}:n")["disabled"]
        await table.click(user, message, f"dt:rb:formation:{len(book) - 2}:p")  # back one
        assert shown_page(table, message, "formation", locale) == len(book) - 2
        board = next(i for i, page in enumerate(book) if page.topic == "board")
        await table.fake.select(user, message, "dt:rbc:formation", [str(board)])
        await table.settle()
        assert shown_page(table, message, "formation", locale) == board
        described = table.fake.get_message(message.id).files[0].description
        assert str(len(book[board].callouts)) in described  # the alt text says where the callouts are explained
        await table.click(user, message, "dt:rb:formation:0:f")
        assert shown_page(table, message, "formation", locale) == 0
    assert not [m for m in table.fake.messages(world.channel) if not m.ephemeral]  # nothing public


def forge(table: Table, message, custom_id: str) -> None:
    """The message's Next button carries ``custom_id``, as a forged client's payload would (discord.py only
    routes an id that is on the clicked message)."""
    stored = table.fake.get_message(message.id)
    for component in table.fake.components(stored):
        if component.get("custom_id", "").endswith(":n"):
            component["custom_id"] = custom_id
            component["disabled"] = False


async def test_forged_pages_and_games_are_refused_privately(table: Table):
    world = table.world
    book = pages()
    [message] = (await open_rules(table, world.alice)).messages
    for custom_id, key in (("dt:rb:formation:7:n", "rulebook.no_page"), ("dt:rb:formation:999999:n", "rulebook.no_page"),
                           ("dt:rb:nosuchgame:0:n", "rulebook.unknown"), ("dt:rb:tiny:0:n", "rulebook.unknown")):
        forge(table, message, custom_id)
        before = table.fake.get_message(message.id).snapshot()
        record = await table.click(world.alice, message, custom_id)
        assert record.ephemeral and record.response_type == 4, custom_id
        assert record.messages[0].content == i18n.t(key, "en", pages=len(book)), custom_id
        assert table.fake.get_message(message.id).snapshot() == before  # the rulebook shown did not change
    [message] = (await open_rules(table, world.bob)).messages
    for value in ("12", "-1", "1.5", "٣"):  # out of range, signed, not an integer, a non-ASCII digit
        forged = await table.fake.select(world.bob, message, "dt:rbc:formation", [value], strict=False)
        await table.settle()
        assert forged.ephemeral and forged.messages[0].content == i18n.t("rulebook.no_page", "ja", pages=len(book))
    assert shown_page(table, message, "formation", "ja") == 0
    # A game without a rulebook keeps the one-line answer.
    plain = await open_rules(table, world.alice, "tiny")
    assert plain.ephemeral and not plain.messages[0].embeds and plain.messages[0].content


async def test_a_rulebook_opened_before_a_restart_still_pages(fake_world, tmp_path, clock):
    database = tmp_path / "rules.sqlite3"
    first = make_bot(database, clock)
    async with run_bot(first, fake_world.fake):
        [message] = (await open_rules(Table(fake_world, first), fake_world.bob)).messages
    second = make_bot(database, clock)
    async with run_bot(second, fake_world.fake):
        table = Table(fake_world, second)
        clicked = await table.click(fake_world.bob, message, "dt:rb:formation:1:n")
        assert clicked.response_type == 7
        assert shown_page(table, message, "formation", "ja") == 1


async def test_read_the_rules_on_the_challenge_and_the_first_thread_post(table: Table):
    world = table.world
    challenge = await table.challenge(world.alice, world.bob, "formation")
    [posted] = challenge.messages
    button = table.fake.find_component(posted, custom_id="dt:rbo:formation")
    assert button["label"] == i18n.t("rulebook.read", "en", game=i18n.t("games.formation", "en"))
    opened = await table.click(world.bob, posted, "dt:rbo:formation")  # bob reads Japanese
    assert opened.ephemeral and shown_page(table, opened.messages[0], "formation", "ja") == 0
    await table.accept(challenge, world.bob)
    first_post = next(m for m in table.thread_messages() if m.attachments)
    assert table.fake.find_component(first_post, custom_id="dt:rbo:formation") is not None
    opened = await table.click(world.alice, first_post, "dt:rbo:formation")
    assert opened.ephemeral and shown_page(table, opened.messages[0], "formation", "en") == 0
    # A game without a rulebook offers no such button.
    carol = await world.fake.add_user("carol")
    await table.challenge(world.alice, carol, "tiny")
    tiny = [m for m in table.fake.messages(world.channel) if "dt:ch:accept" in str(m.components)][-1]
    assert table.fake.find_component(tiny, custom_id_prefix="dt:rbo:") is None
