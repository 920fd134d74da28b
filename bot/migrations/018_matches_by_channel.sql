-- The Activity's launcher lists the active matches whose threads were opened under a channel
-- (active_matches_in_channel): without an index it read every active match of the server. Partial, like
-- matches_opening (015): finished matches, nearly all rows in time, are not in it.
CREATE INDEX matches_channel_active ON matches (guild_id, channel_id, id) WHERE status = 'active';
