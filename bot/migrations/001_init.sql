-- Duel Table schema v1. Times are UNIX seconds (REAL). Ids are Discord snowflakes.

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL,          -- JSON object of the game's match options
    days          INTEGER NOT NULL,
    locale        TEXT    NOT NULL,          -- locale of thread posts and board images
    challenger_id INTEGER NOT NULL,
    opponent_id   INTEGER NOT NULL,
    status        TEXT    NOT NULL,          -- open | accepted | declined | cancelled | expired
    created_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL,
    match_id      INTEGER
);
CREATE INDEX challenges_open ON challenges (status, expires_at);

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL,
    seed          INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    player0       INTEGER NOT NULL,          -- seat 0: the challenger
    player1       INTEGER NOT NULL,          -- seat 1: the opponent (may be the bot itself)
    bot_seat      INTEGER,                   -- the seat played by the built-in bot player, if any
    days          INTEGER NOT NULL,
    locale        TEXT    NOT NULL,
    status        TEXT    NOT NULL,          -- active | finished
    state         TEXT    NOT NULL,          -- engine state JSON
    version       INTEGER NOT NULL DEFAULT 0,
    panels        TEXT    NOT NULL DEFAULT '{}',  -- per seat: version at which its decision was issued
    dm_ok         TEXT    NOT NULL DEFAULT '[true, true]',
    turn_started  REAL    NOT NULL,
    deadline      REAL    NOT NULL,
    timer_stage   INTEGER NOT NULL DEFAULT 0,  -- 0 none sent, 1 half-way sent, 2 12h sent, 3 claim offered
    next_timer_at REAL,                        -- when the timekeeper must look at this match next
    winner        INTEGER,                     -- seat, or NULL (draw or running)
    result_reason TEXT,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);
CREATE INDEX matches_timer ON matches (status, next_timer_at);
CREATE INDEX matches_player0 ON matches (player0, status);
CREATE INDEX matches_player1 ON matches (player1, status);
CREATE INDEX matches_thread ON matches (thread_id);

-- Append-only: one row per applied decision, so a match replays from (seed, options, log).
CREATE TABLE decisions (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    version    INTEGER NOT NULL,               -- match version after this decision
    seat       INTEGER NOT NULL,
    choice     TEXT    NOT NULL,               -- JSON list of option ids; ["!resign"] etc. for platform moves
    user_id    INTEGER,
    at         REAL    NOT NULL,
    PRIMARY KEY (match_id, version)
);

CREATE TABLE users (
    user_id    INTEGER PRIMARY KEY,
    locale     TEXT    NOT NULL,
    updated_at REAL    NOT NULL
);

CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    locale        TEXT,
    inline_lookup INTEGER NOT NULL DEFAULT 1
);
