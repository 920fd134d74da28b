"""``python -m bot migrate-to-postgres``: a SQLite database with real content copied into PostgreSQL,
read back the same through the store, and a running match continuing on it."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.__main__ import main
from bot.engine import random_choice
from bot.games import get_game
from bot.match import MatchService
from bot.migrate_pg import MigrationRefused, migrate_to_postgres
from bot.store import Store

GUILD, ALICE, BOB, CAROL = 5, 10, 20, 30


async def _play(service: MatchService, match_id: int, decisions: int, rng: random.Random) -> None:
    for _ in range(decisions):
        match = await service.store.get_match(match_id)
        if match.status != "active":
            return
        decision = get_game("tiny").engine.pending(match.state)[0]
        await service.decide(match_id, None, match.panel_version(decision.seat), random_choice(decision, rng),
                             seat=decision.seat)


async def _populated(path, clock) -> dict[str, int]:
    """Challenges, a finished rated match, a running one, decks, ratings, a vacation, preferences."""
    store = await Store.open(path)
    service = MatchService(store, clock)
    rng = random.Random(4)
    challenge = await store.create_challenge(guild_id=GUILD, channel_id=6, game="tiny", options={"length": "short"},
                                             days=3, locale="en", challenger_id=ALICE, opponent_id=BOB,
                                             now=clock(), expires_at=clock() + 86400, rated=True)
    finished = await service.start(game_id="tiny", options={"length": "short"}, seed=3, guild_id=GUILD,
                                   channel_id=6, players=(ALICE, BOB), bot_seat=None, days=2, locale="en",
                                   challenge_id=challenge, rated=True)
    await _play(service, finished.id, 200, rng)
    await store.create_challenge(guild_id=GUILD, channel_id=6, game="tiny", options={}, days=3, locale="ja",
                                 challenger_id=CAROL, opponent_id=0, now=clock(), expires_at=clock() + 3600)
    running = await service.start(game_id="tiny", options={}, seed=8, guild_id=GUILD, channel_id=6,
                                  players=(BOB, CAROL), bot_seat=None, days=3, locale="ja")
    await _play(service, running.id, 3, rng)
    await store.set_thread(running.id, 777)
    await store.mark_posted(running.id, 2, 888, "1", ["line one", "line two"])
    await store.set_dm_panel(running.id, 1, {"message_id": 999, "version": 3})
    await store.create_deck(user_id=ALICE, game="tinydeck", name="Fast Deck", cards={"a": 2, "b": 1}, now=clock(),
                            limit=25)
    await store.create_deck(user_id=BOB, game="tinydeck", name="Slow", cards={"c": 3}, now=clock(), limit=25)
    await store.remember_user(ALICE, "en", "Alice", clock())
    await store.remember_user(CAROL, "ja", "キャロル", clock())
    await store.set_notify(BOB, "en", clock(), notify="dm", quiet_start=22, quiet_end=7, timezone="Asia/Tokyo")
    await store.set_always_stop(CAROL, True, "ja", clock())
    await store.set_guild_setting(GUILD, "locale", "ja")
    assert await store.start_vacation(CAROL, clock(), 2 * 86400, 14 * 86400, 30 * 86400) is not None
    assert (await store.get_match(finished.id)).status == "finished"
    await store.close()
    return {"finished": finished.id, "running": running.id, "challenge": challenge}


async def _snapshot(store: Store, ids: dict[str, int]) -> dict[str, object]:
    """What the bot reads back, through the store's own methods."""
    return {
        "matches": [await store.get_match(ids["finished"]), await store.get_match(ids["running"])],
        "logs": [await store.unposted(match_id, 0) for match_id in (ids["finished"], ids["running"])],
        "challenges": [await store.get_challenge(1), await store.get_challenge(2)],
        "decks": [await store.list_decks(ALICE), await store.list_decks(BOB), await store.get_deck(ALICE, "fast deck")],
        "ratings": [await store.leaderboard(GUILD, "tiny"), await store.rating_changes(ids["finished"]),
                    await store.rank_of(GUILD, "tiny", BOB)],
        "users": [await store.user_names((ALICE, BOB, CAROL)), await store.notify_prefs((ALICE, BOB, CAROL)),
                  await store.always_stop((ALICE, CAROL)), await store.guild_settings(GUILD)],
        "vacations": [await store.vacation_until((CAROL,), 1_800_000_100.0),
                      await store.vacation_used(CAROL, 1_800_000_100.0, 30 * 86400)],
        "history": await store.finished_matches_of(ALICE, GUILD),
        "behind": await store.matches_behind(),
        "version": await store.schema_version(),
    }


async def test_a_database_with_real_content_moves_to_postgres_without_loss(tmp_path, clock, postgres_cluster):
    path = tmp_path / "old.sqlite3"
    ids = await _populated(path, clock)
    url = postgres_cluster.new_database(migrated=False)
    printed: list[str] = []
    copies = await migrate_to_postgres(path, url, out=printed.append)
    assert {copy.name: copy.rows for copy in copies}["decisions"] > 3 and len(printed) == len(copies)
    source, target = await Store.open(path), await Store.open(url)
    try:
        before, after = await _snapshot(source, ids), await _snapshot(target, ids)
        assert before["ratings"][0] and before["vacations"][0] and before["decks"][2] is not None
        assert after == before
        # Ids keep counting after the copied ones, and the running match goes on on PostgreSQL.
        service = MatchService(target, clock)
        newer = await service.start(game_id="tiny", options={}, seed=1, guild_id=GUILD, channel_id=6,
                                    players=(ALICE, CAROL), bot_seat=None, days=3, locale="en")
        assert newer.id == ids["running"] + 1
        assert await target.create_challenge(guild_id=GUILD, channel_id=6, game="tiny", options={}, days=3,
                                             locale="en", challenger_id=ALICE, opponent_id=BOB, now=clock(),
                                             expires_at=clock() + 10) == 3
        await _play(service, ids["running"], 200, random.Random(9))
        assert (await target.get_match(ids["running"])).status == "finished"
        assert len(await target.decision_log(ids["running"])) > 3
    finally:
        await source.close()
        await target.close()


async def test_a_non_empty_target_is_refused_unless_replaced(tmp_path, clock, postgres_url, capsys):
    path = tmp_path / "old.sqlite3"
    await _populated(path, clock)
    target = await Store.open(postgres_url)
    await target.remember_user(12345, "en", "someone", clock())
    await target.close()
    with pytest.raises(MigrationRefused, match="not empty"):
        await migrate_to_postgres(path, postgres_url)
    assert await asyncio.to_thread(main, ["migrate-to-postgres", str(path), postgres_url]) == 1
    assert "--replace" in capsys.readouterr().err
    copies = await migrate_to_postgres(path, postgres_url, replace=True, out=lambda line: None)
    users = next(copy for copy in copies if copy.name == "users")
    target = await Store.open(postgres_url)
    try:
        assert await target.user_names((12345,)) == {} and users.rows == 3
    finally:
        await target.close()
