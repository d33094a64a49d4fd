import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCodeHostClient } from '@/lib/code-host';
import { deadlineAfter } from '@/lib/platform/deadline';
import { systemClock, systemMonotonicClock } from '@/lib/platform/clock';
import { scenarios, startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { track, until, useFakeTime } from '../helpers/fake-time';

// The code-host client takes at most what is left of the request's deadline
// (lib/platform/deadline.ts), and a body that is not UTF-8 text is `malformed`.
// Deadlines run on fake timers against a real loopback host: the test moves
// time, so a slow machine cannot fail it.
let host: FakeCodeHost;
beforeAll(async () => {
  host = await startFakeCodeHost();
});
afterAll(async () => {
  await host.close();
});
beforeEach(() => host.reset());
afterEach(() => {
  vi.useRealTimers();
});

const client = () =>
  createCodeHostClient({ apiUrl: host.apiUrl, rawUrl: host.rawUrl, clock: systemClock, timeoutMs: 10_000, maxBytes: 64 * 1024 });
const installer = ['layer-desktop', 'layer', 'main', 'install.sh'];
const installerPath = '/layer-desktop/layer/main/install.sh';

describe('code-host client deadlines', () => {
  it('gives up at the request’s deadline, well before its own timeout, and abandons the request', async () => {
    const time = useFakeTime();
    host.setScenario(installerPath, scenarios.hang);
    const result = track(client().raw(installer, { deadline: deadlineAfter(100, time.monotonic) }));
    await until(() => host.requests.length === 1);
    await time.advance(99);
    expect(result.settled).toBe(false);
    await time.advance(1);
    await until(() => result.settled);
    expect(result.value).toEqual({ ok: false, reason: 'timeout' });
    await until(() => host.requests[0]!.abandoned === true);
  });

  it('sends nothing once the deadline has passed', async () => {
    const result = await client().api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest'], { deadline: deadlineAfter(0, systemMonotonicClock) });
    expect(result).toEqual({ ok: false, reason: 'timeout' });
    expect(host.requests).toHaveLength(0);
  });

  it('answers normally within the deadline', async () => {
    const time = useFakeTime(); // time stands still: the deadline cannot pass
    expect(await client().raw(installer, { deadline: deadlineAfter(5000, time.monotonic) })).toMatchObject({ ok: true, status: 200 });
    expect(host.requests[0]!.abandoned).toBeUndefined();
  });
});

describe('code-host client bodies', () => {
  it('reports invalid UTF-8 as malformed instead of replacing it', async () => {
    host.setScenario(installerPath, scenarios.bytes(new Uint8Array([0x23, 0x21, 0x2f, 0x62, 0x69, 0x6e, 0x2f, 0x73, 0x68, 0x0a, 0xc3, 0x28])));
    expect(await client().raw(installer)).toEqual({ ok: false, reason: 'malformed', status: 200, detail: 'is not valid UTF-8 text' });
  });

  it('keeps valid multi-byte text', async () => {
    host.setScenario(installerPath, scenarios.bytes('#!/bin/sh\necho "Grüße ✓"\n'));
    expect(await client().raw(installer)).toMatchObject({ ok: true, body: '#!/bin/sh\necho "Grüße ✓"\n' });
  });
});
