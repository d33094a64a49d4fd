import { describe, expect, inject, it } from 'vitest';
import { remoteFakeCodeHost } from '../helpers/fake-code-host-control';
import { client } from '../helpers/http';

// The installer cache over real HTTP against `next start` and the suite's
// fake code host: a tag fetched once is answered from the server's memory,
// without the code host; a tag not fetched before makes exactly one upstream
// request. (How much faster the cached answer is: `npm run bench`,
// scripts/bench/latency-figures.mjs.)
const get = client(inject('baseUrl'), '127.0.0.71');
const fake = remoteFakeCodeHost(inject('controlUrl'));
const rounds = 10;
const rawPath = (ref: string) => `/layer-desktop/layer/${ref}/install.sh`;

describe('installer cache', () => {
  it('answers a cached tag without the code host, the same bytes, and asks it once for each new tag', async () => {
    const cachedRef = 'v2026.01.01';
    const first = await get(`/hacker.sh?ref=${cachedRef}`);
    expect(first.status).toBe(200);
    const cachedCalls = await fake.calls(rawPath(cachedRef));
    expect(cachedCalls).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < rounds; i += 1) {
      const ref = `v2026.02.01-${i + 1}`;
      const uncached = await get(`/hacker.sh?ref=${ref}`);
      expect(uncached.status).toBe(200);
      expect(uncached.headers['x-svc-ref']).toBe(ref);
      expect(await fake.calls(rawPath(ref))).toBe(1);
      const cached = await get(`/hacker.sh?ref=${cachedRef}`);
      expect(cached.status).toBe(200);
      expect(cached.body).toBe(first.body);
    }
    expect(await fake.calls(rawPath(cachedRef))).toBe(cachedCalls);
  });
});
