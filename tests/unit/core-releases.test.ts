import { describe, expect, it } from 'vitest';
import { releaseSchema } from '@/lib/core/schemas';
import {
  createReleaseService,
  pickMacAsset,
  trustedAssetUrlPolicy,
  type ReleaseApiResult,
} from '@/lib/core/releases';
import { createFakeClock, createFakeKv } from '../helpers/fake-kv';
import { problemStatus } from '@/lib/http/problem-codes';
import { asset, fakeApi, notModified, okResponse, releaseBody, setup, standard, web } from '../helpers/release-service';

describe('latest release: mapping', () => {
  it('asks for the app repository’s latest release and maps the disk image', async () => {
    const { service, calls } = setup(standard);
    const result = await service.latestRelease('pounce');
    expect(result).toEqual({
      ok: true,
      value: {
        tag: 'v2026.11.20',
        asset: 'Pounce-2026.11.20.dmg',
        size: 8_421_337,
        url: `${web}/releases/download/v2026.11.20/Pounce-2026.11.20.dmg`,
        publishedAt: '2026-11-20T14:03:11Z',
      },
    });
    expect(releaseSchema.safeParse(result.ok && result.value).success).toBe(true);
    expect(calls[0]!.segments).toEqual(['repos', 'layer-desktop', 'pounce', 'releases', 'latest']);
  });

  it('falls back to the archive and ignores checksums, signatures and other platforms', () => {
    const picked = pickMacAsset([
      asset('Pounce-2026.11.20.dmg.sha256'),
      asset('Pounce-2026.11.20.dmg.sig'),
      asset('pounce-linux-x64.zip'),
      asset('Pounce-windows.zip'),
      asset('Pounce.exe'),
      asset('checksums.txt'),
      asset('Pounce-macos-universal.zip'),
    ]);
    expect(picked?.name).toBe('Pounce-macos-universal.zip');
  });

  it('skips assets that are not fully uploaded', () => {
    const picked = pickMacAsset([{ ...asset('Pounce.dmg'), state: 'open' }, asset('Pounce.zip')]);
    expect(picked?.name).toBe('Pounce.zip');
  });

  it('answers no_release when the latest release has no macOS asset', async () => {
    for (const assets of [[], [asset('pounce-linux.tar.gz'), asset('pounce.dmg.sha256')]]) {
      const { service } = setup(() => okResponse(releaseBody(assets)));
      const result = await service.latestRelease('pounce');
      expect(result.ok ? 'ok' : result.error.code).toBe('no_release');
      expect(result.ok ? '' : result.error.detail).toContain('https://github.com/layer-desktop/pounce/releases');
    }
  });

  it('normalises a publication date with an offset', async () => {
    const { service } = setup(() => okResponse(releaseBody([asset('P.dmg')], { published_at: '2026-11-20T15:03:11+01:00' })));
    const result = await service.latestRelease('pounce');
    expect(result.ok && result.value.publishedAt).toBe('2026-11-20T14:03:11.000Z');
  });

  it('answers unknown_app naming pounce and perch, without asking upstream', async () => {
    const { service, calls } = setup(standard);
    const result = await service.latestRelease('prowl');
    expect(result.ok ? 'ok' : result.error.code).toBe('unknown_app');
    expect(result.ok ? '' : result.error.detail).toMatch(/pounce.*perch/);
    expect(calls).toHaveLength(0);
  });
});

describe('latest release: upstream failures', () => {
  const failures: Array<[string, () => ReleaseApiResult | Promise<ReleaseApiResult>]> = [
    ['5xx', () => ({ ok: false, reason: 'status', status: 502 })],
    ['404', () => ({ ok: false, reason: 'status', status: 404 })],
    ['timeout', () => ({ ok: false, reason: 'timeout' })],
    ['unreachable', () => ({ ok: false, reason: 'unreachable' })],
    ['too large', () => ({ ok: false, reason: 'too_large' })],
    ['non-JSON', () => okResponse('<html>rate limited</html>')],
    ['JSON that is not a release', () => okResponse(JSON.stringify({ message: 'Not Found' }))],
    ['a rejected call', () => Promise.reject(new Error('socket hang up'))],
    ['no answer before the deadline', () => new Promise<ReleaseApiResult>(() => undefined)],
  ];
  for (const [name, respond] of failures) {
    it(`answers upstream_unavailable for ${name}`, async () => {
      const { service } = setup(respond, { timeoutMs: 20 });
      const result = await service.latestRelease('perch');
      expect(result.ok ? 'ok' : result.error.code).toBe('upstream_unavailable');
    });
  }

  it('does not cache a failure', async () => {
    let fail = true;
    const { service, calls } = setup(() => (fail ? { ok: false, reason: 'status', status: 500 } : standard()));
    expect((await service.latestRelease('pounce')).ok).toBe(false);
    fail = false;
    expect((await service.latestRelease('pounce')).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });
});

describe('latest release: cache', () => {
  it('answers from the cache for five minutes, then revalidates with the ETag', async () => {
    const { service, calls, time } = setup((_segments, etag) => (etag === '"v1"' ? notModified() : standard()));
    const first = await service.latestRelease('pounce');
    time.advance(299_999);
    expect(await service.latestRelease('pounce')).toEqual(first);
    expect(calls).toHaveLength(1);

    time.advance(2);
    expect(await service.latestRelease('pounce')).toEqual(first);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.etag).toBe('"v1"');

    // The 304 renewed the entry for another five minutes.
    time.advance(299_000);
    await service.latestRelease('pounce');
    expect(calls).toHaveLength(2);
  });

  it('replaces the entry when the refresh brings a new release', async () => {
    let version = 1;
    let body = releaseBody([asset('Pounce-1.dmg')]);
    const { service, time } = setup((_segments, etag) => (etag === `"${version}"` ? notModified() : okResponse(body, `"${version}"`)));
    expect((await service.latestRelease('pounce')).ok).toBe(true);
    version = 2;
    body = releaseBody([asset('Pounce-2.dmg')], { tag_name: 'v2026.11.27' });
    time.advance(300_001);
    const refreshed = await service.latestRelease('pounce');
    expect(refreshed.ok && refreshed.value).toMatchObject({ tag: 'v2026.11.27', asset: 'Pounce-2.dmg' });
  });

  it('shares the cache through the store between instances', async () => {
    const time = createFakeClock();
    const kv = createFakeKv(time.clock);
    const upstream = fakeApi(standard);
    const a = createReleaseService({ api: upstream.api, kv, clock: time.clock });
    const b = createReleaseService({ api: upstream.api, kv, clock: time.clock });
    await a.latestRelease('pounce');
    time.advance(60_000);
    const fromB = await b.latestRelease('pounce');
    expect(fromB.ok).toBe(true);
    expect(upstream.calls).toHaveLength(1);
  });

  it('caches a release without a macOS asset too', async () => {
    const { service, calls } = setup(() => okResponse(releaseBody([])));
    await service.latestRelease('pounce');
    const again = await service.latestRelease('pounce');
    expect(again.ok ? 'ok' : again.error.code).toBe('no_release');
    expect(calls).toHaveLength(1);
  });

  it('makes one upstream call for a burst of 200 concurrent requests', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { service, calls } = setup(async () => {
      await gate;
      return standard();
    });
    const burst = Promise.all(Array.from({ length: 200 }, () => service.latestRelease('pounce')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const results = await burst;
    expect(calls).toHaveLength(1);
    expect(results.every((result) => result.ok && result.value.asset === 'Pounce-2026.11.20.dmg')).toBe(true);
  });

  it('keeps apps apart', async () => {
    const { service, calls } = setup(standard);
    await Promise.all([service.latestRelease('pounce'), service.latestRelease('perch')]);
    expect(calls.map((call) => call.segments[2]).sort()).toEqual(['perch', 'pounce']);
  });

  it('still answers when the store is down', async () => {
    const { service, kv, calls } = setup(standard);
    kv.down = true;
    const result = await service.latestRelease('pounce');
    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(1);
  });
});

describe('download target', () => {
  it('redirects to the asset', async () => {
    const { service } = setup(standard);
    expect(await service.downloadTarget('pounce')).toEqual({
      ok: true,
      value: { kind: 'asset', url: `${web}/releases/download/v2026.11.20/Pounce-2026.11.20.dmg` },
    });
  });

  it('sends the releases page when there is no macOS asset or the code host is down', async () => {
    for (const respond of [() => okResponse(releaseBody([])), (): ReleaseApiResult => ({ ok: false, reason: 'timeout' })]) {
      const { service } = setup(respond);
      expect(await service.downloadTarget('perch')).toEqual({
        ok: true,
        value: { kind: 'releases-page', url: 'https://github.com/layer-desktop/perch/releases' },
      });
    }
  });

  it('never redirects off the code host', async () => {
    const { service } = setup(() => okResponse(releaseBody([asset('Pounce.dmg', 10, 'https://evil.example/Pounce.dmg')])));
    const target = await service.downloadTarget('pounce');
    expect(target.ok && target.value.kind).toBe('releases-page');
  });

  it('answers unknown_app for anything else', async () => {
    const { service } = setup(standard);
    const target = await service.downloadTarget('../etc');
    expect(target.ok ? 'ok' : target.error.code).toBe('unknown_app');
  });

  it('trusts the configured API and raw origins and the web host beside an api. host', () => {
    const trusted = trustedAssetUrlPolicy({ apiUrl: 'http://127.0.0.1:4010', rawUrl: 'https://raw.example.test/base' });
    expect(trusted(new URL('https://github.com/o/r/releases/download/v1/a.dmg'))).toBe(true);
    expect(trusted(new URL('https://objects.githubusercontent.com/x'))).toBe(true);
    expect(trusted(new URL('http://127.0.0.1:4010/a.dmg'))).toBe(true);
    expect(trusted(new URL('http://127.0.0.1:4011/a.dmg'))).toBe(false);
    expect(trusted(new URL('https://raw.example.test/a.dmg'))).toBe(true);
    expect(trusted(new URL('http://github.com/a.dmg'))).toBe(false);
    expect(trusted(new URL('https://user:pw@github.com/a.dmg'))).toBe(false);
    expect(trustedAssetUrlPolicy({ apiUrl: 'https://api.ghe.example' })(new URL('https://ghe.example/a.dmg'))).toBe(true);
  });
});

// One asset-URL policy where the release document is built, so every door
// (REST, batch, /download) gets it: a download never leaves the code host.
describe('asset URL policy', () => {
  const evil = 'https://evil.example/Pounce.dmg';
  const withUserinfo = `https://user:pw@github.com/layer-desktop/pounce/releases/download/v2026.11.20/Pounce.zip`;

  it('a release with only foreign or userinfo asset URLs is no_release, and /download falls back', async () => {
    const { service } = setup(() => okResponse(releaseBody([asset('Pounce.dmg', 10, evil), asset('Pounce.zip', 10, withUserinfo)])));
    const result = await service.latestRelease('pounce');
    expect(result.ok ? 'ok' : [result.error.code, problemStatus[result.error.code]]).toEqual(['no_release', 404]);
    expect(await service.downloadTarget('pounce')).toEqual({
      ok: true,
      value: { kind: 'releases-page', url: 'https://github.com/layer-desktop/pounce/releases' },
    });
  });

  it('skips a foreign disk image for an archive on the code host', async () => {
    const { service } = setup(() => okResponse(releaseBody([asset('Pounce.dmg', 10, evil), asset('Pounce.zip', 20)])));
    const result = await service.latestRelease('pounce');
    expect(result.ok && result.value).toMatchObject({ asset: 'Pounce.zip', url: `${web}/releases/download/v2026.11.20/Pounce.zip` });
  });

  it('holds an entry cached before the policy (or under other settings) to it', async () => {
    const { service, kv, time, calls } = setup(standard);
    const release = { tag: 'v2026.11.20', asset: 'Pounce.dmg', size: 10, url: evil, publishedAt: '2026-11-20T14:03:11Z' };
    await kv.set('release:v1:layer-desktop/pounce', JSON.stringify({ fetchedAt: time.clock(), etag: null, outcome: { kind: 'release', release } }), 60_000);
    const result = await service.latestRelease('pounce');
    expect(result.ok ? 'ok' : result.error.code).toBe('no_release');
    expect(calls).toHaveLength(0);
  });
});

// Each caller's deadline bounds what it waits for (lib/platform/deadline.ts),
// checked on fake timers: the exact millisecond, whatever the machine.
