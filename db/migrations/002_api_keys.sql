-- API keys (only a hash of each key is stored) and their daily request counts.

CREATE TABLE api_keys (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  prefix     text NOT NULL UNIQUE,
  name       text NOT NULL,
  tier       text NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
  key_hash   bytea NOT NULL,
  status     text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  revoked_at timestamptz
);

-- One row per key and UTC day. The limiter increments it with a conditional upsert, which row
-- locking makes exact under any concurrency and across any number of API processes.
CREATE TABLE api_usage (
  key_id          bigint NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  day             date NOT NULL,
  requests        integer NOT NULL DEFAULT 0,
  last_request_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, day)
);
