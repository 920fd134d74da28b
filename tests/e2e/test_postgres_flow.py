"""The whole bot on PostgreSQL (DATABASE_URL): a match from challenge to result through the fake Discord,
reminders and a claimed win, and a restart that keeps old buttons working."""

from __future__ import annotations

from bot.match import DAY
from fakediscord import run_bot
from tests.e2e.table import Table, make_bot
from tests.e2e.test_platform_flow import play_tiny_to_the_end


def pg_bot(tmp_path, clock, url: str):
    # The SQLite path is a decoy: with DATABASE_URL set the bot must never create it.
    return make_bot(tmp_path / "unused.sqlite3", clock, database_url=url)


async def test_a_whole_match_is_played_and_stored_on_postgres(fake_world, tmp_path, clock, postgres_url):
    bot = pg_bot(tmp_path, clock, postgres_url)
    async with run_bot(bot, fake_world.fake):
        table = Table(fake_world, bot)
        assert bot.store.dialect == "postgres"
        await table.start()
        await play_tiny_to_the_end(table)
        match = await bot.store.get_match(1)
        assert match.status == "finished" and match.result_reason == "score" and match.finished_at is not None
        log = await bot.store.decision_log(match.id)
        assert len(log) == match.version and match.posted_version == match.version
        messages = table.thread_messages()
        assert any("wins" in m.content or "draw" in m.content for m in messages)
    assert not (tmp_path / "unused.sqlite3").exists()


async def test_restart_on_postgres_keeps_buttons_and_timers(fake_world, tmp_path, clock, postgres_url):
    bot = pg_bot(tmp_path, clock, postgres_url)
    async with run_bot(bot, fake_world.fake):
        table = Table(fake_world, bot)
        await table.start()
        await table.play(fake_world.alice, "pick:5")
        old_panel = table.panel(fake_world.bob)
    second = pg_bot(tmp_path, clock, postgres_url)
    async with run_bot(second, fake_world.fake):
        table = Table(fake_world, second)
        await table.play(fake_world.bob, "pick:1", old_panel)  # a button sent before the restart
        assert (await second.store.get_match(1)).state["score"] == [1, 0]
        clock.advance(3 * DAY)
        await second.timekeeper.tick()
        await table.settle()
        claim_post = table.thread_messages()[-1]
        claim = table.fake.find_component(claim_post, custom_id_prefix="dt:w:")
        assert claim is not None
        await table.click(fake_world.bob, claim_post, claim["custom_id"])  # alice let her clock run out
        match = await second.store.get_match(1)
        assert match.status == "finished" and match.result_reason == "timeout"
