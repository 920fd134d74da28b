-- Decks are per user (not per server) and private unless exported. Names are unique per user,
-- ignoring case, across games: /deck add takes a name without a game.
CREATE TABLE decks (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    name       TEXT    NOT NULL COLLATE NOCASE,
    cards      TEXT    NOT NULL,                -- JSON object: card id -> copies
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL,
    UNIQUE (user_id, name)
);
CREATE INDEX decks_user ON decks (user_id, game);

-- The challenger's deck, copied when the challenge is made (the engine option deck0). Kept out of
-- challenges.options because those are shown publicly in the challenge post.
ALTER TABLE challenges ADD COLUMN challenger_deck TEXT;
