import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodeHostClient } from '@/lib/code-host';
import {
  createInstallerHandlers,
  createUpstreamCache,
  designProblem,
  installerCacheControl,
  installerNames,
  isReleaseTag,
  pinDesktop,
  pinnedDesktop,
  scriptProblem,
} from '@/lib/installers';
import { systemMonotonicClock } from '@/lib/platform/clock';
import { scenarios, startFakeCodeHost, stubDesignDoc, stubInstaller, type FakeCodeHost } from '../helpers/fake-code-host';
import { patientMs } from '../helpers/patience';

let host: FakeCodeHost;
beforeAll(async () => {
  host = await startFakeCodeHost();
});
afterAll(async () => {
  await host.close();
});

let now = Date.parse('2026-11-21T12:00:00Z');
const clock = () => now;
const monotonic = systemMonotonicClock;

function handlers(options: { timeoutMs?: number; maxBytes?: number } = {}) {
  const codeHost = createCodeHostClient({
    apiUrl: host.apiUrl,
    rawUrl: host.rawUrl,
    clock,
    // The host's answers must not race a timer: only the slow case sets a short timeout, and its answer comes later on the same timers.
    timeoutMs: options.timeoutMs ?? patientMs,
    maxBytes: options.maxBytes ?? 64 * 1024,
  });
  return createInstallerHandlers(() => ({ codeHost, clock, monotonic }));
}

const base = 'http://svc.test';
const upstreamPath = (ref: string) => `/layer-desktop/layer/${ref}/install.sh`;

beforeEach(() => {
  host.reset();
  now = Date.parse('2026-11-21T12:00:00Z');
});

/** Runs a served script the way `curl … | sh` does, with no LAYER_DESKTOP in the environment. */
function runWithSh(script: string): string {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'test' } as const;
  const run = spawnSync('sh', [], { input: script, encoding: 'utf8', env });
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

describe('installers', () => {
  it.each(installerNames)('/%s.sh serves the script from main', async (name) => {
    const response = await handlers().installer[name](new Request(`${base}/${name}.sh`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-svc-ref')).toBe('main');
    expect(response.headers.get('cache-control')).toBe(installerCacheControl.main);
    const body = await response.text();
    const desktop = pinnedDesktop(name);
    if (desktop) {
      expect(response.headers.get('x-svc-desktop')).toBe(desktop);
      expect(body).toBe(`#!/bin/sh\nLAYER_DESKTOP=${desktop}\nexport LAYER_DESKTOP\necho "desktop=\${LAYER_DESKTOP:-none}"\n`);
    } else {
      expect(response.headers.has('x-svc-desktop')).toBe(false);
      expect(body).toBe(stubInstaller);
    }
    expect(host.requests).toHaveLength(1);
    expect(host.requests[0]).toMatchObject({ host: 'raw', method: 'GET', path: upstreamPath('main') });
  });

  it.each([
    ['hacker', 'desktop=hacker'],
    ['everyday', 'desktop=everyday'],
    ['minimal', 'desktop=minimal'],
    ['layer', 'desktop=none'],
  ] as const)('running /%s.sh with sh prints %s', async (name, expected) => {
    const response = await handlers().installer[name](new Request(`${base}/${name}.sh`));
    expect(runWithSh(await response.text())).toBe(expected);
  });

  it.each(['v2026.11.20', 'v2026.11.20-2', 'v2024.02.29', 'v2026.12.31-15'])('serves release tag %s as immutable', async (ref) => {
    const response = await handlers().installer.hacker(new Request(`${base}/hacker.sh?ref=${ref}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-svc-ref')).toBe(ref);
    expect(response.headers.get('x-svc-desktop')).toBe('hacker');
    expect(response.headers.get('cache-control')).toBe(installerCacheControl.tag);
    expect(host.requests.map((r) => r.path)).toEqual([upstreamPath(ref)]);
  });

  const badRefs = [
    'main',
    '',
    'v2026.1.1',
    'v2026.13.01',
    'v2026.02.29',
    'v2026.04.31',
    'v2026.00.10',
    '2026.11.20',
    'v2026.11.20-',
    'v2026.11.01-x',
    '../etc',
    '..%2F..%2Fx',
    'v2026.11.01/../../x',
    'v2026.11.01%2F..%2F..%2Fx',
    '@evil.com',
    '//evil.com',
    'v2026.11.20%0Aecho',
    'v2026.11.20&ref=v2026.11.21',
  ];
  it.each(badRefs)('refuses ref=%s with 400 text/plain and no upstream call', async (ref) => {
    const response = await handlers().installer.layer(new Request(`${base}/layer.sh?ref=${ref}`));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.has('x-svc-ref')).toBe(false);
    expect(await response.text()).toContain('v2026.11.20');
    expect(host.requests).toHaveLength(0);
  });

  it('refuses a repeated ref', async () => {
    const response = await handlers().installer.minimal(new Request(`${base}/minimal.sh?ref=v2026.11.20&ref=v2026.11.20`));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/at most once/);
  });

  it('validates real calendar dates', () => {
    expect(isReleaseTag('v2028.02.29')).toBe(true);
    expect(isReleaseTag('v2100.02.29')).toBe(false);
    expect(isReleaseTag('v2026.06.31')).toBe(false);
    expect(isReleaseTag('v2026.07.31')).toBe(true);
  });

  const failures = [
    ['500', scenarios.serverError, /answered 500/],
    ['dropped connection', scenarios.drop, /could not be reached/],
    ['slow answer', scenarios.slow(1500), /did not answer in time/],
    ['redirect to another host', scenarios.redirectOtherHost, /redirected/],
    ['oversized body', scenarios.oversized(256 * 1024, false), /larger than/],
    ['404', scenarios.notFound, /not found upstream/],
  ] as const;
  it.each(failures)('answers 502 text/plain on upstream %s', async (_label, scenario, message) => {
    host.setScenario(upstreamPath('main'), scenario);
    const timeoutMs = scenario.kind === 'slow' ? 150 : patientMs;
    const response = await handlers({ timeoutMs }).installer.everyday(new Request(`${base}/everyday.sh`));
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toMatch(message);
    expect(host.requests.filter((r) => r.host === 'elsewhere')).toHaveLength(0);
  });

  it('does not cache a failure', async () => {
    const installers = handlers();
    host.setScenario(upstreamPath('main'), scenarios.serverError);
    expect((await installers.installer.layer(new Request(`${base}/layer.sh`))).status).toBe(502);
    host.setScenario(upstreamPath('main'), scenarios.normal);
    expect((await installers.installer.layer(new Request(`${base}/layer.sh`))).status).toBe(200);
    expect(host.calls(upstreamPath('main'))).toBe(2);
  });
});

describe('pinDesktop', () => {
  it('inserts the pin right after the shebang', () => {
    expect(pinDesktop('#!/usr/bin/env bash\nset -e\n', 'minimal')).toBe(
      '#!/usr/bin/env bash\nLAYER_DESKTOP=minimal\nexport LAYER_DESKTOP\nset -e\n',
    );
  });
  it('puts the pin at the top when there is no shebang', () => {
    expect(pinDesktop('echo hi\n', 'hacker')).toBe('LAYER_DESKTOP=hacker\nexport LAYER_DESKTOP\necho hi\n');
  });
  it('handles a script that is only a shebang', () => {
    expect(pinDesktop('#!/bin/sh', 'hacker')).toBe('#!/bin/sh\nLAYER_DESKTOP=hacker\nexport LAYER_DESKTOP\n');
  });
  it('refuses a name that is not a plain word', () => {
    expect(() => pinDesktop('#!/bin/sh\n', 'x; rm -rf /')).toThrow(RangeError);
  });
});

describe('in-process cache', () => {
  it('answers a repeat request without an upstream call, across installers', async () => {
    const installers = handlers();
    await installers.installer.hacker(new Request(`${base}/hacker.sh`));
    const second = await installers.installer.layer(new Request(`${base}/layer.sh`));
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(stubInstaller);
    expect(host.calls(upstreamPath('main'))).toBe(1);
  });

  it('keeps main for about a minute and tags much longer', async () => {
    const installers = handlers();
    await installers.installer.layer(new Request(`${base}/layer.sh`));
    await installers.installer.layer(new Request(`${base}/layer.sh?ref=v2026.11.20`));
    now += 61_000;
    await installers.installer.layer(new Request(`${base}/layer.sh`));
    await installers.installer.layer(new Request(`${base}/layer.sh?ref=v2026.11.20`));
    expect(host.calls(upstreamPath('main'))).toBe(2);
    expect(host.calls(upstreamPath('v2026.11.20'))).toBe(1);
  });

  it('shares one upstream request between concurrent misses', async () => {
    const installers = handlers();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => installers.installer.hacker(new Request(`${base}/hacker.sh`))),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(host.calls(upstreamPath('main'))).toBe(1);
  });

  it('is bounded: the least recently used entry goes first', async () => {
    const cache = createUpstreamCache(2);
    const load = (body: string) => async () => ({ ok: true as const, status: 200, headers: new Headers(), body });
    await cache.getOrLoad('a', now, 1000, load('a'));
    await cache.getOrLoad('b', now, 1000, load('b'));
    await cache.getOrLoad('a', now, 1000, load('a2'));
    await cache.getOrLoad('c', now, 1000, load('c'));
    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('a', now, 1000, load('a3'))).toMatchObject({ body: 'a' });
    expect(await cache.getOrLoad('b', now, 1000, load('b2'))).toMatchObject({ body: 'b2' });
  });

  // Speed is a figure of `npm run bench` (scripts/bench/latency-figures.mjs); here, where answers come from.
  it('a warm cache answers without the code host, the same bytes; a cold one asks it once per request', async () => {
    const codeHost = createCodeHostClient({ apiUrl: host.apiUrl, rawUrl: host.rawUrl, clock, timeoutMs: patientMs, maxBytes: 64 * 1024 });
    const cold: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      // A fresh cache each time: every call goes to the code host.
      const installers = createInstallerHandlers(() => ({ codeHost, clock, monotonic }), createUpstreamCache());
      cold.push(await (await installers.installer.hacker(new Request(`${base}/hacker.sh`))).text());
    }
    expect(host.calls(upstreamPath('main'))).toBe(5);
    const warmHandlers = createInstallerHandlers(() => ({ codeHost, clock, monotonic }));
    await warmHandlers.installer.hacker(new Request(`${base}/hacker.sh`));
    const callsBefore = host.requests.length;
    for (let i = 0; i < 50; i += 1) {
      const warm = await warmHandlers.installer.hacker(new Request(`${base}/hacker.sh`));
      expect(warm.status).toBe(200);
      expect(await warm.text()).toBe(cold[0]);
    }
    expect(host.requests.length).toBe(callsBefore);
  });
});

describe('/design.md', () => {
  it('proxies the visual standard from main as markdown', async () => {
    const response = await handlers().designDoc(new Request(`${base}/design.md`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=300/);
    expect(await response.text()).toBe(stubDesignDoc('main'));
    expect(host.requests.map((r) => r.path)).toEqual(['/layer-desktop/layer/main/DESIGN.md']);
  });

  it.each([
    ['500', scenarios.serverError],
    ['404', scenarios.notFound],
    ['dropped connection', scenarios.drop],
  ] as const)('answers 502 text/plain on upstream %s', async (_label, scenario) => {
    host.setScenario('/layer-desktop/layer/main/DESIGN.md', scenario);
    const response = await handlers().designDoc(new Request(`${base}/design.md`));
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toMatch(/design standard/);
  });
});

// Only a script is served as an installer (spec "Installers and downloads"), and nothing else is cached.
describe('what counts as a script', () => {
  it('non-empty text without NUL bytes that starts with #!', () => {
    expect(scriptProblem(stubInstaller)).toBeUndefined();
    expect(scriptProblem('#!/usr/bin/env bash\nset -eu\n')).toBeUndefined();
    expect(scriptProblem('')).toBe('is empty');
    expect(scriptProblem('   \n')).toMatch(/shebang/);
    expect(scriptProblem('<!doctype html>')).toMatch(/shebang/);
    expect(scriptProblem('\ufeff#!/bin/sh\n')).toMatch(/shebang/);
    expect(scriptProblem('#!/bin/sh\necho \0\n')).toBe('contains NUL bytes');
    expect(designProblem('# Visual standard\n')).toBeUndefined();
    expect(designProblem(' \n\t')).toBe('is empty');
  });

  it.each([
    ['an empty body', scenarios.bytes('')],
    ['an HTML page', scenarios.bytes('<html><body>Rate limited</body></html>', 'text/html')],
  ] as const)('%s from upstream is a 502, and is not cached', async (_label, scenario) => {
    host.setScenario(upstreamPath('v2026.10.01'), scenario);
    const installers = handlers();
    for (let i = 0; i < 2; i += 1) {
      const response = await installers.installer.layer(new Request(`${base}/layer.sh?ref=v2026.10.01`));
      expect(response.status).toBe(502);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toMatch(/could not be fetched from upstream.*the file it sent/);
    }
    expect(host.calls(upstreamPath('v2026.10.01'))).toBe(2);
    host.setScenario(upstreamPath('v2026.10.01'), scenarios.normal);
    const recovered = await installers.installer.layer(new Request(`${base}/layer.sh?ref=v2026.10.01`));
    expect(recovered.status).toBe(200);
    expect(await recovered.text()).toBe(stubInstaller);
  });

  it('an empty /design.md is a 502', async () => {
    host.setScenario('/layer-desktop/layer/main/DESIGN.md', scenarios.bytes(''));
    const response = await handlers().designDoc(new Request(`${base}/design.md`));
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/is empty/);
  });
});

// The in-process cache stays within its bounds under a flood of distinct keys (memory stays bounded).
describe('in-process cache bounds', () => {
  const success = (body: string) => async () => ({ ok: true as const, status: 200, headers: new Headers(), body });

  it('holds at most maxEntries entries and maxBytes of bodies', async () => {
    const cache = createUpstreamCache({ maxEntries: 50, maxBytes: 100_000 });
    for (let i = 0; i < 5_000; i += 1) {
      await cache.getOrLoad(`installer:v2026.01.01-${i}`, now, 86_400_000, success('#!/bin/sh\n'.padEnd(1000 + (i % 7) * 1000, '#')));
      expect(cache.size).toBeLessThanOrEqual(50);
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
    }
    // The newest entry is still there.
    expect(await cache.getOrLoad('installer:v2026.01.01-4999', now, 1000, success('reloaded'))).not.toMatchObject({ body: 'reloaded' });
  });

  it('the defaults bound the bytes too: 64 bodies of 1 MiB do not all stay', async () => {
    const cache = createUpstreamCache();
    const big = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 64; i += 1) await cache.getOrLoad(`k${i}`, now, 60_000, success(big));
    expect(cache.bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('shares at most maxInFlight loads; past it, misses load on their own', async () => {
    const cache = createUpstreamCache({ maxInFlight: 10 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = (body: string) => async () => {
      await gate;
      return { ok: true as const, status: 200, headers: new Headers(), body };
    };
    const pending = Array.from({ length: 1_000 }, (_, i) => cache.getOrLoad(`k${i}`, now, 60_000, slow(`b${i}`)));
    expect(cache.inFlight).toBeLessThanOrEqual(10);
    release();
    const results = await Promise.all(pending);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(cache.inFlight).toBe(0);
    expect(cache.size).toBeLessThanOrEqual(64);
  });
});
