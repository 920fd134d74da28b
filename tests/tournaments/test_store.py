"""The tournament tables on both backends (a real SQLite file, a real PostgreSQL server): sign-up, a round
paired once by processes racing, a board's match created once, results, rounds closed once, withdrawals."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.db import POSTGRES, SQLITE
from bot.store import open_store
from bot.store.tournaments import ALREADY_IN, CLOSED, FULL, JOINED
from bot.tournaments.rounds import next_boards, total_rounds

DAY = 86400.0


@pytest.fixture(params=[SQLITE, POSTGRES])
def target(request, tmp_path) -> str:
    if request.param == POSTGRES:
        return request.getfixturevalue("postgres_cluster").new_database()
    return str(tmp_path / "shared.sqlite3")


@contextlib.asynccontextmanager
async def processes(target, count: int):
    stores = [await open_store(target) for _ in range(count)]
    try:
        yield stores
    finally:
        for store in stores:
            await store.close()


async def new_tournament(store, *, fmt="swiss", rounds=3, max_players=8) -> int:
    return await store.create_tournament(
        guild_id=1, channel_id=2, organizer_id=99, game="tiny", format=fmt, rounds=rounds, days=3, round_days=7,
        rated=False, options={}, max_players=max_players, locale="en", starts_at=100.0, now=0.0)


def pair(tournament, people, history):
    players = [person.user_id for person in people]
    withdrawn = frozenset(person.user_id for person in people if person.withdrawn)
    round_no = tournament.current_round + 1
    return (total_rounds(tournament.format, len(players), tournament.rounds),
            next_boards(tournament.format, round_no, players, withdrawn, history))


async def start_board_match(store, tournament_id: int, board) -> int | None:
    return await store.create_match(
        game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=(board.seat0, board.seat1),
        bot_seat=None, days=3, locale="en", state={"x": 0}, panels={"0": 0}, now=0.0, deadline=10.0,
        next_timer_at=5.0, tournament_board=(tournament_id, board.round, board.board))


async def finish(store, match_id: int, winner: int | None) -> None:
    await store.db.execute("UPDATE matches SET status = 'finished', winner = ? WHERE id = ?", (winner, match_id))


async def test_sign_up_is_held_to_its_limit_and_closes_when_round_one_is_paired(target):
    async with processes(target, 3) as stores:
        tournament_id = await new_tournament(stores[0], max_players=5)
        # Eight members press Join at once on three processes: five get in, in one seed order.
        answers = await asyncio.gather(*(stores[user % 3].join_tournament(tournament_id, user, 1.0)
                                         for user in range(10, 18)))
        assert sorted(answers) == sorted([JOINED] * 5 + [FULL] * 3)
        people = await stores[0].entrants(tournament_id)
        assert [person.seed for person in people] == [1, 2, 3, 4, 5]
        joined = people[0].user_id
        assert await stores[1].join_tournament(tournament_id, joined, 2.0) == ALREADY_IN
        assert await stores[1].leave_tournament(tournament_id, joined)
        assert not await stores[1].leave_tournament(tournament_id, joined)
        assert len(await stores[0].entrants(tournament_id)) == 4
        assert await stores[0].pair_next_round(tournament_id, 1, 100.0, pair)
        assert await stores[2].join_tournament(tournament_id, 50, 101.0) == CLOSED
        assert not await stores[2].leave_tournament(tournament_id, people[1].user_id)


async def test_a_round_is_paired_once_and_each_board_gets_one_match_across_processes(target):
    async with processes(target, 4) as stores:
        tournament_id = await new_tournament(stores[0], rounds=2)
        for user in range(10, 17):  # seven: one bye a round
            await stores[0].join_tournament(tournament_id, user, 1.0)
        results = await asyncio.gather(*(store.pair_next_round(tournament_id, 1, 100.0, pair) for store in stores))
        [paired] = [boards for boards in results if boards is not None]
        assert len(paired) == 4 and sum(board.seat1 is None for board in paired) == 1
        assert await stores[0].pair_next_round(tournament_id, 2, 100.0, pair) is None  # round 1 still open
        games = [board for board in paired if board.seat1 is not None]
        created = await asyncio.gather(*(start_board_match(store, tournament_id, board)
                                         for board in games for store in stores))
        assert len([match for match in created if match is not None]) == 3
        assert await stores[0].count_matches() == 3
        stored = await stores[0].boards(tournament_id)
        assert all(board.match_id is not None for board in stored if board.seat1 is not None)
        assert not await stores[0].close_round(tournament_id, 1, 200.0)  # matches still running
        for board in stored:
            if board.match_id is not None:
                await finish(stores[0], board.match_id, board.board % 2 or None)  # wins and draws
        assert await stores[1].record_results(tournament_id) == 3
        assert await stores[2].record_results(tournament_id) == 0
        closed = await asyncio.gather(*(store.close_round(tournament_id, 1, 200.0) for store in stores))
        assert closed.count(True) == 1
        outcomes = {board.board: board.outcome for board in await stores[0].boards(tournament_id)}
        assert sorted(outcomes.values()) == ["bye", "draw", "seat1", "seat1"]
        second = await asyncio.gather(*(store.pair_next_round(tournament_id, 2, 300.0, pair) for store in stores))
        [round_two] = [boards for boards in second if boards is not None]
        byes = [board.seat0 for board in await stores[0].boards(tournament_id) if board.seat1 is None]
        assert len(set(byes)) == 2  # nobody had the bye twice
        [rounds_row] = [row for row in await stores[0].rounds_of(tournament_id) if row.round == 2]
        assert rounds_row.deadline == 300.0 + 7 * DAY and rounds_row.closed_at is None
        assert len(round_two) == 4


async def test_the_last_round_finishes_the_tournament_and_withdrawals_stop_pairing(target):
    async with processes(target, 1) as (store,):
        tournament_id = await new_tournament(store, fmt="round_robin")
        for user in (10, 11, 12, 13):
            await store.join_tournament(tournament_id, user, 1.0)
        for round_no in (1, 2, 3):
            boards = await store.pair_next_round(tournament_id, round_no, 100.0 * round_no, pair)
            assert boards is not None
            if round_no == 2:
                withdrew, running = await store.withdraw(tournament_id, 13, 150.0)
                assert withdrew and len(running) == 0  # no board of round 2 has a match yet
                assert await store.withdraw(tournament_id, 13, 151.0) == (False, [])
            for board in boards:
                if board.seat1 is not None:
                    match_id = await start_board_match(store, tournament_id, board)
                    await finish(store, match_id, 0)
            await store.record_results(tournament_id)
            assert await store.close_round(tournament_id, round_no, 100.0 * round_no + 50)
        tournament = await store.get_tournament(tournament_id)
        assert tournament.status == "finished" and tournament.rounds == 3
        round_three = [board for board in await store.boards(tournament_id) if board.round == 3]
        assert 13 not in {player for board in round_three for player in (board.seat0, board.seat1)}
        assert any(board.seat1 is None for board in round_three)  # 13's opponent had a bye
        assert await store.pair_next_round(tournament_id, 4, 500.0, pair) is None
        assert not await store.cancel_tournament(tournament_id, 600.0)


async def test_due_tournaments_are_claimed_by_one_process_for_a_lease(target):
    async with processes(target, 3) as stores:
        due = await new_tournament(stores[0])
        await stores[0].create_tournament(
            guild_id=1, channel_id=2, organizer_id=99, game="tiny", format="swiss", rounds=3, days=3,
            round_days=7, rated=False, options={}, max_players=8, locale="en", starts_at=1000.0, now=0.0)
        claims = await asyncio.gather(*(store.claim_live_tournaments(150.0) for store in stores))
        assert sorted(row.id for claim in claims for row in claim) == [due]
        assert await stores[0].claim_live_tournaments(200.0) == []
        assert [row.id for row in await stores[1].claim_live_tournaments(300.0)] == [due]  # the lease ended
        assert await stores[0].cancel_tournament(due, 301.0)
        assert await stores[0].claim_live_tournaments(1000.0) != []  # the other one, now due
