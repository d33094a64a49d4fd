import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodeHostClient } from '@/lib/code-host';
import { deadlineAfter } from '@/lib/store/deadline';
import { systemClock } from '@/lib/store/types';
import { scenarios, startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';

// Issue 9 item 5: the code-host client takes at most what is left of the
// request's deadline, and a body that is not UTF-8 text is `malformed`.
let host: FakeCodeHost;
beforeAll(async () => {
  host = await startFakeCodeHost();
});
afterAll(async () => {
  await host.close();
});
beforeEach(() => host.reset());

const client = () =>
  createCodeHostClient({ apiUrl: host.apiUrl, rawUrl: host.rawUrl, clock: systemClock, timeoutMs: 10_000, maxBytes: 64 * 1024 });
const installer = ['layer-desktop', 'layer', 'main', 'install.sh'];
const installerPath = '/layer-desktop/layer/main/install.sh';

describe('code-host client deadlines', () => {
  it('gives up at the request’s deadline, well before its own timeout', async () => {
    host.setScenario(installerPath, scenarios.hang);
    const started = performance.now();
    const result = await client().raw(installer, { deadline: deadlineAfter(100) });
    const ms = performance.now() - started;
    expect(result).toEqual({ ok: false, reason: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(95);
    expect(ms).toBeLessThan(1000);
  });

  it('sends nothing once the deadline has passed', async () => {
    const result = await client().api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest'], { deadline: deadlineAfter(0) });
    expect(result).toEqual({ ok: false, reason: 'timeout' });
    expect(host.requests).toHaveLength(0);
  });

  it('answers normally within the deadline', async () => {
    expect(await client().raw(installer, { deadline: deadlineAfter(5000) })).toMatchObject({ ok: true, status: 200 });
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
