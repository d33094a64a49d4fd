// The benchmark's child processes, pinned to a core (taskset) and stopped on exit, error or signal, so no server
// outlives a run; also the load-generator runs and their aggregate. Shared by run.mjs and the case files.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreTimes, hasProcStat } from './cpu.mjs';

export { coreTimes, hasProcStat };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Every server under test runs on core 0; load generators, Redis and helpers on core 1. */
export const serverCore = 0;
export const loadCore = 1;

export class SetupError extends Error {
  name = 'SetupError';
}

// ---------------------------------------------------------------------------
// Child processes: every one is tracked and stopped on exit, error or signal.

const children = new Set();

/** The service's own configuration, removed from the inherited environment so only what a case sets applies. */
const serviceVariables = [
  'SITE_URL', 'GITHUB_API_URL', 'GITHUB_RAW_URL', 'GITHUB_TOKEN', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN',
  'KV_REST_API_URL', 'KV_REST_API_TOKEN', 'TRUST_PROXY_HOPS', 'RATE_LIMIT_PER_MINUTE', 'WEB_BOT_AUTH_PRIVATE_KEY',
  'WEB_BOT_AUTH_SIGNATURE_AGENT', 'CURSOR_SECRET', 'VERCEL', 'VERCEL_PROJECT_PRODUCTION_URL', 'BENCH_ROUTES',
  'NEXT_DIST_DIR', 'NODE_OPTIONS', 'PORT', 'HOSTNAME',
];
export function baseEnv() {
  const env = { ...process.env };
  for (const name of serviceVariables) delete env[name];
  return env;
}

const quote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
export const commandLine = (env, argv) =>
  [...Object.entries(env).map(([name, value]) => `${name}=${quote(value)}`), ...argv.map(quote)].join(' ');

// Core pinning and per-core CPU accounting need Linux: `taskset` (util-linux)
// and /proc. Elsewhere (macOS) the benchmark runs unpinned and says so.
export const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/** Spawns `taskset -c <core> <command...>` (just `<command...>` without taskset) in its own process group. */
export function spawnPinned(name, core, command, commandArgs, env = {}, { cwd = repoRoot } = {}) {
  const argv = hasTaskset ? ['taskset', '-c', String(core), command, ...commandArgs] : [command, ...commandArgs];
  const child = spawn(argv[0], argv.slice(1), {
    cwd,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const record = { name, core, child, stdout: '', stderr: '', command: commandLine(env, argv), exited: false };
  child.stdout.on('data', (chunk) => (record.stdout += chunk));
  child.stderr.on('data', (chunk) => (record.stderr += chunk));
  child.once('error', (error) => (record.stderr += `\nspawn error: ${error.message}`));
  child.once('exit', () => {
    record.exited = true;
    children.delete(record);
  });
  children.add(record);
  return record;
}

function signalGroup(record, signal) {
  try {
    process.kill(-record.child.pid, signal);
  } catch {
    try {
      record.child.kill(signal);
    } catch {
      // already gone
    }
  }
}

export async function stop(record) {
  if (record.exited || record.child.pid === undefined) return;
  const exited = new Promise((resolve) => record.child.once('exit', resolve));
  signalGroup(record, 'SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (!record.exited) {
    signalGroup(record, 'SIGKILL');
    await Promise.race([exited, sleep(2000)]);
  }
}

export const stopAll = () => Promise.all([...children].map(stop));

/** Temporary directories, removed on any exit (also after a signal). */
export const scratchDirs = [];

process.on('exit', () => {
  for (const record of children) signalGroup(record, 'SIGKILL');
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every server this benchmark started…`);
    void stopAll().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)));
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function describeExit(record) {
  return `${record.name} (${record.command}) output:\n${record.stdout}${record.stderr}`.trimEnd();
}

/** Waits for the first stdout line that parses as JSON (the helper programs announce their URL so). */
export async function announced(record, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of record.stdout.split('\n')) {
      try {
        const value = JSON.parse(line);
        if (value && typeof value === 'object') return value;
      } catch {
        // not yet a JSON line
      }
    }
    if (record.exited) throw new SetupError(`${record.name} exited early.\n${describeExit(record)}`);
    if (Date.now() > deadline) throw new SetupError(`${record.name} did not start within ${timeoutMs / 1000} s.\n${describeExit(record)}`);
    await sleep(20);
  }
}

export async function runLoad(spec, seconds, warmup) {
  const argv = [
    'scripts/bench/load.mjs', '--connections', String(spec.connections), '--duration', String(seconds), '--warmup', String(warmup),
    ...[...children].filter((c) => !c.exited && c.child.pid !== undefined).flatMap((c) => ['--ours', `${c.core}:${c.child.pid}`]),
    ...spec.paths.map((p) => spec.target.url + p),
  ];
  const record = spawnPinned(`load ${spec.id}`, loadCore, process.execPath, argv);
  const exited = new Promise((resolve) => (record.exited ? resolve() : record.child.once('exit', resolve)));
  const timeout = sleep((seconds + warmup + 60) * 1000).then(() => 'timeout');
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    await stop(record);
    throw new SetupError(`load generator for ${spec.id} did not finish.\n${describeExit(record)}`);
  }
  if (record.child.exitCode !== 0) throw new SetupError(`load generator for ${spec.id} failed.\n${describeExit(record)}`);
  let result;
  try {
    result = JSON.parse(record.stdout.trim().split('\n').at(-1));
  } catch {
    throw new SetupError(`load generator for ${spec.id} printed no result.\n${describeExit(record)}`);
  }
  return { ...result, command: record.command.replace(process.execPath, 'node') };
}

function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function aggregate(runs) {
  const latencies = Float64Array.from(runs.flatMap((run) => run.latencies_ms)).sort();
  const seconds = runs.reduce((sum, run) => sum + run.duration_s, 0);
  const ok = runs.reduce((sum, run) => sum + run.ok, 0);
  const perRound = runs.map((run) => run.ok / run.duration_s);
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  // The median round: one round disturbed by a GC storm or a neighbour does not move it.
  const sortedRounds = [...perRound].sort((x, y) => x - y);
  const mid = Math.floor(sortedRounds.length / 2);
  const rps = sortedRounds.length % 2 === 1 ? sortedRounds[mid] : (sortedRounds[mid - 1] + sortedRounds[mid]) / 2;
  return {
    rps,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    spreadPct: perRound.length > 1 ? (100 * (Math.max(...perRound) - Math.min(...perRound))) / 2 / mean(perRound) : 0,
    meanRps: ok / seconds,
    perRound,
    ok,
    bad: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
    statusCodes: runs.map((run) => run.status_codes),
    bytes: Math.round(mean(runs.map((run) => run.bytes_per_response))),
    core0: Math.round(mean(runs.map((run) => run.cores_pct[String(serverCore)]?.busy ?? 0))),
    core0Other: Math.round(mean(runs.map((run) => run.cores_pct[String(serverCore)]?.other ?? 0))),
    core1: Math.round(mean(runs.map((run) => run.cores_pct[String(loadCore)]?.busy ?? 0))),
    core1Other: Math.round(mean(runs.map((run) => run.cores_pct[String(loadCore)]?.other ?? 0))),
    loadgen: Math.round(mean(runs.map((run) => run.loadgen_cpu_pct))),
    command: runs[0].command,
  };
}

/**
 * `next start` on core 0 with `BENCH_ROUTES=1`, ready once `/bench/floor` answers (it loads no search index).
 * `nodeArgs` (V8 flags such as --cpu-prof, not allowed in NODE_OPTIONS) run Next's CLI with node directly.
 */
export async function startNextServer(name, env, { nodeArgs = [], cwd = repoRoot, startupMs = 120_000 } = {}) {
  const port = await freePort();
  const startArgs = ['start', '-p', String(port), '-H', '127.0.0.1'];
  const [command, commandArgs] =
    nodeArgs.length > 0 ? [process.execPath, [...nodeArgs, 'node_modules/next/dist/bin/next', ...startArgs]] : ['node_modules/.bin/next', startArgs];
  const record = spawnPinned(name, serverCore, command, commandArgs, { BENCH_ROUTES: '1', NEXT_TELEMETRY_DISABLED: '1', ...env }, { cwd });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (record.exited) throw new SetupError(`next start (${name}) exited early.\n${describeExit(record)}`);
    try {
      const response = await fetch(`${url}/bench/floor`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new SetupError(`next start (${name}) did not answer within ${startupMs / 1000} s.\n${describeExit(record)}`);
    await sleep(200);
  }
  return { name, url, record };
}

/** The first line of `<command> <versionArgs>`; a SetupError with `hint` when the tool is missing or fails. */
export function requireTool(command, versionArgs, hint) {
  const probe = spawnSync(command, versionArgs, { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) throw new SetupError(`${command} is required and was not found or does not run. ${hint}`);
  return `${probe.stdout}${probe.stderr}`.split('\n')[0].trim();
}

/** A `redis-server` on core 1, loopback only, no persistence (its working directory is `scratch`). */
export async function startRedis(scratch) {
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

/** One run of soak.mjs (case (e)) on core 1; its last stdout line is the result. */
export async function runSoakProgram(name, soakArgs, seconds) {
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

// ---------------------------------------------------------------------------
// The machine is shared: other processes' load on the two cores.

async function backgroundLoad(ms = 1000) {
  const before = coreTimes();
  await sleep(ms);
  const after = coreTimes();
  const share = (core) => Math.round((100 * (after[core].busy - before[core].busy)) / Math.max(1, after[core].total - before[core].total));
  return { core0: share(serverCore), core1: share(loadCore) };
}

/** The machine may be shared: wait (up to `limitS` seconds, BENCH_QUIET_WAIT in run.mjs) for both cores to be nearly idle. */
export async function waitForQuiet(limitS) {
  if (!hasProcStat) {
    console.log('background load: not measured (no /proc/stat on this platform); make sure the machine is otherwise idle.');
    return;
  }
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
