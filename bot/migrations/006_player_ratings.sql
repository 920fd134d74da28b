-- Player features (issue 15): Glicko-2 ratings per game per server, rated/unrated matches, rematch
-- series, and the time a match finished (history, stats).
-- A match is rated when its challenge said so; matches that existed before this migration were not.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN series_id INTEGER;           -- id of the first match of a rematch series
ALTER TABLE matches ADD COLUMN finished_at REAL;
UPDATE matches SET finished_at = updated_at WHERE status = 'finished';
CREATE INDEX matches_series ON matches (series_id);
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER;        -- the finished match this challenge repeats

-- The current rating of a member in one game on one server, with its finished rated matches.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,
    rd         REAL    NOT NULL,                 -- rating deviation; provisional while it is high
    vol        REAL    NOT NULL,                 -- Glicko-2 volatility
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, rating);

-- One row per player per rated match, written in the transaction that finishes the match. The primary
-- key makes a second application of the same match impossible.
CREATE TABLE rating_changes (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    user_id   INTEGER NOT NULL,
    guild_id  INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    before    REAL    NOT NULL,
    after     REAL    NOT NULL,
    rd_before REAL    NOT NULL,
    rd_after  REAL    NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX rating_changes_user ON rating_changes (guild_id, game, user_id, at);
