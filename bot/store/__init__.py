"""The store: numbered migrations, challenges, matches with an optimistic ``version``, decision log.

Runs on SQLite (a file path, one connection) or PostgreSQL (a ``postgresql://`` URL, an asyncpg pool)
through ``bot.db``; the SQL is written once, with a dialect branch only where the two must differ.

One decision is one transaction: the match row is updated ``WHERE version = ?`` and the decision is
appended in the same transaction, so a stale or repeated click can never half-apply.

The SQL is grouped by table in plain functions whose first argument is the store (``connection``):
``migrations``, ``challenges``, ``matches``, ``decisions``, ``players``, ``lessons``, ``reviews``, ``decks``,
``tournaments`` and ``leagues``; ``rows`` holds the row types. ``Store`` is the one object the bot holds: its
class body binds those functions as its methods, so it reads as the table of contents of what the store can
do, with no mixin and no forwarding code.
This package's names below (``Store``, ``open_store``, the row types) are what the rest of the bot imports.
"""

from __future__ import annotations

from pathlib import Path

from bot.db import open_database
from bot.store import (
    challenges,
    decisions,
    decks,
    leagues,
    lessons,
    matches,
    migrations,
    players,
    reviews,
    tournaments,
)
from bot.store.connection import Connection
from bot.store.rows import (
    OPEN_OPPONENT,
    ActiveMatchLimit,
    ChallengeAlreadyOpen,
    ChallengeRow,
    DecisionCommit,
    DeckLimitReached,
    DeckNameTaken,
    DeckRow,
    MatchRow,
    valid_id,
)

__all__ = ["OPEN_OPPONENT", "ActiveMatchLimit", "ChallengeAlreadyOpen", "ChallengeRow", "DecisionCommit",
           "DeckLimitReached", "DeckNameTaken", "DeckRow", "MatchRow", "Store", "open_store", "valid_id"]


class Store(Connection):
    """The bot's store. Each method is the function of the same name in the module named above its group."""

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """A ``postgresql://`` URL opens PostgreSQL (asyncpg pool); anything else is a SQLite file path."""
        db = await open_database(target)
        store = cls(db)
        try:
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    # the schema (bot/store/migrations.py)
    migrate = migrations.migrate
    schema_version = migrations.schema_version
    journal_mode = migrations.journal_mode

    # challenges (bot/store/challenges.py)
    create_challenge = challenges.create_challenge
    ask_rematch = challenges.ask_rematch
    set_challenge_message = challenges.set_challenge_message
    get_challenge = challenges.get_challenge
    close_challenge = challenges.close_challenge
    claim_due_challenges = challenges.claim_due_challenges
    open_challenge_between = challenges.open_challenge_between

    # matches outside a decision, timers (bot/store/matches.py)
    create_match = matches.create_match
    get_match = matches.get_match
    match_and_vacations = matches.match_and_vacations
    refresh_match = matches.refresh_match
    match_versions = matches.match_versions
    match_by_thread = matches.match_by_thread
    set_thread = matches.set_thread
    set_dm_ok = matches.set_dm_ok
    mark_opened = matches.mark_opened
    matches_behind = matches.matches_behind
    set_timer = matches.set_timer
    claim_due_timers = matches.claim_due_timers
    active_matches_of = matches.active_matches_of
    active_matches_in_channel = matches.active_matches_in_channel
    count_active = matches.count_active
    count_matches = matches.count_matches

    # a decision's transaction, the log and the thread's outbox (bot/store/decisions.py)
    commit_decision = decisions.commit_decision
    decision_log = decisions.decision_log
    unposted = decisions.unposted
    unposted_with_keys = decisions.unposted_with_keys
    mark_posted = decisions.mark_posted
    set_posting = decisions.set_posting
    set_dm_panel = decisions.set_dm_panel

    # ratings, history, series, vacations, users, guild settings (bot/store/players.py)
    rating = players.rating
    leaderboard = players.leaderboard
    rank_of = players.rank_of
    rating_changes = players.rating_changes
    rating_history = players.rating_history
    finished_matches_of = players.finished_matches_of
    move_times = players.move_times
    series_matches = players.series_matches
    vacation_until = players.vacation_until
    vacation_used = players.vacation_used
    start_vacation = players.start_vacation
    end_vacation = players.end_vacation
    remember_user = players.remember_user
    user_names = players.user_names
    set_always_stop = players.set_always_stop
    always_stop = players.always_stop
    set_notify = players.set_notify
    notify_prefs = players.notify_prefs
    user_locale = players.user_locale
    guild_settings = players.guild_settings
    set_guild_setting = players.set_guild_setting

    # lessons: the active lesson, the coach's tips seen (bot/store/lessons.py)
    active_lesson_of = lessons.active_lesson_of
    tips_to_show = lessons.tips_to_show
    tips_seen = lessons.tips_seen
    # post-game reviews, one per match and seat (bot/store/reviews.py)
    review_of = reviews.review_of
    keep_review = reviews.keep_review

    # saved decks (bot/store/decks.py)
    list_decks = decks.list_decks
    get_deck = decks.get_deck
    get_deck_by_id = decks.get_deck_by_id
    create_deck = decks.create_deck
    save_deck_cards = decks.save_deck_cards
    rename_deck = decks.rename_deck
    delete_deck = decks.delete_deck

    # tournaments, entrants, rounds and boards (bot/store/tournaments.py)
    create_tournament = tournaments.create_tournament
    set_tournament_message = tournaments.set_tournament_message
    get_tournament = tournaments.get_tournament
    tournaments_of_guild = tournaments.tournaments_of_guild
    join_tournament = tournaments.join_tournament
    leave_tournament = tournaments.leave_tournament
    withdraw = tournaments.withdraw
    entrants = tournaments.entrants
    cancel_tournament = tournaments.cancel_tournament
    pair_next_round = tournaments.pair_next_round
    boards = tournaments.boards
    rounds_of = tournaments.rounds_of
    board_of_match = tournaments.board_of_match
    record_results = tournaments.record_results
    close_round = tournaments.close_round
    mark_round_posted = tournaments.mark_round_posted
    set_round_posting = tournaments.set_round_posting
    claim_live_tournaments = tournaments.claim_live_tournaments
    release_tournament = tournaments.release_tournament

    # league seasons and their members (bot/store/leagues.py)
    create_league = leagues.create_league
    get_league = leagues.get_league
    latest_league = leagues.latest_league
    join_league = leagues.join_league
    leave_league = leagues.leave_league
    league_members = leagues.league_members
    season_matches = leagues.season_matches
    claim_due_leagues = leagues.claim_due_leagues
    close_league = leagues.close_league
    mark_final_table_posted = leagues.mark_final_table_posted


async def open_store(target: str | Path) -> Store:
    """The store at ``target``: a ``postgresql://`` URL (PostgreSQL, pooled) or a SQLite file path."""
    return await Store.open(target)
