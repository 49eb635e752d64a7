#!/usr/bin/env bash
# Profile a Python script for CPU (cProfile) or memory (tracemalloc) and print a summary.
# Usage: profile.sh cpu|mem script.py [script args...]
set -euo pipefail

mode=${1:-}
shift || true
if [ -z "$mode" ] || [ $# -lt 1 ]; then
  echo "usage: $0 cpu|mem script.py [args...]" >&2
  exit 2
fi
PY=${PYTHON:-python3}

case $mode in
  cpu)
    start=$(date +%s.%N)
    "$PY" -m cProfile -o profile.out "$@"
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "wall time: %.2f s\n\n", e - s }'
    "$PY" - <<'PYEOF'
import pstats
stats = pstats.Stats("profile.out")
stats.strip_dirs()
print("== top 25 by cumulative time")
stats.sort_stats("cumulative").print_stats(25)
print("== top 25 by own time")
stats.sort_stats("tottime").print_stats(25)
PYEOF
    echo "full profile in profile.out (open with: python3 -m pstats profile.out, or snakeviz profile.out)"
    ;;
  mem)
    "$PY" - "$@" <<'PYEOF'
import runpy
import sys
import tracemalloc

script, *args = sys.argv[1:]
sys.argv = [script, *args]
tracemalloc.start(25)
try:
    runpy.run_path(script, run_name="__main__")
finally:
    snapshot = tracemalloc.take_snapshot()
    current, peak = tracemalloc.get_traced_memory()
    print(f"\ncurrent {current / 2**20:.1f} MiB, peak {peak / 2**20:.1f} MiB")
    print("== top 15 allocation sites")
    for stat in snapshot.statistics("lineno")[:15]:
        print(stat)
PYEOF
    ;;
  *)
    echo "unknown mode: $mode (use cpu or mem)" >&2
    exit 2
    ;;
esac
