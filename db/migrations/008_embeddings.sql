-- Semantic search: one embedding per directory skill, and the text-match document of a skill.
--
-- The vector is stored as real[] on every server. Where the pgvector extension exists, an HNSW
-- index is built over the expression embedding::vector(512) (a partial index per dimension, so
-- models of other sizes can live in the same column), instead of a second copy of every vector in
-- a `vector` column: the index holds its own copy of the vectors, and the heap keeps one. Without
-- pgvector, search computes the same cosine similarity exactly over the real[] values.

CREATE TABLE skill_embeddings (
  skill_id      bigint PRIMARY KEY REFERENCES skills (id) ON DELETE CASCADE,
  -- The provider's model id; rows of another model are stale and are not searched.
  model         text NOT NULL,
  dimensions    integer NOT NULL CHECK (dimensions BETWEEN 1 AND 16000),
  -- What the vector was computed from: the skill's content_hash and a hash of its name,
  -- description and tags (skill_metadata_hash) at that time. A skill whose values differ is stale.
  content_hash  text NOT NULL,
  metadata_hash text NOT NULL,
  -- Unit length (normalised when written), so cosine similarity is the dot product.
  embedding     real[] NOT NULL
                CHECK (array_ndims(embedding) = 1 AND array_length(embedding, 1) = dimensions
                       AND array_position(embedding, NULL) IS NULL),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX skill_embeddings_model_idx ON skill_embeddings (model);

-- Name, description and tags: the part of a skill's embedded text its content_hash does not cover.
CREATE FUNCTION skill_metadata_hash(name text, description text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN md5(name || E'\x1f' || description || E'\x1f' || array_to_string(tags, E'\x1e'));

-- The text-match document of a skill: name and tags weigh most, then the description. Hyphens
-- become spaces so that "spreadsheet-to-charts" matches "charts". Declared IMMUTABLE (the
-- 'english' configuration is named, and array_to_string of text[] does not depend on settings)
-- so that it can be a stored column: search ranks a hundred candidates per query, and parsing
-- their text every time would cost more than the rest of the search.
CREATE FUNCTION skill_search_document(name text, description text, tags text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('english', replace(name, '-', ' ')), 'A')
      || setweight(to_tsvector('english', replace(array_to_string(tags, ' '), '-', ' ')), 'A')
      || setweight(to_tsvector('english', description), 'B');

ALTER TABLE skills ADD COLUMN search_document tsvector
  GENERATED ALWAYS AS (skill_search_document(name, description, tags)) STORED;

-- Text-only search finds the skills holding any of the query's words through this index.
CREATE INDEX skills_search_document_idx ON skills USING gin (search_document);

-- How many skills' documents hold each lexeme: the inverse document frequency of the text signal,
-- so that a rare query word ("terraform") counts for more than a common one ("file"). Refreshed
-- by the embed job whenever skills changed (db/search-terms.ts); slightly stale counts are harmless.
CREATE TABLE search_terms (
  lexeme    text PRIMARY KEY,
  documents integer NOT NULL
);

INSERT INTO search_terms (lexeme, documents)
SELECT word, ndoc FROM ts_stat('SELECT search_document FROM skills');

-- pgvector when the server offers it. A role that may not create extensions still migrates: search
-- then runs exactly over real[] until an operator creates the extension (the embed job then
-- builds the index).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS vector;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pgvector is available but this role cannot create it: semantic search runs exact scans';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    -- 512: the dimensions of the default model (Universal Sentence Encoder).
    EXECUTE 'CREATE INDEX skill_embeddings_hnsw_512_idx ON skill_embeddings
               USING hnsw ((embedding::vector(512)) vector_cosine_ops) WHERE dimensions = 512';
  END IF;
END $$;
