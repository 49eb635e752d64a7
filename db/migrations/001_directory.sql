-- The directory: categories and skills, each skill with its grade and findings.

-- Trigram indexes make "q" (name or description contains) fast; the server may lack pg_trgm, in
-- which case the same ILIKE query runs without the index.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  END IF;
END $$;

CREATE TABLE categories (
  slug        text PRIMARY KEY,
  name        text NOT NULL,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE skills (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug           text NOT NULL UNIQUE,
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  tags           text[] NOT NULL DEFAULT '{}',
  category       text NOT NULL REFERENCES categories (slug),
  author         text NOT NULL DEFAULT '',
  stars          integer NOT NULL DEFAULT 0 CHECK (stars >= 0),
  forks          integer NOT NULL DEFAULT 0 CHECK (forks >= 0),
  language       text,
  votes          integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
  verified       boolean NOT NULL DEFAULT false,
  content        text NOT NULL DEFAULT '',
  content_hash   text NOT NULL,
  security_score smallint NOT NULL CHECK (security_score BETWEEN 0 AND 100),
  security_grade char(1) NOT NULL CHECK (security_grade IN ('A', 'B', 'C', 'D', 'F')),
  findings       jsonb NOT NULL DEFAULT '[]',
  analysis       jsonb NOT NULL DEFAULT '{}',
  rules_version  text NOT NULL DEFAULT '',
  source_repo    text,
  source_path    text,
  scanned_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Every listing filters on the score (the grade filter is a score floor) and orders by one of
-- three keys; id breaks ties so that pages are stable.
CREATE INDEX skills_recent_idx ON skills (created_at DESC, id DESC);
CREATE INDEX skills_votes_idx ON skills (votes DESC, id DESC);
CREATE INDEX skills_stars_idx ON skills (stars DESC, id DESC);
CREATE INDEX skills_score_idx ON skills (security_score);
CREATE INDEX skills_category_idx ON skills (category, created_at DESC, id DESC);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX skills_name_trgm_idx ON skills USING gin (name gin_trgm_ops);
    CREATE INDEX skills_description_trgm_idx ON skills USING gin (description gin_trgm_ops);
  END IF;
END $$;

-- The files of a skill besides its SKILL.md text (scripts, references), for downloads and rescans.
CREATE TABLE skill_files (
  skill_id bigint NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  path     text NOT NULL,
  content  bytea NOT NULL,
  PRIMARY KEY (skill_id, path)
);
