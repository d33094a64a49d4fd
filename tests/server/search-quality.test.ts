import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import queries from '../fixtures/search-queries.json';

/**
 * Ranking of /v1/search and /ask, over real HTTP: every
 * option's full name ranks that option's own section first; realistic
 * queries (option names, a Mac user's words, tasks, a typo) and questions
 * rank the section a reader wants first. Prints hit@1, hit@3 and MRR@10.
 */
const get = client(inject('baseUrl'), '127.0.0.93');

interface Page {
  results: Array<{ url: string }>;
}

let urlOf: Map<string, string>;
const target = (name: string) => (name.startsWith('layer.') ? urlOf.get(name)! : name);

async function ranked(q: string): Promise<string[]> {
  const res = await get(`/v1/search?q=${encodeURIComponent(q)}&limit=10`);
  expect(res.status, q).toBe(200);
  return res.json<Page>().results.map((hit) => hit.url);
}

async function measure(set: Array<{ q: string; expect: string[] }>) {
  const ranks: Array<{ q: string; rank: number; top: string[] }> = [];
  for (const { q, expect: wanted } of set) {
    const urls = await ranked(q);
    const targets = new Set(wanted.map(target));
    ranks.push({ q, rank: urls.findIndex((url) => targets.has(url)), top: urls.slice(0, 3) });
  }
  const n = ranks.length;
  const hit = (k: number) => ranks.filter(({ rank }) => rank >= 0 && rank < k).length / n;
  const mrr = ranks.reduce((sum, { rank }) => sum + (rank >= 0 ? 1 / (rank + 1) : 0), 0) / n;
  return { n, hit1: hit(1), hit3: hit(3), mrr, misses: ranks.filter(({ rank }) => rank !== 0) };
}

describe('search quality of /v1/search', () => {
  it('reads the option rows', async () => {
    const options = (await get('/v1/options?limit=200')).json<{ items: Array<{ name: string; docs_url: string }> }>().items;
    expect(options).toHaveLength(117);
    urlOf = new Map(options.map((option) => [option.name, option.docs_url]));
  });

  it('every option’s full name ranks its own section first (117 of 117)', async () => {
    const misses: string[] = [];
    for (const [name, url] of urlOf) {
      const urls = await ranked(name);
      if (urls[0] !== url) misses.push(`${name}: first ${urls[0]}, own at ${urls.indexOf(url) + 1}`);
    }
    console.log(`search-quality: full names first ${urlOf.size - misses.length}/${urlOf.size}`);
    expect(misses).toEqual([]);
  });

  it.each([
    ['keyword queries', queries.keywords],
    ['questions', queries.questions],
  ] as const)('%s: the wanted section first', async (name, set) => {
    const result = await measure(set);
    console.log(
      `search-quality: ${name}: hit@1 ${(result.hit1 * 100).toFixed(1)} %, hit@3 ${(result.hit3 * 100).toFixed(1)} %, MRR@10 ${result.mrr.toFixed(3)} (n=${result.n})` +
        result.misses.map(({ q, rank, top }) => `\n  ${q} → ${rank + 1 || 'not in 10'}: ${top.join(' | ')}`).join(''),
    );
    expect(result.n).toBeGreaterThanOrEqual(name === 'questions' ? 30 : 40);
    expect(result.hit1).toBeGreaterThanOrEqual(0.9);
    expect(result.hit3).toBeGreaterThanOrEqual(0.95);
  });

  it('finds `reduceTransparency` by one camelCase part and tolerates one typo in a long word', async () => {
    expect((await ranked('transparency'))[0]).toBe(urlOf.get('layer.accessibility.reduceTransparency'));
    expect((await ranked('wallpapr style'))[0]).toBe(urlOf.get('layer.wallpaper.style'));
    expect((await ranked('acordion padding'))[0]).toBe(urlOf.get('layer.windows.accordionPadding'));
    // No tolerance under five letters: a short word is taken as typed.
    expect(await ranked('zxq')).toEqual([]);
  });
});
