-- Where imported skills come from, and the runs of the nightly rescan.

-- One row per imported GitHub repository, with the metadata last read from the GitHub API. The
-- rescan refreshes it once per repository, and copies stars, forks, language and owner to the
-- repository's skills.
CREATE TABLE source_repositories (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner          text NOT NULL,
  name           text NOT NULL,
  full_name      text NOT NULL,
  description    text,
  stars          integer NOT NULL DEFAULT 0,
  forks          integer NOT NULL DEFAULT 0,
  language       text,
  default_branch text,
  imported_at    timestamptz NOT NULL DEFAULT now(),
  refreshed_at   timestamptz NOT NULL DEFAULT now(),
  last_error     text
);

-- GitHub names are case-insensitive.
CREATE UNIQUE INDEX source_repositories_name_idx ON source_repositories (lower(full_name));

-- An imported skill belongs to its repository; seeded and other skills have none. A repository
-- holds at most one skill per folder (source_path, "" for the repository root).
ALTER TABLE skills ADD COLUMN repository_id bigint REFERENCES source_repositories (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX skills_repository_path_idx ON skills (repository_id, source_path) WHERE repository_id IS NOT NULL;

-- Rescan runs: progress for operators, and a lease so that only one rescan runs at a time (the
-- nightly job and `skillgate rescan` may overlap). A run whose heartbeat stopped is abandoned.
CREATE TABLE rescan_runs (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status        text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed', 'abandoned')),
  rules_version text NOT NULL,
  started_at    timestamptz NOT NULL DEFAULT now(),
  heartbeat_at  timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  total         integer NOT NULL DEFAULT 0,
  done          integer NOT NULL DEFAULT 0,
  regraded      integer NOT NULL DEFAULT 0,
  skipped       integer NOT NULL DEFAULT 0,
  failed        integer NOT NULL DEFAULT 0,
  repositories  integer NOT NULL DEFAULT 0,
  github_failed integer NOT NULL DEFAULT 0,
  error         text
);

CREATE UNIQUE INDEX rescan_runs_one_running_idx ON rescan_runs ((true)) WHERE status = 'running';
