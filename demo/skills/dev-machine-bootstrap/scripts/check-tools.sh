#!/usr/bin/env bash
# Print the version of each expected developer tool, or MISSING, and exit 1 if any is missing.
set -u

missing=0
check() {
  local name=$1; shift
  if command -v "$name" >/dev/null 2>&1; then
    printf '%-10s %s\n' "$name" "$("$@" 2>&1 | head -n 1)"
  else
    printf '%-10s MISSING\n' "$name"
    missing=1
  fi
}

check git    git --version
check docker docker --version
check node   node --version
check npm    npm --version
check uv     uv --version
check python3 python3 --version
check jq     jq --version

if command -v docker >/dev/null 2>&1 && ! docker info >/dev/null 2>&1; then
  echo "docker: installed but the daemon is not reachable (not running, or log out/in for group membership)"
fi
exit $missing
