-- A counter that changes whenever the directory does. The limiter's statement reads it on every
-- request; API processes cache the bodies of skill reads under it, and a changed version is how
-- every process learns, at once and on any server (LISTEN/NOTIFY does not reach across the
-- embedded database's sessions), that its cached bodies are stale.

CREATE TABLE directory_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint NOT NULL
);

INSERT INTO directory_version (version) VALUES (1);

-- Bumped once per transaction, when it commits: the new version becomes visible together with the
-- change, so a reader that sees the old version cannot have read the new data under it, nor the
-- reverse. Deferred to commit also keeps the lock on the one row short and last: a writer takes it
-- only when it holds every other lock it needs, so writers of skills cannot deadlock on it.
CREATE FUNCTION bump_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('skillgate.directory_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE directory_version SET version = version + 1;
    PERFORM set_config('skillgate.directory_bumped', txid_current()::text, true);
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER skills_bump_directory_version
  AFTER INSERT OR UPDATE OR DELETE ON skills DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_directory_version();

CREATE CONSTRAINT TRIGGER categories_bump_directory_version
  AFTER INSERT OR UPDATE OR DELETE ON categories DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_directory_version();

-- TRUNCATE has no constraint trigger; it is rare (tests, resets) and bumps at once.
CREATE TRIGGER skills_truncate_bump_directory_version
  AFTER TRUNCATE ON skills FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();

-- How many requests of the limiter's last statement for this key and day were counted. The limiter
-- counts a batch of requests per statement (several may be for one key), and RETURNING gives only
-- the new count; with this it knows which of the batch's requests got in.
ALTER TABLE api_usage ADD COLUMN last_granted integer NOT NULL DEFAULT 0;
-- The tier's limit when the row was last counted: the limiter's upsert reads it from EXCLUDED.
ALTER TABLE api_usage ADD COLUMN daily_limit integer;
