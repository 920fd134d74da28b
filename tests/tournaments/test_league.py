"""League seasons: which matches count (pure) and the store on both backends (one open season per server
and game, however many organizers press at once; members; the season's matches)."""

from __future__ import annotations

import asyncio

import pytest

from bot.db import POSTGRES, SQLITE
from bot.store import open_store
from bot.store.leagues import ALREADY_IN, HAS_GAMES, JOINED, LEFT, NOT_IN, NOT_OPEN, LeagueAlreadyOpen
from bot.tournaments.league import SeasonMatch, counted, league_table


def season(*games: tuple[int, float, int, int, int | None]) -> list[SeasonMatch]:
    return [SeasonMatch(match_id, created, created + 1, (a, b), winner) for match_id, created, a, b, winner in games]


def test_only_the_first_games_of_a_pair_in_the_season_between_members_count():
    joined = {1: 0.0, 2: 0.0, 3: 50.0}
    games = season((1, 10, 1, 2, 0), (2, 20, 2, 1, 0), (3, 30, 1, 2, None),  # a third game of 1 and 2
                   (4, 40, 1, 3, 0),  # before 3 joined
                   (5, 60, 3, 1, 1), (6, 70, 3, 4, 0),  # 4 is not a member
                   (7, 99.5, 2, 3, None))  # finished after the season's end (100)
    kept = counted(games, joined, 0.0, 100.0, games_per_pair=2)
    assert [game.match_id for game in kept] == [1, 2, 5]
    table = league_table([1, 2, 3], kept)
    assert [(row.player, row.points, row.wins, row.losses, row.rank) for row in table] == [
        (1, 4, 2, 1, 1), (2, 2, 1, 1, 2), (3, 0, 0, 1, 3)]
    assert {row.rank for row in league_table([1, 2], [])} == {1}  # equal on everything: a shared rank


@pytest.fixture(params=[SQLITE, POSTGRES])
def target(request, tmp_path) -> str:
    if request.param == POSTGRES:
        return request.getfixturevalue("postgres_cluster").new_database()
    return str(tmp_path / "league.sqlite3")


async def test_one_open_season_per_server_and_game_and_its_matches(target):
    stores = [await open_store(target) for _ in range(3)]
    try:
        async def open_one(store):
            try:
                return await store.create_league(guild_id=1, channel_id=2, organizer_id=9, game="tiny",
                                                 games_per_pair=2, locale="en", now=100.0, ends_at=1000.0)
            except LeagueAlreadyOpen:
                return None

        opened = [league for league in await asyncio.gather(*(open_one(store) for store in stores)) if league]
        assert len(opened) == 1
        store = stores[0]
        league = await store.get_league(opened[0])
        assert await store.join_league(league.id, 10, 110.0) == JOINED
        assert await store.join_league(league.id, 10, 111.0) == ALREADY_IN
        assert await store.join_league(league.id, 20, 112.0) == JOINED
        mark = {"league": str(league.id)}
        for players, bot_seat, options in (((10, 20), None, mark), ((20, 10), None, mark), ((10, 20), 1, mark),
                                           ((20, 10), None, {})):  # the last: a friendly game, not marked
            match_id = await store.create_match(
                game="tiny", options=options, seed=1, guild_id=1, channel_id=2, players=players, bot_seat=bot_seat,
                days=3, locale="en", state={}, panels={}, now=200.0, deadline=500.0, next_timer_at=None)
            await store.db.execute("UPDATE matches SET status = 'finished', winner = 0, finished_at = 300.0"
                                   " WHERE id = ?", (match_id,))
        found = await store.season_matches(league)
        assert [game.players for game in found] == [(10, 20), (20, 10)]  # not the bot's, not the friendly one
        assert await store.leave_league(league.id, 10, 400.0) == HAS_GAMES
        assert await store.join_league(league.id, 40, 400.0) == JOINED
        assert await store.leave_league(league.id, 40, 401.0) == LEFT
        assert await store.leave_league(league.id, 40, 402.0) == NOT_IN
        assert await store.claim_due_leagues(500.0) == []
        [due] = await store.claim_due_leagues(1000.0)
        assert due.id == league.id
        assert await store.close_league(league.id, "n1") and not await store.close_league(league.id, "n2")
        assert (await store.get_league(league.id)).final_posting == "n1"  # the final table owed, by one nonce
        assert await store.claim_due_leagues(1100.0) == []  # still claimed (lease 120 s)
        [owed] = await store.claim_due_leagues(1121.0)  # the lease ran out, the table not recorded: again
        assert (owed.id, owed.status, owed.final_posting) == (league.id, "closed", "n1")
        assert await store.mark_final_table_posted(league.id) and not await store.mark_final_table_posted(league.id)
        assert await store.claim_due_leagues(2000.0) == []
        assert await store.join_league(league.id, 30, 1001.0) == NOT_OPEN
        assert (await store.latest_league(1, "tiny")).status == "closed"
    finally:
        for store in stores:
            await store.close()
