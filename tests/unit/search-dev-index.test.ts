import { describe, expect, it } from 'vitest';
import { devSearchIndex } from '@/lib/search/dev-index';

/**
 * The dev server's search index (lib/search/dev-index.ts): each version()
 * revalidates /api/search with the ETag it holds; a 304 keeps the loaded
 * index, a new ETag brings the new one, a failure leaves the last one.
 */
function fakeHost(answers: Array<{ status: number; etag?: string; body?: unknown }>) {
  const asked: Array<string | null> = [];
  const fetchImpl = (async (_url: string, init?: RequestInit) => {
    asked.push(new Headers(init?.headers).get('if-none-match'));
    const answer = answers.shift()!;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: answer.etag ? { etag: answer.etag } : {},
    });
  }) as typeof fetch;
  return { asked, fetchImpl };
}

describe('devSearchIndex', () => {
  it('revalidates with the ETag it holds and loads a new index only when it changes', async () => {
    const { asked, fetchImpl } = fakeHost([
      { status: 200, etag: '"a"', body: { v: 1 } },
      { status: 304, etag: '"a"' },
      { status: 200, etag: '"b"', body: { v: 2 } },
    ]);
    const index = devSearchIndex('http://localhost:3000', fetchImpl);
    expect(await index.version()).toBe('"a"');
    expect(await index.load()).toEqual({ v: 1 });
    expect(await index.version()).toBe('"a"');
    expect(await index.load()).toEqual({ v: 1 });
    expect(await index.version()).toBe('"b"');
    expect(await index.load()).toEqual({ v: 2 });
    expect(asked).toEqual([null, '"a"', '"a"']);
  });

  it('a failed revalidation throws (the search answers index_unavailable) and keeps the last index', async () => {
    const { fetchImpl } = fakeHost([
      { status: 200, etag: '"a"', body: { v: 1 } },
      { status: 500 },
      { status: 200, body: { v: 3 } },
    ]);
    const index = devSearchIndex('http://localhost:3000', fetchImpl);
    await index.version();
    await expect(index.version()).rejects.toThrow('/api/search answered 500');
    await expect(index.version()).rejects.toThrow('without an ETag');
    expect(await index.load()).toEqual({ v: 1 });
  });

  it('load before any version is an error, not an empty index', async () => {
    await expect(devSearchIndex('http://localhost:3000', fakeHost([]).fetchImpl).load()).rejects.toThrow('version() was not asked first');
  });
});
