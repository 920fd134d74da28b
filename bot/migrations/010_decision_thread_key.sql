-- Who the thread says must act after each decision (bot.engine.thread_key; NULL: nobody, or only a secret
-- response window). A thread that falls more than one decision behind (a process killed between a post
-- and its record, or the thread's shard lagging the process that takes DM clicks) can then tell that a
-- handover happened among the decisions it catches up on, and post it with its ping instead of editing.
ALTER TABLE decisions ADD COLUMN thread_key TEXT;
