-- A match being opened: 1 from its creation until its thread, its opening post (the board, the intro and
-- the ping) and both seats' first panels are out, and the bot's first moves made. A process killed in
-- between (a thread recorded with no post in it, a post with no panels) leaves it 1, and start-up's
-- catch-up (matches_behind) opens the rest; the opening post's nonce is kept in `posting` (013).
ALTER TABLE matches ADD COLUMN opening INTEGER NOT NULL DEFAULT 0;
-- Matches stored without a thread before this upgrade are still being opened.
UPDATE matches SET opening = 1 WHERE thread_id IS NULL AND status = 'active';
-- Start-up looks for the few matches still being opened among every match ever played. Keyed on opening:
-- keyed on id, it lost to matches_timer's status in SQLite's planner, which then read every active match.
CREATE INDEX matches_opening ON matches (opening) WHERE opening = 1 AND status = 'active';
