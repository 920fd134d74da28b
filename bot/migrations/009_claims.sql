-- Several bot processes on one database (issue 17): a process's timekeeper claims a due challenge for a
-- while (a lease) so that no other process expires it at the same time. Due matches are claimed by
-- moving their next_timer_at, which needs no column.
ALTER TABLE challenges ADD COLUMN claimed_until REAL;
-- Start-up looks for matches whose thread lags their state: few, among every match ever played.
CREATE INDEX matches_unposted ON matches (id) WHERE posted_version < version;
