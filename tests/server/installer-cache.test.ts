import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

// Issue 5's figure: p50 latency of a cached installer against an uncached
// one, over real HTTP against `next start` and the fake code host on
// loopback. Uncached requests name a release tag not fetched before, so each
// makes one upstream request; cached ones repeat a tag already fetched.
const get = client(inject('baseUrl'), '127.0.0.71');
const rounds = 40;

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function timed(path: string): Promise<number> {
  const started = performance.now();
  const res = await get(path);
  const elapsed = performance.now() - started;
  expect(res.status).toBe(200);
  return elapsed;
}

describe('installer latency', () => {
  it('prints p50 of cached and uncached /hacker.sh', async () => {
    const uncached: number[] = [];
    const cached: number[] = [];
    await timed('/hacker.sh?ref=v2026.01.01'); // warm the route itself
    for (let i = 0; i < rounds; i += 1) {
      uncached.push(await timed(`/hacker.sh?ref=v2026.02.01-${i + 1}`));
      cached.push(await timed('/hacker.sh?ref=v2026.01.01'));
    }
    console.log(
      `installer p50 over HTTP (${rounds} each): uncached ${p50(uncached).toFixed(2)} ms, cached ${p50(cached).toFixed(2)} ms`,
    );
    expect(p50(cached)).toBeLessThan(p50(uncached));
  });
});
