import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readPageScriptSources } from '@/lib/framework/page-script-hashes';
import { pagePolicy } from '@/lib/http/security-headers.mjs';
import type { InsightsReport } from '@/lib/insights/report';
import { insights } from '@/lib/routes';
import queries from '../fixtures/search-queries.json';
import { startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { client, http } from '../helpers/http';
import { repoRoot, startNextServer, type RunningServer } from '../helpers/next-server';
import { observatory, tlsTests } from '../helpers/observatory';

/**
 * Search insights and page feedback over real HTTP (Docs "Search
 * insights"): a server with INSIGHTS_TOKEN, three loopback clients asking
 * on every door, one client alone, feedback by JSON and by the page's form;
 * then /insights.json as the maintainers read it, and the view's locks.
 * The suite's main server has no token: there the view is a 404.
 */
const token = 'insights-suite-token-0123456789';
let server: RunningServer;
let fake: FakeCodeHost;
const clients = ['127.0.0.111', '127.0.0.112', '127.0.0.113'];
const as = (address: string) => client(server.url, address);
const bearer = { authorization: `Bearer ${token}` };

/** The report's shape is the site's own (lib/insights/report.ts), as /openapi.json describes it. */
type Report = InsightsReport;

/** /insights.json once every recording sent so far has landed (they are written after the answer). */
async function settledReport(expectSearches: number): Promise<Report> {
  for (;;) {
    const report = (await as('127.0.0.119')('/insights.json?days=1', { headers: bearer })).json<Report>();
    const total = report.perDay.reduce((sum, day) => sum + Object.values(day.doors).reduce((a, b) => a + b, 0), 0);
    if (total >= expectSearches) return report;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const rpc = (method: string, params: object) => ({ method: 'POST', body: { jsonrpc: '2.0', id: 1, method, params } });

/** One search of `q` on each door, as one client. */
async function everyDoor(address: string, q: string) {
  const send = as(address);
  const answers = await Promise.all([
    send(`/v1/search?q=${encodeURIComponent(q)}`),
    send(`/api/docs-search?query=${encodeURIComponent(q)}`),
    send('/v1/batch', { method: 'POST', body: { operations: [{ kind: 'search', q }] } }),
    send(`/ask?q=${encodeURIComponent(q)}`),
    send(`/ask?q=${encodeURIComponent(q)}`, { headers: { accept: 'text/event-stream' } }),
    send('/mcp', rpc('tools/call', { name: 'search_docs', arguments: { query: q } })),
    send('/mcp/docs', rpc('tools/call', { name: 'search_docs', arguments: { query: q } })),
    send('/.well-known/mcp', rpc('tools/call', { name: 'search_docs', arguments: { query: q } })),
    send('/a2a', rpc('SendMessage', { message: { messageId: `m-${address}`, role: 'ROLE_USER', parts: [{ data: { skill: 'search-docs', arguments: { query: q } } }] } })),
  ]);
  for (const answer of answers) expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(300);
  const job = await send('/v1/jobs', { method: 'POST', body: { operations: [{ kind: 'search', q }] } });
  expect(job.status).toBe(202);
  return answers.length + 1;
}

let searches = 0;
let report: Report;

beforeAll(async () => {
  fake = await startFakeCodeHost();
  server = await startNextServer({ GITHUB_API_URL: fake.apiUrl, GITHUB_RAW_URL: fake.rawUrl, INSIGHTS_TOKEN: token });
  for (const address of clients) searches += await everyDoor(address, 'Hot corners');
  for (const address of clients) searches += await everyDoor(address, 'backup');
  searches += await everyDoor('127.0.0.114', 'only one client asked this');
  // A dialog click, the twins and an MCP resource read.
  expect((await as(clients[0]!)(insights.searchClick, { method: 'POST', body: { query: 'hot corners', rank: 2 } })).status).toBe(204);
  expect((await as(clients[0]!)('/docs/install.md')).status).toBe(200);
  expect((await as(clients[1]!)('/docs/install', { headers: { accept: 'text/markdown' } })).status).toBe(200);
  expect((await as(clients[1]!)('/llms-full.txt')).status).toBe(200);
  const listed = (await as(clients[2]!)('/mcp', rpc('resources/list', {}))).json<{ result: { resources: { uri: string }[] } }>();
  const install = listed.result.resources.find((resource) => resource.uri.endsWith('/docs/install.md'))!.uri;
  const read = await as(clients[2]!)('/mcp', rpc('resources/read', { uri: `${install}#layersh` }));
  expect(read.status, read.body).toBe(200);
  // Feedback: a no with a comment (JSON), a yes by the page's form, and a client changing its mind.
  const feedback = (address: string, body: object | string, type?: string) =>
    as(address)(insights.feedback, { method: 'POST', body, ...(type ? { headers: { 'content-type': type } } : {}) });
  expect((await feedback(clients[0]!, { page: '/docs/install', helpful: false, comment: 'Nothing on uninstalling. Mail me: someone@example.com' })).status).toBe(200);
  const form = await feedback(clients[1]!, 'page=%2Fdocs%2Finstall&helpful=true&comment=', 'application/x-www-form-urlencoded');
  expect(form.status).toBe(200);
  expect(form.headers['content-type']).toMatch(/^text\/html/);
  expect(form.body).toContain('Thank you');
  expect((await feedback(clients[2]!, { page: '/docs/install', helpful: true })).status).toBe(200);
  expect((await feedback(clients[2]!, { page: '/docs/install', helpful: false, comment: 'Changed my mind' })).status).toBe(200);
  report = await settledReport(searches);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('search insights', () => {
  it('counts every search on every door: the dialog, /v1, batch and jobs, /ask (JSON and events), MCP on its three paths and A2A', () => {
    expect(report.perDay).toHaveLength(1);
    expect(report.perDay[0]!.doors).toEqual({ v1: 7, dialog: 7, batch: 14, ask: 14, mcp: 21, a2a: 7 });
    const hot = report.searches.find((row) => row.query === 'hot corners');
    expect(hot).toMatchObject({ count: 30, clients: 3, doors: { v1: 3, dialog: 3, batch: 6, ask: 6, mcp: 9, a2a: 3 }, weak: false });
    expect(hot!.results).toBeGreaterThan(0);
  });

  it('lists "backup", which found nothing, beside the queries that did; a query of one client is only counted', () => {
    expect(report.noResults.map((row) => row.query)).toEqual(['backup']);
    expect(report.searches.map((row) => row.query).sort()).toEqual(['backup', 'hot corners']);
    expect(report.other).toEqual({ count: 10, queries: 1 });
    expect(JSON.stringify(report)).not.toContain('only one client');
  });

  it('records the dialog click with its rank, and what agents read: twins, /llms-full.txt and MCP resources', () => {
    expect(report.clicksByRank).toEqual({ 2: 1 });
    expect(report.searches.find((row) => row.query === 'hot corners')).toMatchObject({ clicks: 1 });
    expect(report.reads).toEqual(
      expect.arrayContaining([
        { page: '/docs/install', count: 2, doors: { twin: 2 } },
        { page: '/llms-full.txt', count: 1, doors: { twin: 1 } },
        { page: '/docs/install#layersh', count: 1, doors: { mcp: 1 } },
      ]),
    );
  });

  it('keeps feedback with its comments normalized, one vote per client and day', () => {
    expect(report.feedback).toEqual([
      { page: '/docs/install', helpful: 1, notHelpful: 2, comments: ['Nothing on uninstalling. Mail me: [email]', 'Changed my mind'] },
    ]);
  });

  it('never lets a client address, a user agent or the token into the answer', () => {
    const text = JSON.stringify(report);
    for (const address of [...clients, '127.0.0.114', '127.0.0.1']) expect(text).not.toContain(address);
    expect(text).not.toMatch(/node|undici|Mozilla/i);
    expect(text).not.toContain(token);
  });

  it('calibration: no query of the bench\'s sets whose answer is found counts as weak', async () => {
    const set = [...queries.keywords, ...queries.questions].map(({ q }) => q);
    for (const address of clients) {
      const send = as(address);
      for (const q of set) expect((await send(`/v1/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    const after = await settledReport(searches + set.length * clients.length);
    const rows = new Map(after.searches.map((row) => [row.query, row]));
    const weak = set.map((q) => q.toLowerCase().replace(/\s+/g, ' ').trim()).filter((q) => rows.get(q)?.weak);
    expect(weak).toEqual([]);
  });
});

describe('the maintainers\' view is locked', () => {
  it.each([insights.json, insights.page])('%s: 401 with a challenge without a token, with a wrong one, or with one in the URL', async (path) => {
    const send = as('127.0.0.118');
    for (const answer of [
      await send(path),
      await send(path, { headers: { authorization: 'Bearer wrong-token-0123456789' } }),
      await send(`${path}?token=${token}`),
      await send(`${path}?access_token=${token}&days=1`),
      await send(path, { headers: { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` } }).then((res) => (path === insights.json ? res : undefined)),
    ].filter((res) => res !== undefined)) {
      expect(answer!.status).toBe(401);
      expect(answer!.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer!.headers['www-authenticate']).toMatch(/^Bearer realm="insights"/);
      expect(answer!.headers['ratelimit-limit']).toBe('600');
      expect(answer!.json<{ code: string }>().code).toBe('unauthorized');
    }
  });

  it('the HTML view takes HTTP Basic with the token as the password, and renders under the pages\' policy, noindex, with no script', async () => {
    const basic = { authorization: `Basic ${Buffer.from(`maintainer:${token}`).toString('base64')}` };
    const page = await as('127.0.0.118')(`${insights.page}?days=30`, { headers: basic });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(pagePolicy(readPageScriptSources(path.join(repoRoot, process.env.NEXT_DIST_DIR ?? '.next'))!));
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('<svg');
    expect(page.body).toContain('hot corners');
    expect((await as('127.0.0.118')(`${insights.json}?days=2`, { headers: bearer })).status).toBe(400);
  });

  it('the MDN HTTP Observatory scores what a stranger gets at /insights 100 or more', async () => {
    const scanned = await observatory(server.url, insights.page);
    const shown = scanned.tests.map((test) => `${test.name}: ${test.result} (${test.modifier})`).join('\n');
    expect(scanned.tests).toHaveLength(10 - tlsTests.length);
    expect(scanned.tests.filter((test) => !test.pass).map((test) => test.name), shown).toEqual([]);
    expect(scanned.score, shown).toBeGreaterThanOrEqual(100);
  });

  it('without INSIGHTS_TOKEN both paths are 404, and recording goes on', async () => {
    const main = inject('baseUrl');
    for (const path of [insights.json, insights.page]) {
      const answer = await http(`${main}${path}`, { headers: bearer, localAddress: '127.0.0.118' });
      expect(answer.status).toBe(404);
      expect(answer.headers['www-authenticate']).toBeUndefined();
    }
  });
});
