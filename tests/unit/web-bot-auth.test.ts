import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verify, type VerificationParams } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { createCodeHostClient, createRequestSigner, SigningKeyError, signatureLifetimeMs } from '@/lib/code-host';
import { parseEnv } from '@/lib/env';
import { createInstallerHandlers, createSignatureDirectoryHandler } from '@/lib/installers';
import { createRuntime } from '@/lib/runtime';

const buildCodeHostDeps = (env: ReturnType<typeof parseEnv>) => createRuntime({ env });
import { systemClock, systemMonotonicClock } from '@/lib/platform/clock';
import { scenarios, startFakeCodeHost, type FakeCodeHost, type RecordedRequest } from '../helpers/fake-code-host';
import { patientMs } from '../helpers/patience';

let host: FakeCodeHost;
beforeAll(async () => {
  host = await startFakeCodeHost();
});
afterAll(async () => {
  await host.close();
});
beforeEach(() => host.reset());

function newKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }) };
}

/** RFC 7638 thumbprint, computed independently of web-bot-auth (RFC 8037 §A.3 member order). */
function thumbprint(jwk: { crv?: string; x?: string }): string {
  return createHash('sha256').update(`{"crv":"${jwk.crv}","kty":"OKP","x":"${jwk.x}"}`).digest('base64url');
}

const agentUrl = 'https://svc.example/.well-known/http-message-signatures-directory';

/** Rebuilds what the code host received as a fetch Request, for the library's verifier. */
function asReceived(recorded: RecordedRequest, overrides: Record<string, string> = {}): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(recorded.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  for (const [name, value] of Object.entries(overrides)) headers.set(name, value);
  return new Request(`http://${headers.get('host')}${recorded.path}`, { method: recorded.method, headers });
}

describe('signed outbound requests', () => {
  const keys = newKeyPair();
  const signer = createRequestSigner({ privateKeyJwk: JSON.stringify(keys.privateJwk), signatureAgentUrl: agentUrl });
  // The fake host's ports are known only after beforeAll, so the client is built per test.
  const client = () =>
    createCodeHostClient({ apiUrl: host.apiUrl, rawUrl: host.rawUrl, signer, clock: systemClock, timeoutMs: patientMs, maxBytes: 64 * 1024 });

  async function verifyRecorded(recorded: RecordedRequest, overrides?: Record<string, string>) {
    const verifier = await verifierFromJWK(keys.publicJwk);
    let params: VerificationParams | undefined;
    await verify(asReceived(recorded, overrides), async (data, signature, p) => {
      params = p;
      await verifier(data, signature, p);
    });
    return params!;
  }

  it('signs installer, design and release fetches; the library verifier accepts them', async () => {
    const before = Date.now();
    const installers = createInstallerHandlers(() => ({ codeHost: client(), clock: systemClock, monotonic: systemMonotonicClock }));
    expect((await installers.installer.hacker(new Request('http://svc.test/hacker.sh'))).status).toBe(200);
    expect((await installers.designDoc(new Request('http://svc.test/design.md'))).status).toBe(200);
    expect((await client().api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest'])).ok).toBe(true);
    expect(host.requests.map((r) => r.host)).toEqual(['raw', 'raw', 'api']);

    const after = Date.now();
    for (const recorded of host.requests) {
      expect(recorded.headers['signature-agent']).toBe(`"${agentUrl}"`);
      // RFC 9421 §2: the covered components, in order, then the parameters.
      expect(recorded.headers['signature-input']).toMatch(/^sig1=\("@authority" "signature-agent"\);/);
      expect(recorded.headers.signature).toMatch(/^sig1=:[A-Za-z0-9+/]+=*:$/);

      const params = await verifyRecorded(recorded);
      expect(params.tag).toBe('web-bot-auth');
      expect(params.keyid).toBe(thumbprint(keys.publicJwk));
      expect(params.expires.getTime() - params.created.getTime()).toBe(signatureLifetimeMs);
      // Stamped by the injected clock while the requests were made (whole seconds, so compared as such).
      expect(params.created.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(params.created.getTime()).toBeLessThanOrEqual(after);
      expect(params.nonce).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    }
    // A fresh nonce per request.
    const nonces = new Set(host.requests.map((r) => /nonce="([^"]+)"/.exec(String(r.headers['signature-input']))?.[1]));
    expect(nonces.size).toBe(host.requests.length);
  });

  it('the signature covers the authority and the Signature-Agent value', async () => {
    await client().raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    const [recorded] = host.requests as [RecordedRequest];
    await expect(verifyRecorded(recorded)).resolves.toBeDefined();
    await expect(verifyRecorded(recorded, { 'signature-agent': '"https://impostor.example"' })).rejects.toThrow();
    await expect(verifyRecorded(recorded, { host: 'other.example' })).rejects.toThrow();
  });

  it('re-signs each hop of a same-origin redirect', async () => {
    host.setScenario('/repos/layer-desktop/old/releases/latest', scenarios.redirectSameHost('/repos/layer-desktop/pounce/releases/latest'));
    expect((await client().api(['repos', 'layer-desktop', 'old', 'releases', 'latest'])).ok).toBe(true);
    expect(host.requests).toHaveLength(2);
    for (const recorded of host.requests) await verifyRecorded(recorded);
  });

  it('a signed request keeps its deadline', async () => {
    host.setScenario('/layer-desktop/layer/main/install.sh', scenarios.slow(2000));
    const slowClient = createCodeHostClient({
      apiUrl: host.apiUrl,
      rawUrl: host.rawUrl,
      signer,
      clock: systemClock,
      timeoutMs: 150,
      maxBytes: 1024,
    });
    expect(await slowClient.raw(['layer-desktop', 'layer', 'main', 'install.sh'])).toEqual({ ok: false, reason: 'timeout' });
  });

  it('the directory lists the public key with its thumbprint as kid, and never the private part', async () => {
    const response = await createSignatureDirectoryHandler(() => ({ signer }))(
      new Request('http://svc.test/.well-known/http-message-signatures-directory'),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/http-message-signatures-directory+json');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const text = await response.text();
    expect(text).not.toContain(String(keys.privateJwk.d));
    expect(JSON.parse(text)).toEqual({
      keys: [{ kty: 'OKP', crv: 'Ed25519', x: keys.publicJwk.x, kid: thumbprint(keys.publicJwk) }],
    });
  });
});

describe('without a key', () => {
  const signer = createRequestSigner({ privateKeyJwk: undefined, signatureAgentUrl: agentUrl });

  it('sends requests unsigned', async () => {
    const client = createCodeHostClient({ apiUrl: host.apiUrl, rawUrl: host.rawUrl, signer, clock: systemClock, timeoutMs: patientMs, maxBytes: 65536 });
    await client.raw(['layer-desktop', 'layer', 'main', 'install.sh']);
    await client.api(['repos', 'layer-desktop', 'pounce', 'releases', 'latest']);
    for (const recorded of host.requests) {
      expect(recorded.headers).not.toHaveProperty('signature');
      expect(recorded.headers).not.toHaveProperty('signature-input');
      expect(recorded.headers).not.toHaveProperty('signature-agent');
    }
  });

  it('serves an empty directory', async () => {
    const response = await createSignatureDirectoryHandler(() => ({ signer }))(new Request('http://svc.test/x'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/http-message-signatures-directory+json');
    expect(await response.json()).toEqual({ keys: [] });
  });
});

describe('a malformed key fails at startup without leaking it', () => {
  const { privateJwk } = newKeyPair();
  const other = newKeyPair().privateJwk;
  const secret = String(privateJwk.d);
  const cases: [string, string][] = [
    ['not JSON', `not json ${secret}`],
    ['a JSON array', `["${secret}"]`],
    ['an RSA key', JSON.stringify({ kty: 'RSA', n: secret, e: 'AQAB', d: secret })],
    ['a public key only', JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: privateJwk.x })],
    ['a key with a bad d', JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: privateJwk.x, d: `${secret}!!` })],
    ['x from another key', JSON.stringify({ ...privateJwk, x: other.x })],
  ];
  it.each(cases)('%s', (_label, value) => {
    let error: unknown;
    try {
      createRequestSigner({ privateKeyJwk: value, signatureAgentUrl: agentUrl });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SigningKeyError);
    const message = (error as Error).message;
    expect(message).toContain('WEB_BOT_AUTH_PRIVATE_KEY');
    expect(message).not.toContain(secret);
    expect((error as Error).cause).toBeUndefined();
  });

  it('the default wiring throws the same error from the environment', () => {
    expect(() => buildCodeHostDeps(parseEnv({ WEB_BOT_AUTH_PRIVATE_KEY: '{"kty":"OKP"}' }))).toThrow(/WEB_BOT_AUTH_PRIVATE_KEY/);
  });
});

describe('Signature-Agent from the environment', () => {
  const key = JSON.stringify(newKeyPair().privateJwk);
  it('defaults to the site’s own directory', () => {
    const { signer } = buildCodeHostDeps(parseEnv({ SITE_URL: 'https://layer.example/', WEB_BOT_AUTH_PRIVATE_KEY: key }));
    expect(signer.enabled).toBe(true);
    expect(signer.signatureAgent).toBe('"https://layer.example/.well-known/http-message-signatures-directory"');
  });
  it('uses WEB_BOT_AUTH_SIGNATURE_AGENT when set', () => {
    const { signer } = buildCodeHostDeps(
      parseEnv({ WEB_BOT_AUTH_PRIVATE_KEY: key, WEB_BOT_AUTH_SIGNATURE_AGENT: 'https://agent.example/dir' }),
    );
    expect(signer.signatureAgent).toBe('"https://agent.example/dir"');
  });
  it('is disabled when the key is unset', () => {
    expect(buildCodeHostDeps(parseEnv({})).signer.enabled).toBe(false);
  });
});
