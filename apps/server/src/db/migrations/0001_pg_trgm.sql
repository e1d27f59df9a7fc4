-- Trigram indexes (migration 0002) serve the list engine's contains filters (ILIKE '%term%').
-- pg_trgm is a trusted extension: the database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
