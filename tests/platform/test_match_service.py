"""Match lifecycle without Discord: decisions, staleness, secret simultaneous choices, time control."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import IllegalChoice, NotYourDecision, StaleState
from bot.match import DAY, MatchService, NotClaimable, NotInMatch, timer_plan


async def _start(service: MatchService, bot_seat=None):
    return await service.start(game_id="tiny", options={"length": "short"}, seed=3, guild_id=1, channel_id=2,
                               players=(10, 20), bot_seat=bot_seat, days=2, locale="en")


async def test_secret_choices_are_answered_independently(store, clock):
    service = MatchService(store, clock)
    match = await _start(service)
    first = await service.decide(match.id, 10, 0, ["pick:5"])
    # The opponent's buttons were issued at version 0 and stay valid after seat 0's secret answer.
    second = await service.decide(match.id, 20, 0, ["pick:1"])
    assert second.after.state["score"] == [1, 0]
    assert first.after.version == 1 and second.after.version == 2


async def test_repeated_click_is_stale_and_changes_nothing(store, clock):
    service = MatchService(store, clock)
    match = await _start(service)
    await service.decide(match.id, 10, 0, ["pick:5"])
    with pytest.raises(StaleState):
        await service.decide(match.id, 10, 0, ["pick:4"])
    row = await store.get_match(match.id)
    assert row.version == 1 and row.state["hands"][0] == [1, 2, 3, 4]


async def test_two_concurrent_clicks_apply_once(store, clock):
    service = MatchService(store, clock)
    match = await _start(service)
    results = await asyncio.gather(service.decide(match.id, 10, 0, ["pick:3"]),
                                   service.decide(match.id, 10, 0, ["pick:3"]), return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, StaleState) for r in results)
    assert len(await store.decision_log(match.id)) == 1


async def test_illegal_choice_changes_nothing(store, clock):
    service = MatchService(store, clock)
    match = await _start(service)
    with pytest.raises(IllegalChoice):
        await service.decide(match.id, 10, 0, ["pick:9"])
    assert (await store.get_match(match.id)).version == 0


async def test_wrong_user_and_wrong_seat_are_refused(store, clock):
    service = MatchService(store, clock)
    match = await _start(service)
    with pytest.raises(NotInMatch):
        await service.decide(match.id, 99, 0, ["pick:1"])
    await service.decide(match.id, 10, 0, ["pick:5"])
    await service.decide(match.id, 20, 0, ["pick:1"])
    # Now seat 0 (trick winner) must call; seat 1 has nothing to decide at the current version.
    with pytest.raises(NotYourDecision):
        await service.decide(match.id, 20, 2, ["call:heads"])


async def test_bot_player_answers_its_decisions(store, clock):
    service = MatchService(store, clock)
    match = await _start(service, bot_seat=1)
    applied = await service.decide(match.id, 10, 0, ["pick:2"])
    moves = await service.bot_moves(applied.after)
    assert moves and moves[0].seat == 1


async def test_resign_finishes_for_the_other_seat(store, clock):
    service = MatchService(store, clock)
    match = await _start(service)
    applied = await service.resign(match.id, 20)
    assert applied.finished and applied.after.winner == 0 and applied.after.result_reason == "resign"


async def test_claim_win_only_after_deadline_and_only_by_the_waiting_player(store, clock):
    service = MatchService(store, clock)
    match = await _start(service)
    await service.decide(match.id, 10, 0, ["pick:5"])  # seat 1 now owes the move
    with pytest.raises(NotClaimable):
        await service.claim_win(match.id, 10)
    clock.advance(2 * DAY + 1)
    with pytest.raises(NotClaimable):
        await service.claim_win(match.id, 20)  # the late player cannot claim
    applied = await service.claim_win(match.id, 10)
    assert applied.after.winner == 0 and applied.after.result_reason == "timeout"


def test_timer_plan_has_half_way_twelve_hours_before_and_deadline():
    plan = timer_plan(0.0, 3 * DAY)
    assert plan == [(1, 1.5 * DAY), (2, 3 * DAY - 12 * 3600), (3, 3 * DAY)]
    # With one day per move the half-way point *is* twelve hours before: one reminder, not two.
    assert [stage for stage, _ in timer_plan(0.0, DAY)] == [1, 3]
