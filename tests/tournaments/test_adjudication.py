"""A tournament round's deadline adjudicates an unfinished match (docs/TOURNAMENTS.md): the waiting seat wins
as its timeout claim would, or a draw when both seats (or neither) owe a decision; either way the match
still replays from its log to the same result."""

from __future__ import annotations

from bot import replay
from bot.match import MatchService


async def start(service: MatchService):
    return await service.start(game_id="tiny", options={"length": "short"}, seed=3, guild_id=1, channel_id=2,
                               players=(10, 20), bot_seat=None, days=2, locale="en")


async def replayed(store, match_id: int):
    match = await store.get_match(match_id)
    log = [(seat, choice) for seat, choice in await store.decision_log(match_id)]
    return replay.replay_states(replay.from_match(match, log, ("A", "B")))[1]


async def test_the_waiting_seat_wins_and_two_owing_seats_draw(store, clock):
    service = MatchService(store, clock)
    both_owe = await start(service)  # the tiny game opens with two secret picks
    drawn = await service.adjudicate(both_owe.id)
    assert drawn.after.status == "finished" and drawn.after.winner is None
    assert drawn.after.result_reason == "adjudicated"
    assert (await replayed(store, both_owe.id)).winner is None
    assert await service.adjudicate(both_owe.id) is None  # over already: nothing more

    one_owes = await start(service)
    await service.decide(one_owes.id, 10, 0, ["pick:5"])  # seat 0 answered; seat 1 still owes
    won = await service.adjudicate(one_owes.id)
    assert won.after.winner == 0 and won.after.result_reason == "timeout"
    outcome = await replayed(store, one_owes.id)
    assert (outcome.winner, outcome.reason) == (0, "timeout")
