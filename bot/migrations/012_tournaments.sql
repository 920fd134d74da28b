-- Tournaments (issue 28): a server's Swiss or round-robin tournament of one game, its entrants, its rounds
-- and each round's boards. A round's row is written once (its primary key, and the tournament's
-- current_round moved by a conditional update in the same transaction), so two processes pairing the same
-- round at once write it once. A board's match is created in the transaction that records it on the board
-- (tournament_pairings.match_id), so a restart finds both or neither.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,                   -- the sign-up post with Join / Leave
    organizer_id  INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    format        TEXT    NOT NULL,          -- swiss | round_robin | double_round_robin
    rounds        INTEGER NOT NULL,          -- Swiss: as created; round robin: set when it starts
    days          INTEGER NOT NULL,          -- days per move of every match
    round_days    INTEGER NOT NULL,          -- a round's deadline after it is paired
    rated         INTEGER NOT NULL DEFAULT 0,
    options       TEXT    NOT NULL,          -- JSON object of the game's match options (rules)
    max_players   INTEGER NOT NULL,
    locale        TEXT    NOT NULL,
    status        TEXT    NOT NULL,          -- signup | running | finished | cancelled
    starts_at     REAL    NOT NULL,          -- the sign-up deadline: round 1 is paired then
    current_round INTEGER NOT NULL DEFAULT 0,
    created_at    REAL    NOT NULL,
    finished_at   REAL,
    claimed_until REAL                       -- a process's timekeeper lease on it
);
CREATE INDEX tournaments_live ON tournaments (status, guild_id);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    seed          INTEGER NOT NULL,          -- sign-up order, 1 first
    deck          TEXT,                      -- a deck game's deck option, picked privately at sign-up
    joined_at     REAL    NOT NULL,
    withdrawn_at  REAL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    paired_at     REAL    NOT NULL,
    deadline      REAL    NOT NULL,
    closed_at     REAL,
    posted        INTEGER NOT NULL DEFAULT 0,  -- 1 once its pairings were posted, 2 once its standings were
    PRIMARY KEY (tournament_id, round)
);

CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,          -- 1 the top board
    seat0         INTEGER NOT NULL,
    seat1         INTEGER,                   -- NULL: seat0 has the bye
    outcome       TEXT,                      -- seat0 | seat1 | draw | bye; NULL while unplayed
    match_id      INTEGER,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_pairings_match ON tournament_pairings (match_id);

-- /settings organizer_role: members with this role may run tournaments as Manage Server can.
ALTER TABLE guild_settings ADD COLUMN organizer_role INTEGER;

-- Leagues: a season per server and game. Members join; every finished match of that game on that server
-- between two members, created in the season after both joined and finished by its end, counts, up to
-- games_per_pair a pair (the first ones played); a tournament's boards and matches against the bot never do.
CREATE TABLE leagues (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    organizer_id   INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    games_per_pair INTEGER NOT NULL,
    locale         TEXT    NOT NULL,
    status         TEXT    NOT NULL,          -- open | closed
    starts_at      REAL    NOT NULL,
    ends_at        REAL    NOT NULL,
    created_at     REAL    NOT NULL,
    claimed_until  REAL
);
CREATE INDEX leagues_live ON leagues (status, ends_at);

CREATE TABLE league_members (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    user_id   INTEGER NOT NULL,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (league_id, user_id)
);
