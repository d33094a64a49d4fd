#!/usr/bin/env node
// Every benchmark of the site in one run (`npm run bench`); its flags, environment variables and how to read its
// results are in scripts/bench/README.md. Plain ESM JavaScript, so Node 20 runs it without a TypeScript loader.
//
//   node scripts/bench/run.mjs [--rebuild | --no-build] [--cpu-prof] [--load-only | --soak-only | --growth-only | --dev-loop-only]
//
// Exit status: 0 whether goals pass or miss (benchmarks are not tests); 1 when the benchmark could not be set up or
// a measurement is invalid (errors or non-2xx answers under load).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { hugeLimit, runLoadCases, runSoakCases } from './load-cases.mjs';
import {
  baseEnv, commandLine, hasTaskset, loadCore, repoRoot, requireTool, scratchDirs, serverCore, SetupError, startNextServer, startRedis,
  stopAll, waitForQuiet,
} from './processes.mjs';
import { printLoadReport, printPreamble } from './report.mjs';
// BENCH_DIST_DIR: another build directory (a side build of one's own in a shared tree).
const distDir = process.env.BENCH_DIST_DIR || '.next-bench';

const usage = 'usage: node scripts/bench/run.mjs [--rebuild | --no-build] [--cpu-prof] [--load-only | --soak-only | --growth-only | --dev-loop-only]';
const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--rebuild', '--no-build', '--cpu-prof', '--load-only', '--soak-only', '--growth-only', '--dev-loop-only'].includes(arg)) {
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
  devLoopOnly: args.has('--dev-loop-only'),
  growthFactors: (process.env.BENCH_GROWTH_FACTORS || '1,10,100').split(',').map(Number),
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

/** Case (j), the dev loop (scripts/bench/dev-loop.mjs): `next dev` of its own copy beside a stock Fumadocs app; no build. */
async function runDevLoop() {
  const { runDevLoopCase } = await import('./dev-loop.mjs');
  await runDevLoopCase();
}

// ---------------------------------------------------------------------------
// Build.

const buildInputs = [
  'app', 'lib', 'components', 'content', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'source.config.ts',
  'postcss.config.mjs', 'tsconfig.json', 'package-lock.json', 'scripts/build.mjs', 'scripts/build-search-data.mjs', 'scripts/compile-docs.mjs',
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
  const argv = ['node_modules/.bin/node', 'scripts/build.mjs'];
  if (reason === undefined) {
    console.log(`build: ${distDir} is up to date (BUILD_ID ${readFileSync(buildIdFile, 'utf8').trim()}); --rebuild forces one`);
    return;
  }
  console.log(`build: ${reason}; running \`${commandLine(env, argv)}\` (both cores, ~1-2 min)…`);
  const started = Date.now();
  // `next build` adds its dist dir's generated types to tsconfig.json; a side build must not change the repo.
  const tsconfigPath = path.join(repoRoot, 'tsconfig.json');
  const tsconfig = readFileSync(tsconfigPath, 'utf8');
  // `npm run build` (scripts/build.mjs: link check beside the search index, `next build`, the pages prepared), on Node 24 as npm runs it.
  const result = spawnSync(argv[0], argv.slice(1), { cwd: repoRoot, env: { ...baseEnv(), ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  writeFileSync(tsconfigPath, tsconfig);
  if (result.status !== 0) {
    throw new SetupError(`scripts/build.mjs failed (exit ${result.status}):\n${result.stdout.slice(-8000)}${result.stderr.slice(-8000)}`);
  }
  console.log(`build: done in ${Math.round((Date.now() - started) / 1000)} s (BUILD_ID ${readFileSync(buildIdFile, 'utf8').trim()})`);
}

/** A `next start` of the benchmark build (`BENCH_ROUTES=1`) on core 0. */
const startNext = (name, env, nodeArgs = []) => startNextServer(name, { NEXT_DIST_DIR: distDir, ...env }, { nodeArgs });

// ---------------------------------------------------------------------------

/** Cases measured one request at a time: (f) ranking quality, MCP beside /v1/search (when mcp.mjs is there), (h) /ask. */
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
  printPreamble({ nextVersion, autocannonVersion, redisVersion, tasksetVersion, settings });

  if (settings.devLoopOnly) {
    await waitForQuiet(numberFromEnv('BENCH_QUIET_WAIT', 60, { allowZero: true }));
    await runDevLoop();
    console.log(`\ntotal time ${Math.round((Date.now() - started) / 1000)} s`);
    return 0;
  }
  if (settings.growthOnly) {
    await waitForQuiet(numberFromEnv('BENCH_QUIET_WAIT', 60, { allowZero: true }));
    const growthInvalid = await runGrowth();
    console.log(`\ntotal time ${Math.round((Date.now() - started) / 1000)} s`);
    return growthInvalid > 0 ? 1 : 0;
  }
  ensureBuild();
  const scratch = mkdtempSync(path.join(tmpdir(), 'layer-bench-'));
  scratchDirs.push(scratch);
  const profileDir = settings.profile ? mkdtempSync(path.join(tmpdir(), 'layer-bench-prof-')) : undefined;
  try {
    await waitForQuiet(numberFromEnv('BENCH_QUIET_WAIT', 60, { allowZero: true }));
    if (settings.soakOnly) {
      const soakInvalid = await runSoakCases({ settings, startNext });
      console.log(`\ntotal time ${Math.round((Date.now() - started) / 1000)} s`);
      return soakInvalid > 0 ? 1 : 0;
    }

    const measured = await runLoadCases({ settings, startNext, scratch, profileDir });
    const invalid = printLoadReport({ ...measured, distDir });
    if (args.has('--load-only')) {
      console.log(`\ntotal time ${Math.round((Date.now() - started) / 1000)} s`);
      return invalid.length > 0 ? 1 : 0;
    }

    // The agent doors and search quality, on the search server (d): one request at a time.
    await agentDoorCases(measured.searchUrl);

    // (i) The speed figures the tests do not assert, on a server of its own (scripts/bench/latency-figures.mjs).
    const figures = await import('./latency-figures.mjs');
    figures.printLatencyFigures(await figures.measureLatencyFigures({ startNext, startRedis: () => startRedis(scratch), hugeLimit }));

    await stopAll();
    const soakInvalid = await runSoakCases({ settings, startNext });
    const growthInvalid = await runGrowth();
    await runDevLoop();
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
