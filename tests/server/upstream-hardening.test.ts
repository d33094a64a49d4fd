import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRelease, scenarios, startFakeCodeHost, stubInstaller, type FakeCodeHost } from '../helpers/fake-code-host';
import { client, type HttpResult } from '../helpers/http';
import { startNextServer, type RunningServer } from '../helpers/next-server';

// The upstream hardening over real HTTP against `next start`: one deadline
// per request (a), only scripts served as installers (b, spec "Installers
// and downloads"), no edge caching of the /download fallback (c), one
// asset-URL policy for every door (d). This file
// runs its own server and fake code host: the release cache and the
// installer cache are its own, so the order of the tests matters (failures
// are never cached, successes are).
let fake: FakeCodeHost;
let server: RunningServer;
let get: ReturnType<typeof client>;

beforeAll(async () => {
  fake = await startFakeCodeHost();
  server = await startNextServer({ GITHUB_API_URL: fake.apiUrl, GITHUB_RAW_URL: fake.rawUrl });
  get = client(server.url, '127.0.0.81');
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const apiPath = (app: string) => `/repos/layer-desktop/${app}/releases/latest`;
const rawPath = (ref: string, file: 'install.sh' | 'DESIGN.md') => `/layer-desktop/layer/${ref}/${file}`;
const releasesPage = (app: string) => `https://github.com/layer-desktop/${app}/releases`;

const expectProblem = (res: HttpResult, status: number, code: string) => {
  expect(res.status, res.body).toBe(status);
  expect(res.json()).toMatchObject({ status, code });
};

// When the deadline ends is checked on fake timers (tests/unit/deadline.test.ts);
// how long the answers take over HTTP is a figure of `npm run bench`
// (scripts/bench/latency-figures.mjs). Here: what the answers are, and that
// the server gave up on every upstream request rather than leaving it open.
describe('(a) a hanging code host is answered by the request deadline', () => {
  it('releases, downloads, installers and /design.md each answer their 502 or fallback, and abandon the upstream request', async () => {
    fake.reset();
    fake.setScenario('*', scenarios.hang);
    try {
      // Concurrently: each request has its own deadline.
      const paths = ['/v1/releases/pounce', '/api/release/perch', '/download/pounce', '/layer.sh?ref=v2030.04.01', '/hacker.sh?ref=v2030.04.02', '/design.md'];
      const answers = await Promise.all(paths.map((path) => get(path)));
      const [release, alias, download, layer, hacker, design] = answers;
      expectProblem(release!, 502, 'upstream_unavailable');
      expectProblem(alias!, 502, 'upstream_unavailable');
      expect(download!.status).toBe(302);
      expect(download!.headers.location).toBe(releasesPage('pounce'));
      for (const res of [layer!, hacker!, design!]) {
        expect(res.status).toBe(502);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).toMatch(/did not answer in time/);
      }
      // Every upstream path was asked, and every request the fake took was given up by the server.
      expect(new Set(fake.requests.map((request) => request.path))).toEqual(
        new Set([apiPath('pounce'), apiPath('perch'), rawPath('v2030.04.01', 'install.sh'), rawPath('v2030.04.02', 'install.sh'), rawPath('main', 'DESIGN.md')]),
      );
      await expect.poll(() => fake.requests.filter((request) => !request.abandoned).map((request) => request.path), { timeout: 10_000 }).toEqual([]);
    } finally {
      fake.setScenario('*', scenarios.normal);
    }
  }, 30_000);
});

describe('(b) only a script is served as an installer', () => {
  it.each([
    ['an empty 200', 'v2030.05.01', scenarios.bytes('')],
    ['an HTML page', 'v2030.05.02', scenarios.bytes('<!doctype html><title>Sign in</title>', 'text/html')],
    ['text without a shebang', 'v2030.05.03', scenarios.bytes('echo hello\n')],
    ['NUL bytes', 'v2030.05.04', scenarios.bytes('#!/bin/sh\necho a\0b\n')],
    ['invalid UTF-8', 'v2030.05.05', scenarios.bytes(new Uint8Array([0x23, 0x21, 0x2f, 0x62, 0x69, 0x6e, 0x2f, 0x73, 0x68, 0x0a, 0xff, 0xfe, 0x0a]))],
  ] as const)('%s is a 502 text/plain, no-store, and not cached in process', async (_label, ref, scenario) => {
    fake.setScenario(rawPath(ref, 'install.sh'), scenario);
    for (const name of ['layer', 'hacker'] as const) {
      const res = await get(`/${name}.sh?ref=${ref}`);
      expect(res.status, res.body).toBe(502);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(ref);
    }
    // Both requests went upstream: the bad body was not kept in the in-process cache.
    expect(fake.calls(rawPath(ref, 'install.sh'))).toBe(2);
    fake.setScenario(rawPath(ref, 'install.sh'), scenarios.normal);
    const recovered = await get(`/layer.sh?ref=${ref}`);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toBe(stubInstaller);
    expect(recovered.headers['cache-control']).toMatch(/immutable/);
  });

  it('an empty /design.md is a 502, and is not cached', async () => {
    fake.setScenario(rawPath('main', 'DESIGN.md'), scenarios.bytes(''));
    const res = await get('/design.md');
    expect(res.status, res.body).toBe(502);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/is empty/);
    fake.setScenario(rawPath('main', 'DESIGN.md'), scenarios.normal);
    const recovered = await get('/design.md');
    expect(recovered.status).toBe(200);
    expect(recovered.headers['content-type']).toMatch(/^text\/markdown/);
  });
});

describe('(c) and (d): the /download fallback and the asset-URL policy', () => {
  it('the fallback to the releases page during an outage is not cached at the edge', async () => {
    fake.setScenario(apiPath('perch'), scenarios.serverError);
    const res = await get('/download/perch');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(releasesPage('perch'));
    expect(res.headers['cache-control']).toBe('no-store');
    fake.setScenario(apiPath('perch'), scenarios.normal);
  });

  it('a release whose assets are off the code host or carry userinfo is no_release on every door; /download falls back, uncached', async () => {
    const release = fakeRelease('layer-desktop', 'perch');
    const [dmg, zip] = [release.assets[0]!, release.assets[1]!];
    dmg.browser_download_url = 'https://evil.example/layer-desktop/perch/Perch.dmg';
    zip.browser_download_url = zip.browser_download_url.replace('https://github.com/', 'https://user:secret@github.com/');
    fake.setScenario(apiPath('perch'), { kind: 'json', status: 200, body: release });
    try {
      for (const path of ['/v1/releases/perch', '/api/release/perch']) {
        const res = await get(path);
        expectProblem(res, 404, 'no_release');
        expect(res.body).not.toContain('evil.example');
        expect(res.body).not.toContain('secret');
      }
      const download = await get('/download/perch');
      expect(download.status).toBe(302);
      expect(download.headers.location).toBe(releasesPage('perch'));
      expect(download.headers['cache-control']).toBe('no-store');
      const batch = await get('/v1/batch', { method: 'POST', body: { operations: [{ kind: 'release', app: 'perch' }] } });
      expect(batch.json()).toMatchObject({ results: [{ ok: false, problem: { code: 'no_release' } }] });
    } finally {
      fake.setScenario(apiPath('perch'), scenarios.normal);
    }
  });

  it('a foreign disk image is skipped for the archive on the code host; the asset redirect keeps its short public cache', async () => {
    const release = fakeRelease('layer-desktop', 'pounce');
    const [dmg, zip] = [release.assets[0]!, release.assets[1]!];
    dmg.browser_download_url = 'https://evil.example/Pounce.dmg';
    fake.setScenario(apiPath('pounce'), { kind: 'json', status: 200, body: release });
    try {
      const res = await get('/v1/releases/pounce');
      expect(res.status, res.body).toBe(200);
      expect(res.json()).toMatchObject({ asset: zip.name, url: zip.browser_download_url });
      const download = await get('/download/pounce');
      expect(download.status).toBe(302);
      expect(download.headers.location).toBe(zip.browser_download_url);
      expect(download.headers['cache-control']).toBe('public, max-age=60, s-maxage=300');
    } finally {
      fake.setScenario(apiPath('pounce'), scenarios.normal);
    }
  });
});
