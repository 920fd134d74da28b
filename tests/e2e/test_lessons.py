"""/learn (issue 25): a whole lesson of every game played to its end by the autoplayer through the fake Discord.

Each lesson runs in a private thread (channel type 12) with the learner added; the learner's panels carry the
coach's lines (English or Japanese, the learner's language: the games alternate so both are covered), each
tip on one panel only; a lesson is not rated and stays out of /stats, /history and the leaderboard; it counts
toward no active-match limit of normal play; a restart in the middle of a lesson resumes it.
"""

from __future__ import annotations

import random
import re

import pytest

from bot import i18n
from bot.games import GAME_IDS
from bot.lessons import lesson_of
from fakediscord import run_bot
from fakediscord.autoplay import click_random, live_panel
from fakediscord.models import ChannelType
from fakediscord.world import BOT_PERMISSIONS, P_CREATE_PRIVATE_THREADS
from tests.e2e.table import Table, make_bot

MAX_CLICKS = 600  # far above any lesson; a lesson that never ends fails here, not by hanging
RESTART_AFTER = 12  # formation's lesson restarts the bot after this many clicks of the learner
VERSION = re.compile(r"dt:[osc]:\d+:(\d+):")
WHAT_NEXT_GAME = "wars"  # its lesson is short and its review quick: the result post's buttons are clicked here


def learner_of(world, game_id: str):
    """The games alternate between alice (English) and bob (Japanese), so both languages are played."""
    return world.alice if GAME_IDS.index(game_id) % 2 == 0 else world.bob


def panel_texts(fake, user) -> list[tuple[str, int | None]]:
    """Every state any private panel of ``user`` showed (each revision of each DM), with its panel version."""
    shown = []
    for message in fake.dm_messages(user.id):
        if message.author_id != fake.bot_user_id:
            continue
        for state in [*message.revisions, message.snapshot()]:
            found = VERSION.search(str(state.get("components")))
            shown.append((state.get("content") or "", int(found.group(1)) if found else None))
    return shown


async def play_to_the_end(table: Table, user, match_id: int, rng: random.Random, clicks: int = MAX_CLICKS) -> int:
    """Click the learner's live panel at random until the lesson ends (or ``clicks`` clicks); returns the count."""
    done = 0
    while done < clicks:
        match = await table.bot.store.get_match(match_id)
        if match.status != "active":
            break
        panel = live_panel(table.fake, user.id)
        assert panel is not None, f"no panel for the learner at version {match.version}"
        await click_random(table.fake, user.id, panel, rng)
        await table.settle()
        done += 1
    return done


async def start_lesson(table: Table, user, game_id: str):
    record = await table.fake.slash(user, table.world.guild, table.world.channel, "learn", options={"game": game_id})
    await table.settle()
    return record, await table.bot.store.active_lesson_of(user.id)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_whole_lesson_is_played_to_its_end_with_the_coach_in_the_learners_language(
        game_id, fake_world, tmp_path, clock):
    world = fake_world
    user = learner_of(world, game_id)
    locale = i18n.normalize_locale(user.locale)
    lesson = lesson_of(game_id)
    database = tmp_path / "lesson.sqlite3"
    rng = random.Random(f"lesson:{game_id}")
    bot = make_bot(database, clock)
    async with run_bot(bot, world.fake):
        table = Table(world, bot)
        record, match = await start_lesson(table, user, game_id)
        assert match is not None and match.kind == "lesson" and match.bot_seat == 1 and match.players[0] == user.id
        assert match.options["bot_level"] == "easy" and match.seed == lesson.seed and not match.rated
        thread = world.fake.world.channel(match.thread_id)
        assert thread.type == ChannelType.PRIVATE_THREAD and user.id in thread.member_ids
        assert thread.parent_id == world.channel.id
        assert i18n.t("lesson.ready", locale, game=i18n.t(f"games.{game_id}", locale), where="").strip() \
            in record.messages[-1].content
        intro = i18n.t("lesson.started", locale, game=i18n.t(f"games.{game_id}", locale), p0=f"<@{user.id}>",
                       p1=f"<@{world.fake.bot_user_id}>", days=3)
        assert table.fake.messages(thread)[0].content.startswith(intro)
        if game_id != GAME_IDS[0]:
            clicks = await play_to_the_end(table, user, match.id, rng)
            await finished_lesson_checks(table, user, match.id, lesson, locale, clicks)
            if game_id == WHAT_NEXT_GAME:
                await what_next_checks(table, user, match.id, locale)
            return
        clicks = await play_to_the_end(table, user, match.id, rng, RESTART_AFTER)
    # A restart in the middle of the first game's lesson: it resumes where it stood, coach and all.
    bot = make_bot(database, clock)
    async with run_bot(bot, world.fake):
        table = Table(world, bot)
        await table.settle()
        standing = await bot.store.get_match(match.id)
        assert standing.status == "active" and standing.kind == "lesson" and standing.version > 0
        assert (await bot.store.active_lesson_of(user.id)).id == match.id
        clicks += await play_to_the_end(table, user, match.id, rng)
        await finished_lesson_checks(table, user, match.id, lesson, locale, clicks)


async def finished_lesson_checks(table: Table, user, match_id: int, lesson, locale: str, clicks: int) -> None:
    bot, world = table.bot, table.world
    match = await bot.store.get_match(match_id)
    assert match.status == "finished", f"{lesson.game}: not finished after {clicks} clicks"
    shown = panel_texts(world.fake, user)
    coach_prefix = i18n.t("lesson.coach", locale, line="").strip()
    coached = [text for text, _ in shown if coach_prefix in text]
    assert coached, f"{lesson.game}: no coach line in {locale}"
    # The coach adapts: several different lines over a lesson, in the learner's language.
    lines = {key for key in lesson.lines if any(i18n.t(f"lesson.{lesson.game}.coach.{key}", locale).split("{")[0]
                                                 in text for text in coached)}
    assert len(lines) >= 3, (lesson.game, lines)
    # Each tip on one panel (one panel version) only, however often that panel was drawn again.
    seen = await bot.store.tips_seen(user.id, lesson.game)
    assert len(seen) >= 2, seen
    for tip in lesson.tips:
        text = i18n.t(f"lesson.{lesson.game}.tip.{tip}", locale)
        versions = {version for content, version in shown if text in content}
        assert len(versions) <= 1, (tip, versions)
        assert (tip in seen) == bool(versions), tip
    # Never rated, never in the record: no rating, no /stats or /history entry, nothing on the leaderboard.
    assert await bot.store.rating(world.guild.id, lesson.game, user.id) is None
    assert await bot.store.leaderboard(world.guild.id, lesson.game) == []
    assert await bot.store.finished_matches_of(user.id, world.guild.id) == []
    stats = await world.fake.slash(user, world.guild, world.channel, "stats")
    assert stats.messages[-1].content == i18n.t("players.stats.no_game", locale, name=user.name)
    history = await world.fake.slash(user, world.guild, world.channel, "history")
    assert history.messages[-1].content == i18n.t("players.history.empty", locale, name=user.name, game="")


def result_post(fake, channel_id: int):
    return next(m for m in reversed(fake.messages(channel_id))
                if fake.find_component(m, custom_id_prefix="dt:rm:") is not None)


async def what_next_checks(table: Table, user, lesson_id: int, locale: str) -> None:
    """The lesson's result post says what comes next, and its buttons do it: a real match against Duel Table
    (ordinary, unrated, with the lesson's options, no series line), the rulebook, the learner's own review."""
    bot, fake = table.bot, table.fake
    lesson = await bot.store.get_match(lesson_id)
    game = i18n.t(f"games.{lesson.game}", locale)
    post = result_post(fake, lesson.thread_id)
    assert i18n.t("lesson_next.after", locale, game=game) in post.content
    labels = [component["label"] for component in fake.components(post) if component["type"] == 2]
    assert labels == [i18n.t("lesson_next.real_match", locale), i18n.t("lesson_next.rules", locale),
                      i18n.t("players.replay_button", locale), i18n.t("advice.review_button", locale)]
    rules = await table.click(user, post, fake.find_component(post, custom_id_prefix="dt:rbo:")["custom_id"])
    assert rules.ephemeral and rules.messages[-1].embeds
    review = await fake.click(user, post, fake.find_component(post, custom_id_prefix="dt:rv:")["custom_id"],
                              timeout=60)  # a search over the whole lesson
    await table.settle()
    assert review.ephemeral
    assert await bot.store.review_of(lesson.id, lesson.seat_of(user.id)) is not None  # the learner's own seat
    assert await bot.store.review_of(lesson.id, lesson.bot_seat) is None
    started = await table.click(user, post, fake.find_component(post, custom_id_prefix="dt:rm:")["custom_id"])
    real = next(m for m in await bot.store.active_matches_of(user.id) if m.id != lesson.id)
    assert real.kind == "match" and not real.rated and real.bot_seat == 1 - lesson.bot_seat
    def plain(options):
        return {key: value for key, value in options.items() if key not in ("deck0", "deck1")}
    assert real.game == lesson.game and plain(real.options) == plain(lesson.options)  # level, bot level, ...
    assert (real.options.get("deck0"), real.options.get("deck1")) == (lesson.options.get("deck1"),
                                                                      lesson.options.get("deck0"))  # seats swap
    assert started.messages[-1].content == i18n.t("lesson_next.real_match_started", locale, player=f"<@{user.id}>",
                                                  game=game, match_id=lesson.id)
    intro = fake.messages(real.thread_id)[0].content
    assert i18n.t("players.series", locale, p0="", s0=0, s1=0, p1="").split(" ")[0] not in intro  # no "Series:"
    assert fake.world.channel(real.thread_id).type == ChannelType.PUBLIC_THREAD


async def test_one_lesson_at_a_time_and_never_in_the_way_of_normal_play(fake_world, tmp_path, clock):
    world = fake_world
    bot = make_bot(tmp_path / "limits.sqlite3", clock, max_active_matches=1)
    async with run_bot(bot, world.fake):
        table = Table(world, bot)
        _, lesson = await start_lesson(table, world.alice, "wars")
        second, none = await start_lesson(table, world.alice, "formation")
        assert none.id == lesson.id  # still the one lesson
        assert second.messages[-1].content == i18n.t(
            "lesson.already", "en", game=i18n.t("games.wars", "en"),
            where=f"https://discord.com/channels/{world.guild.id}/{lesson.thread_id}")
        # At the limit of one active match, the lesson does not count: a challenge to Duel Table starts.
        await table.challenge(world.alice, world.fake.bot_user_id, "tiny")
        kinds = sorted(m.kind for m in await bot.store.active_matches_of(world.alice.id))
        assert kinds == ["lesson", "match"]
        # Bad places and games are refused privately, and change nothing.
        thread = world.fake.world.channel(lesson.thread_id)
        inside = await world.fake.slash(world.alice, world.guild, thread, "learn", options={"game": "tetra"})
        assert inside.messages[-1].content == i18n.t("lesson.not_here", "en")
        tiny = await world.fake.slash(world.bob, world.guild, world.channel, "learn", options={"game": "tiny"})
        assert tiny.messages[-1].content == i18n.t("lesson.no_lesson", "ja", game="tiny")
        assert all(m.flags & 64 for m in (second.messages[-1], inside.messages[-1], tiny.messages[-1]))
        assert await bot.store.active_lesson_of(world.bob.id) is None
        # Bob's own lesson: his private thread, which Alice is not in.
        _, bobs = await start_lesson(table, world.bob, "tetra")
        bobs_thread = world.fake.world.channel(bobs.thread_id)
        assert bobs_thread.type == ChannelType.PRIVATE_THREAD
        assert world.bob.id in bobs_thread.member_ids and world.alice.id not in bobs_thread.member_ids


async def test_without_private_threads_the_lesson_comes_by_dm(fake_world, tmp_path, clock):
    world = fake_world
    guild = await world.fake.add_guild("No private threads", bot_permissions=BOT_PERMISSIONS & ~P_CREATE_PRIVATE_THREADS)
    guild.roles[guild.id].permissions &= ~P_CREATE_PRIVATE_THREADS
    channel = await world.fake.add_channel(guild, "games")
    bot = make_bot(tmp_path / "dm.sqlite3", clock)
    async with run_bot(bot, world.fake):
        table = Table(world, bot)
        record = await world.fake.slash(world.alice, guild, channel, "learn", options={"game": "formation"})
        await table.settle()
        lesson = await bot.store.active_lesson_of(world.alice.id)
        assert lesson.thread_id == world.fake.dm_channel(world.alice).id and not world.fake.threads(channel)
        board = [m for m in world.fake.dm_messages(world.alice) if m.content.startswith("🎓")]
        assert board and board[0].attachments  # the lesson's board and intro, in the DM
        assert record.messages[-1].flags & 64
        dm_link = f"https://discord.com/channels/@me/{lesson.thread_id}"  # a DM channel's link has no server
        assert record.messages[-1].content == i18n.t("lesson.ready", "en", game=i18n.t("games.formation", "en"),
                                                     where=i18n.t("lesson_next.in_dms_at", "en", url=dm_link))
        again = await world.fake.slash(world.alice, guild, channel, "learn", options={"game": "wars"})
        assert dm_link in again.messages[-1].content
        games = await world.fake.slash(world.alice, guild, channel, "games")
        assert dm_link in games.messages[-1].content and f"/channels/{guild.id}/" not in games.messages[-1].content
        panel = live_panel(world.fake, world.alice.id)
        assert "https://discord.com/channels/" not in panel.content  # no link to a thread that is this DM
        coach = i18n.t("lesson.coach", "en", line="").strip()
        assert any(coach in m.content for m in world.fake.dm_messages(world.alice))
