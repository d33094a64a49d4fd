#!/usr/bin/env bash
# `npm test`: everything, in order, failing on the first failure.
#  1. system packages (redis-server, a Chromium): installed with apt-get as
#     root on Debian/Ubuntu, otherwise the install command is printed and
#     the run stops (scripts/setup-test-deps.sh)
#  2. type-check and lint
#  3. unit and route tests (vitest), including the store contract suite
#     against a real redis-server through the Upstash REST bridge
#  4. one production build, then the real-server suite against `next start`
#  5. browser tests (Playwright, in the Chromium scripts/find-chromium.mjs
#     finds) against the same build, on a free port (E2E_PORT overrides it)
# Nothing here needs root (only the apt-get install in step 1 does).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 REDOCLY_TELEMETRY=off
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next}"

step() { printf '\n=== %s\n' "$*"; }

step "system packages"
bash scripts/setup-test-deps.sh

step "type-check"
npm run --silent typecheck

step "lint"
npm run --silent lint

step "unit and route tests"
npx vitest run --project unit

step "production build"
start=$(date +%s)
npx next build
echo "build: $(( $(date +%s) - start )) s"

step "real-server tests"
npx vitest run --project server

step "browser tests"
npx playwright test
