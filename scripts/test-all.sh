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
#  4. the docs' link check, the search index and one production build, then
#     the real-server suite against `next start`: whole on Node 24 (the `node`
#     devDependency: the runtime the host deploys this site to, `nodejs24.x`),
#     and on the machine's Node the files that exercise what differs between
#     Node versions (decision record 0009)
#  5. search under `next dev` while a page changes
#  6. browser tests (Playwright, in the Chromium scripts/find-chromium.mjs
#     finds) against the same build, on a free port (E2E_PORT overrides it)
# Every step's time is printed as it ends, and all of them in a table at the
# end, also when a step fails. Nothing here needs root (only the apt-get
# install in step 1 does).
set -euo pipefail
cd "$(dirname "$0")/.."

# npm puts node_modules/.bin first on PATH, where the `node` devDependency
# (Node 24: the host's runtime, and the conformance suite needs 22+) would shadow the machine's
# Node. Put node_modules/.bin last and run every tool through `bin` below
# (not npx or npm run, which put it first again), so every step runs on the
# machine's own Node (20.9 or later), but the whole real-server suite, which
# runs on Node 24 by name.
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
    printf '%8s s  %-52s %s\n' "$(seconds "${step_ms[$i]}")" "${step_names[$i]}" "${step_results[$i]}"
  done
  printf '%8s s  %-52s %s\n' "$(seconds $(($(now_ms) - run_started)))" "total" "$([ "$status" = 0 ] && echo passed || echo "failed (exit $status)")"
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

# The real-server suite, whole, on Node 24 (the `node` devDependency): the
# runtime the host deploys this site to (Vercel's `nodejs24.x`). The test
# runner, and so `next start` (tests/helpers/next-server.ts starts it on
# process.execPath), run on it; EXPECT_NODE_MAJOR has
# tests/server/runtime-node.test.ts check that they did.
step "real-server tests on Node 24"
EXPECT_NODE_MAJOR=24 node_modules/.bin/node node_modules/.bin/vitest run --project server

# On the machine's Node, only the files of that suite that exercise what
# differs between Node versions (docs/decisions/0009-node-versions-and-one-real-server-run.md):
# Node's own HTTP server and parser, zlib, web streams, undici, crypto. The rest of
# the suite is Next's and the site's JavaScript over them, which the steps
# above already ran on this Node (the endpoint handlers in-process) and the
# browser tests below run again through `next start` on it. Each file, and why:
node_sensitive=(
  # the run is on the Node it asked for (EXPECT_NODE_MAJOR below)
  tests/server/runtime-node.test.ts
  # the hooks on http.Server's emit and ServerResponse's writeHead
  # (lib/framework/node-server-hooks.ts): the front door's own answers (OPTIONS *,
  # methods Next does not route, bad percent-encoding), nosniff on every
  # answer, x-svc-peer from the socket's address whatever a client sends
  tests/server/hardening.test.ts
  # raw request targets, byte for byte, through this Node's HTTP parser
  # (llhttp) into the front door's one decoding
  tests/server/request-target-decoding.test.ts
  # the writeHead hook's headers on every kind of answer: prerendered pages,
  # their brotli copies, 304s, route handlers, the proxy's, Next's 404
  tests/server/security-headers.test.ts
  # a 405 from a force-static route, which Next hands a Proxy of the request,
  # an undici Request whose fields differ by Node (on 24, private: read
  # through the Proxy they throw; lib/framework/README.md); the rate limit
  # counted per socket address
  tests/server/platform.test.ts
  # zlib's brotli and gzip; res.write/end wrapped to compress and to make the
  # pages' best-quality copies; the static copies with HEAD, 304 and ranges;
  # server-sent events left uncompressed
  tests/server/compression.test.ts
  # server-sent events: a web stream of frames into Node's response (/ask)
  tests/server/ask.test.ts
  # MCP's Streamable HTTP: the SDK's web-standard transport on this Node's
  # Request and Response (undici), JSON and event-stream answers, 202 with no body
  tests/server/mcp-http.test.ts
  # outbound fetch (the undici this Node bundles): a hanging code host given
  # up at the request's deadline (AbortSignal), the upstream request abandoned;
  # only scripts served as installers; the asset-URL policy's redirects
  tests/server/upstream-hardening.test.ts
  # outbound fetch signed with Ed25519 (Web Bot Auth, on this Node's crypto),
  # each code-host failure's answer, successes cached in the process
  tests/server/installers.test.ts
  # a new server reads the search index into a SharedArrayBuffer before it
  # answers (instrumentation.ts); the docs data read as ASCII (node:buffer)
  tests/server/search-prebuilt.test.ts
  # OpenTelemetry: spans kept in their parents across awaits by this Node's
  # AsyncLocalStorage (async_hooks on 20, AsyncContextFrame on 24), the hook's
  # duration on each response's 'finish', the OTLP export over this Node's HTTP
  tests/server/telemetry.test.ts
)
machine_major=$(node -p 'process.versions.node.split(".")[0]')
step "real-server tests on Node $machine_major, Node-sensitive files"
if [ "$machine_major" = "$(node_modules/.bin/node -p 'process.versions.node.split(".")[0]')" ]; then
  echo "the machine's Node is the devDependency's major: the whole suite above ran on it"
else
  EXPECT_NODE_MAJOR="$machine_major" bin vitest run --project server "${node_sensitive[@]}"
fi

# Search under `next dev` sees an MDX edit without a restart
# (tests/dev: a page written, edited and removed while the dev server runs).
step "dev server"
bin vitest run --project dev

step "browser tests"
bin playwright test
