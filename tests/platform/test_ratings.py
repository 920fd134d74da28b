"""Ratings (issue 15): Glicko-2 through the library, applied in the finishing transaction exactly once,
and a database written before the player features upgrading without loss."""

from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.db import INTEGRITY_ERRORS, POSTGRES
from bot.ratings import PROVISIONAL_RD, Rating, expected_score, rate_pair
from bot.store import DecisionCommit, Store
from bot.store.migrations import MIGRATIONS, statements

ratings = st.builds(Rating, st.floats(800, 2400), st.floats(40, 350), st.floats(0.03, 0.09))


@given(ratings, ratings, st.sampled_from([0.0, 0.5, 1.0]))
def test_each_change_has_the_sign_of_score_minus_expectation(a, b, score):
    new_a, new_b = rate_pair(a, b, score)
    for before, after, own_score, opponent in ((a, new_a, score, b), (b, new_b, 1 - score, a)):
        surprise = own_score - expected_score(before, opponent)
        change = after.rating - before.rating
        assert change * surprise >= -1e-9
        # A game only informs: Glicko-2's step 6 widens the deviation by the *updated* volatility, then
        # the game narrows it, so the new deviation never exceeds sqrt(rd^2 + (new vol)^2).
        assert after.rd <= (before.rd ** 2 + (after.vol * 173.7178) ** 2) ** 0.5 + 1e-6


@given(st.floats(900, 2300), st.floats(40, 350), st.sampled_from([0.0, 0.5, 1.0]), st.floats(-300, 300))
def test_equal_deviations_make_the_changes_cancel_out(base, rd, score, gap):
    a, b = Rating(base, rd), Rating(base + gap, rd)
    new_a, new_b = rate_pair(a, b, score)
    assert abs((new_a.rating - a.rating) + (new_b.rating - b.rating)) < 1e-3  # volatility solver tolerance
    assert abs(expected_score(a, b) + expected_score(b, a) - 1) < 1e-9


def test_glickman_reference_values():
    # Glickman's worked example, one game at a time is not his rating period: check the first game alone
    # against the formula's value computed independently (E = 0.639, g = 0.9955).
    new, _ = rate_pair(Rating(1500, 200), Rating(1400, 30), 1.0)
    assert 1562 < new.rating < 1565 and new.rd < 200
    assert rate_pair(Rating(), Rating(), 0.5)[0].rating == pytest.approx(1500)
    assert Rating().provisional and not Rating(rd=PROVISIONAL_RD - 1).provisional


async def _rated_match(store: Store, rated: bool = True, bot_seat: int | None = None) -> int:
    return await store.create_match(game="tiny", options={}, seed=1, guild_id=5, channel_id=6, players=(10, 20),
                                     bot_seat=bot_seat, days=3, locale="en", state={"n": 0}, panels={}, now=100.0,
                                     deadline=400.0, next_timer_at=None, rated=rated)


def _finish(match_id: int, version: int = 0, winner: int | None = 0) -> DecisionCommit:
    return DecisionCommit(match_id=match_id, expected_version=version, state={"n": 1}, panels={}, seat=1,
                          choice=["!resign"], user_id=20, now=200.0, turn_started=200.0, deadline=500.0,
                          timer_stage=0, next_timer_at=None, status="finished", winner=winner,
                          result_reason="resign")


async def test_the_finishing_transaction_rates_once(store: Store):
    match_id = await _rated_match(store)
    assert await store.commit_decision(_finish(match_id))
    assert not await store.commit_decision(_finish(match_id))  # a retried finish: version moved on
    winner, loser = await store.rating(5, "tiny", 10), await store.rating(5, "tiny", 20)
    expected = rate_pair(Rating(), Rating(), 1.0)
    assert winner["rating"] == pytest.approx(expected[0].rating) and winner["wins"] == 1
    assert loser["rating"] == pytest.approx(expected[1].rating) and loser["losses"] == 1
    assert set(await store.rating_changes(match_id)) == {10, 20}
    assert (await store.get_match(match_id)).finished_at == 200.0
    assert await store.rank_of(5, "tiny", 20) == (2, 2)


async def test_a_crash_inside_the_finishing_transaction_applies_nothing_and_the_retry_applies_once(store: Store):
    match_id = await _rated_match(store)
    # The disk "fails" while the second rating row is written: the whole decision rolls back.
    await _crash_on_second_rating_row(store)
    with pytest.raises(INTEGRITY_ERRORS):
        await store.commit_decision(_finish(match_id))
    match = await store.get_match(match_id)
    assert match.status == "active" and match.version == 0 and await store.decision_log(match_id) == []
    assert await store.rating(5, "tiny", 10) is None and await store.rating_changes(match_id) == {}
    await store.db.execute("DROP TRIGGER crash ON rating_changes" if store.dialect == POSTGRES else "DROP TRIGGER crash")
    assert await store.commit_decision(_finish(match_id))  # the retry after the restart
    assert (await store.rating(5, "tiny", 10))["wins"] == 1
    assert len(await store.rating_history(5, "tiny", 10)) == 1


async def _crash_on_second_rating_row(store: Store) -> None:
    if store.dialect == POSTGRES:
        await store.db.execute(
            "CREATE FUNCTION crash() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.user_id = 20 THEN"
            " RAISE EXCEPTION 'crash' USING ERRCODE = 'integrity_constraint_violation'; END IF; RETURN NEW; END $$")
        await store.db.execute("CREATE TRIGGER crash BEFORE INSERT ON rating_changes FOR EACH ROW EXECUTE FUNCTION crash()")
    else:
        await store.db.execute("CREATE TRIGGER crash BEFORE INSERT ON rating_changes WHEN NEW.user_id = 20"
                               " BEGIN SELECT RAISE(ABORT, 'crash'); END")


async def test_unrated_and_bot_matches_are_not_rated(store: Store):
    for match_id in (await _rated_match(store, rated=False), await _rated_match(store, bot_seat=1)):
        assert await store.commit_decision(_finish(match_id, winner=None))
        assert await store.rating_changes(match_id) == {}
    assert await store.leaderboard(5, "tiny") == []


async def test_a_database_of_the_previous_schema_upgrades_and_keeps_every_match(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    for sql in sorted(MIGRATIONS.glob("00[1-5]_*.sql")):  # today's main: migrations 001-005
        for statement in statements(sql.read_text(encoding="utf-8")):
            old.execute(statement)
    old.execute("PRAGMA user_version = 5")
    for match_id, status in ((1, "finished"), (2, "active")):
        old.execute("INSERT INTO matches (id, game, options, seed, guild_id, channel_id, player0, player1, days,"
                    " locale, status, state, version, turn_started, deadline, created_at, updated_at, winner)"
                    " VALUES (?, 'tiny', '{}', 3, 5, 6, 10, 20, 3, 'en', ?, ?, 1, 1.0, 2.0, 1.0, 50.0, 0)",
                    (match_id, status, json.dumps({"n": match_id})))
        old.execute("INSERT INTO decisions (match_id, version, seat, choice, user_id, at, events)"
                    " VALUES (?, 1, 0, '[\"pick:1\"]', 10, 40.0, '[]')", (match_id,))
    old.execute("INSERT INTO challenges (guild_id, channel_id, game, options, days, locale, challenger_id,"
                " opponent_id, status, created_at, expires_at) VALUES (5, 6, 'tiny', '{}', 3, 'en', 10, 20,"
                " 'open', 1.0, 99.0)")
    old.commit()
    old.close()
    store = await Store.open(path)
    try:
        assert await store.count_matches() == 2
        finished, active = await store.get_match(1), await store.get_match(2)
        assert finished.state == {"n": 1} and finished.finished_at == 50.0 and not finished.rated
        assert active.status == "active" and active.finished_at is None and active.series_id is None
        assert await store.decision_log(1) == [(0, ["pick:1"])]
        challenge = await store.get_challenge(1)
        assert challenge.status == "open" and challenge.rated == 0 and challenge.rematch_of is None
        assert [m.id for m in await store.finished_matches_of(10, 5)] == [1]
        assert await store.schema_version() >= 6
    finally:
        await store.close()
