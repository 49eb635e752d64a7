#!/usr/bin/env bash
# List remote branches older than N days, with author and merge status. Prints delete commands
# for merged branches but never deletes anything itself.
# Usage: list-stale-branches.sh [--remote origin] [--days 90] [--base main]
set -euo pipefail

remote=origin
days=90
base=""
while [ $# -gt 0 ]; do
  case $1 in
    --remote) remote=$2; shift 2 ;;
    --days) days=$2; shift 2 ;;
    --base) base=$2; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

if [ -z "$base" ]; then
  base=$(git symbolic-ref --quiet --short "refs/remotes/$remote/HEAD" 2>/dev/null | sed "s#^$remote/##" || true)
  base=${base:-main}
fi
cutoff=$(( $(date +%s) - days * 86400 ))
protected='^(main|master|develop|HEAD|release/.*|env/.*)$'

printf '%-45s %-10s %-20s %-7s %s\n' BRANCH LAST_COMMIT AUTHOR MERGED AHEAD
merged_list=()
while IFS='|' read -r ref ts author; do
  branch=${ref#"$remote/"}
  [[ $branch =~ $protected ]] && continue
  [ "$ts" -lt "$cutoff" ] || continue
  if git merge-base --is-ancestor "$ref" "$remote/$base"; then
    merged=yes
    merged_list+=("$branch")
  else
    merged=no
  fi
  ahead=$(git rev-list --count "$remote/$base..$ref")
  printf '%-45s %-10s %-20s %-7s %s\n' "$branch" "$(date -d "@$ts" +%F 2>/dev/null || date -r "$ts" +%F)" \
    "${author:0:20}" "$merged" "$ahead"
done < <(git for-each-ref --format='%(refname:short)|%(committerdate:unix)|%(authorname)' "refs/remotes/$remote")

echo
echo "${#merged_list[@]} merged branch(es) older than $days days. To delete them after review:"
for b in "${merged_list[@]+"${merged_list[@]}"}"; do
  echo "git push $remote --delete $b"
done
