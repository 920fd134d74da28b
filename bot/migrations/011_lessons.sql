-- Lessons (issue 25, /learn): a lesson is an ordinary match against the bot player with kind = 'lesson',
-- so it is stored, published, timed and restarted like any match, but never shown in /stats, /history or
-- a member's favourite side, and never counted toward the active-match limit of normal play.
ALTER TABLE matches ADD COLUMN kind TEXT NOT NULL DEFAULT 'match';  -- match | lesson
-- The coach's tips a learner has been shown, one row per (learner, game, tip): a rule is explained the
-- first time it matters. The match and panel version it was first shown at keep it on that panel when
-- the same panel is drawn again (an edit, a page, a restart), and off every later one.
CREATE TABLE lesson_tips (
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    tip TEXT NOT NULL,
    match_id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    shown_at REAL NOT NULL,
    PRIMARY KEY (user_id, game, tip)
);
