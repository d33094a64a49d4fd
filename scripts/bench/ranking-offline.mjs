#!/usr/bin/env node
// Case (g)'s ranking and index load in-process, without `next build` or a server: a fast loop for search tuning.
// Runs on the `node` devDependency (Node 24) with --experimental-transform-types, since lib/search's imports
// use TypeScript parameter properties, which type stripping alone rejects.
//
//   node_modules/.bin/node scripts/bench/ranking-offline.mjs --prepare 1,10,30 [--dir /tmp/layer-ranking]
//     each factor's copy and its Fumadocs export (slow: compiles every page);
//   node_modules/.bin/node --experimental-transform-types scripts/bench/ranking-offline.mjs [--factors 1,10,30] [--dir …] [--misses] [--no-load]
//     this checkout's index from each export: bench (f)'s sets, the prebuilt file's size, first-search and load times;
//   node_modules/.bin/node --experimental-transform-types scripts/bench/ranking-offline.mjs --dump out.json [--factors 1,10,100]
//     every query's ranking per factor, to compare before and after a change.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const value = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const baseDir = value('--dir', path.join(tmpdir(), 'layer-ranking'));
const copied = ['content', 'lib', 'scripts', 'source.config.ts', 'tsconfig.json', 'package.json'];

/** In a copy: its Fumadocs export, as scripts/build-search-data.mjs makes it before indexing. */
async function writeExport(out) {
  const { register: registerMdx } = await import('fumadocs-mdx/node');
  const { postInstall } = await import('fumadocs-mdx/next');
  process.chdir(path.dirname(out));
  await postInstall();
  register('../ts-resolve-hook.mjs', import.meta.url);
  registerMdx();
  const copyRoot = path.dirname(out);
  const [{ docs }, { loader }, { docsRoute }, { exportSourceIndex }] = await Promise.all([
    import(path.join(copyRoot, '.source/server.ts')),
    import('fumadocs-core/source'),
    import(path.join(copyRoot, 'lib/routes.ts')),
    import(path.join(copyRoot, 'lib/search/fumadocs-export.ts')),
  ]);
  const source = loader({ baseUrl: docsRoute, source: docs.toFumadocsSource() });
  writeFileSync(out, JSON.stringify(await exportSourceIndex(source)));
}

function prepare(factors) {
  for (const factor of factors) {
    const dir = path.join(baseDir, `${factor}x`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const entry of copied) cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
    const linked = spawnSync('cp', ['-al', path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules')], { stdio: 'inherit' });
    if (linked.status !== 0) throw new Error('could not link node_modules');
    spawnSync(process.execPath, ['scripts/bench/growth-content.mjs', '--factor', String(factor), '--root', dir], { cwd: repoRoot, stdio: 'inherit' });
    const started = performance.now();
    const made = spawnSync(process.execPath, [path.join(dir, 'scripts/bench/ranking-offline.mjs'), '--write-export', path.join(dir, 'export.json')], { cwd: dir, stdio: 'inherit' });
    if (made.status !== 0) throw new Error(`export failed at ${factor}×`);
    console.log(`${factor}×: export in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** hit@1 / hit@3 / MRR@10 of each rank list (-1: not in the first ten), as search-quality.mjs scores. */
function score(ranks) {
  const n = ranks.length;
  const hit = (k) => ranks.filter((rank) => rank >= 0 && rank < k).length / n;
  const mrr = ranks.reduce((sum, rank) => sum + (rank >= 0 && rank < 10 ? 1 / (rank + 1) : 0), 0) / n;
  return { n, hit1: hit(1), hit3: hit(3), mrr10: mrr };
}

/**
 * --dump <file>: every query's answer (total; the first 20 hits) per factor, as JSON: compare the files from before
 * and after a ranking change byte for byte.
 */
async function dump(factors, file) {
  register('../ts-resolve-hook.mjs', import.meta.url);
  const [{ buildSearchData }, { encodeSearchData }, { createDocsSearch }, { optionRows }] = await Promise.all([
    import('../../lib/search/index-data.ts'),
    import('../../lib/search/index-writer.ts'),
    import('../../lib/core/search.ts'),
    import('../../lib/core/option-rows.ts'),
  ]);
  const fixture = JSON.parse(readFileSync(path.join(repoRoot, 'tests/fixtures/search-queries.json'), 'utf8'));
  const queries = [
    ...fixture.keywords.map(({ q }) => q),
    ...fixture.questions.map(({ q }) => q),
    ...optionRows().map((option) => option.name),
    'layer', 'enable', 'query latency cache', 'reduce motion', 'how do I install the hacker desktop', 'wallpaper glow', 'display arrangement theme accent wallpaper',
  ];
  const cursors = { encode: () => 'cursor', decode: () => undefined };
  const out = {};
  for (const factor of factors) {
    const data = encodeSearchData(await buildSearchData(JSON.parse(readFileSync(path.join(baseDir, `${factor}x`, 'export.json'), 'utf8'))));
    const search = createDocsSearch({ loadIndex: async () => data, cursors });
    const answers = {};
    for (const q of queries) {
      const answer = await search.search({ q, limit: 20 });
      answers[q] = answer.ok
        ? { total: answer.value.total, hits: answer.value.results.map((hit) => `${hit.score} ${hit.url} ${hit.breadcrumbs.join(' › ')} ${hit.excerpt}`) }
        : { error: answer.error.code };
    }
    out[`${factor}x`] = answers;
  }
  writeFileSync(file, JSON.stringify(out, null, 1));
  console.log(`${queries.length} queries at ${factors.join(', ')}× written to ${file}`);
}

async function evaluate(factors, showMisses) {
  register('../ts-resolve-hook.mjs', import.meta.url);
  const [{ buildSearchData }, { encodeSearchData }, { createDocsSearch }, { optionRows }] = await Promise.all([
    import('../../lib/search/index-data.ts'),
    import('../../lib/search/index-writer.ts'),
    import('../../lib/core/search.ts'),
    import('../../lib/core/option-rows.ts'),
  ]);
  const fixture = JSON.parse(readFileSync(path.join(repoRoot, 'tests/fixtures/search-queries.json'), 'utf8'));
  const urlOf = new Map(optionRows().map((option) => [option.name, option.docs_url]));
  const normalise = (url) => {
    const [page, fragment] = url.split('#');
    return fragment === undefined ? page : `${page}#${decodeURIComponent(fragment)}`;
  };
  const target = (name) => normalise(name.startsWith('layer.') ? urlOf.get(name) : name);
  const sets = {
    'keyword queries': fixture.keywords,
    questions: fixture.questions,
    'option full names': [...urlOf.keys()].map((name) => ({ q: name, expect: [name] })),
  };
  const cursors = { encode: () => 'cursor', decode: () => undefined };
  const rows = [];
  for (const factor of factors) {
    const exportFile = path.join(baseDir, `${factor}x`, 'export.json');
    if (!existsSync(exportFile)) throw new Error(`${exportFile} is missing: run --prepare ${factor} first`);
    const data = await buildSearchData(JSON.parse(readFileSync(exportFile, 'utf8')));
    const bytes = encodeSearchData(data, { contentHash: 'offline' });
    const search = createDocsSearch({ loadIndex: async () => bytes, cursors });
    const results = {};
    const margins = [];
    for (const [set, queries] of Object.entries(sets)) {
      const ranks = [];
      for (const { q, expect } of queries) {
        const answer = await search.search({ q, limit: 10 });
        if (!answer.ok) throw new Error(`${q}: ${answer.error.message}`);
        const urls = answer.value.results.map((hit) => normalise(hit.url));
        const wanted = new Set(expect.map(target));
        const rank = urls.findIndex((url) => wanted.has(url));
        ranks.push(rank);
        if (showMisses && rank !== 0) console.log(`  ${factor}× miss (${set}): ${JSON.stringify(q)} → rank ${rank}; first ${urls.slice(0, 3).join(', ')}`);
        if (rank === 0) {
          // How far ahead the wanted section is: its score over the best other one's.
          const rival = answer.value.results.find((hit) => !wanted.has(normalise(hit.url)));
          if (rival) margins.push({ set, q, margin: answer.value.results[0].score / rival.score });
        }
      }
      results[set] = score(ranks);
    }
    if (showMisses) {
      const closest = margins.sort((a, b) => a.margin - b.margin).slice(0, 5);
      console.log(`  ${factor}× closest wins: ${closest.map(({ q, margin }) => `${JSON.stringify(q)} ${margin.toFixed(3)}×`).join(', ')}`);
    }
    // The prebuilt file's cost on a first search: read it, then the core's load and the query.
    const file = path.join(baseDir, `${factor}x`, 'search-data.bin');
    writeFileSync(file, bytes);
    const timing = process.argv.includes('--no-load') ? { size: 0, importMs: 0, readMs: 0, searchMs: 0, loadMs: 0 } : await timeLoad(file);
    rows.push({ factor, sections: data.sections.urls.length, results, ...timing });
  }
  const sets3 = Object.keys(sets);
  console.log(
    `| factor | sections | ${sets3.map((set) => `${set} hit@1 / hit@3 / MRR@10`).join(' | ')} | prebuilt file | first search: import + read + load and rank (median of 7) | load alone: read, open and load (median of 7) |`,
  );
  console.log(`|---|---|${sets3.map(() => '---').join('|')}|---|---|---|`);
  for (const row of rows) {
    const cells = sets3.map((set) => {
      const { hit1, hit3, mrr10 } = row.results[set];
      return `${(hit1 * 100).toFixed(1)} % / ${(hit3 * 100).toFixed(1)} % / ${mrr10.toFixed(3)}`;
    });
    console.log(
      `| ${row.factor}× | ${row.sections} | ${cells.join(' | ')} | ${(row.size / 1024 / 1024).toFixed(2)} MiB | ` +
        `${row.importMs.toFixed(0)} + ${row.readMs.toFixed(1)} + ${row.searchMs.toFixed(1)} ms | ${row.loadMs.toFixed(1)} ms |`,
    );
  }
}

/** Median times of a first search on the prebuilt file (see timeLoadOnce), and of the load alone, each run in a fresh child process. */
async function timeLoad(file) {
  const runs = [];
  const loads = [];
  for (let i = 0; i < 7; i += 1) {
    for (const [flag, into] of [['--time-load', runs], ['--time-load-only', loads]]) {
      const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), flag, file], { cwd: repoRoot, encoding: 'utf8' });
      if (child.status !== 0) throw new Error(child.stderr);
      into.push(JSON.parse(child.stdout.trim().split('\n').at(-1)));
    }
  }
  const median = (list, key) => list.map((run) => run[key]).sort((a, b) => a - b)[3];
  return { size: runs[0].size, importMs: median(runs, 'importMs'), readMs: median(runs, 'readMs'), searchMs: median(runs, 'searchMs'), loadMs: median(loads, 'loadMs') };
}

/** In a fresh process: the prebuilt file copied where readPrebuiltSearch looks, and the search core's modules imported. */
async function prepareLoad(file) {
  register('../ts-resolve-hook.mjs', import.meta.url);
  const [{ readPrebuiltSearch, prebuiltSearchFile }, { createDocsSearch }, { openSearchData }, { loadSearchData }] = await Promise.all([
    import('../../lib/search/prebuilt-index.ts'),
    import('../../lib/core/search.ts'),
    import('../../lib/search/index-reader.ts'),
    import('../../lib/search/ranking.ts'),
  ]);
  const root = path.dirname(file);
  const prebuilt = path.join(root, prebuiltSearchFile);
  mkdirSync(path.dirname(prebuilt), { recursive: true });
  cpSync(file, prebuilt);
  return { root, prebuilt, readPrebuiltSearch, createDocsSearch, openSearchData, loadSearchData };
}

/** One first search as a production server makes it, without HTTP: import the core, read the file, first query. */
async function timeLoadOnce(file) {
  let started = performance.now();
  const { root, prebuilt, readPrebuiltSearch, createDocsSearch } = await prepareLoad(file);
  const importMs = performance.now() - started;
  started = performance.now();
  const read = await readPrebuiltSearch(root, 'offline');
  const readMs = performance.now() - started;
  if (!read.found) throw new Error(read.why);
  started = performance.now();
  const search = createDocsSearch({ loadIndex: async () => read.data, cursors: { encode: () => 'cursor', decode: () => undefined } });
  const answer = await search.search({ q: 'wallpaper' });
  const searchMs = performance.now() - started;
  if (!answer.ok) throw new Error(answer.error.message);
  console.log(JSON.stringify({ size: (await import('node:fs')).statSync(prebuilt).size, importMs, readMs, searchMs }));
}

/** The load alone in a fresh process: read the file, open it and load the index, without a query. */
async function timeLoadOnly(file) {
  const { root, readPrebuiltSearch, openSearchData, loadSearchData } = await prepareLoad(file);
  const started = performance.now();
  const read = await readPrebuiltSearch(root, 'offline');
  if (!read.found) throw new Error(read.why);
  const index = loadSearchData(openSearchData(read.data));
  const loadMs = performance.now() - started;
  if (index.data.count === 0) throw new Error('an empty index');
  console.log(JSON.stringify({ loadMs }));
}

if (process.argv.includes('--write-export')) await writeExport(value('--write-export'));
else if (process.argv.includes('--time-load')) await timeLoadOnce(value('--time-load'));
else if (process.argv.includes('--time-load-only')) await timeLoadOnly(value('--time-load-only'));
else if (process.argv.includes('--prepare')) prepare(value('--prepare').split(',').map(Number));
else if (process.argv.includes('--dump')) await dump(value('--factors', '1,10,100').split(',').map(Number), value('--dump'));
else await evaluate(value('--factors', '1,10,30').split(',').map(Number), process.argv.includes('--misses'));
