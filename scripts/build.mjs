// `npm run build`: the docs' link check and the docs data with the search
// index side by side, then `next build`, then the pages made ready for the
// Content-Security-Policy. Each step's time is printed; any step failing
// stops the build with its exit status.
//
//   node scripts/build.mjs [--strict]
//
// The link check (scripts/check-links.mjs) and the index
// (scripts/build-search-data.mjs) read only content/docs and the code, and
// neither reads what the other writes, so they run at once, each mostly on
// one core. `next build` starts only when both passed: a broken link still stops
// the build before anything is compiled for it. Both run on the `node`
// devDependency (Node 24) for its type stripping; `next build` and the last
// step run on the Node that runs this script (under npm, the same Node 24;
// `npm test` runs it on the machine's Node, scripts/test-all.sh).
//
// --strict (scripts/test-all.sh): a warning of `next build` (a Node API
// reached from the Edge compile of instrumentation.ts, say) fails the build
// like an error.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postInstall } from 'fumadocs-mdx/next';

const root = fileURLToPath(new URL('..', import.meta.url));
const strict = process.argv.includes('--strict');
const node24 = path.join(root, 'node_modules', '.bin', 'node');
// Outside npm (or before `npm ci` installed it) the running Node stands in; check-links says so if it lacks type stripping.
const scriptNode = existsSync(node24) ? node24 : process.execPath;

/** Runs one step, its output passed through (and kept when `keep`), and answers its exit status and time. */
function run(name, command, args, { keep = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', keep ? 'pipe' : 'inherit', keep ? 'pipe' : 'inherit'] });
    let output = '';
    if (keep) {
      child.stdout.on('data', (chunk) => ((output += chunk), process.stdout.write(chunk)));
      child.stderr.on('data', (chunk) => ((output += chunk), process.stderr.write(chunk)));
    }
    const finish = (status) => resolve({ name, status, output, seconds: (performance.now() - started) / 1000 });
    child.on('error', (error) => (console.error(`build: ${name} could not start: ${error.message}`), finish(1)));
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

const timings = [];
/** Stops the build when a step failed, naming it. */
function check(...results) {
  for (const result of results) timings.push(`${result.name} ${result.seconds.toFixed(1)} s`);
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`build: ${failed.name} failed (exit ${failed.status}); ${timings.join(', ')}`);
    process.exit(failed.status);
  }
}

const started = performance.now();
// Fumadocs MDX's generated files (.source), which both of the next steps read, written once before they start.
await postInstall();
process.env.SVC_SOURCE_WRITTEN = '1';
check(
  ...(await Promise.all([
    run('check-links', scriptNode, ['scripts/check-links.mjs']),
    run('build-search-data', scriptNode, ['scripts/build-search-data.mjs']),
  ])),
);
const next = await run('next build', process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { keep: strict });
check(next);
if (strict && /build encountered \d+ warning/.test(next.output)) {
  console.error('build: next build printed warnings (above); fix them');
  process.exit(1);
}
check(await run('prepare-page-scripts', scriptNode, ['scripts/prepare-page-scripts.mjs']));
console.log(`build: ${((performance.now() - started) / 1000).toFixed(1)} s (${timings.join(', ')})`);
