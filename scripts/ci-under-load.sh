#!/usr/bin/env bash
# Runs the README's test command as CI does (a fresh clone, `CI=true bash .ci/run`)
# while busy loops keep the cores occupied, so a test that passes only when a
# real round trip beats a real timer fails here instead of on a busy CI machine.
#
#   bash scripts/ci-under-load.sh [--loops N] [--runs M] [--keep]
#
#   --loops N  busy loops beside the run (default 2: one per core here)
#   --runs M   runs one after another, each from its own fresh clone (default 1)
#   --keep     keep the clones and their logs (default: removed after a pass)
#
# The clone is of HEAD: commit first. Each run prints its duration, its exit
# status and the counts the test runners printed; the script exits 1 when a
# run failed. Not part of `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

loops=2 runs=1 keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --loops) loops=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "usage: $0 [--loops N] [--runs M] [--keep]" >&2; exit 2 ;;
  esac
done

repo=$PWD
commit=$(git rev-parse HEAD)
[ -z "$(git status --porcelain)" ] || echo "ci-under-load: uncommitted changes are not in the clone; it tests ${commit:0:7}" >&2

busy=()
stop_loops() { [ ${#busy[@]} -eq 0 ] || kill "${busy[@]}" 2>/dev/null || true; }
trap stop_loops EXIT
for _ in $(seq 1 "$loops"); do
  # `yes` writes as fast as the core lets it; /dev/null takes it all.
  yes >/dev/null &
  busy+=($!)
done

# The lines of the runners' summaries: vitest's "Tests  N passed (N)" (one per
# project) and Playwright's "N passed (…)" / "N failed".
counts() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -E '^ +Tests +[0-9]|^ +[0-9]+ (passed|failed|flaky|skipped|did not run)' | sed -E 's/^ +//; s/ +/ /g' | paste -sd ';' - || true
}

failed=0
for run in $(seq 1 "$runs"); do
  dir=$(mktemp -d "${TMPDIR:-/tmp}/ci-under-load.XXXXXX")
  # Every run tests the commit that was HEAD when the script started, whatever is committed meanwhile.
  git clone --quiet --no-checkout "$repo" "$dir/site"
  git -C "$dir/site" checkout --quiet "$commit"
  log="$dir/run.log"
  start=$(date +%s)
  status=0
  (cd "$dir/site" && CI=true bash .ci/run) >"$log" 2>&1 || status=$?
  seconds=$(( $(date +%s) - start ))
  echo "run $run of $runs at ${commit:0:7}, $loops busy loops: exit $status after ${seconds} s; $(counts "$log")"
  if [ "$status" -ne 0 ]; then
    failed=1
    echo "  log: $log (the clone is kept beside it)"
    grep -nE 'FAIL|✘|failed|Error:' "$log" | head -20 | sed 's/^/  /'
  elif [ "$keep" -eq 0 ]; then
    rm -rf "$dir"
  else
    echo "  log: $log"
  fi
done
exit "$failed"
