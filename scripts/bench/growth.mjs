#!/usr/bin/env node
// Case (g), growth: the site at N× its content (growth-content.mjs), each factor built by `npm run build` and served
// as production in a copy of the repository; what it prints is in scripts/bench/README.md. Builds run in rounds with
// the factors in turn, so a slower minute of the shared machine falls on every factor alike.
//
//   node scripts/bench/growth.mjs [--factors 1,10,100] [--keep] [--first-search-runs N] [--build-runs N]
//
// Imported by run.mjs (`--growth-only` runs it alone). Copies are removed at the end unless --keep.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGrowthContent } from './growth-content.mjs';
import { aggregate, baseEnv, repoRoot, runLoad, scratchDirs, SetupError, startNextServer, stop } from './processes.mjs';
import { measureSearchQuality } from './search-quality.mjs';
import { rssKiB } from './soak.mjs';

/** What a copy needs to build and serve (run.mjs buildInputs, plus the package files). */
const copied = [
  'app', 'lib', 'components', 'content', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'source.config.ts',
  'postcss.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts',
];
/** A word in every generated option's name (`layer.<room><n>.…`) and in most real sections. */
const broadQuery = 'layer';
/** A query of several words, as most people and agents type (every word in many sections). */
const multiQuery = 'query latency cache';
const firstQuery = 'wallpaper';
const roomsPath = '/v1/rooms?sandbox=true';

/**
 * A copy of what the repository needs to build and serve, under the temporary directory, node_modules hard-linked
 * (removed on exit at the latest). Also used by the dev-loop case (dev-loop.mjs).
 */
export function copyRepository(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratchDirs.push(dir);
  for (const entry of copied.filter((name) => existsSync(path.join(repoRoot, name)))) cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  const linked = spawnSync('cp', ['-al', path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules')], { stdio: 'ignore' });
  if (linked.status !== 0) cpSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  return dir;
}

/** A copy of the repository at `factor`× its content. */
function prepareCopy(factor) {
  const dir = copyRepository(`layer-growth-${factor}x-`);
  const { pages, bytes } = writeGrowthContent(dir, factor);
  const realPages = countPages(path.join(dir, 'content/docs')) - pages;
  return { dir, pages: realPages + pages, generated: pages, mdxKiB: Math.round(bytes / 1024) };
}

function countPages(folder) {
  return readdirSync(folder, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? countPages(path.join(folder, entry.name)) : /\.mdx?$/.test(entry.name) ? 1 : 0),
    0,
  );
}

/** The step times scripts/build.mjs prints on its last line: `build: T s (check-links a s, …)`. */
function buildSteps(output) {
  const line = /^build: ([\d.]+) s \((.*)\)$/m.exec(output);
  if (!line) return undefined;
  const steps = Object.fromEntries([...line[2].matchAll(/([\w -]+?) ([\d.]+) s/g)].map((m) => [m[1].trim(), Number(m[2])]));
  return { links: steps['check-links'], index: steps['build-search-data'], next: steps['next build'], pages: steps['prepare-page-scripts'] };
}

function build(dir) {
  // Cold each time: no build directory, no search data.
  rmSync(path.join(dir, '.next'), { recursive: true, force: true });
  rmSync(path.join(dir, '.search'), { recursive: true, force: true });
  const env = { ...baseEnv(), NEXT_TELEMETRY_DISABLED: '1' };
  // `npm run build` itself, timed whole: the link check and the index (side by side), `next build`, the pages
  // made ready for the Content-Security-Policy (scripts/build.mjs, which prints each step's time).
  const started = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', 'build'], { cwd: dir, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new SetupError(`npm run build failed in ${dir}:\n${result.stdout.slice(-4000)}${result.stderr.slice(-4000)}`);
  const steps = buildSteps(result.stdout);
  if (!steps) throw new SetupError(`npm run build in ${dir} printed no step times (scripts/build.mjs's last line)`);
  return { totalSeconds, seconds: steps.next, indexSeconds: steps.index, linkSeconds: steps.links, pagesSeconds: steps.pages };
}

/** The middle value, the lower one of an even count: always one of the values (report.mjs's interpolates), so a build can be found by it. */
const median = (values) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1];

/** The copy's server: the stock route on, no rate limit (RATE_LIMIT_PER_MINUTE=0). */
const serve = (dir, name) => startNextServer(name, { RATE_LIMIT_PER_MINUTE: '0' }, { cwd: dir });

/** Bytes on the wire of a GET with a browser's Accept-Encoding. */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
    })
      .on('error', reject)
      .end();
  });
}

/** RSS of the server's process group (next start and any worker it runs), in MiB. */
function groupRssMiB(pid) {
  const ps = spawnSync('ps', ['-o', 'pid=', '-g', String(pid)], { encoding: 'utf8' });
  const pids = ps.status === 0 ? ps.stdout.split(/\s+/).filter(Boolean).map(Number) : [pid];
  return pids.reduce((sum, member) => sum + (existsSync(`/proc/${member}`) || process.platform !== 'linux' ? rssKiB(member) : 0), 0) / 1024;
}

/** The first search of a server that has answered nothing else but a liveness check, in ms. */
async function firstSearch(url, factor) {
  const started = process.hrtime.bigint();
  const first = await fetch(`${url}/v1/search?q=${firstQuery}`);
  await first.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!first.ok) throw new SetupError(`first search at ${factor}× answered ${first.status}`);
  return ms;
}

async function measure(server, factor, settings) {
  const { url } = server;
  const firstSearchMs = await firstSearch(url, factor);
  const broad = await (await fetch(`${url}/v1/search?q=${broadQuery}`)).json();

  const spec = (id, paths, connections = settings.connections) => ({ id, paths, connections, target: server });
  // Ours and the cheapest read interleaved, then the RSS, then stock alone: stock's route builds an index of
  // its own, which would count in the RSS.
  const measured = async (specs, secondsPerRound) => {
    for (const one of specs) {
      const warm = await runLoad(one, settings.warmup, 0);
      if (warm.non2xx + warm.errors + warm.timeouts > 0) throw new SetupError(`warm-up of ${one.id} at ${factor}×: ${JSON.stringify(warm.status_codes)}`);
    }
    const runs = Object.fromEntries(specs.map((one) => [one.id, []]));
    for (let round = 0; round < settings.rounds; round += 1) {
      for (const one of specs) runs[one.id].push(await runLoad(one, secondsPerRound, 0.5));
    }
    return Object.fromEntries(Object.entries(runs).map(([id, list]) => [id, aggregate(list)]));
  };
  const ours = await measured(
    [spec('broad', [`/v1/search?q=${broadQuery}`]), spec('multi', [`/v1/search?q=${encodeURIComponent(multiQuery)}`]), spec('rooms', [roomsPath])],
    settings.duration / settings.rounds,
  );
  const rssMiB = groupRssMiB(server.record.child.pid);
  // Stock's broad answers are slow (README, case (g)): 4 connections and longer rounds keep them within autocannon's
  // timeout; past 30× one answer outlasts it, so stock is not measured there (no goal needs it).
  const stockMeasured = factor <= 30;
  const stockRows = stockMeasured ? (await (await fetch(`${url}/bench/fumadocs-search?query=${broadQuery}`)).json()).length : 0;
  const unmeasured = { rps: Number.NaN, p50: Number.NaN, bad: 0 };
  const load = {
    ...ours,
    ...(stockMeasured ? await measured([spec('stock', [`/bench/fumadocs-search?query=${broadQuery}`], 4)], (2 * settings.duration) / settings.rounds) : { stock: unmeasured }),
  };
  const index = await wireBytes(`${url}/api/search`);
  const dialog = await wireBytes(`${url}/api/docs-search?query=${firstQuery}`);
  // The stock route's queries past 30× outlast fetch's own timeouts as its load does; its quality is not scored there.
  const quality = await measureSearchQuality(url, { withStock: stockMeasured });
  return { firstSearchMs, broadTotal: broad.total, stockRows, load, rssMiB, index, dialog, quality };
}

/**
 * Cold builds of every copy, `runs` rounds with the factors in turn, so a slower minute of this shared machine
 * falls on every factor alike; per copy, the build of median total time and every build's times.
 */
function interleavedBuilds(copies, runs) {
  const all = copies.map(() => []);
  for (let round = 1; round <= runs; round += 1) {
    copies.forEach((copy, i) => {
      const b = build(copy.dir);
      all[i].push(b);
      console.log(
        `(g) ${copy.factor}× build ${round}/${runs}: npm run build ${b.totalSeconds.toFixed(1)} s (link check ${b.linkSeconds.toFixed(1)} s beside search index ${b.indexSeconds.toFixed(1)} s, next build ${b.seconds.toFixed(1)} s, pages prepared ${b.pagesSeconds.toFixed(1)} s)`,
      );
    });
  }
  const total = (b) => b.totalSeconds;
  return all.map((runsOfCopy) => {
    const middle = median(runsOfCopy.map(total));
    return { ...runsOfCopy.find((b) => total(b) === middle), all: runsOfCopy };
  });
}

/** Runs case (g) at each factor and prints its table and goals; answers how many measurements were invalid. */
export async function runGrowthCase({ factors = [1, 10, 30], keep = false, settings }) {
  const results = [];
  const copies = factors.map((factor) => {
    const copy = { factor, ...prepareCopy(factor) };
    console.log(`(g) ${factor}×: ${copy.pages} pages (${copy.generated} generated, ${copy.mdxKiB} KiB of generated MDX) in ${copy.dir}`);
    return copy;
  });
  try {
    const built = interleavedBuilds(copies, settings.buildRuns ?? 3);
    // One sample of a first search is noisy on a shared machine: more fresh servers, in rounds with the factors in
    // turn (as the builds), and the median is reported.
    const firstSearches = copies.map(() => []);
    for (let run = 1; run < (settings.firstSearchRuns ?? 1); run += 1) {
      for (const [i, copy] of copies.entries()) {
        const fresh = await serve(copy.dir, `(g) ${copy.factor}× first search ${run}`);
        try {
          firstSearches[i].push(await firstSearch(fresh.url, copy.factor));
        } finally {
          await stop(fresh.record);
        }
      }
    }
    for (const [i, copy] of copies.entries()) {
      const { factor } = copy;
      const { seconds: buildSeconds, indexSeconds, totalSeconds, all: buildRuns } = built[i];
      console.log(`(g) ${factor}×: measuring…`);
      const server = await serve(copy.dir, `(g) ${factor}×`);
      try {
        const measured = await measure(server, factor, settings);
        firstSearches[i].push(measured.firstSearchMs);
        const firstSearchMs = median(firstSearches[i]);
        const { dir, pages, generated, mdxKiB } = copy;
        results.push({ factor, dir, pages, generated, mdxKiB, buildSeconds, indexSeconds, totalSeconds, buildRuns, ...measured, firstSearchMs, firstSearches: firstSearches[i] });
      } finally {
        await stop(server.record);
      }
    }
  } finally {
    if (!keep) for (const copy of copies) rmSync(copy.dir, { recursive: true, force: true });
    // --keep: also out of the scratch folders removed at exit (processes.mjs), and say where they are.
    else for (const copy of copies) {
      scratchDirs.splice(scratchDirs.indexOf(copy.dir), 1);
      console.log(`(g) ${copy.factor}× kept in ${copy.dir}`);
    }
  }
  return printGrowth(results, settings);
}

function printGrowth(results, settings) {
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log('\n(g) growth: the site at N× its content, each factor a build and a server of its own');
  console.log('| factor | pages | npm run build (next build) | first search | broad q req/s (p50) | several words req/s (p50) | rooms req/s | broad ÷ rooms | several ÷ rooms | stock broad req/s (p50) | ours ÷ stock | RSS after load | /api/search (br) | dialog answer (br) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  let invalid = 0;
  for (const r of results) {
    const { broad, multi, rooms, stock } = r.load;
    invalid += broad.bad + multi.bad + rooms.bad + stock.bad;
    console.log(
      `| ${r.factor}× | ${r.pages} | ${r.totalSeconds.toFixed(0)} s (${r.buildSeconds.toFixed(0)} s) | ${r.firstSearchMs.toFixed(0)} ms | ${broad.rps.toFixed(0)} (${broad.p50.toFixed(1)} ms) | ` +
        `${multi.rps.toFixed(0)} (${multi.p50.toFixed(1)} ms) | ${rooms.rps.toFixed(0)} | ${(broad.rps / rooms.rps).toFixed(2)}× | ${(multi.rps / rooms.rps).toFixed(2)}× | ` +
        `${Number.isNaN(stock.rps) ? 'not measured' : `${stock.rps.toFixed(1)} (${stock.p50.toFixed(0)} ms)`} | ${Number.isNaN(stock.rps) ? '—' : `${(broad.rps / stock.rps).toFixed(1)}×`} | ` +
        `${r.rssMiB.toFixed(0)} MiB | ${kib(r.index.bytes)} | ${kib(r.dialog.bytes)} |`,
    );
  }
  console.log(
    `broad query: q=${broadQuery} (${results.map((r) => `${r.broadTotal} sections at ${r.factor}×`).join(', ')}); several words: q=${multiQuery}; ${settings.connections} connections, stock 4; first search: q=${firstQuery}`,
  );
  if (results.some((r) => r.firstSearches.length > 1)) {
    console.log(`first search: the median of ${results[0].firstSearches.length} fresh servers (${results.map((r) => `${r.factor}×: ${r.firstSearches.map((ms) => ms.toFixed(0)).join(', ')} ms`).join('; ')})`);
  }
  console.log(`build: the median of ${results[0].buildRuns.length} cold builds (${results.map((r) => `${r.factor}×: ${r.buildRuns.map((b) => b.totalSeconds.toFixed(0)).join(', ')} s`).join('; ')})`);
  console.log('RSS: every process of the `next start` process group, after the broad and rooms load and before stock\'s route runs.');
  console.log('\n(g) ranking on /v1/search, bench (f) query sets, generated pages beside the real ones (hit@1 / hit@3 / MRR@10)');
  const sets = Object.keys(results[0].quality['/v1/search']);
  console.log(`| factor | ${sets.join(' | ')} |`);
  console.log(`|---|${sets.map(() => '---').join('|')}|`);
  for (const r of results) {
    const cells = sets.map((set) => {
      const { hit1, hit3, mrr10 } = r.quality['/v1/search'][set];
      return `${(hit1 * 100).toFixed(1)} % / ${(hit3 * 100).toFixed(1)} % / ${mrr10.toFixed(3)}`;
    });
    console.log(`| ${r.factor}× | ${cells.join(' | ')} |`);
  }
  const at = (factor) => results.find((r) => r.factor === factor);
  const one = at(1);
  const ten = at(10);
  if (one && ten) {
    const goal = (label, value, ok) => console.log(`${ok ? 'PASS' : 'MISS'}  ${label}: ${value}`);
    console.log('\n(g) goals at 10× (beside 1×)');
    goal('broad query ÷ cheapest JSON read ≥ 0.5×', `${(ten.load.broad.rps / ten.load.rooms.rps).toFixed(2)}×`, ten.load.broad.rps / ten.load.rooms.rps >= 0.5);
    goal('first search ≤ 1.5× the 1× server\'s', `${(ten.firstSearchMs / one.firstSearchMs).toFixed(2)}× (${ten.firstSearchMs.toFixed(0)} ms ÷ ${one.firstSearchMs.toFixed(0)} ms)`, ten.firstSearchMs <= 1.5 * one.firstSearchMs);
    goal('RSS after load ≤ 2× the 1× server\'s', `${(ten.rssMiB / one.rssMiB).toFixed(2)}×`, ten.rssMiB <= 2 * one.rssMiB);
    goal('broad query ≥ 3× stock\'s', `${(ten.load.broad.rps / ten.load.stock.rps).toFixed(1)}×`, ten.load.broad.rps >= 3 * ten.load.stock.rps);
    const buildTime = (r) => r.totalSeconds;
    goal('`npm run build` ≤ 2× its 1× time', `${(buildTime(ten) / buildTime(one)).toFixed(2)}× (${buildTime(ten).toFixed(0)} s ÷ ${buildTime(one).toFixed(0)} s)`, buildTime(ten) <= 2 * buildTime(one));
    goal('`next build` alone ≤ 2× its 1× time', `${(ten.buildSeconds / one.buildSeconds).toFixed(2)}× (${ten.buildSeconds.toFixed(0)} s ÷ ${one.buildSeconds.toFixed(0)} s)`, ten.buildSeconds <= 2 * one.buildSeconds);
    goal('the dialog\'s first answer ≤ 30 KB', kib(ten.dialog.bytes), ten.dialog.bytes <= 30 * 1024);
    for (const r of [one, ten]) {
      const full = Object.values(r.quality['/v1/search']).every((set) => set.hit1 === 1);
      goal(`bench (f) query sets at 100 % hit@1 at ${r.factor}×`, full ? 'all' : 'not all', full);
    }
    for (const r of [one, ten]) {
      for (const [label, id] of [['one word', 'broad'], ['several words', 'multi']]) {
        const ratio = r.load[id].rps / r.load.rooms.rps;
        goal(`${label} ÷ cheapest JSON read ≥ 0.8× at ${r.factor}×`, `${ratio.toFixed(2)}×`, ratio >= 0.8);
      }
    }
  }
  const hundred = at(100);
  if (one && hundred) {
    const goal = (label, value, ok) => console.log(`${ok ? 'PASS' : 'MISS'}  ${label}: ${value}`);
    console.log('\n(g) goals at 100× (beside 1×)');
    for (const [label, id] of [['one word', 'broad'], ['several words', 'multi']]) {
      const ratio = hundred.load[id].rps / hundred.load.rooms.rps;
      goal(`${label} ÷ cheapest JSON read ≥ 0.5×`, `${ratio.toFixed(2)}×`, ratio >= 0.5);
    }
    goal('`npm run build` ≤ 2.5 min', `${(hundred.totalSeconds / 60).toFixed(2)} min (${hundred.totalSeconds.toFixed(0)} s)`, hundred.totalSeconds <= 150);
    goal("first search ≤ 1.5× the 1× server's", `${(hundred.firstSearchMs / one.firstSearchMs).toFixed(2)}×`, hundred.firstSearchMs <= 1.5 * one.firstSearchMs);
    goal("RSS after load ≤ 2× the 1× server's", `${(hundred.rssMiB / one.rssMiB).toFixed(2)}×`, hundred.rssMiB <= 2 * one.rssMiB);
    goal("the dialog's first answer ≤ 30 KB", kib(hundred.dialog.bytes), hundred.dialog.bytes <= 30 * 1024);
    const full = Object.values(hundred.quality['/v1/search']).every((set) => set.hit1 === 1);
    goal('bench (f) query sets at 100 % hit@1 at 100×', full ? 'all' : 'not all', full);
  }
  return invalid;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const value = (flag) => {
    const at = process.argv.indexOf(flag);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const factors = (value('--factors') ?? '1,10,100').split(',').map(Number);
  if (!factors.every((factor) => factor >= 1)) {
    console.error('usage: node scripts/bench/growth.mjs [--factors 1,10,100] [--keep] [--first-search-runs N] [--build-runs N]');
    process.exit(2);
  }
  const settings = {
    connections: 32,
    warmup: 3,
    duration: 6,
    rounds: 3,
    firstSearchRuns: Number(value('--first-search-runs') ?? 1),
    buildRuns: Number(value('--build-runs') ?? 3),
  };
  if (!(settings.buildRuns >= 1)) {
    console.error('--build-runs: a count of at least 1');
    process.exit(2);
  }
  try {
    const invalid = await runGrowthCase({ factors, keep: process.argv.includes('--keep'), settings });
    process.exitCode = invalid > 0 ? 1 : 0;
  } catch (error) {
    console.error(`growth case failed: ${error instanceof SetupError ? error.message : (error?.stack ?? error)}`);
    process.exitCode = 1;
  }
}
