import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verify, type VerificationParams } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { scenarios, startFakeCodeHost, stubDesignDoc, type RecordedRequest } from '../helpers/fake-code-host';
import { remoteFakeCodeHost } from '../helpers/fake-code-host-control';
import { client } from '../helpers/http';
import { startNextServer } from '../helpers/next-server';

// Installers, /design.md and Web Bot Auth over real HTTP against `next start`
// and the suite's fake code host. Successful upstream fetches are cached in
// the server process (tags for a day, main and design.md for minutes);
// failures are not. So every failure scenario uses a release tag no other
// request has named, and scenarios are put back to normal at the end.
const base = inject('baseUrl');
const get = client(base, '127.0.0.41');
const fake = remoteFakeCodeHost(inject('controlUrl'));
const publicJwk = JSON.parse(inject('signingPublicJwk')) as { kty: string; crv: string; x: string };

const rawPath = (ref: string, file: 'install.sh' | 'DESIGN.md') => `/layer-desktop/layer/${ref}/${file}`;
const designPath = rawPath('main', 'DESIGN.md');
/** Paths this file switched to a failure scenario; put back to normal afterwards. */
const touched = new Set<string>();

async function failUpstream(pathname: string, scenario: Parameters<typeof fake.setScenario>[1]) {
  touched.add(pathname);
  await fake.setScenario(pathname, scenario);
}

afterAll(async () => {
  for (const pathname of touched) await fake.setScenario(pathname, scenarios.normal);
});

const pinned = ['hacker', 'everyday', 'minimal'] as const;
const scripts = ['layer', ...pinned] as const;

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'installers-'));
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

/** Runs a served script with `sh`, as `curl … | sh` would, with no LAYER_DESKTOP inherited. */
function runScript(name: string, body: string): string {
  const file = path.join(workDir, `${name}.sh`);
  writeFileSync(file, body);
  const env = { ...process.env };
  delete env.LAYER_DESKTOP;
  const result = spawnSync('sh', [file], { encoding: 'utf8', env, timeout: 10_000 });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

// /design.md takes no ref and a success is cached for minutes in the server
// process, so its failure is provoked on a server of its own, with its own
// fake code host, before anything there has fetched it.
describe('/design.md', () => {
  it('answers 502 text/plain when the upstream file cannot be fetched', async () => {
    const ownFake = await startFakeCodeHost();
    const server = await startNextServer({ GITHUB_API_URL: ownFake.apiUrl, GITHUB_RAW_URL: ownFake.rawUrl });
    try {
      const ownGet = client(server.url, '127.0.0.42');
      for (const [scenario, cause] of [
        [scenarios.drop, /could not be reached/],
        [scenarios.serverError, /answered 500/],
      ] as const) {
        ownFake.setScenario(designPath, scenario);
        const res = await ownGet('/design.md');
        expect(res.status).toBe(502);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.headers['cache-control']).toBe('no-store');
        // Answered for the failure itself, not when the request's deadline ran out.
        expect(res.body).toMatch(/could not be fetched/);
        expect(res.body).toMatch(cause);
      }
      // Failures are not cached: the next request after recovery succeeds.
      ownFake.setScenario(designPath, scenarios.normal);
      expect((await ownGet('/design.md')).status).toBe(200);
    } finally {
      await server.stop();
      await ownFake.close();
    }
  }, 60_000);

  it('serves the visual standard as text/markdown', async () => {
    const res = await get('/design.md');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.body).toBe(stubDesignDoc('main'));
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
  });
});

describe('installers', () => {
  it.each(scripts)('/%s.sh → 200 text/plain from main', async (name) => {
    const res = await get(`/${name}.sh`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-svc-ref']).toBe('main');
    if (name === 'layer') expect(res.headers).not.toHaveProperty('x-svc-desktop');
    else expect(res.headers['x-svc-desktop']).toBe(name);
    expect(res.body.startsWith('#!/bin/sh\n')).toBe(true);
  });

  it.each(scripts)('/%s.sh runs and pre-answers its desktop', async (name) => {
    const res = await get(`/${name}.sh`);
    expect(res.status).toBe(200);
    expect(runScript(name, res.body)).toBe(`desktop=${name === 'layer' ? 'none' : name}\n`);
  });

  it('pins the desktop right after the shebang', async () => {
    const res = await get('/hacker.sh');
    expect(res.body.split('\n').slice(0, 3)).toEqual(['#!/bin/sh', 'LAYER_DESKTOP=hacker', 'export LAYER_DESKTOP']);
    expect((await get('/layer.sh')).body).not.toContain('LAYER_DESKTOP=');
  });

  it.each(scripts)('/%s.sh?ref=v2026.11.01 is fetched at that tag', async (name) => {
    const res = await get(`/${name}.sh?ref=v2026.11.01`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-svc-ref']).toBe('v2026.11.01');
    if (name === 'layer') expect(res.headers).not.toHaveProperty('x-svc-desktop');
    else expect(res.headers['x-svc-desktop']).toBe(name);
    expect(await fake.calls(rawPath('v2026.11.01', 'install.sh'))).toBeGreaterThan(0);
  });

  it('takes a same-day tag with a counter', async () => {
    const res = await get('/minimal.sh?ref=v2026.11.01-2');
    expect(res.status).toBe(200);
    expect(res.headers['x-svc-ref']).toBe('v2026.11.01-2');
  });

  it('caches a tag for long and immutably, main briefly', async () => {
    const tag = await get('/hacker.sh?ref=v2026.11.01');
    expect(tag.headers['cache-control']).toMatch(/\bimmutable\b/);
    expect(Number(/s-maxage=(\d+)/.exec(tag.headers['cache-control'] ?? '')?.[1])).toBeGreaterThanOrEqual(86_400);

    const main = await get('/hacker.sh');
    expect(main.headers['cache-control']).not.toMatch(/immutable/);
    const maxAge = Number(/(?:^|[ ,])max-age=(\d+)/.exec(main.headers['cache-control'] ?? '')?.[1]);
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(main.headers['cache-control'] ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(300);
    expect(sMaxAge).toBeLessThanOrEqual(300);
  });

  it.each(['main', 'v2026.13.01', '..%2F..%2Fetc', '%2F%2Fevil.com', '@evil.com', 'v2026.11.01%2F..%2F..%2Fx', 'v2026.02.30', ''])(
    'ref=%s → 400 text/plain naming a valid ref, and nothing is fetched',
    async (ref) => {
      const before = (await fake.requests()).length;
      const res = await get(`/hacker.sh?ref=${ref}`);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers).not.toHaveProperty('x-svc-ref');
      const example = /for example (v\d{4}\.\d{2}\.\d{2})/.exec(res.body)?.[1];
      expect(example, res.body).toBeTruthy();
      expect((await fake.requests()).length).toBe(before);
      // The example the message gives is one the service takes.
      const valid = await get(`/hacker.sh?ref=${example}`);
      expect(valid.status).toBe(200);
      expect(valid.headers['x-svc-ref']).toBe(example);
    },
  );

  it('refuses ref given twice', async () => {
    const res = await get('/layer.sh?ref=v2026.11.01&ref=v2026.11.02');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  // Each failure is answered for what it is, not when the request's deadline
  // runs out: an error status is not left waiting on its unread body (under
  // Next's patched fetch a tee'd body's cancel() may never settle), and the
  // body names the failure rather than "did not answer in time".
  it.each([
    ['answers 500', 'v2030.01.11', scenarios.serverError, /the code host answered 500/],
    ['drops the connection', 'v2030.01.12', scenarios.drop, /could not be reached/],
    ['answers 404', 'v2030.01.13', scenarios.notFound, /not found upstream/],
  ] as const)('upstream %s → 502 text/plain, not cached', async (_label, ref, scenario, cause) => {
    await failUpstream(rawPath(ref, 'install.sh'), scenario);
    for (const name of ['layer', 'everyday'] as const) {
      const res = await get(`/${name}.sh?ref=${ref}`);
      expect(res.status).toBe(502);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(ref);
      expect(res.body).toMatch(cause);
    }
    // The failure was not cached: once upstream recovers the script is served.
    await fake.setScenario(rawPath(ref, 'install.sh'), scenarios.normal);
    const recovered = await get(`/everyday.sh?ref=${ref}`);
    expect(recovered.status).toBe(200);
    expect(recovered.headers['x-svc-ref']).toBe(ref);
    expect(runScript(`everyday-${ref}`, recovered.body)).toBe('desktop=everyday\n');
  });
});

/** RFC 7638 thumbprint, computed independently of web-bot-auth (RFC 8037 §A.3 member order). */
function thumbprint(jwk: { crv: string; x: string }): string {
  return createHash('sha256').update(`{"crv":"${jwk.crv}","kty":"OKP","x":"${jwk.x}"}`).digest('base64url');
}

/** Rebuilds what the code host received as a fetch Request, for the library's verifier. */
function asReceived(recorded: RecordedRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(recorded.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${headers.get('host')}${recorded.path}`, { method: recorded.method, headers });
}

describe('Web Bot Auth on outbound requests', () => {
  it('signs every fetch the service makes on a client’s behalf; the library verifier accepts each', async () => {
    const mark = (await fake.requests()).length;
    const ref = 'v2030.02.21';
    expect((await get(`/hacker.sh?ref=${ref}`)).status).toBe(200);
    expect((await get(`/layer.sh?ref=${ref}-3`)).status).toBe(200);
    expect((await get('/design.md')).status).toBe(200);
    // Release lookups may be answered from the five-minute cache; any that go out are checked too.
    expect((await get('/api/release/perch')).status).toBe(200);
    expect((await get('/v1/releases/pounce')).status).toBe(200);

    const recorded = (await fake.requests()).slice(mark);
    expect(recorded.map((r) => r.path)).toEqual(expect.arrayContaining([rawPath(ref, 'install.sh'), rawPath(`${ref}-3`, 'install.sh')]));
    expect(recorded.every((r) => r.host === 'raw' || r.host === 'api')).toBe(true);

    const verifier = await verifierFromJWK(publicJwk);
    const keyid = thumbprint(publicJwk);
    const directory = (await get('/.well-known/http-message-signatures-directory')).json<{ keys: Array<{ kid: string }> }>();
    expect(directory.keys.map((key) => key.kid)).toEqual([keyid]);

    for (const request of recorded) {
      const input = String(request.headers['signature-input'] ?? '');
      expect(request.headers['signature-agent'], request.path).toMatch(/^"https?:\/\/[^"]+\/\.well-known\/http-message-signatures-directory"$/);
      // RFC 9421: the covered components, then the parameters.
      expect(input, request.path).toMatch(/^sig1=\("@authority" "signature-agent"\);/);
      expect(input).toContain('tag="web-bot-auth"');
      expect(input).toContain(`keyid="${keyid}"`);
      expect(String(request.headers.signature)).toMatch(/^sig1=:[A-Za-z0-9+/]+=*:$/);

      let params: VerificationParams | undefined;
      await verify(asReceived(request), async (data, signature, p) => {
        params = p;
        await verifier(data, signature, p);
      });
      expect(params?.tag).toBe('web-bot-auth');
      expect(params?.keyid).toBe(keyid);
      expect(params!.expires.getTime()).toBeGreaterThan(params!.created.getTime());
    }
  });

  it('a signature does not verify for another authority', async () => {
    const mark = (await fake.requests()).length;
    expect((await get('/minimal.sh?ref=v2030.02.22')).status).toBe(200);
    const [request] = (await fake.requests()).slice(mark) as [RecordedRequest];
    const verifier = await verifierFromJWK(publicJwk);
    const moved = asReceived({ ...request, headers: { ...request.headers, host: 'other.example' } });
    await expect(verify(moved, verifier)).rejects.toThrow();
    await expect(verify(asReceived(request), verifier)).resolves.toBeUndefined();
  });
});
