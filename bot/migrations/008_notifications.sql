-- Notification preferences (issue 15, /notify): where a player is told it is their move (thread ping,
-- DM, or both) and quiet hours in their own time zone, during which no reminder is sent.
ALTER TABLE users ADD COLUMN notify TEXT NOT NULL DEFAULT 'both';  -- thread | dm | both
ALTER TABLE users ADD COLUMN quiet_start INTEGER;                  -- hour 0-23, local time; NULL: none
ALTER TABLE users ADD COLUMN quiet_end INTEGER;                    -- hour 0-23, local time (exclusive)
ALTER TABLE users ADD COLUMN timezone TEXT;                        -- IANA name or UTC+H[:MM]; NULL: UTC
