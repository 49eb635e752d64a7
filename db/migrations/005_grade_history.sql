-- The grade history of each directory skill: one row per grading. A skill is graded when it is
-- added, when its content changes (import) and when the rule set changes (nightly rescan); a
-- rescan skips skills whose content and rule set are unchanged, so a row always marks a change of
-- content, of rules, or both. The latest row also records which content the current grade was
-- computed from: a skill whose content_hash differs from it is regraded by the next rescan.

CREATE TABLE grade_history (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  skill_id       bigint NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  graded_at      timestamptz NOT NULL DEFAULT now(),
  security_score smallint NOT NULL CHECK (security_score BETWEEN 0 AND 100),
  security_grade char(1) NOT NULL CHECK (security_grade IN ('A', 'B', 'C', 'D', 'F')),
  rules_version  text NOT NULL,
  content_hash   text NOT NULL,
  critical       integer NOT NULL DEFAULT 0,
  high           integer NOT NULL DEFAULT 0,
  medium         integer NOT NULL DEFAULT 0,
  low            integer NOT NULL DEFAULT 0,
  -- Why the skill was graded: added by an import, its content changed, the rule set changed, or
  -- no earlier grading was recorded (skills loaded before the history existed, or by the seed).
  reason         text NOT NULL CHECK (reason IN ('added', 'content-changed', 'rules-changed', 'unrecorded'))
);

-- Newest first per skill: the rescan reads the latest row of every skill it visits.
CREATE INDEX grade_history_skill_idx ON grade_history (skill_id, id DESC);
