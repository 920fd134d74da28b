-- The nonce of a league's final-table post, owed since the season closed and not yet recorded as posted
-- (NULL: nothing owed). Written in the same statement that closes the season, before the post is sent, and
-- cleared by the record that follows (mark_final_table_posted): after a kill between the close and the post
-- the timekeeper claims the closed season again and posts it; after a kill between the post and its record
-- the restart finds the post in the channel instead of posting it again, also once Discord has forgotten its
-- enforced nonce (a few minutes), as tournament_rounds.posting (016) does for a round's posts.
ALTER TABLE leagues ADD COLUMN final_posting TEXT;
-- The timekeeper's claim looks for the seasons whose final table is owed: few, among every season ever closed.
CREATE INDEX leagues_final_owed ON leagues (id) WHERE final_posting IS NOT NULL;
