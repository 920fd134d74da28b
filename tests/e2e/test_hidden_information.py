"""Hidden information never reaches a public message, image or log line, for every game.

Each game plays a whole match through the real bot and the fake Discord (random clicks by both
seats). Then the match is replayed from its stored seed and decision log, and:
* every image posted in the thread is exactly the spectator view of some state of the match
  (or, in the final post, of the revealed end position);
* every image DMed to a player is exactly that player's own view of some state;
  "exactly" is pixel for pixel: the deflate stream of one picture may differ between two encodings
  of the same pixels (ISA-L), and what a player can see is the pixels;
* no text of a private event (one with an audience) appears in any thread message;
* every /board answer during the match (a spectator's, each player's) is the same with the cards its
  reader may not see swapped, and a spectator's says exactly what the thread's board does;
* every picture's alt text (its attachment description, in every version of a message) is the game's
  ``describe`` of that same view, non-empty and within Discord's 1,024 characters, so it can hold no
  more than the picture's view.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from pathlib import Path

import pytest

from bot import i18n
from bot.alttext import ALT_TEXT_LIMIT, fit
from bot.engine import decision_for
from bot.games import GAME_IDS, get_game, playable_game_ids
from bot.render.names import SHOWN_TO_ALL, render_with_names
from bot.ui.panel import Names, format_event
from cogs.board import board_text
from fakediscord import run_bot
from fakediscord.autoplay import click_random, live_panel
from tests.contract.games import determinize_hide, hooks_of
from tests.e2e.table import Table, make_bot
from tests.golden import decode

GAMES = [game for game in playable_game_ids() if game != "tiny"] + ["tiny"]
MAX_CLICKS = 3000


BOARD_EVERY = 15  # clicks between two rounds of /board questions


async def board_answer(table: Table, user, match_id: int) -> str:
    record = await table.fake.slash(user, table.world.guild, table.world.channel, "board", options={"match": match_id})
    await table.settle()
    assert record.ephemeral, "/board answers privately"
    return "\n".join(message.content for message in record.messages)


async def check_board_answers(table: Table, game_id: str, match, spectator, rng: random.Random) -> None:
    """/board for a spectator and both players: exactly their seat's words, unchanged by hidden cards."""
    game = get_game(game_id)
    hide = hooks_of(game_id).hide or determinize_hide(game_id)
    names = await table.bot.members.names(match)
    for seat, user in ((None, spectator), (0, table.world.alice), (1, table.world.bob)):
        locale = "ja" if user.locale.startswith("ja") else "en"
        answer = await board_answer(table, user, match.id)
        assert answer == board_text(game, match, seat, locale, names)
        swapped = dataclasses.replace(match, state=hide(match.state, seat, rng))
        assert board_text(game, swapped, seat, locale, names) == answer, (
            f"/board for {seat} changes with cards that reader cannot see")


async def play_whole_match(table: Table, game_id: str, seed: int, spectator=None):
    world = table.world
    await table.start(game_id)
    match = await table.match()
    users = (world.alice, world.bob)
    rng = random.Random(seed)
    for click in range(MAX_CLICKS):
        match = await table.bot.store.get_match(match.id)
        if match.status != "active":
            return match
        if spectator is not None and game_id in GAME_IDS and click % BOARD_EVERY == 0:
            await check_board_answers(table, game_id, match, spectator, rng)
        pending = get_game(game_id).engine.pending(match.state)
        seat = 0 if decision_for(pending, 0) else pending[0].seat
        await click_random(table.fake, users[seat].id, live_panel(table.fake, users[seat].id), rng)
        await table.settle()
    raise AssertionError("the match did not end")


def pixels(png: bytes) -> str:
    """What a player sees of a picture: its size and decoded RGB pixels, hashed."""
    image = decode(png).convert("RGB")
    return f"{image.size}:{hashlib.blake2b(image.tobytes(), digest_size=16).hexdigest()}"


def kept_for_reading(folder: Path, name: str, png: bytes) -> str:
    """The failing picture written where a developer can open it (named in the assertion message)."""
    path = folder / f"{name}.png"
    path.write_bytes(png)
    return str(path)


def alt_texts(game, views, locale: str) -> set[str | None]:
    """The alt texts the bot may give pictures of these views (None for a game without ``describe``)."""
    if game.describe is None:
        return {None}
    return {fit(render_with_names(("alice", "bob"), game.describe, view, locale)) for view in views}


def descriptions(message) -> list[str | None]:
    """Every alt text a message ever carried: its current files' and each earlier version's."""
    earlier = [text for revision in message.revisions for text in revision.get("descriptions", [])]
    return [f.description for f in message.files] + earlier


def assert_alt_texts(game, message, allowed: set[str | None], where: str) -> None:
    for text in descriptions(message):
        assert text in allowed, f"{where}: alt text {text!r} describes no view this reader may see"
        if game.describe is not None:
            assert text and len(text) <= ALT_TEXT_LIMIT, f"{where}: alt text empty or too long: {text!r}"


def replay(game_id: str, match, log):
    engine = get_game(game_id).engine
    state = engine.new_game(match.seed, match.options)
    states, private_events = [state], []
    for seat, choice in log:
        if choice[0].startswith("!"):
            continue
        state, events = engine.apply(state, seat, choice)
        states.append(state)
        private_events.extend(event for event in events if event.audience is not None)
    return states, private_events


@pytest.mark.parametrize("game_id", GAMES)
async def test_no_hidden_information_in_public_posts_or_the_opponents_dms(fake_world, tmp_path, clock, game_id):
    bot = make_bot(tmp_path / f"{game_id}.sqlite3", clock)
    async with run_bot(bot, fake_world.fake):
        table = Table(fake_world, bot)
        spectator = await fake_world.fake.add_user("carol")
        match = await play_whole_match(table, game_id, seed=5, spectator=spectator)
        log = await bot.store.decision_log(match.id)
        thread_messages = table.thread_messages()
    game = get_game(game_id)
    states, private_events = replay(game_id, match, log)
    assert game.engine.outcome(states[-1]) is not None
    locale = match.locale
    seats = ("alice", "bob")  # the pictures name the members (their display names)
    public_boards = {pixels(render_with_names(seats, game.render_board, game.engine.view(s, None), locale))
                     for s in states}
    final_board = render_with_names(seats, game.render_board, game.engine.reveal_all(states[-1]), locale)
    posted = [m for m in thread_messages if m.attachments]
    *during, final_post, final_hands = posted
    for number, message in enumerate(during):
        posted_png = message.attachments[0][1]
        assert pixels(posted_png) in public_boards, (
            f"a thread image is not a spectator view: {kept_for_reading(tmp_path, f'thread_{number}', posted_png)}")
    assert pixels(final_post.attachments[0][1]) == pixels(final_board)
    public_alt = alt_texts(game, [game.engine.view(s, None) for s in states], locale)
    for number, message in enumerate(during):
        assert_alt_texts(game, message, public_alt, f"thread picture {number}")
    assert [f.description for f in final_post.files] == [*alt_texts(game, [game.engine.reveal_all(states[-1])],
                                                                     locale)]
    # The final hands are each seat's own view, shown to all: titled with its owner, never more than it.
    shown = [{**game.engine.view(states[-1], seat), SHOWN_TO_ALL: True} for seat in (0, 1)]
    assert_alt_texts(game, final_hands, alt_texts(game, shown, locale), "final hands")
    names = Names(("alice", "bob"))
    secrets = {format_event(game, event, lang, names) for event in private_events for lang in i18n.LOCALES}
    for message in thread_messages:
        for secret in secrets:
            assert secret not in message.content, f"private event text {secret!r} in the thread"
    for seat, user in enumerate((fake_world.alice, fake_world.bob)):
        user_locale = "ja" if user.locale.startswith("ja") else "en"
        own_views = {pixels(render_with_names(seats, game.render_hand, game.engine.view(s, seat), user_locale))
                     for s in states}
        own_alt = alt_texts(game, [game.engine.view(s, seat) for s in states], user_locale)
        for number, message in enumerate(table.fake.dm_messages(user.id)):
            assert_alt_texts(game, message, own_alt, f"DM {number} to seat {seat}")
            for _, data in message.attachments:
                assert pixels(data) in own_views, (
                    f"a DM image to seat {seat} is not that seat's own view: "
                    f"{kept_for_reading(tmp_path, f'dm_{seat}_{number}', data)}")
