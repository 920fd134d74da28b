-- PostgreSQL form of 009_claims.sql, plus: a match's state (a few KB of JSON, rewritten by every decision)
-- is stored out of line without compression; PostgreSQL's default compression cost ~2 ms per decision.
ALTER TABLE challenges ADD COLUMN claimed_until DOUBLE PRECISION;
CREATE INDEX matches_unposted ON matches (id) WHERE posted_version < version;
ALTER TABLE matches ALTER COLUMN state SET STORAGE EXTERNAL;
