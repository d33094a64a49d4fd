import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structure } from 'fumadocs-core/mdx-plugins/remark-structure';
import { initAdvancedSearch } from 'fumadocs-core/search/server';
import * as v1 from '@/lib/endpoints/handlers/v1-handlers';
import { createCursorCodec } from '@/lib/core/cursor';
import { parseBatchBody, batchLimits, jobLimits } from '@/lib/core/batch';
import { validateIdempotencyKey } from '@/lib/core/idempotency';
import { parseEnv } from '@/lib/env';
import { clientIp } from '@/lib/http/client-ip';
import { preferredMediaType } from '@/lib/http/negotiation';
import { allProblemCodes } from '@/lib/http/problem-codes';
import { repairPercentEncoding } from '@/lib/framework/request-target';
import { parseSandboxQuery } from '@/lib/http/sandbox-query';
import { readInstallerRef } from '@/lib/installers/installer';
import { createRuntime, installRuntime } from '@/lib/runtime';
import type { RouteHandler } from '@/lib/http/route-handler';

/**
 * Property tests of every input parser (spec "Errors": every bad input is a problem): whatever a
 * client sends in the query, the path, the body or a header, the parser
 * answers a value or a documented problem, never throws, and no handler
 * answers a 5xx for it.
 */
const runs = { numRuns: 300 };

// Characters that break naive parsers: escapes, separators, unicode, controls.
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom('%', 'F', 'f', '0', '9', 'E', 'A', '/', '?', '#', '&', '=', '+', ' ', '.', '-', '_', 'x', ','),
    fc.constantFrom('\u0000', '\u00ff', '\ud83d\ude00', '\ufffd', '\u2028', '"', "'", '\\', ';', '*'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe('request targets', () => {
  it('repairPercentEncoding always yields a decodable path and keeps good ones as they are', () => {
    fc.assert(
      fc.property(nasty, (raw) => {
        const target = `/${raw.replace(/[?#]/g, '')}`;
        const repaired = repairPercentEncoding(target);
        expect(() => decodeURIComponent(repaired)).not.toThrow();
        expect(repairPercentEncoding(repaired)).toBe(repaired);
        let valid = true;
        try {
          decodeURIComponent(target);
        } catch {
          valid = false;
        }
        if (valid) expect(repaired).toBe(target);
      }),
      runs,
    );
  });
});

describe('headers', () => {
  it('Accept negotiation never throws and picks only what is available', () => {
    fc.assert(
      fc.property(fc.option(nasty), (accept) => {
        const chosen = preferredMediaType(accept, ['text/html', 'text/markdown']);
        expect(chosen === undefined || ['text/html', 'text/markdown'].includes(chosen)).toBe(true);
      }),
      runs,
    );
  });

  it('a client-sent x-svc-peer never changes who the client is', () => {
    fc.assert(
      fc.property(nasty, fc.option(nasty), fc.integer({ min: 0, max: 3 }), (peer, forwarded, hops) => {
        const base: Record<string, string> = forwarded === null ? {} : { 'x-forwarded-for': forwarded };
        const options = { onVercel: false, trustProxyHops: hops };
        let withPeer: Headers;
        try {
          withPeer = new Headers({ ...base, 'x-svc-peer': peer });
        } catch {
          return; // Not a header value a client can send.
        }
        expect(clientIp(withPeer, options)).toBe(clientIp(new Headers(base), options));
      }),
      runs,
    );
  });

  it('Idempotency-Key: a key of the spec’s alphabet, or invalid_idempotency_key', () => {
    fc.assert(
      fc.property(nasty, (value) => {
        const result = validateIdempotencyKey(value);
        if (result.ok) expect(result.value).toMatch(/^[A-Za-z0-9._-]{1,200}$/);
        else expect(result.error.code).toBe('invalid_idempotency_key');
      }),
      runs,
    );
  });
});

describe('query values', () => {
  it('sandbox and installer ref parsers answer a value or a message', () => {
    fc.assert(
      fc.property(nasty, (value) => {
        expect(parseSandboxQuery(value)).toBe(value === 'true' || value === '1' || value === 'yes');
        const url = new URL('http://svc.test/layer.sh');
        url.searchParams.set('ref', value);
        const ref = readInstallerRef(url);
        if (ref.ok) expect(ref.ref.ref).toMatch(/^v\d{4}\.\d{2}\.\d{2}(-\d+)?$/);
        else expect(ref.problem).toMatch(/ref/);
      }),
      runs,
    );
  });

  it('cursors: anything that is not an issued cursor is invalid_cursor', () => {
    const codec = createCursorCodec('property-test-cursor-secret');
    fc.assert(
      fc.property(nasty, (token) => {
        const result = codec.decode(token, { kind: 'search', q: 'x' });
        if (!result.ok) expect(result.error.code).toBe('invalid_cursor');
      }),
      runs,
    );
  });
});

describe('bodies', () => {
  it('parseBatchBody answers a request or a 400-family problem for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, job) => {
        const result = parseBatchBody(value, job ? jobLimits : batchLimits);
        if (!result.ok) expect(['invalid_batch', 'batch_too_large', 'job_too_large']).toContain(result.error.code);
      }),
      runs,
    );
  });

  it('parseBatchBody accepts every well-formed batch', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('search' as const), q: fc.string({ minLength: 1, maxLength: 50 }).filter((q) => q.trim() !== '') }),
      fc.record({ kind: fc.constant('release' as const), app: fc.string() }),
      fc.record({ kind: fc.constant('install' as const) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 20 }), (operations) => {
        expect(parseBatchBody({ operations }, batchLimits).ok).toBe(true);
      }),
      runs,
    );
  });
});

// --- the /v1 handlers, called as Next calls them ------------------------------

const markdown = '## layer.theme.flavor\n\nThe dark or light palette.\n\n## layer.windows.accordionPadding\n\nPoints of padding.\n';
async function exportedIndex() {
  const server = initAdvancedSearch({
    indexes: [{ id: '/docs/x', url: '/docs/x', title: 'X', description: 'x', breadcrumbs: [], structuredData: structure(markdown) }],
  });
  return JSON.parse(JSON.stringify(await server.export()));
}

beforeAll(() => {
  installRuntime(
    createRuntime({
      env: parseEnv({ CURSOR_SECRET: 'property-test-cursor-secret' }),
      log: () => {},
      // The code host is never reached by these tests; a call fails at once.
      fetch: async () => {
        throw new Error('no network in property tests');
      },
      loadSearchIndex: exportedIndex,
    }),
  );
});
afterAll(() => installRuntime(undefined));

const codes = new Set<string>(allProblemCodes);
async function answer(handler: RouteHandler, url: string, init: RequestInit & { params?: Record<string, string> } = {}) {
  const { params = {}, ...rest } = init;
  const res = await handler(new Request(`http://svc.test${url}`, rest), { params: Promise.resolve(params) });
  expect(res.status, url).toBeLessThan(500);
  if (res.status >= 400 && res.headers.get('content-type')?.startsWith('application/problem+json')) {
    expect(codes.has((await res.json()).code)).toBe(true);
  }
  return res;
}

const queryString = fc.dictionary(fc.constantFrom('q', 'limit', 'cursor', 'sandbox', 'other'), nasty, { maxKeys: 4 });
const asQuery = (values: Record<string, string>) => new URLSearchParams(values).toString();

describe('/v1 handlers never answer a 5xx for any input', () => {
  it('query parameters of /v1/search and the lists', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, fc.constantFrom('search', 'desktops', 'rooms', 'apps'), async (values, list) => {
        const handler = { search: v1.restReads.searchDocs, desktops: v1.restReads.listDesktops, rooms: v1.restReads.listRooms, apps: v1.restReads.listApps }[list];
        await answer(handler, `/v1/${list}?${asQuery(values)}`);
      }),
      { numRuns: 200 },
    );
  });

  it('path parameters of releases (sandbox) and jobs', async () => {
    await fc.assert(
      fc.asyncProperty(nasty, async (value) => {
        await answer(v1.restReads.getRelease, '/v1/releases/x?sandbox=true', { params: { app: value } });
        await answer(v1.getJob, '/v1/jobs/x', { params: { id: value } });
      }),
      { numRuns: 200 },
    );
  });

  it('bodies and Idempotency-Key of /v1/batch', async () => {
    const body = fc.oneof(nasty, fc.jsonValue().map((value) => JSON.stringify(value)), fc.constant('{"sandbox":true,"operations":[{"kind":"install"}]}'));
    await fc.assert(
      fc.asyncProperty(body, fc.option(nasty), async (text, key) => {
        const headers = new Headers({ 'content-type': 'application/json' });
        try {
          if (key !== null) headers.set('Idempotency-Key', key);
        } catch {
          // Not a header value a client can send.
        }
        await answer(v1.runBatchHandler, '/v1/batch', { method: 'POST', body: text, headers });
      }),
      { numRuns: 200 },
    );
  });
});
