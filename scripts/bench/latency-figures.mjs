// Case (i): the speed figures the tests do not assert (tests check behaviour only, so a slow machine cannot fail
// them), on one `next start` with a switchable stand-in code host and Upstash over a bridge to a redis-server that is
// paused and stopped along the way. Imported by run.mjs, which passes its pinned startNext and startRedis.
// Alone, unpinned, on an existing build: `BENCH_DIST_DIR=.next-bench node scripts/bench/latency-figures.mjs`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../find-chromium.mjs';
import { formatMs, percentile } from './latency.mjs';
import { startStubCodeHost } from './stub-code-host.mjs';
import { startUpstashBridge } from './upstash-bridge.mjs';

/** One request, timed to the end of its body. */
async function timedRequest(url, init) {
  const start = performance.now();
  // Redirects are answers here (/download's 302), not followed.
  const response = await fetch(url, { redirect: 'manual', ...init });
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, headers: response.headers, body };
}

const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), max: sorted.at(-1) };
};

/** Installer p50, cached tag against a new tag each time (each one upstream request), interleaved. */
async function installerFigures(base, host, rounds = 40) {
  const cachedPath = `${base}/hacker.sh?ref=v2026.01.01`;
  const warm = await timedRequest(cachedPath);
  if (warm.status !== 200) throw new Error(`GET /hacker.sh answered ${warm.status}`);
  const cached = [];
  const uncached = [];
  const before = host.state.requests;
  for (let i = 0; i < rounds; i += 1) {
    const miss = await timedRequest(`${base}/hacker.sh?ref=v2026.02.01-${i + 1}`);
    const hit = await timedRequest(cachedPath);
    if (miss.status !== 200 || hit.status !== 200) throw new Error(`installer answered ${miss.status} / ${hit.status}`);
    uncached.push(miss.ms);
    cached.push(hit.ms);
  }
  return { cached: summary(cached), uncached: summary(uncached), upstreamRequests: host.state.requests - before, rounds };
}

/** The search dialog in Chromium: from the last keydown to the listbox answering that query, page clock (real). */
async function dialogFigures(base, rounds = 8) {
  const lookup = findChromium();
  if (!lookup.found) return { skipped: 'no Chromium found (CHROMIUM_PATH, Playwright\'s, /usr/bin/chromium)' };
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: lookup.path,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const queries = ['wallpaper glow', 'display arrangement', 'theme accent', 'homebrew cleanup'];
  const samples = [];
  try {
    // Warm the server's index with a request of its own.
    await fetch(`${base}/api/docs-search?query=warm`).then((response) => response.arrayBuffer());
    for (let round = 0; round < rounds; round += 1) {
      const page = await browser.newPage();
      try {
        await page.goto(`${base}/docs/install`, { waitUntil: 'networkidle' });
        await page.locator('button[data-search-full], button[data-search]').filter({ visible: true }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Search' });
        await dialog.waitFor();
        const query = queries[round % queries.length];
        await page.evaluate((expected) => {
          const state = { lastKey: 0, shown: 0 };
          window.__latency = state;
          document.addEventListener('keydown', () => (state.lastKey = performance.now()), true);
          new MutationObserver(() => {
            const list = document.querySelector('[role="listbox"]');
            if (!state.shown && list?.dataset.answered === expected) state.shown = performance.now();
          }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-answered'] });
        }, query);
        // 40 ms between keys: faster than most typing, so a burst costs one request.
        await dialog.getByPlaceholder('Search').pressSequentially(query, { delay: 40 });
        await page.waitForFunction(() => window.__latency.shown > 0, undefined, { timeout: 10_000 });
        const { lastKey, shown } = await page.evaluate(() => window.__latency);
        samples.push(shown - lastKey);
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { chromium: lookup.path, ...summary(samples) };
}

/** GET /v1/rooms, one at a time, `n` times. */
async function roomsFigures(base, n) {
  const samples = [];
  let failedOpen = 0;
  for (let i = 0; i < n; i += 1) {
    const res = await timedRequest(`${base}/v1/rooms`);
    if (res.status !== 200) throw new Error(`GET /v1/rooms answered ${res.status}`);
    samples.push(res.ms);
    if (res.headers.get('ratelimit-remaining') === res.headers.get('ratelimit-limit')) failedOpen += 1;
  }
  return { ...summary(samples), failedOpen };
}

/** The doors with a hanging code host, all at once, each with a tag or path not cached before. */
async function hangingFigures(base, host, paths) {
  host.state.hang = true;
  const abandonedBefore = host.state.abandoned;
  const requestsBefore = host.state.requests;
  try {
    const answers = await Promise.all(paths.map(async (path) => ({ path, ...(await timedRequest(`${base}${path}`)) })));
    // The server gives up on each upstream request at its deadline; wait for the fake to see the closes.
    for (let i = 0; i < 100 && host.state.abandoned - abandonedBefore < host.state.requests - requestsBefore; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      answers: answers.map(({ path, status, ms }) => ({ path, status, ms })),
      upstream: host.state.requests - requestsBefore,
      abandoned: host.state.abandoned - abandonedBefore,
    };
  } finally {
    host.state.hang = false;
  }
}

const signal = (record, name) => process.kill(record.child.pid, name);

/** Runs case (i). `startNext(name, env)` and `startRedis()` are run.mjs's (stopped with the rest at the end). */
export async function measureLatencyFigures({ startNext, startRedis, hugeLimit = '1000000000' }) {
  // A code host that `host.state.hang` switches to taking requests and never answering.
  const host = await startStubCodeHost({ etag: 'figures' });
  const redis = await startRedis();
  const token = randomBytes(16).toString('hex');
  const bridge = await startUpstashBridge({ redisPort: redis.port, token });
  try {
    const server = await startNext('(i) latency figures: stand-in code host, Upstash limiter via bridge', {
      GITHUB_API_URL: host.url,
      GITHUB_RAW_URL: host.url,
      UPSTASH_REDIS_REST_URL: bridge.url,
      UPSTASH_REDIS_REST_TOKEN: token,
      RATE_LIMIT_PER_MINUTE: hugeLimit,
    });
    const base = server.url;
    const results = {};
    results.installer = await installerFigures(base, host);
    results.dialog = await dialogFigures(base);
    await roomsFigures(base, 5); // warm
    results.limiterUp = await roomsFigures(base, 30);
    results.hangingRedisUp = await hangingFigures(base, host, [
      '/v1/releases/pounce', '/api/release/perch', '/download/pounce', '/layer.sh?ref=v2030.04.01', '/hacker.sh?ref=v2030.04.02', '/design.md',
    ]);

    // Redis stalled (SIGSTOP): the limiter, a keyed batch, then the doors with a hanging code host too.
    signal(redis.record, 'SIGSTOP');
    try {
      results.limiterStalled = await roomsFigures(base, 10);
      results.hangingRedisStalled = await hangingFigures(base, host, ['/v1/releases/pounce', '/api/release/perch', '/download/perch', '/layer.sh?ref=v2030.06.01']);
    } finally {
      signal(redis.record, 'SIGCONT');
    }
    const retries = [];
    for (let i = 0; i < 3; i += 1) {
      const key = `figures-${randomBytes(6).toString('hex')}`;
      const init = { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ operations: [{ kind: 'install', desktop: 'everyday' }] }) };
      signal(redis.record, 'SIGSTOP');
      let stalled;
      try {
        stalled = await timedRequest(`${base}/v1/batch`, init);
      } finally {
        signal(redis.record, 'SIGCONT');
      }
      const retry = await timedRequest(`${base}/v1/batch`, init);
      retries.push({ stalledStatus: stalled.status, stalledMs: stalled.ms, retryStatus: retry.status, retryMs: retry.ms });
    }
    results.retryAfterStall = retries;

    // Redis down (process stopped): the limiter fails open on the connection error.
    signal(redis.record, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    results.limiterDown = await roomsFigures(base, 20);
    return results;
  } finally {
    await bridge.close();
    await host.close();
  }
}

const row = (cells) => `| ${cells.join(' | ')} |`;

export function printLatencyFigures(results) {
  console.log('\n(i) latency figures the tests do not assert (tests check behaviour only), one request at a time');
  const { installer, dialog } = results;
  console.log(`installer over HTTP, ${installer.rounds} rounds interleaved (${installer.upstreamRequests} upstream requests: one per uncached tag, none for the cached one):`);
  console.log(row(['case', 'n', 'p50', 'p90', 'max']));
  console.log(row(['---', '---', '---', '---', '---']));
  for (const [name, s] of [['/hacker.sh, uncached tag', installer.uncached], ['/hacker.sh, cached tag', installer.cached]]) {
    console.log(row([name, s.n, formatMs(s.p50), formatMs(s.p90), formatMs(s.max)]));
  }
  const ratio = installer.cached.p50 / installer.uncached.p50;
  console.log(`cached p50 ÷ uncached p50: ${ratio.toFixed(2)}× (goal < 1×) ${ratio < 1 ? 'PASS' : 'MISS'}`);

  if (dialog.skipped) console.log(`search dialog: skipped, ${dialog.skipped}`);
  else {
    console.log(`search dialog, last keystroke to results (Chromium, ${dialog.n} pages, keys 40 ms apart): p50 ${formatMs(dialog.p50)}, p90 ${formatMs(dialog.p90)}, max ${formatMs(dialog.max)} (goal p50 ≤ 150 ms) ${dialog.p50 <= 150 ? 'PASS' : 'MISS'}`);
  }

  console.log('rate limiter, GET /v1/rooms with the Upstash store (fail open after 250 ms without an answer):');
  console.log(row(['Redis', 'n', 'p50', 'p90', 'max', 'let through with a full window']));
  console.log(row(['---', '---', '---', '---', '---', '---']));
  for (const [name, s] of [['up', results.limiterUp], ['not answering (SIGSTOP)', results.limiterStalled], ['down (stopped)', results.limiterDown]]) {
    console.log(row([name, s.n, formatMs(s.p50), formatMs(s.p90), formatMs(s.max), `${s.failedOpen}/${s.n}`]));
  }
  for (const [i, r] of results.retryAfterStall.entries()) {
    console.log(`keyed POST /v1/batch, Redis stalled: ${r.stalledStatus} in ${formatMs(r.stalledMs)}; the retry right after it resumed: ${r.retryStatus} in ${formatMs(r.retryMs)} (run ${i + 1})`);
  }
  for (const [name, figures] of [['Redis up', results.hangingRedisUp], ['Redis stalled', results.hangingRedisStalled]]) {
    console.log(`hanging code host, ${name} (answer budget 4.5 s of the 5 s; ${figures.abandoned}/${figures.upstream} upstream requests abandoned):`);
    for (const { path, status, ms } of figures.answers) console.log(`  GET ${path} → ${status} in ${formatMs(ms)} ${ms < 5000 ? '(within 5 s)' : 'MISS (over 5 s)'}`);
  }
}

// --- alone: its own `next start` and redis-server, unpinned ------------------

async function freePort() {
  const server = createNetServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function runAlone() {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const distDir = process.env.BENCH_DIST_DIR || '.next-bench';
  const children = [];
  const spawnChild = (command, args, env = {}) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const record = { child, stdout: '' };
    child.stdout.on('data', (chunk) => (record.stdout += chunk));
    child.stderr.on('data', (chunk) => (record.stdout += chunk));
    children.push(record);
    return record;
  };
  const waitFor = async (check, what) => {
    for (let i = 0; i < 600; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${what} did not start within 60 s`);
  };
  try {
    const startRedis = async () => {
      const port = await freePort();
      const record = spawnChild('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
      await waitFor(() => /Ready to accept connections/i.test(record.stdout), 'redis-server');
      return { port, record };
    };
    const startNext = async (_name, env) => {
      const port = await freePort();
      spawnChild('node_modules/.bin/next', ['start', '-p', String(port), '-H', '127.0.0.1'], { NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', ...env });
      const url = `http://127.0.0.1:${port}`;
      await waitFor(() => fetch(`${url}/v1/rooms?sandbox=true`).then((response) => response.ok, () => false), 'next start');
      return { url };
    };
    printLatencyFigures(await measureLatencyFigures({ startNext, startRedis }));
  } finally {
    for (const { child } of children) {
      try {
        process.kill(child.pid, 'SIGCONT');
        child.kill('SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runAlone().then(
    () => process.exit(0),
    (error) => {
      console.error(error?.stack ?? error);
      process.exit(1);
    },
  );
}
