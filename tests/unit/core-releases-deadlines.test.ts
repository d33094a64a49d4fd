import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createReleaseService,
  type ReleaseApi,
  type ReleaseApiResult,
} from '@/lib/core/releases';
import { deadlineAfter } from '@/lib/platform/deadline';
import { createFakeClock, createFakeKv } from '../helpers/fake-kv';
import { track, useFakeTime } from '../helpers/fake-time';
import { fakeApi, setup, standard } from '../helpers/release-service';

/** The release service under deadlines and floods (split from core-releases.test.ts). */
describe('deadlines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const never = () => new Promise<ReleaseApiResult>(() => undefined);

  it('a hanging code host is upstream_unavailable at the caller’s deadline, not the service’s own timeout', async () => {
    const time = useFakeTime();
    const { service } = setup(never, { timeoutMs: 10_000 });
    const answer = track(service.latestRelease('pounce', deadlineAfter(60, time.monotonic)));
    await time.advance(59);
    expect(answer.settled).toBe(false);
    await time.advance(1);
    expect(answer.value && (answer.value.ok ? 'ok' : answer.value.error.code)).toBe('upstream_unavailable');
  });

  it('passes what is left of the deadline to the code-host call', async () => {
    let seen: number | undefined;
    const api: ReleaseApi = {
      async api(_segments, opts) {
        seen = opts?.deadline?.remaining();
        return standard();
      },
    };
    const time = createFakeClock();
    let monotonic = 0;
    const service = createReleaseService({ api, kv: createFakeKv(time.clock), clock: time.clock });
    const deadline = deadlineAfter(3000, () => monotonic);
    monotonic = 400; // time spent before the lookup
    await service.latestRelease('pounce', deadline);
    expect(seen).toBe(2600);
  });

  it('a store read that hangs is given up at the deadline; the code host, answering at once, still makes it', async () => {
    const time = useFakeTime();
    const clock = createFakeClock();
    const kv = createFakeKv(clock.clock);
    kv.get = () => new Promise<string | null>(() => undefined);
    const { api, calls } = fakeApi(standard);
    const service = createReleaseService({ api, kv, clock: clock.clock });
    const answer = track(service.latestRelease('pounce', deadlineAfter(80, time.monotonic)));
    await time.advance(79);
    expect(answer.settled).toBe(false);
    expect(calls).toHaveLength(0);
    await time.advance(1);
    expect(answer.value?.ok).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('a caller joining a shared lookup stops waiting at its own deadline; the lookup goes on for the others', async () => {
    const time = useFakeTime();
    const { service, calls } = setup(() => new Promise((resolve) => setTimeout(() => resolve(standard()), 300)));
    const first = track(service.latestRelease('pounce'));
    const second = track(service.latestRelease('pounce', deadlineAfter(40, time.monotonic)));
    await time.advance(40);
    expect(second.value && (second.value.ok ? 'ok' : second.value.error.code)).toBe('upstream_unavailable');
    expect(first.settled).toBe(false);
    await time.advance(260);
    expect(first.value?.ok).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('does not wait for the cache write: a store that hangs on writes still answers', async () => {
    // Fake time stands still: only an answer that waits for no timer arrives.
    const time = useFakeTime();
    const clock = createFakeClock();
    const kv = createFakeKv(clock.clock);
    let writes = 0;
    kv.set = () => {
      writes += 1;
      return new Promise<void>(() => undefined);
    };
    const { api } = fakeApi(standard);
    const service = createReleaseService({ api, kv, clock: clock.clock });
    const value = await service.latestRelease('pounce', deadlineAfter(500, time.monotonic));
    expect(value.ok).toBe(true);
    expect(writes).toBe(1);
  });
});

// The service's maps are keyed by catalog app, so a flood of names cannot grow them (memory stays bounded).
describe('bounded by the catalog', () => {
  it('a flood of distinct app names makes no upstream call and writes nothing', async () => {
    const { service, calls, kv } = setup(standard);
    for (let i = 0; i < 10_000; i += 1) {
      const result = await service.latestRelease(`app-${i}`);
      expect(result.ok ? 'ok' : result.error.code).toBe('unknown_app');
    }
    expect(calls).toHaveLength(0);
    expect(kv.keys()).toHaveLength(0);
  });
});
