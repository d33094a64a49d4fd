#!/usr/bin/env bash
# `npm test`: everything, in order, failing on the first failure.
#  1. system packages (redis-server, chromium)
#  2. type-check and lint
#  3. unit and route tests (vitest), including the store contract suite
#     against a real redis-server through the Upstash REST bridge
#  4. one production build, then the real-server suite against `next start`
#  5. browser tests (Playwright in Debian's Chromium) against the same build
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
