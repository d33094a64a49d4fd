import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInsights, type InsightsOptions } from '@/lib/insights/insights';
import { maxCommentChars, maxQueryChars, normalizeComment, normalizeQuery } from '@/lib/insights/normalize';
import { reportCsv } from '@/lib/insights/report';
import { withRequestContext } from '@/lib/platform/request-context';
import { createMemoryInsights, type InsightsStore } from '@/lib/store/insights-store';
import { StoreUnavailableError } from '@/lib/store/types';
import { track, until, useFakeTime } from '../helpers/fake-time';

/**
 * lib/insights: what is kept of a query or a comment, the k-anonymity of the
 * lists, and recording after the answer, dropped (and logged once a minute)
 * when the store does not answer. The store's own rules are the store
 * contract's (tests/unit/store-contract.test.ts), on memory and real Redis.
 */
describe('normalization and placeholders', () => {
  it.each([
    ['  Wallpaper   GLOW ', 'wallpaper glow'],
    ['mail jane.doe+docs@example.co.uk about it', 'mail [email] about it'],
    ['see https://example.com/a?token=abc&x=1 now', 'see [url] now'],
    ['https://example.com/docs/rooms stays', 'https://example.com/docs/rooms stays'],
    ['call 555 123 4567 or 4111-1111-1111-1111', 'call [number] or [number]'],
    ['version 2026 and 12345 stay', 'version 2026 and 12345 stay'],
    ['key sk_live_51HxYzAbCdEf0123456789 leaked', 'key [token] leaked'],
    ['layer.windows.accordionPadding stays', 'layer.windows.accordionpadding stays'],
  ])('%j is kept as %j', (query, kept) => {
    expect(normalizeQuery(query)).toBe(kept);
  });

  it('cuts long text, and keeps a comment\'s case with its placeholders', () => {
    expect(Array.from(normalizeQuery('x'.repeat(1000)))).toHaveLength(maxQueryChars);
    expect(normalizeQuery('x'.repeat(1000)).endsWith('…')).toBe(true);
    expect(Array.from(normalizeComment('y'.repeat(2000)))).toHaveLength(maxCommentChars);
    expect(normalizeComment('The Install page\nhas a typo; write me at me@example.org')).toBe('The Install page has a typo; write me at [email]');
  });
});

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

function harness(overrides: Partial<InsightsOptions> = {}) {
  let now = Date.UTC(2030, 0, 15, 12);
  const tasks: Promise<void>[] = [];
  const logs: { message: string; fields?: Record<string, unknown> }[] = [];
  const store = createMemoryInsights(() => now);
  const insights = createInsights({
    store,
    clock: () => now,
    log: (_level, message, fields) => logs.push({ message, fields }),
    defer: (task) => void tasks.push(task()),
    recording: true,
    retentionDays: 90,
    minClients: 3,
    ...overrides,
  });
  const search = (query: string, door: string, client: string, results = 3) =>
    withRequestContext({ door, client: () => client }, () => insights.searched({ query, results, hit: results ? '/docs/x' : '', weak: () => false }));
  return {
    insights,
    store,
    logs,
    search,
    settle: () => Promise.all(tasks.splice(0)),
    advance: (ms: number) => (now += ms),
    today: () => day(now),
  };
}

describe('recording', () => {
  it('lists a query only once 3 distinct clients sent it in the period; the rest are one "other" row', async () => {
    const { insights, search, settle } = harness();
    for (const client of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) search('Hot Corners', 'v1', client);
    search('hot corners', 'mcp', '10.0.0.1');
    search('backup', 'dialog', '10.0.0.1', 0);
    search('backup', 'dialog', '10.0.0.1', 0);
    search('backup', 'v1', '10.0.0.2', 0);
    search('rollback', 'ask', '10.0.0.9', 0);
    await settle();
    const report = await insights.report(1);
    expect(report.searches).toEqual([expect.objectContaining({ query: 'hot corners', count: 4, clients: 3, doors: { v1: 3, mcp: 1 }, results: 3 })]);
    expect(report.noResults).toEqual([]);
    expect(report.other).toEqual({ count: 4, queries: 2 });
    expect(report.perDay).toEqual([{ day: report.to, doors: { v1: 4, mcp: 1, dialog: 2, ask: 1 } }]);
  });

  it('counts a query over the days of the period, and a day outside it not', async () => {
    const { insights, search, settle, advance } = harness();
    search('backup', 'v1', 'a', 0);
    await settle();
    advance(86_400_000);
    search('backup', 'v1', 'b', 0);
    search('backup', 'v1', 'c', 0);
    await settle();
    expect((await insights.report(1)).noResults).toEqual([]);
    expect((await insights.report(7)).noResults).toEqual([expect.objectContaining({ query: 'backup', count: 3, clients: 3, results: 0 })]);
  });

  it('records nothing outside a door, nothing with recording off, and votes all the same', async () => {
    const off = harness({ recording: false });
    off.search('glow', 'v1', 'a');
    off.insights.searched({ query: 'glow', results: 1, hit: '', weak: () => false });
    off.insights.read('/docs/install', 'twin');
    off.insights.clicked('glow', 1);
    await off.settle();
    await off.insights.voted('/docs/install', false, 'Nothing about uninstalling', 'a');
    const report = await off.insights.report(1);
    expect(report.perDay[0]!.doors).toEqual({});
    expect(report.reads).toEqual([]);
    expect(report.clicksByRank).toEqual({});
    expect(report.feedback).toEqual([{ page: '/docs/install', helpful: 0, notHelpful: 1, comments: ['Nothing about uninstalling'] }]);
  });

  it('reports a query named like a property of every object as any other, and pollutes no prototype', async () => {
    const { insights, search, settle } = harness();
    for (const client of ['a', 'b', 'c']) for (const word of ['__proto__', 'constructor']) search(word, 'mcp', client);
    await settle();
    const report = await insights.report(1);
    expect(report.searches.map((row) => [row.query, row.count, row.clients])).toEqual([
      ['__proto__', 3, 3],
      ['constructor', 3, 3],
    ]);
    expect(({} as Record<string, unknown>).count).toBeUndefined();
  });

  it('never keeps the client address: only a salted hash, counted', async () => {
    const { store, search, settle, today } = harness();
    search('glow', 'v1', '203.0.113.7');
    await settle();
    expect(JSON.stringify(await store.readDay(today()))).not.toContain('203.0.113.7');
  });

  it('drops an event the store does not take, and says so at most once a minute', async () => {
    const failing: InsightsStore = { ...createMemoryInsights(Date.now), add: () => Promise.reject(new StoreUnavailableError('Redis EVAL failed: no answer within 1000 ms')) };
    const { search, settle, logs, advance } = harness({ store: failing });
    for (let i = 0; i < 5; i++) search('glow', 'v1', 'a');
    await settle();
    advance(30_000);
    search('glow', 'v1', 'a');
    await settle();
    expect(logs).toHaveLength(1);
    advance(31_000);
    search('glow', 'v1', 'a');
    await settle();
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({ message: 'insights: an event was dropped, the store did not answer', fields: { failuresSinceLastWarning: 6 } });
  });

  it('writes the queries as CSV for a spreadsheet', async () => {
    const { insights, search, settle } = harness({ minClients: 1 });
    search('say "hi", then', 'v1', 'a');
    await settle();
    expect(reportCsv(await insights.report(1), ['v1', 'mcp'])).toBe('query,count,clients,door_v1,door_mcp,results,weak,clicks,first_hit\r\n"say ""hi"", then",1,1,1,0,3,false,0,/docs/x\r\n');
  });
});

describe('a client\'s name for the rate limiter (pseudonym)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const options = (store: InsightsStore): InsightsOptions => ({
    store,
    clock: () => Date.UTC(2030, 0, 15, 12),
    log: () => undefined,
    defer: () => undefined,
    recording: true,
    retentionDays: 90,
    minClients: 3,
  });
  const gated = (store: InsightsStore) => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    return { store: { ...store, daySalt: (day: string, ttlMs: number) => gate.then(() => store.daySalt(day, ttlMs)) }, open };
  };

  it('is the same on every instance, however long a new one waits for the store\'s salt: never a name of its own', async () => {
    const time = useFakeTime();
    const shared = createMemoryInsights(() => Date.UTC(2030, 0, 15, 12));
    const expected = await createInsights(options(shared)).pseudonym('203.0.113.7');
    const slow = gated(shared);
    const name = track(createInsights(options(slow.store)).pseudonym('203.0.113.7'));
    // The limiter's deadline bounds this wait (lib/store/fail-open.ts); the name itself never stands in.
    await time.advance(10_000);
    expect(name.settled).toBe(false);
    slow.open();
    await until(() => name.settled);
    expect(name.value).toBe(expected);
  });

  it('fails when the store cannot give the salt, so the limiter fails open (counted) rather than count apart', async () => {
    const failing: InsightsStore = { ...createMemoryInsights(() => 0), daySalt: () => Promise.reject(new StoreUnavailableError('Redis SET NX failed: connection refused')) };
    await expect(createInsights(options(failing)).pseudonym('203.0.113.7')).rejects.toThrow('SET NX failed');
  });

  it('prepare() asks for the day\'s salt before any request does, and never fails', async () => {
    const slow = gated(createMemoryInsights(() => Date.UTC(2030, 0, 15, 12)));
    let asked = 0;
    const counted: InsightsStore = { ...slow.store, daySalt: (day, ttlMs) => ((asked += 1), slow.store.daySalt(day, ttlMs)) };
    const insights = createInsights(options(counted));
    const prepared = track(insights.prepare());
    slow.open();
    await until(() => prepared.settled);
    await insights.pseudonym('203.0.113.7');
    expect(asked).toBe(1);
    const failing: InsightsStore = { ...createMemoryInsights(() => 0), daySalt: () => Promise.reject(new Error('down')) };
    await expect(createInsights(options(failing)).prepare()).resolves.toBeUndefined();
  });
});
