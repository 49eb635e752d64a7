-- Top 20 statements by total execution time (PostgreSQL 13+, pg_stat_statements).
-- Read-only. Run with: psql "$DATABASE_URL" -f top_queries.sql
\pset pager off
\pset format aligned

SELECT stats_reset AS stats_since FROM pg_stat_statements_info;

WITH totals AS (
  SELECT sum(total_exec_time) AS all_time FROM pg_stat_statements
)
SELECT
  round(s.total_exec_time::numeric / 1000, 1)                         AS total_s,
  round((100 * s.total_exec_time / nullif(t.all_time, 0))::numeric, 1) AS pct,
  s.calls,
  round(s.mean_exec_time::numeric, 2)                                 AS mean_ms,
  round(s.max_exec_time::numeric, 1)                                  AS max_ms,
  round(s.rows::numeric / nullif(s.calls, 0), 1)                      AS rows_per_call,
  round(100.0 * s.shared_blks_hit
        / nullif(s.shared_blks_hit + s.shared_blks_read, 0), 1)       AS cache_hit_pct,
  left(regexp_replace(s.query, '\s+', ' ', 'g'), 160)                 AS query
FROM pg_stat_statements s
CROSS JOIN totals t
WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
ORDER BY s.total_exec_time DESC
LIMIT 20;
