-- Display names of players, so thread logs name them even when the member cache is empty (no members intent).
ALTER TABLE users ADD COLUMN name TEXT;
