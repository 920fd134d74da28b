-- The nonce of the thread post being sent and not yet recorded (NULL: none). Written before a handover
-- post is sent and cleared by the record that follows it (mark_posted): after a kill between the two, the
-- restart knows the post may exist and brings it up to date instead of posting the handover again, also
-- once Discord has forgotten the post's enforced nonce (a few minutes).
ALTER TABLE matches ADD COLUMN posting TEXT;
