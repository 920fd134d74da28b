-- Per-player preferences that follow a member into every match.
-- always_stop: be asked at every response window (Afterlife instants), whether or not a usable card is
-- held, so that a pause tells the opponent nothing.
ALTER TABLE users ADD COLUMN always_stop INTEGER NOT NULL DEFAULT 0;
