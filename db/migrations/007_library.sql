-- Each key's library: the directory skills its owner saved (my_library on /api/mcp and
-- /api/v1/library). A key's entries go when the key is deleted, a skill's when the skill is.

CREATE TABLE library_entries (
  key_id   bigint NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  skill_id bigint NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, skill_id)
);

-- Newest first per key, for listing.
CREATE INDEX library_entries_key_idx ON library_entries (key_id, added_at DESC, skill_id DESC);
-- Deleting a skill finds its entries without scanning every library.
CREATE INDEX library_entries_skill_idx ON library_entries (skill_id);

-- audit_skills matches installed skills to the directory by slug or, case-insensitively, by name.
CREATE INDEX skills_lower_name_idx ON skills (lower(name));
