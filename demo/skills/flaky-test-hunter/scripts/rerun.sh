#!/usr/bin/env bash
# Run a test command N times and report how often it fails.
# Usage: rerun.sh N -- command [args...]
# Output of every failing run is kept in ./flaky-runs/run-<i>.log for comparison.
set -u

if [ $# -lt 3 ] || [ "$2" != "--" ]; then
  echo "usage: $0 N -- command [args...]" >&2
  exit 2
fi
runs=$1
shift 2

case $runs in
  ''|*[!0-9]*) echo "N must be a positive integer" >&2; exit 2 ;;
esac

mkdir -p flaky-runs
pass=0
fail=0
start=$(date +%s)
for i in $(seq 1 "$runs"); do
  log="flaky-runs/run-$i.log"
  if "$@" >"$log" 2>&1; then
    pass=$((pass + 1))
    rm -f -- "$log"
  else
    fail=$((fail + 1))
    printf 'run %d: FAIL (kept %s)\n' "$i" "$log"
  fi
done
elapsed=$(( $(date +%s) - start ))

printf '\n%d runs in %ds: %d passed, %d failed (%.1f%% failure rate)\n' \
  "$runs" "$elapsed" "$pass" "$fail" "$(awk -v f="$fail" -v n="$runs" 'BEGIN { printf "%.1f", 100 * f / n }')"
if [ "$fail" -gt 0 ]; then
  echo "most common error lines across failing runs:"
  for f in flaky-runs/*.log; do grep -m1 -iE 'error|assert|expected|timeout' "$f"; done | sort | uniq -c | sort -rn | head -5
fi
[ "$fail" -eq 0 ]
