-- The thread as a conversation, and an outbox that survives a crash between saving and posting.
-- Each decision keeps its events (locale key, args, audience), written in the decision's own
-- transaction; a match remembers the last version its thread shows (posted_version), the live thread
-- message being edited while the same player acts (live_message_id, live_key = the seats it pinged,
-- live_log = its log lines) and each seat's DM panel message (dm_panels).
ALTER TABLE decisions ADD COLUMN events TEXT NOT NULL DEFAULT '[]';
ALTER TABLE matches ADD COLUMN posted_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN live_message_id INTEGER;
ALTER TABLE matches ADD COLUMN live_key TEXT;
ALTER TABLE matches ADD COLUMN live_log TEXT NOT NULL DEFAULT '[]';
ALTER TABLE matches ADD COLUMN dm_panels TEXT NOT NULL DEFAULT '{}';
-- Matches that already exist are fully posted: nothing to catch up on after the upgrade.
UPDATE matches SET posted_version = version;
