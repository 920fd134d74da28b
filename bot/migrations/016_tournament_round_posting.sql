-- The nonce of the tournament round's channel post being sent and not yet recorded (NULL: none): its
-- pairings, its standings, the winner after the last round. Written before the post is sent and cleared by
-- the record that follows (mark_round_posted): after a kill between the two, the restart looks for the post
-- in the channel instead of posting it again, also once Discord has forgotten its enforced nonce (a few
-- minutes), as matches.posting (013) does for a thread.
ALTER TABLE tournament_rounds ADD COLUMN posting TEXT;
-- A round closed and not yet recorded as posted: the last round's standings and winner, when a kill left
-- them unposted (or unrecorded) after the round finished the tournament: the timekeeper claims a finished
-- tournament with such a round, to post them (claim_live_tournaments).
CREATE INDEX tournament_rounds_unposted ON tournament_rounds (tournament_id) WHERE posted < 2 AND closed_at IS NOT NULL;
