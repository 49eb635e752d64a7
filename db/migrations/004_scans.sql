-- Scan requests: the input the API accepted, the job's progress and its result. Workers on any
-- machine read the input from here, so nothing depends on the API process's disk.

CREATE TABLE scans (
  id           uuid PRIMARY KEY,
  key_id       bigint REFERENCES api_keys (id) ON DELETE SET NULL,
  status       text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  input_kind   text NOT NULL CHECK (input_kind IN ('zip', 'content', 'url', 'files')),
  input        bytea,
  source_url   text,
  folder       text,
  fail_below   char(1) CHECK (fail_below IN ('A', 'B', 'C', 'D', 'F')),
  result       jsonb,
  error        jsonb,
  attempts     integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  finished_at  timestamptz
);

CREATE INDEX scans_key_idx ON scans (key_id, created_at DESC);
CREATE INDEX scans_pending_idx ON scans (created_at) WHERE status IN ('queued', 'running');
