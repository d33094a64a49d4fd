import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarios, startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { client, type HttpResult } from '../helpers/http';
import { startNextServer, type RunningServer } from '../helpers/next-server';

// The /v1 surface (spec "Versioned REST") over real HTTP. This file runs its
// own `next start` over the suite's build with its own fake code host, so
// upstream scenarios and the release cache are this file's alone.
let fake: FakeCodeHost;
let server: RunningServer;
let get: ReturnType<typeof client>;

beforeAll(async () => {
  fake = await startFakeCodeHost();
  server = await startNextServer({ GITHUB_API_URL: fake.apiUrl, GITHUB_RAW_URL: fake.rawUrl, CURSOR_SECRET: 'v1-suite-cursor-secret-0123' });
  get = client(server.url, '127.0.0.51');
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const expectProblem = (res: HttpResult, status: number, code: string) => {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status, code, type: `/problems/${code}` });
  expect(res.headers['ratelimit-limit']).toBe('600');
};

type SearchPage = { query: string; results: Array<{ url: string; breadcrumbs: string[]; excerpt: string; score: number }>; next_cursor: string | null; total: number; sandbox?: true };

describe('GET /v1/search', () => {
  it.each([
    ['accordionPadding', '/docs/rooms/windows#layer.windows.accordionPadding'],
    ['glow.spread', '#layer.wallpaper.glow.spread'],
    ['mark.size', '#layer.wallpaper.mark.size'],
  ])('%s ranks its option first', async (q, anchor) => {
    const res = await get(`/v1/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const page = res.json<SearchPage>();
    expect(page.query).toBe(q);
    expect(page.results[0]!.url.endsWith(anchor)).toBe(true);
    for (const hit of page.results) {
      expect(Number.isInteger(hit.score)).toBe(true);
      expect(hit.breadcrumbs.length).toBeGreaterThan(0);
    }
    const scores = page.results.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('walks every page once: each hit appears once, total holds, the last next_cursor is null', async () => {
    const first = (await get('/v1/search?q=layer&limit=7')).json<SearchPage>();
    expect(first.total).toBeGreaterThan(20);
    const seen: string[] = [...first.results.map((hit) => hit.url)];
    let cursor = first.next_cursor;
    let pages = 1;
    while (cursor) {
      const res = await get(`/v1/search?q=layer&limit=7&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(200);
      const page = res.json<SearchPage>();
      expect(page.total).toBe(first.total);
      seen.push(...page.results.map((hit) => hit.url));
      cursor = page.next_cursor;
      pages += 1;
      expect(pages).toBeLessThan(200);
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('rejects bad input with the spec codes', async () => {
    expectProblem(await get('/v1/search'), 400, 'missing_query');
    expectProblem(await get('/v1/search?q='), 400, 'missing_query');
    expectProblem(await get('/v1/search?q=x&cursor=garbage'), 400, 'invalid_cursor');
    const real = (await get('/v1/search?q=layer&limit=2')).json<SearchPage>().next_cursor!;
    const forged = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`;
    expectProblem(await get(`/v1/search?q=layer&limit=2&cursor=${encodeURIComponent(forged)}`), 400, 'invalid_cursor');
    expectProblem(await get(`/v1/search?q=other&limit=2&cursor=${encodeURIComponent(real)}`), 400, 'invalid_cursor');
    for (const limit of ['0', '51', 'ten', '2.5']) expectProblem(await get(`/v1/search?q=x&limit=${limit}`), 400, 'invalid_parameter');
  });

  it('sandbox answers byte-identical fixtures flagged sandbox:true', async () => {
    const a = await get('/v1/search?q=theme&sandbox=true');
    const b = await get('/v1/search?q=theme&sandbox=yes');
    expect(a.status).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json<SearchPage>().sandbox).toBe(true);
    expect((await get('/v1/search?q=theme&sandbox=nope')).json<SearchPage>().sandbox).toBeUndefined();
  });

  it('sandbox takes exactly `true`, `1` or `yes`; any other value (`TRUE`, ` yes `) is off, as /openapi.json says', async () => {
    for (const value of ['true', '1', 'yes']) {
      expect((await get(`/v1/desktops?sandbox=${value}`)).json<{ sandbox?: true }>().sandbox, value).toBe(true);
    }
    for (const value of ['TRUE', 'Yes', '%20yes%20', 'true%20', 'on', '0', 'false', '']) {
      const res = await get(`/v1/desktops?sandbox=${value}`);
      expect(res.status, value).toBe(200);
      expect(res.json<{ sandbox?: true }>().sandbox, value).toBeUndefined();
    }
    const openapi = (await get('/openapi.json')).json<{ paths: Record<string, { get: { parameters: Array<{ name: string; description: string }> } }> }>();
    const sandbox = openapi.paths['/v1/desktops']!.get.parameters.find((parameter) => parameter.name === 'sandbox')!;
    expect(sandbox.description).toMatch(/^Exactly `true`, `1` or `yes` \(as written/);
    expect(sandbox.description).toContain('`TRUE` or ` yes ` included, is off');
  });
});

describe('lists', () => {
  type Page<T> = { items: T[]; next_cursor: string | null; total: number };
  it('/v1/desktops: one row per desktop, pins and flags, paged', async () => {
    const all = (await get('/v1/desktops?limit=50')).json<Page<{ desktop: string; pins: string | null; install: string; flag: string | null; author: string | null }>>();
    expect(all.total).toBe(all.items.length);
    const byName = Object.fromEntries(all.items.map((row) => [row.desktop, row]));
    for (const name of ['hacker', 'everyday', 'minimal']) {
      expect(byName[name]!.pins).toBe(name);
      expect(byName[name]!.flag).toBeNull();
      expect(byName[name]!.install).toMatch(new RegExp(`/${name}\\.sh`));
    }
    // The layer installer's row first (spec "Other shapes": `pins` is null for the layer installer that asks),
    // then the reference's three desktops; the flake-row path is unit-tested with a fixture.
    expect(all.items.map((row) => row.desktop)).toEqual(['layer', 'hacker', 'everyday', 'minimal']);
    expect(byName.layer).toMatchObject({ pins: null, flag: null, author: null });
    expect(byName.layer!.install).toMatch(/^curl -fsSL http:\/\/\S+\/layer\.sh \| sh$/);
    for (const row of all.items.filter((entry) => entry.flag !== null)) {
      expect(row.pins).toBeNull();
      expect(row.flag).toMatch(/^--desktop=\S+$/);
      expect(row.install).toContain('/layer.sh');
      expect(row.install).toContain(row.flag!);
    }
    const first = (await get('/v1/desktops?limit=2')).json<Page<{ desktop: string }>>();
    expect(first.items).toHaveLength(2);
    const second = (await get(`/v1/desktops?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`)).json<Page<{ desktop: string }>>();
    expect(second.items[0]!.desktop).toBe(all.items[2]!.desktop);
    // Every page size walks all rows once, live and in the sandbox; the last page's next_cursor is null.
    for (const sandbox of ['', '&sandbox=true']) {
      for (const limit of [1, 2, 3, 4, 5]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await get(`/v1/desktops?limit=${limit}${sandbox}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
          expect(res.status, res.body).toBe(200);
          const page = res.json<Page<{ desktop: string }>>();
          expect(page.total).toBe(all.total);
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items.map((row) => row.desktop));
          cursor = page.next_cursor;
        } while (cursor);
        expect(seen, `limit ${limit}${sandbox}`).toEqual(all.items.map((row) => row.desktop));
      }
    }
    expectProblem(await get('/v1/desktops?cursor=abc'), 400, 'invalid_cursor');
    const search = (await get('/v1/search?q=layer&limit=1')).json<SearchPage>().next_cursor!;
    expectProblem(await get(`/v1/desktops?cursor=${encodeURIComponent(search)}`), 400, 'invalid_cursor');
  });

  it('/v1/rooms and /v1/apps', async () => {
    const rooms = (await get('/v1/rooms')).json<Page<{ room: string; namespaces: string[]; docs_url: string }>>();
    expect(rooms.items.map((row) => row.room)).toEqual(expect.arrayContaining(['apps', 'appearance', 'displays', 'development', 'windows']));
    expect(rooms.items.find((row) => row.room === 'appearance')!.namespaces).toContain('layer.wallpaper');
    const apps = (await get('/v1/apps')).json<Page<{ app: string; release_url: string; download_url: string }>>();
    expect(apps.items.map((row) => row.app)).toEqual(['pounce', 'perch']);
    expect(apps.items[0]).toMatchObject({ release_url: '/v1/releases/pounce', download_url: '/download/pounce' });
  });
});

describe('releases and downloads', () => {
  const perchPath = '/repos/layer-desktop/perch/releases/latest';
  const pouncePath = '/repos/layer-desktop/pounce/releases/latest';

  it('upstream failures are 502 upstream_unavailable and are not cached', async () => {
    fake.setScenario(perchPath, scenarios.serverError);
    expectProblem(await get('/v1/releases/perch'), 502, 'upstream_unavailable');
    fake.setScenario(perchPath, scenarios.drop);
    expectProblem(await get('/api/release/perch'), 502, 'upstream_unavailable');
    // An answer that never comes (the limit of one slower than the request's deadline, and no race between the
    // server's timer and the host's on a busy machine): the 502 comes, and the server gave up on the upstream request.
    fake.setScenario(perchPath, scenarios.hang);
    const before = fake.requests.length;
    expectProblem(await get('/v1/releases/perch'), 502, 'upstream_unavailable');
    await expect.poll(() => fake.requests.slice(before).map((request) => [request.path, request.abandoned]), { timeout: 10_000 }).toEqual([[perchPath, true]]);
    fake.setScenario(perchPath, scenarios.notFound);
    expectProblem(await get('/v1/releases/perch'), 502, 'upstream_unavailable');
  }, 20_000);

  it('a release without a macOS asset is no_release, and its download goes to the releases page', async () => {
    fake.setScenario(perchPath, scenarios.releaseWithoutAssets);
    expectProblem(await get('/v1/releases/perch'), 404, 'no_release');
    const download = await get('/download/perch');
    expect(download.status).toBe(302);
    expect(download.headers.location).toBe('https://github.com/layer-desktop/perch/releases');
    fake.setScenario(perchPath, scenarios.normal);
  });

  it('a burst of 200 requests makes one upstream call; the alias answers the same bytes', async () => {
    const before = fake.calls(pouncePath);
    const answers = await Promise.all(Array.from({ length: 200 }, () => get('/v1/releases/pounce')));
    expect(fake.calls(pouncePath) - before).toBe(1);
    expect(new Set(answers.map((res) => res.status))).toEqual(new Set([200]));
    const release = answers[0]!.json<{ tag: string; asset: string; size: number; url: string; publishedAt: string }>();
    expect(release.asset.endsWith('.dmg')).toBe(true);
    expect(release.tag).toMatch(/^v\d{4}\.\d{2}\.\d{2}$/);
    expect(answers[0]!.headers['cache-control']).toMatch(/s-maxage=300/);
    const alias = await get('/api/release/pounce');
    expect(alias.body).toBe(answers[0]!.body);
    expect(fake.calls(pouncePath) - before).toBe(1);
  }, 30_000);

  it('unknown apps are 404 unknown_app naming pounce and perch', async () => {
    const res = await get('/v1/releases/pouncey');
    expectProblem(res, 404, 'unknown_app');
    expect(res.json<{ detail: string }>().detail).toMatch(/pounce.*perch|perch.*pounce/);
  });

  it('sandbox releases make no upstream call', async () => {
    const before = fake.requests.length;
    const a = await get('/v1/releases/perch?sandbox=1');
    const b = await get('/v1/releases/perch?sandbox=1');
    expect(a.body).toBe(b.body);
    expect(a.json()).toMatchObject({ sandbox: true });
    expect(fake.requests.length).toBe(before);
  });

  it('/download redirects only to the code host; unknown apps are 404 markdown or the site page', async () => {
    const res = await get('/download/pounce');
    expect(res.status).toBe(302);
    expect(new URL(res.headers.location!).origin).toBe('https://github.com');
    expect(res.headers.location).toMatch(/\.dmg$/);
    const missing = await get('/download/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/markdown/);
    expect(missing.body).toContain('/download/pounce');
    const browser = await get('/download/nope', { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(browser.status).toBe(404);
    expect(browser.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('POST /v1/batch', () => {
  type Answer = { results: Array<{ ok: boolean; kind: string; data?: unknown; problem?: { code: string } }>; sandbox?: true };
  const operations = [
    { kind: 'search', q: 'wallpaper', limit: 2 },
    { kind: 'release', app: 'nope' },
    { kind: 'install', desktop: 'hacker' },
    { kind: 'install' },
  ];

  it('answers one result per operation, in order, failures inside a 200', async () => {
    const res = await get('/v1/batch', { method: 'POST', body: { operations } });
    expect(res.status).toBe(200);
    const answer = res.json<Answer>();
    expect(answer.results.map((r) => [r.kind, r.ok])).toEqual([
      ['search', true],
      ['release', false],
      ['install', true],
      ['install', true],
    ]);
    expect(answer.results[1]!.problem).toMatchObject({ code: 'unknown_app' });
  });

  it('rejects malformed bodies with the spec codes', async () => {
    expectProblem(await get('/v1/batch', { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    expectProblem(await get('/v1/batch', { method: 'POST', body: { operations: 'x' } }), 400, 'invalid_batch');
    expectProblem(await get('/v1/batch', { method: 'POST', body: { operations: [{ kind: 'delete' }] } }), 400, 'invalid_batch');
    expectProblem(await get('/v1/batch', { method: 'POST', body: [] }), 400, 'invalid_batch');
    const tooMany = Array.from({ length: 21 }, () => ({ kind: 'install' }));
    expectProblem(await get('/v1/batch', { method: 'POST', body: { operations: tooMany } }), 400, 'batch_too_large');
  });

  it('Idempotency-Key: replay is the same bytes, a different body is 422, a bad key is 400', async () => {
    const headers = { 'idempotency-key': `replay-${Date.now()}` };
    const first = await get('/v1/batch', { method: 'POST', headers, body: { sandbox: true, operations } });
    expect(first.status).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await get('/v1/batch', { method: 'POST', headers, body: { sandbox: true, operations } });
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expectProblem(await get('/v1/batch', { method: 'POST', headers, body: { operations: [{ kind: 'install' }] } }), 422, 'idempotency_key_reused');
    for (const key of ['has space', 'x'.repeat(201), 'ünïcode']) {
      expectProblem(await get('/v1/batch', { method: 'POST', headers: { 'idempotency-key': key }, body: { operations } }), 400, 'invalid_idempotency_key');
    }
    // Keys are scoped to the client: another client with the same key executes afresh.
    const other = await client(server.url, '127.0.0.52')('/v1/batch', { method: 'POST', headers, body: { operations: [{ kind: 'install' }] } });
    expect(other.status).toBe(200);
    expect(other.headers['idempotency-replayed']).toBeUndefined();
  });

  it('50 concurrent requests with one key execute once', async () => {
    const headers = { 'idempotency-key': `burst-${Date.now()}` };
    const body = { operations: [{ kind: 'search', q: 'theme accent' }, { kind: 'release', app: 'pounce' }] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/v1/batch', { method: 'POST', headers, body })));
    const executed = answers.filter((res) => res.status === 200 && res.headers['idempotency-replayed'] === undefined);
    const replayed = answers.filter((res) => res.headers['idempotency-replayed'] === 'true');
    const inUse = answers.filter((res) => res.status === 409);
    expect(executed).toHaveLength(1);
    expect(replayed.length + inUse.length).toBe(49);
    for (const res of inUse) expect(res.json()).toMatchObject({ code: 'idempotency_key_in_use' });
    for (const res of replayed) expect(res.body).toBe(executed[0]!.body);
  });
});

describe('jobs', () => {
  type Job = { id: string; status: string; url: string; result?: { results: Array<{ ok: boolean }> } };

  it('POST → 202 with Location and Retry-After; polling reaches done with the batch-shaped result', async () => {
    const operations = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? { kind: 'release', app: 'pounce' } : { kind: 'search', q: `layer ${i}` }));
    const res = await get('/v1/jobs', { method: 'POST', body: { operations } });
    expect(res.status).toBe(202);
    const job = res.json<Job>();
    expect(res.headers.location).toBe(job.url);
    expect(job.url).toBe(`/v1/jobs/${job.id}`);
    expect(res.headers['retry-after']).toBe('1');
    expect(['queued', 'done']).toContain(job.status);
    let polled = job;
    // Until the job is done: the test's timeout is the only bound.
    while (polled.status === 'queued') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      polled = (await get(job.url)).json<Job>();
    }
    expect(polled.status).toBe('done');
    expect(polled.result!.results).toHaveLength(30);
  });

  it('limits and errors', async () => {
    const tooMany = Array.from({ length: 101 }, () => ({ kind: 'install' }));
    expectProblem(await get('/v1/jobs', { method: 'POST', body: { operations: tooMany } }), 400, 'job_too_large');
    const huge = { operations: [{ kind: 'search', q: 'x'.repeat(70 * 1024) }] };
    expectProblem(await get('/v1/jobs', { method: 'POST', body: huge }), 400, 'job_too_large');
    expectProblem(await get('/v1/jobs', { method: 'POST', body: { nope: true } }), 400, 'invalid_batch');
    expectProblem(await get('/v1/jobs', { method: 'POST', body: 'not json', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    expectProblem(await get('/v1/jobs/not-a-job'), 404, 'unknown_job');
  });
});
