#!/usr/bin/env bash
# `npm test`: everything, in order, failing on the first failure.
#  1. system packages (redis-server, a Chromium): installed with apt-get as
#     root on Debian/Ubuntu, otherwise the install command is printed and
#     the run stops (scripts/setup-test-deps.sh); the MCP Python SDK where
#     pip's index offers it (scripts/find-python-mcp.mjs)
#  2. type-check and lint, and the OpenAPI linters (Redocly, Spectral) on
#     /openapi.json
#  3. unit and route tests (vitest), including the store contract suite
#     against a real redis-server through the Upstash REST bridge
#  4. the docs' link check, the search index and one production build, then the real-server suite against `next start`,
#     on the machine's Node and again on Node 24 (the `node` devDependency:
#     the runtime the host builds this site for, `nodejs24.x`)
#  5. search under `next dev` while a page changes
#  6. browser tests (Playwright, in the Chromium scripts/find-chromium.mjs
#     finds) against the same build, on a free port (E2E_PORT overrides it)
# Nothing here needs root (only the apt-get install in step 1 does).
set -euo pipefail
cd "$(dirname "$0")/.."

# npm puts node_modules/.bin first on PATH, where the `node` devDependency
# (Node 24: the host's runtime, and the conformance suite needs 22+) would shadow the machine's
# Node. Put node_modules/.bin last and run every tool through `bin` below
# (not npx or npm run, which put it first again), so the suite runs on the
# machine's own Node (the README's Node 20 or 22).
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/node_modules/\.bin$' | paste -sd: -):$PWD/node_modules/.bin
export PATH
bin() { node "node_modules/.bin/$1" "${@:2}"; }
echo "node: $(node --version) ($(command -v node))"
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 REDOCLY_TELEMETRY=off
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next}"

# Each step's wall-clock time: printed when the step ends, and all of them in
# a table at the end, on success and on failure alike (the EXIT trap; Ctrl-C
# and SIGTERM exit through it too). `step NAME` ends the step before it.
now_ms() { local t=${EPOCHREALTIME/./}; printf '%s' $((10#$t / 1000)); }
run_started=$(now_ms)
step_name='' step_started=0
step_names=() step_ms=() step_results=()
seconds() { printf '%d.%d' $(($1 / 1000)) $(($1 % 1000 / 100)); }
end_step() {
  [ -n "$step_name" ] || return 0
  local ms=$(($(now_ms) - step_started))
  step_names+=("$step_name") step_ms+=("$ms") step_results+=("$1")
  printf '=== %s: %s s (%s)\n' "$step_name" "$(seconds "$ms")" "$1"
  step_name=''
}
step() {
  end_step ok
  step_name="$*" step_started=$(now_ms)
  printf '\n=== %s\n' "$*"
}
summary() {
  local status=$? i
  if [ "$status" = 0 ]; then end_step ok; else end_step "failed, exit $status"; fi
  printf '\n=== time per step\n'
  for i in "${!step_names[@]}"; do
    printf '%8s s  %-36s %s\n' "$(seconds "${step_ms[$i]}")" "${step_names[$i]}" "${step_results[$i]}"
  done
  printf '%8s s  %-36s %s\n' "$(seconds $(($(now_ms) - run_started)))" "total" "$([ "$status" = 0 ] && echo passed || echo "failed (exit $status)")"
  return "$status"
}
trap summary EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

step "system packages"
bash scripts/setup-test-deps.sh
# The MCP Python SDK, a second client of the real-server suite, from pip's
# configured index; where no index offers it that one test file is skipped
# (scripts/find-python-mcp.mjs says why), never the run.
node scripts/find-python-mcp.mjs --install || echo "setup: the MCP Python SDK's client test will be skipped (above: why, and the command)"

step "type-check"
bin fumadocs-mdx
bin next typegen
bin tsc --noEmit

# ESLint; the layer rules and no import circles (dependency-cruiser, .dependency-cruiser.cjs);
# no unused file, export or dependency, and every imported package listed (knip, knip.config.ts);
# ARCHITECTURE.md's graph of the folders drawn from the imports as they are.
step "lint"
bin eslint
bin depcruise lib app components proxy.ts instrumentation.ts source.config.ts next.config.mjs scripts tests --config .dependency-cruiser.cjs --output-type err-long
bin knip
node scripts/architecture-graph.mjs --check

# /openapi.json from the endpoint table (no build needed), linted by Redocly's
# `recommended` and Spectral's `spectral:oas`: any problem fails (tests/lint).
step "OpenAPI lint"
bin vitest run --project lint

step "unit and route tests"
bin vitest run --project unit

# `npm run build` (scripts/build.mjs): the docs' link check and the search
# index side by side (a broken page link, #anchor or meta.json entry stops
# here, naming the file and the link), then `next build` on this Node, then
# the pages made ready for the Content-Security-Policy. --strict: a warning of
# `next build` (a Node API reached from the Edge compile of instrumentation.ts,
# say) fails the run like an error.
step "docs links and production build"
node scripts/build.mjs --strict

step "real-server tests"
bin vitest run --project server

# The same suite with the test runner, and so `next start`
# (tests/helpers/next-server.ts starts it on process.execPath), on Node 24.
step "real-server tests on Node 24"
EXPECT_NODE_MAJOR=24 node_modules/.bin/node node_modules/.bin/vitest run --project server

# Search under `next dev` sees an MDX edit without a restart
# (tests/dev: a page written, edited and removed while the dev server runs).
step "dev server"
bin vitest run --project dev

step "browser tests"
bin playwright test
