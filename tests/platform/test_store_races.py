"""Check-then-act races in the store (issue 24), on both backends with real concurrency: several stores on
one database (each its own SQLite connection or PostgreSQL pool, as that many bot processes) send their
requests at once. The check and the write it guards are one transaction, so a burst of /challenge makes one
challenge, challenges accepted at once never pass the active-match limit, and the Rematch presses of both
players meet in one challenge and one match."""

from __future__ import annotations

import asyncio

from bot.store import OPEN_OPPONENT, ActiveMatchLimit, ChallengeAlreadyOpen, DecisionCommit, Store
from bot.store.challenges import REMATCH_ACCEPT, REMATCH_ALREADY_ASKED, REMATCH_ASKED, REMATCH_TAKEN
from tests.platform.test_store import separate_stores, target  # noqa: F401  (target: the fixture)

LIMIT = 3


def _challenge(store: Store, challenger: int, opponent: int, **guards):
    return store.create_challenge(guild_id=1, channel_id=2, game="tiny", options={}, days=3, locale="en",
                                  challenger_id=challenger, opponent_id=opponent, now=0.0, expires_at=100.0,
                                  **guards)


def _accept(store: Store, challenge_id: int, players: tuple[int, int], limit: int | None = LIMIT):
    return store.create_match(game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=players,
                              bot_seat=None, days=3, locale="en", state={}, panels={}, now=0.0, deadline=10.0,
                              next_timer_at=5.0, challenge_id=challenge_id, active_limit=limit)


async def _open_challenges(store: Store) -> int:
    return await store.db.fetchval("SELECT COUNT(*) FROM challenges WHERE status = 'open'")


def _split(outcomes: list) -> tuple[list, list[BaseException]]:
    done = [outcome for outcome in outcomes if not isinstance(outcome, BaseException)]
    return done, [outcome for outcome in outcomes if isinstance(outcome, BaseException)]


async def test_a_burst_of_the_same_challenge_stores_one(target):  # noqa: F811
    async with separate_stores(target, 4) as processes:
        # Ten at once from member 10 to member 20, two of them the other way round.
        pairs = [(10, 20)] * 8 + [(20, 10)] * 2
        outcomes = await asyncio.gather(
            *(_challenge(processes[index % 4], a, b, single_open=True, active_limit=LIMIT)
              for index, (a, b) in enumerate(pairs)), return_exceptions=True)
        created, refused = _split(outcomes)
        assert len(created) == 1 and len(refused) == 9
        assert all(isinstance(error, ChallengeAlreadyOpen) for error in refused), refused
        # Open challenges (anyone may accept): one per challenger at a time, too.
        outcomes = await asyncio.gather(
            *(_challenge(processes[index % 4], 30, OPEN_OPPONENT, single_open=True, active_limit=LIMIT)
              for index in range(6)), return_exceptions=True)
        created, refused = _split(outcomes)
        assert len(created) == 1 and all(isinstance(error, ChallengeAlreadyOpen) for error in refused)
        assert await _open_challenges(processes[0]) == 2


async def test_challenges_accepted_at_once_never_pass_the_active_match_limit(target):  # noqa: F811
    async with separate_stores(target, 5) as processes:
        challengers = [100 + index for index in range(5)]
        ids = [await _challenge(processes[0], challenger, 20) for challenger in challengers]
        outcomes = await asyncio.gather(
            *(_accept(processes[index], challenge_id, (challengers[index], 20))
              for index, challenge_id in enumerate(ids)), return_exceptions=True)
        started, refused = _split(outcomes)
        assert len(started) == LIMIT and all(isinstance(match_id, int) for match_id in started)
        assert len(refused) == 5 - LIMIT
        assert all(isinstance(error, ActiveMatchLimit) and (error.user_id, error.limit) == (20, LIMIT)
                   for error in refused), refused
        assert await processes[0].count_active(20) == LIMIT
        assert await _open_challenges(processes[0]) == 5 - LIMIT  # the refused ones stay open, untouched


async def test_a_challenge_is_refused_in_its_own_transaction_at_the_limit(target):  # noqa: F811
    async with separate_stores(target, 2) as processes:
        for index in range(LIMIT):
            await _accept(processes[0], await _challenge(processes[0], 40 + index, 20), (40 + index, 20))
        # Member 20 is at the limit: challenging them, or by them, is refused; nothing is stored.
        for challenger, opponent in ((50, 20), (20, 50)):
            try:
                await _challenge(processes[1], challenger, opponent, single_open=True, active_limit=LIMIT)
            except ActiveMatchLimit as refusal:
                assert refusal.user_id == 20
            else:
                raise AssertionError("a challenge involving a member at the limit was stored")
        assert await _open_challenges(processes[0]) == 0


def _finish(match_id: int) -> DecisionCommit:
    return DecisionCommit(match_id=match_id, expected_version=0, state={}, panels={}, seat=1, choice=["!resign"],
                          user_id=20, now=1.0, turn_started=1.0, deadline=1.0, timer_stage=0, next_timer_at=None,
                          status="finished", winner=0, result_reason="resign")


def _press(store: Store, match_id: int, user: int, opponent: int):
    return store.ask_rematch(match_id=match_id, user_id=user, opponent_id=opponent, guild_id=1, channel_id=2,
                             game="tiny", options={}, days=3, locale="en", rated=True, now=2.0, expires_at=100.0,
                             active_limit=LIMIT)


async def test_rematch_presses_of_both_players_at_once_meet_in_one_challenge_and_one_match(target):  # noqa: F811
    async with separate_stores(target, 4) as processes:
        finished = await processes[0].create_match(
            game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=(10, 20), bot_seat=None, days=3,
            locale="en", state={}, panels={}, now=0.0, deadline=10.0, next_timer_at=None)
        assert await processes[0].commit_decision(_finish(finished))
        presses = [(10, 20), (20, 10)] * 5  # both players press Rematch five times, all at once
        outcomes = await asyncio.gather(*(_press(processes[index % 4], finished, user, opponent)
                                          for index, (user, opponent) in enumerate(presses)))
        asked = [challenge for outcome, challenge in outcomes if outcome == REMATCH_ASKED]
        assert len(asked) == 1
        [challenge] = asked
        asker = challenge.challenger_id
        for (user, _), (outcome, seen) in zip(presses, outcomes, strict=True):
            assert seen.id == challenge.id  # every press saw the one challenge
            assert outcome in ((REMATCH_ASKED, REMATCH_ALREADY_ASKED) if user == asker else (REMATCH_ACCEPT,))
        # The other player's five presses each try to start it, at once: one match.
        accepts = [(index, seen) for index, (outcome, seen) in enumerate(outcomes) if outcome == REMATCH_ACCEPT]
        started = await asyncio.gather(*(_accept(processes[index % 4], seen.id, (20, 10)) for index, seen in accepts))
        assert len([match_id for match_id in started if match_id is not None]) == 1
        assert await processes[0].db.fetchval("SELECT COUNT(*) FROM challenges WHERE rematch_of = ?",
                                              (finished,)) == 1
        assert await processes[0].count_matches() == 2 and await _open_challenges(processes[0]) == 0
        # Presses after it started: taken, nothing new.
        again = await asyncio.gather(*(_press(processes[index], finished, user, opponent)
                                       for index, (user, opponent) in enumerate(presses[:4])))
        assert {outcome for outcome, _ in again} == {REMATCH_TAKEN}
