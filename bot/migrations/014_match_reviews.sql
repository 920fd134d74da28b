-- The post-game review (issue 25): the few decisions of a seat where the bot player's evaluation of its
-- position dropped most. A search over the whole match, so it is computed once per match and seat and
-- kept: a burst of Review clicks, another process or a restart reads it back.
CREATE TABLE match_reviews (
    match_id   INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    mistakes   TEXT    NOT NULL,  -- JSON list of bot.ai.advice.Mistake (to_json)
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
