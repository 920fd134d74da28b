-- Vacations (issue 15): a member pauses the clocks of all their matches, at most 14 days in any 30.
-- A vacation ended early keeps its row with ends_at moved to the time it ended.
CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    started_at REAL    NOT NULL,
    ends_at    REAL    NOT NULL
);
CREATE INDEX vacations_user ON vacations (user_id, ends_at);
