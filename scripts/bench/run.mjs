#!/usr/bin/env node
// Every benchmark of the site, and every speed figure the tests do not assert, in one run (`npm run bench`). Plain ESM
// JavaScript: Node 20 runs it without a TypeScript loader.
//
//   node scripts/bench/run.mjs [--rebuild | --no-build] [--cpu-prof] [--soak-only | --growth-only]
//
// Environment: BENCH_DURATION (measured seconds per case, default 10),
// BENCH_ROUNDS (interleaved rounds the duration is split into, default 5),
// BENCH_WARMUP (seconds of unmeasured load per case before the first
// round, default 6; every measured run also starts with 0.5 s of its own),
// BENCH_CONNECTIONS (default 32), BENCH_QUIET_WAIT (seconds to wait for a
// busy machine to calm down before starting, default 60; 0 = do not wait),
// BENCH_SOAK_SECONDS (length of each memory soak of case (e), default 60),
// BENCH_SOAK_HEAP_MIB (old-space cap of the capped soaks of case (e), default 256),
// BENCH_SOAK_RATE (its request rate, default 1000 req/s), BENCH_DIST_DIR
// (build directory, default .next-bench), BENCH_GROWTH_FACTORS (content factors of
// case (g), default 1,10,30). --soak-only runs case (e) alone, --growth-only
// case (g) alone. See scripts/bench/README.md.
//
// Exit status: 0 whether goals pass or miss (benchmarks are not tests);
// 1 when the benchmark could not be set up or a measurement is invalid
// (errors or non-2xx answers under load).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import {
  aggregate, announced, baseEnv, commandLine, coreTimes, describeExit, freePort, hasProcStat, hasTaskset, loadCore, repoRoot,
  runLoad, scratchDirs, serverCore, SetupError, sleep, spawnPinned, startNextServer, stop, stopAll,
} from './processes.mjs';
// BENCH_DIST_DIR: another build directory (a side build of one's own in a shared tree).
const distDir = process.env.BENCH_DIST_DIR || '.next-bench';
const hugeLimit = '1000000000';
const queries = ['wallpaper', 'glow spread', 'accordionPadding', 'theme accent', 'homebrew cleanup', 'display arrangement'];
const roomsPath = '/v1/rooms?sandbox=true';

const usage = 'usage: node scripts/bench/run.mjs [--rebuild | --no-build] [--cpu-prof] [--soak-only | --growth-only]';
const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--rebuild', '--no-build', '--cpu-prof', '--soak-only', '--growth-only'].includes(arg)) {
    console.error(`unknown argument ${arg}\n${usage}`);
    process.exit(2);
  }
}
if (args.has('--rebuild') && args.has('--no-build')) {
  console.error(`--rebuild and --no-build exclude each other\n${usage}`);
  process.exit(2);
}
const numberFromEnv = (name, fallback, { allowZero = false } = {}) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0 || (allowZero && value === 0))) {
    console.error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return value;
};


const settings = {
  duration: numberFromEnv('BENCH_DURATION', 10),
  rounds: Math.round(numberFromEnv('BENCH_ROUNDS', 5)),
  warmup: numberFromEnv('BENCH_WARMUP', 6),
  runWarmup: 0.5,
  connections: Math.round(numberFromEnv('BENCH_CONNECTIONS', 32)),
  profile: args.has('--cpu-prof'),
  soakSeconds: numberFromEnv('BENCH_SOAK_SECONDS', 60),
  soakRate: numberFromEnv('BENCH_SOAK_RATE', 1000),
  soakHeapMiB: numberFromEnv('BENCH_SOAK_HEAP_MIB', 256),
  soakOnly: args.has('--soak-only'),
  growthOnly: args.has('--growth-only'),
  growthFactors: (process.env.BENCH_GROWTH_FACTORS || '1,10,30').split(',').map(Number),
};
if (!settings.growthFactors.every((factor) => factor >= 1)) {
  console.error(`BENCH_GROWTH_FACTORS must list factors ≥ 1, got ${JSON.stringify(process.env.BENCH_GROWTH_FACTORS)}`);
  process.exit(1);
}

/** Case (g), growth (scripts/bench/growth.mjs): builds of its own, so it needs no .next-bench. */
async function runGrowth() {
  const { runGrowthCase } = await import('./growth.mjs');
  return runGrowthCase({ factors: settings.growthFactors, settings: { connections: settings.connections, warmup: 3, duration: 6, rounds: 3 } });
}


// ---------------------------------------------------------------------------
// Setup: tools, build, servers.

function requireTool(command, versionArgs, hint) {
  const probe = spawnSync(command, versionArgs, { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) throw new SetupError(`${command} is required and was not found or does not run. ${hint}`);
  return `${probe.stdout}${probe.stderr}`.split('\n')[0].trim();
}

const buildInputs = [
  'app', 'lib', 'components', 'content', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'source.config.ts',
  'postcss.config.mjs', 'tsconfig.json', 'package-lock.json', 'scripts/build-search-data.mjs',
];

function newestInput() {
  let newest = { file: '', mtime: 0 };
  const visit = (relative) => {
    const absolute = path.join(repoRoot, relative);
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const name of readdirSync(absolute)) visit(path.join(relative, name));
    } else if (stats.mtimeMs > newest.mtime) {
      newest = { file: relative, mtime: stats.mtimeMs };
    }
  };
  buildInputs.forEach(visit);
  return newest;
}

/** Builds into .next-bench when there is no build, a source file is newer than it, or --rebuild. */
function ensureBuild() {
  const buildIdFile = path.join(repoRoot, distDir, 'BUILD_ID');
  let reason;
  if (args.has('--rebuild')) reason = '--rebuild';
  else if (!existsSync(buildIdFile)) reason = `no build in ${distDir} yet`;
  else if (args.has('--no-build')) {
    const newest = newestInput();
    const stale = newest.mtime > statSync(buildIdFile).mtimeMs;
    console.log(`build: --no-build, using ${distDir} as it is${stale ? ` (STALE: ${newest.file} changed since it was built)` : ''}`);
    return;
  } else {
    const newest = newestInput();
    if (newest.mtime > statSync(buildIdFile).mtimeMs) reason = `${newest.file} changed since the last benchmark build`;
  }
  const env = { NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' };
  const argv = ['node_modules/.bin/next', 'build'];
  if (reason === undefined) {
    console.log(`build: ${distDir} is up to date (BUILD_ID ${readFileSync(buildIdFile, 'utf8').trim()}); --rebuild forces one`);
    return;
  }
  console.log(`build: ${reason}; running \`${commandLine(env, argv)}\` (both cores, ~1-2 min)…`);
  const started = Date.now();
  // `next build` adds its dist dir's generated types to tsconfig.json; a side build must not change the repo.
  const tsconfigPath = path.join(repoRoot, 'tsconfig.json');
  const tsconfig = readFileSync(tsconfigPath, 'utf8');
  // As `npm run build` does: the search index first (Node 24, the `node` devDependency, for its type stripping).
  const index = spawnSync('node_modules/.bin/node', ['scripts/build-search-data.mjs'], { cwd: repoRoot, env: baseEnv(), encoding: 'utf8' });
  if (index.status !== 0) throw new SetupError(`scripts/build-search-data.mjs failed:\n${index.stdout}${index.stderr}`);
  const result = spawnSync(argv[0], argv.slice(1), { cwd: repoRoot, env: { ...baseEnv(), ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  writeFileSync(tsconfigPath, tsconfig);
  if (result.status !== 0) {
    throw new SetupError(`next build failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
  console.log(`build: done in ${Math.round((Date.now() - started) / 1000)} s (BUILD_ID ${readFileSync(buildIdFile, 'utf8').trim()})`);
}

/** A `next start` of the benchmark build (`BENCH_ROUTES=1`) on core 0. */
const startNext = (name, env, nodeArgs = []) => startNextServer(name, { NEXT_DIST_DIR: distDir, ...env }, { nodeArgs });

async function startRedis(scratch) {
  const port = await freePort();
  const record = spawnPinned('redis-server', loadCore, 'redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', scratch,
  ]);
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/i.test(record.stdout)) {
    if (record.exited) throw new SetupError(`redis-server exited on start.\n${describeExit(record)}`);
    if (Date.now() > deadline) throw new SetupError(`redis-server did not start within 10 s.\n${describeExit(record)}`);
    await sleep(25);
  }
  return { port, record };
}

async function fetchBytes(url) {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

async function bridgeRequests(bridgeUrl) {
  const response = await fetch(`${bridgeUrl}/__bench/stats`);
  return (await response.json()).requests;
}

// ---------------------------------------------------------------------------
// Measuring.


async function backgroundLoad(ms = 1000) {
  const before = coreTimes();
  await sleep(ms);
  const after = coreTimes();
  const share = (core) => Math.round((100 * (after[core].busy - before[core].busy)) / Math.max(1, after[core].total - before[core].total));
  return { core0: share(serverCore), core1: share(loadCore) };
}

/** The machine may be shared: wait (up to BENCH_QUIET_WAIT s, default 60) for both cores to be nearly idle. */
async function waitForQuiet() {
  if (!hasProcStat) {
    console.log('background load: not measured (no /proc/stat on this platform); make sure the machine is otherwise idle.');
    return;
  }
  const limitS = numberFromEnv('BENCH_QUIET_WAIT', 60, { allowZero: true });
  const deadline = Date.now() + limitS * 1000;
  let load = await backgroundLoad();
  const busy = () => load.core0 > 10 || load.core1 > 10;
  if (busy()) console.log(`background load: core ${serverCore} ${load.core0}%, core ${loadCore} ${load.core1}% busy; waiting up to ${limitS} s for other processes to finish…`);
  while (busy() && Date.now() < deadline) {
    await sleep(4000);
    load = await backgroundLoad();
  }
  console.log(`background load before starting (1 s sample): core ${serverCore} ${load.core0}% busy, core ${loadCore} ${load.core1}% busy`);
  if (busy()) console.log('WARNING: other processes are using the CPU; the numbers will be noisy (see the "other" columns).');
}



// ---------------------------------------------------------------------------
// Printing.

const fmt = {
  rps: (value) => value.toFixed(0),
  ms: (value) => (Number.isFinite(value) ? value.toFixed(2) : '—'),
  ratio: (value) => `${value.toFixed(2)}×`,
};

function table(headers, rows, align) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i] ?? '').length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (align[i] === 'r' ? String(cell ?? '').padStart(widths[i]) : String(cell ?? '').padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------
// (e) Memory soak: RSS of a fresh server before and after a steady mixed load (every in-memory structure is bounded).

async function runSoakProgram(name, soakArgs, seconds) {
  const record = spawnPinned(name, loadCore, process.execPath, ['scripts/bench/soak.mjs', ...soakArgs]);
  const exited = new Promise((resolve) => (record.exited ? resolve() : record.child.once('exit', resolve)));
  if ((await Promise.race([exited, sleep((seconds + 90) * 1000).then(() => 'timeout')])) === 'timeout') {
    await stop(record);
    throw new SetupError(`${name} did not finish.\n${describeExit(record)}`);
  }
  if (record.child.exitCode !== 0) throw new SetupError(`${name} failed.\n${describeExit(record)}`);
  try {
    return { ...JSON.parse(record.stdout.trim().split('\n').at(-1)), command: record.command.replace(process.execPath, 'node') };
  } catch {
    throw new SetupError(`${name} printed no result.\n${describeExit(record)}`);
  }
}

/**
 * Fresh servers (memory store, limiter on, one client address per request
 * through TRUST_PROXY_HOPS=1, a stand-in code host on core 1): one soaked
 * with reads, keyed batches and installer fetches, one with job submissions
 * added; then the same two with V8's old space capped
 * (--max-old-space-size=BENCH_SOAK_HEAP_MIB, default 256, in NODE_OPTIONS).
 * With the default cap (a share of the machine's memory: gigabytes here) V8
 * lets garbage pile up before it collects, so RSS grows with the request
 * count; under the small cap it must collect, and RSS then shows what the
 * server really keeps: it plateaus if every structure is bounded, and the
 * server dies of heap exhaustion if one is not. Each gets BENCH_WARMUP
 * seconds of the same mix first, so "before" is a warmed process. Returns
 * the number of invalid soaks.
 */
async function runSoakCases() {
  const { seconds, rate } = { seconds: settings.soakSeconds, rate: settings.soakRate };
  console.log(`\n(e) memory soak: ${seconds} s at ${rate} req/s per server, RSS from /proc/<pid>/status VmRSS (ps -o rss= elsewhere)`);
  const hostRecord = spawnPinned('stand-in code host', loadCore, process.execPath, ['scripts/bench/soak.mjs', '--code-host']);
  const host = (await announced(hostRecord)).url;
  const rows = [];
  const commands = [`  stand-in code host: ${hostRecord.command.replace(process.execPath, 'node')}`];
  let invalid = 0;
  const heapMiB = settings.soakHeapMiB;
  const variants = [
    { withJobs: false, heapCap: false },
    { withJobs: true, heapCap: false },
    { withJobs: false, heapCap: true },
    { withJobs: true, heapCap: true },
  ];
  for (const { withJobs, heapCap } of variants) {
    const label = `${withJobs ? '(e) soak with job submissions' : '(e) soak: reads, keyed batches, installers'}${heapCap ? `, old space ≤ ${heapMiB} MiB` : ''}`;
    const server = await startNext(label, {
      RATE_LIMIT_PER_MINUTE: hugeLimit,
      TRUST_PROXY_HOPS: '1',
      GITHUB_API_URL: host,
      GITHUB_RAW_URL: host,
      ...(heapCap ? { NODE_OPTIONS: `--max-old-space-size=${heapMiB}` } : {}),
    });
    const pid = server.record.child.pid;
    const jobFlag = withJobs ? ['--jobs'] : [];
    process.stdout.write(`${label}: warm-up ${settings.warmup} s… `);
    await runSoakProgram(`soak warm-up ${withJobs ? 'jobs' : 'plain'}`, ['--url', server.url, '--pid', String(pid), '--seconds', String(settings.warmup), '--rate', String(rate), ...jobFlag], settings.warmup);
    process.stdout.write(`soak ${seconds} s… `);
    const soak = await runSoakProgram(`soak ${withJobs ? 'jobs' : 'plain'}`, ['--url', server.url, '--pid', String(pid), '--seconds', String(seconds), '--rate', String(rate), ...jobFlag], seconds);
    const bad = soak.non2xx + soak.errors + soak.timeouts;
    if (bad > 0) invalid += 1;
    console.log(`${soak.rps} req/s, RSS ${soak.rssMiB.before} → ${soak.rssMiB.after} MiB${bad > 0 ? `  (INVALID: ${soak.non2xx} non-2xx, ${soak.errors} errors, ${soak.timeouts} timeouts)` : ''}`);
    const growth = soak.rssMiB.after - soak.rssMiB.before;
    rows.push([
      label, soak.rps, soak.requests, bad, soak.rssMiB.before, soak.rssMiB.peak, soak.rssMiB.after,
      `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} (${growth >= 0 ? '+' : ''}${((100 * growth) / soak.rssMiB.before).toFixed(0)} %)`,
      soak.samplesMiB.join(' '),
    ]);
    commands.push(`  ${label}: ${server.record.command}`, `  load: ${soak.command}`);
    await stop(server.record);
  }
  await stop(hostRecord);
  console.log('\nMEMORY SOAK (RSS in MiB; before = after the warm-up, after = 5 s after the load stopped; samples every 5 s during the load)');
  console.log(table(['case', 'req/s', 'requests', 'non-2xx/errors', 'before', 'peak', 'after', 'growth MiB', 'samples'], rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l']));
  console.log(
    `The uncapped servers' growth is garbage V8 has not yet collected (its default old-space limit is a share of the machine's memory); the capped ones (old space ≤ ${heapMiB} MiB) show what is kept, and a server that kept something unbounded would have died there.`,
  );
  console.log(`\nCOMMANDS (e)\n${commands.join('\n')}`);
  return invalid;
}

// ---------------------------------------------------------------------------

/**
 * Cases measured request by request rather than under load: (f) ranking
 * quality beside the stock Fumadocs route, (g) MCP tools/call beside
 * /v1/search when scripts/bench/mcp.mjs is there, (h) /ask beside /v1/search.
 */
async function agentDoorCases(base) {
  const quality = await import('./search-quality.mjs');
  quality.printSearchQuality(await quality.measureSearchQuality(base));
  if (existsSync(path.join(repoRoot, 'scripts/bench/mcp.mjs'))) {
    const mcp = await import('./mcp.mjs');
    if (typeof mcp.measureMcp === 'function') mcp.printMcp(await mcp.measureMcp(base));
  }
  const ask = await import('./ask.mjs');
  ask.printAsk(await ask.measureAsk(base));
}

async function main() {
  const started = Date.now();
  const tasksetVersion = hasTaskset ? requireTool('taskset', ['--version'], 'It comes with util-linux: `apt-get install -y util-linux`.') : 'no taskset';
  const redisVersion = requireTool('redis-server', ['--version'], 'Install it with `apt-get install -y redis-server` (Debian/Ubuntu) or `brew install redis` (macOS).');
  if (cpus().length < 2) throw new SetupError(`the benchmark pins the server to core ${serverCore} and the load to core ${loadCore}; this machine has ${cpus().length} core(s)`);
  const autocannonVersion = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/autocannon/package.json'), 'utf8')).version;
  const nextVersion = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/next/package.json'), 'utf8')).version;

  console.log('layer site benchmarks');
  console.log(`node ${process.version}, next ${nextVersion}, autocannon ${autocannonVersion}, ${redisVersion.split(' ').slice(0, 3).join(' ')}, ${tasksetVersion}`);
  if (hasTaskset) {
    console.log(`${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}): every server under test runs on core ${serverCore} (taskset -c ${serverCore});`);
    console.log(`the load generator (autocannon), redis-server and the Upstash bridge run on core ${loadCore} (taskset -c ${loadCore}).`);
  } else {
    console.log(`${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}). NOTE: no taskset on this platform (${process.platform}), so servers and load generator`);
    console.log('are NOT pinned to separate cores and share the CPU as the OS schedules them: ratios are noisier than on Linux.');
  }
  if (!hasProcStat) console.log('NOTE: no /proc here: the per-core busy and "other" columns are not measured (shown as 0) and disturbed runs are not repeated.');
  console.log(
    `Each case: ${settings.warmup} s warm-up, then ${settings.duration} s measured in ${settings.rounds} interleaved rounds of ` +
      `${settings.duration / settings.rounds} s (each after ${settings.runWarmup} s of unmeasured load), ${settings.connections} connections unless noted.`,
  );
  if (settings.profile) console.log('--cpu-prof: every Next server runs under the V8 profiler; the numbers are slower than normal.');
  console.log('');

  if (settings.growthOnly) {
    await waitForQuiet();
    const growthInvalid = await runGrowth();
    console.log(`\ntotal time ${Math.round((Date.now() - started) / 1000)} s`);
    return growthInvalid > 0 ? 1 : 0;
  }
  ensureBuild();
  const scratch = mkdtempSync(path.join(tmpdir(), 'layer-bench-'));
  scratchDirs.push(scratch);
  const profileDir = settings.profile ? mkdtempSync(path.join(tmpdir(), 'layer-bench-prof-')) : undefined;
  try {
    await waitForQuiet();
    if (settings.soakOnly) {
      const soakInvalid = await runSoakCases();
      console.log(`\ntotal time ${Math.round((Date.now() - started) / 1000)} s`);
      return soakInvalid > 0 ? 1 : 0;
    }

    // Servers. All are started up front and measured one at a time; an idle server costs nothing.
    const redis = await startRedis(scratch);
    const token = randomBytes(16).toString('hex');
    const bridgeRecord = spawnPinned('upstash-bridge', loadCore, process.execPath, [
      'scripts/bench/upstash-bridge.mjs', '--redis-port', String(redis.port), '--token', token,
    ]);
    const bridgeUrl = (await announced(bridgeRecord)).url;

    // One server per comparison group, so servers compared with each other have served the same
    // traffic: a process that also holds the search indexes has a bigger heap and slower GC.
    const profiled = (slug) => (profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, slug)}`] : []);
    const serverA = await startNext('(a) floor + rooms, memory limiter', { RATE_LIMIT_PER_MINUTE: hugeLimit }, profiled('a'));
    const limiterOn = await startNext('(b,c) rooms only, memory limiter on', { RATE_LIMIT_PER_MINUTE: hugeLimit }, profiled('limiter-on'));
    const limiterOff = await startNext('(b) rooms only, limiter off', { RATE_LIMIT_PER_MINUTE: '0' }, profiled('limiter-off'));
    const upstash = await startNext(
      '(c) rooms only, Upstash limiter via bridge',
      { RATE_LIMIT_PER_MINUTE: hugeLimit, UPSTASH_REDIS_REST_URL: bridgeUrl, UPSTASH_REDIS_REST_TOKEN: token },
      profiled('upstash'),
    );
    const serverD = await startNext('(d) search routes', { RATE_LIMIT_PER_MINUTE: hugeLimit }, profiled('search'));
    const nextServers = [serverA, limiterOn, limiterOff, upstash, serverD];

    // Preflight: the bodies compared are byte-identical, and each server runs the limiter it should.
    const floor = await fetchBytes(`${serverA.url}/bench/floor`);
    if (floor.status !== 200) throw new SetupError(`/bench/floor answered ${floor.status}`);
    const bodyFile = path.join(scratch, 'floor.json');
    writeFileSync(bodyFile, floor.body);
    const nodeRecord = spawnPinned('node:http floor', serverCore, process.execPath, ['scripts/bench/node-floor.mjs', bodyFile]);
    const nodeFloor = { name: 'node:http', url: (await announced(nodeRecord)).url, record: nodeRecord };

    const checks = [];
    for (const server of nextServers) {
      const before = await bridgeRequests(bridgeUrl);
      const rooms = await fetchBytes(server.url + roomsPath);
      const after = await bridgeRequests(bridgeUrl);
      if (rooms.status !== 200) throw new SetupError(`${roomsPath} on the ${server.name} server answered ${rooms.status}: ${rooms.body}`);
      if (!rooms.body.equals(floor.body)) {
        throw new SetupError(`${roomsPath} (${server.name}) and /bench/floor bodies differ:\n${rooms.body}\n${floor.body}`);
      }
      const limit = rooms.headers.get('ratelimit-limit');
      const expectLimiter = server !== limiterOff;
      if (expectLimiter ? limit !== hugeLimit : limit !== null) {
        throw new SetupError(`the ${server.name} server answered RateLimit-Limit ${limit}; expected ${expectLimiter ? hugeLimit : 'none'}`);
      }
      const viaRedis = after > before;
      if (viaRedis !== (server === upstash)) {
        throw new SetupError(`the ${server.name} server ${viaRedis ? 'called' : 'did not call'} the Upstash bridge`);
      }
    }
    checks.push(`${roomsPath} body is byte-identical to /bench/floor on all ${nextServers.length} Next servers (${floor.body.length} bytes)`);
    checks.push('RateLimit-Limit: 1000000000 on the limiter-on and Upstash servers, no RateLimit headers with RATE_LIMIT_PER_MINUTE=0');
    checks.push('the Upstash server\'s limiter calls the bridge (its request counter moves), the memory servers\' do not');
    const nodeBody = await fetchBytes(nodeFloor.url);
    if (!nodeBody.body.equals(floor.body)) throw new SetupError('the node:http floor does not serve the /bench/floor bytes');
    checks.push('the node:http floor serves the same bytes');

    const searchLines = [];
    for (const q of queries) {
      const ours = await fetchBytes(`${serverD.url}/v1/search?q=${encodeURIComponent(q)}`);
      const stock = await fetchBytes(`${serverD.url}/bench/fumadocs-search?query=${encodeURIComponent(q)}`);
      if (ours.status !== 200 || stock.status !== 200) {
        throw new SetupError(`search preflight for ${JSON.stringify(q)}: /v1/search ${ours.status}, /bench/fumadocs-search ${stock.status}`);
      }
      const oursJson = JSON.parse(ours.body.toString('utf8'));
      const stockJson = JSON.parse(stock.body.toString('utf8'));
      searchLines.push(
        `  ${JSON.stringify(q).padEnd(22)} /v1/search: ${oursJson.results.length} hits on page 1 of ${oursJson.total}, ${ours.body.length} B;` +
          ` /bench/fumadocs-search: ${Array.isArray(stockJson) ? stockJson.length : '?'} entries, ${stock.body.length} B`,
      );
    }
    checks.push(`every query answers 200 on both search routes:\n${searchLines.join('\n')}`);
    console.log(`preflight:\n${checks.map((check) => `- ${check}`).join('\n')}\n`);

    const c = settings.connections;
    const specs = [
      { id: 'a.floor', what: '(a) GET /bench/floor — Next route, no proxy', target: serverA, paths: ['/bench/floor'], connections: c },
      { id: 'a.rooms', what: `(a) GET ${roomsPath} — full stack, memory limiter`, target: serverA, paths: [roomsPath], connections: c },
      { id: 'a.node', what: '(a) bare node:http, same bytes', target: nodeFloor, paths: ['/'], connections: c },
      { id: 'b.on', what: `(b) GET ${roomsPath} — memory limiter on`, target: limiterOn, paths: [roomsPath], connections: c },
      { id: 'b.off', what: `(b) GET ${roomsPath} — RATE_LIMIT_PER_MINUTE=0`, target: limiterOff, paths: [roomsPath], connections: c },
      { id: 'c.upstash', what: `(c) GET ${roomsPath} — Upstash limiter via bridge`, target: upstash, paths: [roomsPath], connections: c },
      { id: 'c.memory1', what: `(c) GET ${roomsPath} — memory limiter, 1 connection`, target: limiterOn, paths: [roomsPath], connections: 1 },
      { id: 'c.upstash1', what: `(c) GET ${roomsPath} — Upstash limiter, 1 connection`, target: upstash, paths: [roomsPath], connections: 1 },
      { id: 'd.v1', what: `(d) GET /v1/search?q= — ${queries.length} rotating queries`, target: serverD, paths: queries.map((q) => `/v1/search?q=${encodeURIComponent(q)}`), connections: c },
      { id: 'd.stock', what: '(d) GET /bench/fumadocs-search?query= — same queries', target: serverD, paths: queries.map((q) => `/bench/fumadocs-search?query=${encodeURIComponent(q)}`), connections: c },
    ];

    // Warm-up: a fresh Next server needs seconds of load on a path before its JIT settles
    // (req/s climbs for ~6-8 s from cold), so every case first gets unmeasured load of its own.
    for (const spec of specs) {
      process.stdout.write(`warm-up ${spec.id.padEnd(11)} ${settings.warmup} s… `);
      const warm = await runLoad({ ...spec, id: `warm-up ${spec.id}` }, settings.warmup, 0);
      if (warm.non2xx + warm.errors + warm.timeouts > 0) {
        throw new SetupError(`warm-up of ${spec.id}: ${warm.non2xx} non-2xx, ${warm.errors} errors, ${warm.timeouts} timeouts (${JSON.stringify(warm.status_codes)})`);
      }
      console.log(`${fmt.rps(warm.ok / warm.duration_s)} req/s`);
    }

    const runs = new Map(specs.map((spec) => [spec.id, []]));
    const bridgeCounts = { before: await bridgeRequests(bridgeUrl), during: 0 };
    let upstashRequests = 0; // requests sent to the Upstash server while its bridge calls are counted
    const perRound = settings.duration / settings.rounds;
    const maxRetries = 2;
    const retryAbovePct = 10;
    let retriesLeft = 2 * specs.length; // bounds the extra time on a busy machine
    let retried = 0;
    const foreignLoad = (run) => Math.max(run.cores_pct[String(serverCore)]?.other ?? 0, run.cores_pct[String(loadCore)]?.other ?? 0);
    for (let round = 1; round <= settings.rounds; round++) {
      for (const spec of specs) {
        process.stdout.write(`round ${round}/${settings.rounds}: ${spec.id.padEnd(11)} `);
        const isUpstash = spec.target === upstash;
        const before = isUpstash ? await bridgeRequests(bridgeUrl) : 0;
        // On a shared machine, a run during which other processes took a real share of either core
        // is repeated (twice at most); the run with the least foreign load is kept.
        let result;
        for (let attempt = 0; attempt <= maxRetries; attempt++) {
          const candidate = await runLoad(spec, perRound, settings.runWarmup);
          if (isUpstash) upstashRequests += candidate.requests + candidate.warmup_requests;
          if (result === undefined || foreignLoad(candidate) < foreignLoad(result)) result = candidate;
          if (foreignLoad(candidate) <= retryAbovePct || retriesLeft === 0) break;
          retriesLeft -= 1;
          retried += 1;
          process.stdout.write(`(other processes used ${foreignLoad(candidate)}% of a core; again) `);
        }
        if (isUpstash) bridgeCounts.during += (await bridgeRequests(bridgeUrl)) - before;
        runs.get(spec.id).push(result);
        console.log(`${fmt.rps(result.ok / result.duration_s)} req/s${result.non2xx + result.errors + result.timeouts > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)` : ''}`);
      }
    }
    console.log('');

    const r = Object.fromEntries(specs.map((spec) => [spec.id, aggregate(runs.get(spec.id))]));

    // The main table: every case, its baseline ratio and verdict.
    const rows = [];
    const goals = [];
    const add = (id, comparisons = []) => {
      const spec = specs.find((s) => s.id === id);
      const m = r[id];
      const first = comparisons[0];
      rows.push([spec.what, spec.connections, fmt.rps(m.rps), fmt.ms(m.p50), fmt.ms(m.p99), ...(first ?? ['', '', '', ''])]);
      for (const extra of comparisons.slice(1)) rows.push(['', '', '', '', '', ...extra]);
    };
    const verdict = (pass) => (pass ? 'PASS' : 'MISS');
    const compare = (label, ratio, goal, pass) => {
      if (goal) goals.push({ label, ratio, goal, pass });
      return [label, fmt.ratio(ratio), goal ?? 'report', goal ? verdict(pass) : '—'];
    };

    const aFloor = r['a.rooms'].rps / r['a.floor'].rps;
    const aNode = r['a.rooms'].rps / r['a.node'].rps;
    const bRatio = r['b.on'].rps / r['b.off'].rps;
    const cRatio = r['c.upstash'].rps / r['b.on'].rps;
    const dRps = r['d.v1'].rps / r['d.stock'].rps;
    const dP99 = r['d.v1'].p99 / r['d.stock'].p99;

    add('a.floor', [compare('req/s vs node:http', r['a.floor'].rps / r['a.node'].rps)]);
    add('a.rooms', [
      compare('(a) req/s vs /bench/floor', aFloor, '≥ 0.80×', aFloor >= 0.8),
      compare('(a) req/s vs node:http', aNode),
    ]);
    add('a.node');
    add('b.on', [compare('(b) req/s vs limiter off', bRatio, '≥ 0.95×', bRatio >= 0.95)]);
    add('b.off');
    add('c.upstash', [
      compare('(c) req/s vs memory limiter', cRatio),
      [`(c) p50 +${fmt.ms(r['c.upstash'].p50 - r['b.on'].p50)} ms vs memory`, '', 'report', '—'],
    ]);
    add('c.memory1');
    add('c.upstash1', [
      compare('(c) req/s vs memory, 1 conn', r['c.upstash1'].rps / r['c.memory1'].rps),
      [`(c) p50 +${fmt.ms(r['c.upstash1'].p50 - r['c.memory1'].p50)} ms vs memory`, '', 'report', '—'],
    ]);
    add('d.v1', [
      compare('(d) req/s vs Fumadocs stock', dRps, '≥ 1.50×', dRps >= 1.5),
      compare('(d) p99 vs Fumadocs stock', dP99, '≤ 1.00×', dP99 <= 1),
    ]);
    add('d.stock');

    console.log('RESULTS (req/s = 2xx answers per second, median of the rounds; p50/p99 = response time in ms over all measured requests of all rounds)');
    console.log(table(['case', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'against baseline', 'ratio', 'goal', 'verdict'], rows, ['l', 'r', 'r', 'r', 'r', 'l', 'r', 'l', 'l']));

    console.log(
      '\nDETAILS (spread = half the range of the per-round req/s over their mean; core N busy % = share of the core busy during the measured ' +
        'runs, "other" = the part used by processes this benchmark did not start; loadgen % = autocannon\'s own CPU; bytes/resp on the wire, headers included)',
    );
    console.log(
      table(
        ['case', 'rounds req/s', 'spread', 'bytes/resp', `core${serverCore} busy %`, 'other', `core${loadCore} busy %`, 'other', 'loadgen %', 'non-2xx/errors'],
        specs.map((spec) => {
          const m = r[spec.id];
          return [spec.id, m.perRound.map(fmt.rps).join(' / '), `±${m.spreadPct.toFixed(1)}%`, m.bytes, m.core0, m.core0Other, m.core1, m.core1Other, m.loadgen, m.bad];
        }),
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
    );

    console.log('\nGOALS');
    for (const goal of goals) console.log(`  ${goal.pass ? 'PASS' : 'MISS'}  ${goal.label}: ${fmt.ratio(goal.ratio)} (goal ${goal.goal})`);
    console.log(
      `  info  (c) Upstash adds ${fmt.ms(r['c.upstash1'].p50 - r['c.memory1'].p50)} ms to p50 unloaded (1 connection) and ` +
        `${fmt.ms(r['c.upstash'].p50 - r['b.on'].p50)} ms at ${c} connections; throughput ${fmt.rps(r['c.upstash'].rps)} vs ${fmt.rps(r['b.on'].rps)} req/s (${fmt.ratio(cRatio)})`,
    );

    // Notes on the validity of what was measured.
    const notes = [];
    if (retried > 0) notes.push(`${retried} run(s) were repeated because other processes used more than ${retryAbovePct}% of a core during them`);
    const invalid = specs.filter((spec) => r[spec.id].bad > 0);
    for (const spec of invalid) notes.push(`INVALID ${spec.id}: ${r[spec.id].bad} non-2xx/errors/timeouts under load (status codes ${JSON.stringify(r[spec.id].statusCodes)})`);
    notes.push(`the Upstash bridge served ${bridgeCounts.during} Redis calls for ${upstashRequests} requests to the Upstash server (warm-ups included; about one EVALSHA per request is expected)`);
    if (/rate limiter unavailable/.test(upstash.record.stdout + upstash.record.stderr)) {
      notes.push('WARNING: the Upstash server logged "rate limiter unavailable" (fail open): some (c) requests skipped Redis after 250 ms');
    }
    // The node:http floor does the least work per request, so its spread is the machine's own
    // unsteadiness (a busy host shows up here even when nothing else runs in this VM).
    const steadiness = r['a.node'].spreadPct;
    notes.push(
      steadiness > 15
        ? `WARNING: the machine itself was unsteady: the bare node:http floor varied ±${steadiness.toFixed(0)}% between rounds; ratios within ~10% of a goal are not decisive, run again`
        : `the bare node:http floor varied ±${steadiness.toFixed(0)}% between rounds (the machine's own steadiness)`,
    );
    for (const spec of hasProcStat ? specs : []) {
      const m = r[spec.id];
      if (m.core0Other > 5 || m.core1Other > 5) {
        notes.push(`WARNING ${spec.id}: other processes used ${m.core0Other}% of core ${serverCore} and ${m.core1Other}% of core ${loadCore}; this case is unreliable`);
      }
      if (spec.connections > 1 && m.core0Other <= 5 && m.core0 - m.core0Other < 90) notes.push(`${spec.id}: the server used only ${m.core0 - m.core0Other}% of core ${serverCore}; it was not saturated`);
      if (m.core1 - m.core1Other > 90) notes.push(`${spec.id}: the load side used ${m.core1 - m.core1Other}% of core ${loadCore}; the load generator may have been the bottleneck`);
    }
    console.log(`\nNOTES\n${notes.map((note) => `- ${note}`).join('\n')}`);

    console.log('\nCOMMANDS (as run; ports are picked free per run)');
    console.log(`  build: ${commandLine({ NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' }, ['node_modules/.bin/next', 'build'])}  (only when stale)`);
    const inherited = (command) => command.replace(process.execPath, 'node');
    for (const record of [redis.record, bridgeRecord, ...nextServers.map((server) => server.record), nodeRecord]) {
      console.log(`  ${record.name}: ${inherited(record.command)}`);
    }
    for (const spec of specs) console.log(`  load ${spec.id} (round 1): ${r[spec.id].command}`);

    // The agent doors and search quality, on the search server (d): one request at a time.
    await agentDoorCases(serverD.url);

    // (i) The speed figures the tests do not assert, on a server of its own (scripts/bench/latency-figures.mjs).
    const figures = await import('./latency-figures.mjs');
    figures.printLatencyFigures(await figures.measureLatencyFigures({ startNext, startRedis: () => startRedis(scratch), hugeLimit }));

    await stopAll();
    const soakInvalid = await runSoakCases();
    const growthInvalid = await runGrowth();
    if (profileDir) {
      const written = readdirSync(profileDir, { recursive: true }).filter((file) => String(file).endsWith('.cpuprofile'));
      console.log(`\nCPU profiles (one directory per server): ${written.map((file) => path.join(profileDir, String(file))).join(', ') || '(none written)'}`);
    }
    console.log(`\ntotal time ${Math.round((Date.now() - started) / 1000)} s`);
    return invalid.length > 0 || soakInvalid > 0 || growthInvalid > 0 ? 1 : 0;
  } finally {
    await stopAll();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(`\nbenchmark setup failed: ${error instanceof SetupError ? error.message : error?.stack ?? error}`);
    await stopAll();
    process.exit(1);
  },
);
