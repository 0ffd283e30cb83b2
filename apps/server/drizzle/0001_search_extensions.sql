-- Trigram similarity for typo-tolerant search (shop, people, posts). Trusted extension: the
-- database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
