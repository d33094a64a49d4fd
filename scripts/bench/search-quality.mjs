#!/usr/bin/env node
// Case (f): ranking quality (hit@1, hit@3, MRR@10) of /v1/search beside Fumadocs' stock route on the same content.
// Imported by run.mjs; alone: `node scripts/bench/search-quality.mjs --url <base>` (BENCH_ROUTES=1, RATE_LIMIT_PER_MINUTE=0).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = JSON.parse(readFileSync(path.join(repoRoot, 'tests/fixtures/search-queries.json'), 'utf8'));

async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Each engine's ranked URLs for a query. Stock's page rows (a group's title) are left out, so its sections rank in
 * its own order; each URL counts once.
 */
const engines = {
  '/v1/search': async (base, q) => (await json(`${base}/v1/search?q=${encodeURIComponent(q)}&limit=10`)).results.map((hit) => hit.url),
  'stock createFromSource': async (base, q) => {
    const rows = await json(`${base}/bench/fumadocs-search?query=${encodeURIComponent(q)}`);
    return [...new Set(rows.filter((row) => row.type !== 'page').map((row) => row.url))].slice(0, 10);
  },
};

/** Anchors compare decoded: the stock route answers raw fragments, /v1/search percent-encodes them. */
const normalise = (url) => {
  const [page, fragment] = url.split('#');
  if (fragment === undefined) return page;
  try {
    return `${page}#${decodeURIComponent(fragment)}`;
  } catch {
    return url;
  }
};

function score(ranks) {
  const n = ranks.length;
  const hit = (k) => ranks.filter((rank) => rank >= 0 && rank < k).length / n;
  const mrr = ranks.reduce((sum, rank) => sum + (rank >= 0 && rank < 10 ? 1 / (rank + 1) : 0), 0) / n;
  return { n, hit1: hit(1), hit3: hit(3), mrr10: mrr };
}

/** `withStock: false` scores /v1/search alone (growth case (g) past 30×, where the stock route is not measured). */
export async function measureSearchQuality(base, { withStock = true } = {}) {
  const options = (await json(`${base}/v1/options?limit=200&sandbox=true`)).items;
  const urlOf = new Map(options.map((option) => [option.name, option.docs_url]));
  const target = (name) => normalise(name.startsWith('layer.') ? urlOf.get(name) : name);
  const sets = {
    'keyword queries': fixture.keywords,
    questions: fixture.questions,
    'option full names': options.map((option) => ({ q: option.name, expect: [option.name] })),
  };
  const results = {};
  for (const [engine, ask] of Object.entries(engines)) {
    if (!withStock && engine !== '/v1/search') continue;
    results[engine] = {};
    for (const [set, queries] of Object.entries(sets)) {
      const ranks = [];
      for (const { q, expect } of queries) {
        const wanted = new Set(expect.map(target));
        const urls = (await ask(base, q)).map(normalise);
        ranks.push(urls.findIndex((url) => wanted.has(url)));
      }
      results[engine][set] = score(ranks);
    }
  }
  return results;
}

export function printSearchQuality(results) {
  const percent = (value) => `${(value * 100).toFixed(1)} %`;
  const engines = Object.keys(results);
  console.log('\n(f) search quality: /v1/search beside the stock createFromSource route, same content');
  console.log(`| set | n | ${engines.map((engine) => `${engine} hit@1 | hit@3 | MRR@10`).join(' | ')} |`);
  console.log(`|---|---|${engines.map(() => '---|---|---').join('|')}|`);
  for (const set of Object.keys(results[engines[0]])) {
    const cells = engines.map((engine) => {
      const { hit1, hit3, mrr10 } = results[engine][set];
      return `${percent(hit1)} | ${percent(hit3)} | ${mrr10.toFixed(3)}`;
    });
    console.log(`| ${set} | ${results[engines[0]][set].n} | ${cells.join(' | ')} |`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--url');
  if (at < 0 || !process.argv[at + 1]) {
    console.error('usage: node scripts/bench/search-quality.mjs --url <base URL of a server with BENCH_ROUTES=1 and RATE_LIMIT_PER_MINUTE=0>');
    process.exit(2);
  }
  printSearchQuality(await measureSearchQuality(process.argv[at + 1].replace(/\/$/, '')));
}
