-- Exact skill counts by category, verified flag and score, kept current by statement-level
-- triggers. The listing's totalCount and the categories' skill counts sum at most a few thousand
-- of these rows instead of counting 100,000 skills on every request.

CREATE TABLE skill_counts (
  category       text NOT NULL,
  verified       boolean NOT NULL,
  security_score smallint NOT NULL,
  n              integer NOT NULL,
  PRIMARY KEY (category, verified, security_score)
);

CREATE FUNCTION skill_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO skill_counts AS c (category, verified, security_score, n)
  SELECT category, verified, security_score, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (category, verified, security_score) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE FUNCTION skill_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE skill_counts c SET n = c.n - d.cnt
    FROM (SELECT category, verified, security_score, count(*) AS cnt FROM old_rows GROUP BY 1, 2, 3) d
   WHERE c.category = d.category AND c.verified = d.verified AND c.security_score = d.security_score;
  RETURN NULL;
END $$;

CREATE FUNCTION skill_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose counted columns changed move between buckets.
  INSERT INTO skill_counts AS c (category, verified, security_score, n)
  SELECT category, verified, security_score, sum(delta)::int FROM (
    SELECT o.category, o.verified, o.security_score, -1 AS delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.category, o.verified, o.security_score) IS DISTINCT FROM (n.category, n.verified, n.security_score)
    UNION ALL
    SELECT n.category, n.verified, n.security_score, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.category, o.verified, o.security_score) IS DISTINCT FROM (n.category, n.verified, n.security_score)
  ) moves GROUP BY 1, 2, 3
  ON CONFLICT (category, verified, security_score) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER skill_counts_insert AFTER INSERT ON skills
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION skill_counts_after_insert();
CREATE TRIGGER skill_counts_delete AFTER DELETE ON skills
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION skill_counts_after_delete();
CREATE TRIGGER skill_counts_update AFTER UPDATE ON skills
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION skill_counts_after_update();

INSERT INTO skill_counts (category, verified, security_score, n)
SELECT category, verified, security_score, count(*) FROM skills GROUP BY 1, 2, 3;
