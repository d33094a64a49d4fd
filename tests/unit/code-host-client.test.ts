import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCodeHostUrl, CodeHostPathError, createCodeHostClient, defaultUserAgent } from '@/lib/code-host';
import { systemClock } from '@/lib/platform/clock';
import { fakeReleaseTag, scenarios, startFakeCodeHost, stubInstaller, type FakeCodeHost } from '../helpers/fake-code-host';
import { track, until, useFakeTime } from '../helpers/fake-time';
import { patientMs } from '../helpers/patience';

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

const client = (overrides: Partial<Parameters<typeof createCodeHostClient>[0]> = {}) =>
  createCodeHostClient({
    apiUrl: host.apiUrl,
    rawUrl: host.rawUrl,
    clock: systemClock,
    // The host's answers must not race a timer; the timeout's own test drives it with fake timers.
    timeoutMs: patientMs,
    maxBytes: 64 * 1024,
    ...overrides,
  });

const installerPath = '/layer-desktop/layer/main/install.sh';
const latestPath = '/repos/layer-desktop/pounce/releases/latest';

describe('URL building', () => {
  const base = { origin: 'https://raw.example', basePath: '' };

  it('percent-encodes each segment so /, .., @ and ? stay inside it', () => {
    const url = buildCodeHostUrl(base, ['owner', 'a/../../b', '@evil.com', '..%2Fx', 'q?x=1#f']);
    expect(url.origin).toBe('https://raw.example');
    expect(url.pathname).toBe('/owner/a%2F..%2F..%2Fb/%40evil.com/..%252Fx/q%3Fx%3D1%23f');
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
  });

  it('keeps a configured base path (e.g. a GitHub Enterprise /api/v3)', () => {
    const url = buildCodeHostUrl({ origin: 'https://ghe.example', basePath: '/api/v3' }, ['repos', 'o', 'r']);
    expect(url.href).toBe('https://ghe.example/api/v3/repos/o/r');
  });

  it.each([[['..']], [['.']], [['']], [['a', '..', 'b']], [[]]])('refuses dot and empty segments %j', (segments) => {
    expect(() => buildCodeHostUrl(base, segments)).toThrow(CodeHostPathError);
  });

  it('a segment like //evil.com cannot change the origin', () => {
    const url = buildCodeHostUrl(base, ['//evil.com', 'x']);
    expect(url.origin).toBe('https://raw.example');
    expect(url.pathname).toBe('/%2F%2Fevil.com/x');
  });

  it('rejects a configured URL with credentials, query or another scheme', () => {
    for (const rawUrl of ['https://user:pw@raw.example', 'https://raw.example/?a=1', 'ftp://raw.example']) {
      expect(() => createCodeHostClient({ apiUrl: 'https://api.example', rawUrl, clock: systemClock, maxBytes: 1 })).toThrow(
        CodeHostPathError,
      );
    }
  });
});

describe('requests through the fake code host', () => {
  it('fetches a raw file, and the encoded path arrives intact', async () => {
    const result = await client().raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    expect(result).toMatchObject({ ok: true, status: 200, body: stubInstaller });

    await client().raw(['layer-desktop', 'a/../b', '@evil.com', 'x']);
    expect(host.requests.at(-1)).toMatchObject({ host: 'raw', path: '/layer-desktop/a%2F..%2Fb/%40evil.com/x' });
  });

  it('sends the GitHub API headers, a User-Agent, and If-None-Match; a 304 is ok', async () => {
    const first = await client().api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest']);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(JSON.parse(first.body).tag_name).toBe(fakeReleaseTag);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const sent = host.requests.at(-1)!.headers;
    expect(sent.accept).toBe('application/vnd.github+json');
    expect(sent['x-github-api-version']).toBe('2022-11-28');
    expect(sent['user-agent']).toBe(defaultUserAgent);
    expect(sent['if-none-match']).toBeUndefined();

    const second = await client().api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest'], { etag: etag! });
    expect(second).toMatchObject({ ok: true, status: 304, body: '' });
    expect(host.requests.at(-1)!.headers['if-none-match']).toBe(etag);
  });

  it('sends the token to the API host only', async () => {
    const withToken = client({ token: 'ghp_secret' });
    await withToken.api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest']);
    await withToken.raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    const api = host.requests.find((r) => r.host === 'api')!;
    const raw = host.requests.find((r) => r.host === 'raw')!;
    expect(api.headers.authorization).toBe('Bearer ghp_secret');
    expect(raw.headers.authorization).toBeUndefined();

    host.reset();
    await client().api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest']);
    expect(host.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('reports an upstream error status', async () => {
    host.setScenario(installerPath, scenarios.serverError);
    expect(await client().raw(['layer-desktop', 'layer', 'main', 'install.sh'])).toEqual({
      ok: false,
      reason: 'status',
      status: 500,
    });
    host.setScenario(latestPath, scenarios.notFound);
    expect(await client().api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest'])).toEqual({
      ok: false,
      reason: 'status',
      status: 404,
    });
  });

  it('does not follow a redirect to another host', async () => {
    host.setScenario(installerPath, scenarios.redirectOtherHost);
    const result = await client({ token: 'ghp_secret' }).raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    expect(result).toEqual({ ok: false, reason: 'redirect', status: 302 });
    expect(host.requests.filter((r) => r.host === 'elsewhere')).toHaveLength(0);
  });

  it('follows a redirect that stays on the same origin', async () => {
    host.setScenario('/repos/layer-desktop/old-name/releases/latest', scenarios.redirectSameHost(latestPath));
    const result = await client().api(['repos', 'layer-desktop', 'old-name', 'releases', 'latest']);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(host.calls(latestPath, 'api')).toBe(1);
  });

  it('gives up after three same-origin redirects', async () => {
    host.setScenario(installerPath, scenarios.redirectSameHost(installerPath));
    const result = await client().raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    expect(result).toEqual({ ok: false, reason: 'redirect', status: 302 });
    expect(host.calls(installerPath)).toBe(4);
  });

  it('times out a slow answer at its own timeout, and abandons the request', async () => {
    // Fake timers drive both the client's timeout and the host's delay.
    const time = useFakeTime();
    host.setScenario(installerPath, scenarios.slow(2000));
    const result = track(client({ timeoutMs: 150 }).raw(['layer-desktop', 'layer', 'main', 'install.sh']));
    await until(() => host.requests.length === 1);
    await time.advance(149);
    expect(result.settled).toBe(false);
    await time.advance(1);
    await until(() => result.settled);
    expect(result.value).toEqual({ ok: false, reason: 'timeout' });
    await until(() => host.requests[0]!.abandoned === true);
  });

  it('reports a dropped connection as unreachable', async () => {
    host.setScenario(installerPath, scenarios.drop);
    expect(await client().raw(['layer-desktop', 'layer', 'main', 'install.sh'])).toEqual({ ok: false, reason: 'unreachable' });
  });

  it('reports an unreachable host', async () => {
    const closed = createCodeHostClient({
      apiUrl: 'http://127.0.0.1:9',
      rawUrl: 'http://127.0.0.1:9',
      clock: systemClock,
      maxBytes: 1024,
    });
    expect(await closed.raw(['x'])).toEqual({ ok: false, reason: 'unreachable' });
  });

  it.each([true, false])('caps the body size (Content-Length declared: %s)', async (declareLength) => {
    host.setScenario(installerPath, scenarios.oversized(1024 * 1024, declareLength));
    const result = await client({ maxBytes: 64 * 1024 }).raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    expect(result).toEqual({ ok: false, reason: 'too_large', status: 200 });
  });

  it('accepts a body right at the cap', async () => {
    host.setScenario(installerPath, scenarios.oversized(4096, false));
    const result = await client({ maxBytes: 4096 }).raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    expect(result).toMatchObject({ ok: true, status: 200 });
    if (result.ok) expect(result.body).toHaveLength(4096);
  });

  it('rejects a dot segment before sending anything', async () => {
    await expect(client().raw(['layer-desktop', '..', 'x'])).rejects.toThrow(CodeHostPathError);
    expect(host.requests).toHaveLength(0);
  });
});
