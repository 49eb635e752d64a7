#!/usr/bin/env bash
# Restore a PostgreSQL dump into a fresh scratch database and compare row counts with the source.
# Env: SOURCE_URL (read access), TARGET_URL (a maintenance db on the scratch server),
#      DUMP_FILE (optional: restore this file instead of taking a new dump), JOBS (default 4).
set -euo pipefail

: "${SOURCE_URL:?set SOURCE_URL}"
: "${TARGET_URL:?set TARGET_URL}"
JOBS=${JOBS:-4}
stamp=$(date +%Y%m%d_%H%M%S)
drill_db="restore_drill_${stamp}"
workdir=$(mktemp -d)
log="restore-drill-${stamp}.log"
exec > >(tee -a "$log") 2>&1

if [ -z "${DUMP_FILE:-}" ]; then
  DUMP_FILE="$workdir/source.dump"
  echo "== dumping source"
  t0=$(date +%s)
  pg_dump --format=custom --no-owner --file="$DUMP_FILE" "$SOURCE_URL"
  echo "dump: $(du -h "$DUMP_FILE" | cut -f1) in $(( $(date +%s) - t0 )) s"
fi

echo "== creating $drill_db on target"
psql "$TARGET_URL" -v ON_ERROR_STOP=1 -c "CREATE DATABASE \"$drill_db\""
# replace the database name in the target URL (last path segment, before any query string)
restore_url=$(printf '%s' "$TARGET_URL" | sed -E "s#/[^/?]*(\?|$)#/${drill_db}\1#")

echo "== restoring"
t0=$(date +%s)
pg_restore --no-owner --jobs="$JOBS" --exit-on-error --dbname="$restore_url" "$DUMP_FILE"
restore_s=$(( $(date +%s) - t0 ))
echo "restore: ${restore_s} s"

count_sql="SELECT format('%s.%s', schemaname, relname) FROM pg_stat_user_tables ORDER BY 1"
echo "== comparing exact row counts"
mismatch=0
while read -r table; do
  [ -n "$table" ] || continue
  q="SELECT count(*) FROM ${table}"
  src=$(psql "$SOURCE_URL" -Atq -c "$q")
  dst=$(psql "$restore_url" -Atq -c "$q")
  flag=""
  if [ "$src" != "$dst" ]; then flag="  <-- differs"; mismatch=$((mismatch + 1)); fi
  printf '%-50s %12s %12s%s\n' "$table" "$src" "$dst" "$flag"
done < <(psql "$restore_url" -Atq -c "$count_sql")

echo "== summary: restored into $drill_db in ${restore_s} s, ${mismatch} table(s) differ"
echo "log: $log   (scratch database kept; remove it when the drill is signed off)"
rm -r -- "$workdir"
[ "$mismatch" -eq 0 ]
