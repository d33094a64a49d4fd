#!/usr/bin/env node
// Case (j), the dev loop: this site's `next dev` beside a stock Fumadocs app's, same content/docs, one server at a
// time on core 0, each cold (no .next); what it measures is in scripts/bench/README.md. Each figure is the median of
// several runs, since one run of the stock app alone varies too much to decide a 1.00× goal.
//
//   node scripts/bench/dev-loop.mjs [--runs N]   (or: node scripts/bench/run.mjs --dev-loop-only, three runs)
//
// Ours runs in a copy of the repository (growth.mjs copyRepository), so an edit never touches the working tree.
// The stock app is in dev-loop-stock-app.mjs, the measuring of one server in dev-loop-measure.mjs.
// Exit status 0 whether goals pass or miss (benchmarks are not tests); 1 when it could not be set up.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { creator, expandStockContent, prepareStock, runStep } from './dev-loop-stock-app.mjs';
import { mdxFile, measureDev, oursDoors, pagePath, seenMs, stockDoors } from './dev-loop-measure.mjs';
import { copyRepository } from './growth.mjs';
import { hasTaskset, serverCore, SetupError } from './processes.mjs';
import { median, printDevLoop } from './report.mjs';

;

/** One run of case (j): ours, stock with stubs, stock with the site's expanded markdown, each cold. */
async function runOnce(stock, label) {
  const copy = copyRepository('layer-devloop-');
  console.log(`(j)${label} ours: a copy of the repository in ${copy} (node_modules hard-linked)`);
  try {
    // The site's pages as it renders them, for the second stock run (made as npm run build makes them), then removed
    // so that ours starts as a fresh checkout does.
    runStep('node_modules/.bin/node', ['scripts/build-search-data.mjs'], copy, 'scripts/build-search-data.mjs');
    const docsData = JSON.parse(readFileSync(path.join(copy, '.search/docs-data.json'), 'utf8'));
    rmSync(path.join(copy, '.search'), { recursive: true, force: true });
    process.stdout.write(`(j)${label} ours: next dev… `);
    // The rate limiter off: the bench polls faster than a visitor's 600 requests a minute.
    const ours = await measureDev({ name: '(j) ours next dev', dir: copy, env: { RATE_LIMIT_PER_MINUTE: '0' }, doors: oursDoors });
    console.log(`first page ${ours.firstPageMs.toFixed(0)} ms, warm ${median(ours.warmMs).toFixed(0)} ms, edit ${median(ours.editMs).toFixed(0)} ms (core ${serverCore}: other processes ${ours.cpu.otherPct ?? '?'}%)`);
    process.stdout.write(`(j)${label} stock: next dev… `);
    const theirs = await measureDev({ name: '(j) stock next dev', dir: stock.dir, env: {}, doors: stockDoors });
    console.log(`first page ${theirs.firstPageMs.toFixed(0)} ms, warm ${median(theirs.warmMs).toFixed(0)} ms, edit ${median(theirs.editMs).toFixed(0)} ms (other processes ${theirs.cpu.otherPct ?? '?'}%)`);
    expandStockContent(stock.dir, docsData);
    process.stdout.write(`(j)${label} stock, the site's expanded markdown: next dev… `);
    const expanded = await measureDev({ name: '(j) stock next dev, expanded', dir: stock.dir, env: {}, doors: stockDoors, editFile: mdxFile.replace(/\.mdx$/, '.md') });
    console.log(`first page ${expanded.firstPageMs.toFixed(0)} ms, warm ${median(expanded.warmMs).toFixed(0)} ms, edit ${median(expanded.editMs).toFixed(0)} ms (other processes ${expanded.cpu.otherPct ?? '?'}%)`);
    return { ours, theirs, expanded };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Runs case (j) `runs` times and prints its tables and goals (each figure the median of the runs'). */
export async function runDevLoopCase({ runs = 3 } = {}) {
  console.log(`\n(j) dev loop: \`next dev\` of this site beside a stock Fumadocs app, same content/docs, one at a time on core ${serverCore}${hasTaskset ? ` (taskset -c ${serverCore})` : ' (unpinned: no taskset)'}, each cold (no .next), ${runs} run${runs === 1 ? '' : 's'}`);
  const results = [];
  let stock;
  for (let i = 0; i < runs; i += 1) {
    // Afresh each run: content/docs as it is and the stubs (the expanded run replaced them), no compiled output.
    stock = prepareStock();
    try {
      results.push(await runOnce(stock, runs === 1 ? '' : ` run ${i + 1}/${runs}:`));
    } finally {
      rmSync(stock.dir, { recursive: true, force: true });
    }
  }
  const ours = results.map((result) => result.ours);
  const context = { versions: stock.versions, creator, pagePath, stockDoor: stockDoors[0].label, seenMs };
  printDevLoop(ours, results.map((result) => result.theirs), context);
  printDevLoop(ours, results.map((result) => result.expanded), { ...context, variant: 'stock given the site\'s expanded markdown (.md pages), so both pages hold the same text' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const at = process.argv.indexOf('--runs');
    const runs = at < 0 ? 3 : Number(process.argv[at + 1]);
    if (!Number.isInteger(runs) || runs < 1) throw new SetupError('usage: node scripts/bench/dev-loop.mjs [--runs N]  (N ≥ 1, default 3)');
    await runDevLoopCase({ runs });
  } catch (error) {
    console.error(`dev-loop case failed: ${error instanceof SetupError ? error.message : (error?.stack ?? error)}`);
    process.exitCode = 1;
  }
}
