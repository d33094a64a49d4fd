import { describe, expect, it } from 'vitest';
import { documentResponder } from '@/lib/endpoints/document-responder';

const get = (handler: ReturnType<typeof documentResponder>, headers: Record<string, string> = {}) =>
  handler(new Request('http://localhost/doc', { headers }));

describe('documentResponder', () => {
  it('builds the bytes once, and again only when `version` answers another value', async () => {
    let builds = 0;
    let version: unknown = 'one';
    const handler = documentResponder({
      contentType: 'text/plain',
      body: () => `${String(version)} (build ${(builds += 1)})`,
      cacheControl: 'no-store',
      version: async () => version,
    });

    const first = await get(handler);
    expect(await first.text()).toBe('one (build 1)');
    const etag = first.headers.get('etag')!;
    expect((await get(handler)).headers.get('etag')).toBe(etag);
    expect((await get(handler, { 'if-none-match': etag })).status).toBe(304);
    expect(builds).toBe(1);

    // The docs source after an edit under `next dev`: new bytes, a new ETag, the old one no longer matching.
    version = 'two';
    const changed = await get(handler, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('two (build 2)');
    expect(changed.headers.get('etag')).not.toBe(etag);
    await get(handler);
    expect(builds).toBe(2);
  });

  it('without `version`, keeps the bytes it built first', async () => {
    let builds = 0;
    const handler = documentResponder({ contentType: 'text/plain', body: () => `build ${(builds += 1)}`, cacheControl: 'no-store' });
    expect(await (await get(handler)).text()).toBe('build 1');
    expect(await (await get(handler)).text()).toBe('build 1');
    expect(builds).toBe(1);
  });
});
