import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { EndpointSpec } from '@/lib/endpoints/endpoint';
import { deprecationHeaders, implement } from '@/lib/endpoints/endpoint-handler';
import { allowHeader } from '@/lib/endpoints/endpoint';
import { descriptions } from '@/lib/endpoints/descriptions';
import { endpointById } from '@/lib/endpoints/descriptions/shared';
import { endpointHandler } from '@/lib/endpoints/endpoint-handler';
import { serve } from '@/lib/endpoints/route-exports';
import { CoreError } from '@/lib/core/core-error';
import { err, ok } from '@/lib/core/result';
import { parseSandboxQuery } from '@/lib/http/sandbox-query';
import { batchLimits, parseBatchBody } from '@/lib/core/batch';

// The handler wrapper and route exports, called as Next calls them.
const row = (overrides: Partial<EndpointSpec> = {}): EndpointSpec => ({
  id: 'test',
  method: 'GET',
  path: '/v1/test',
  summary: 'test',
  tag: 'Search',
  query: z.object({ q: z.string().min(1), limit: z.coerce.number().int().min(1).max(50).default(10) }),
  inputProblems: { q: 'missing_query' },
  responses: {},
  errors: [],
  rateLimited: true,
  ...overrides,
});
const call = (handler: ReturnType<typeof implement>, url: string, init?: RequestInit) =>
  handler(new Request(`http://svc.test${url}`, init), { params: Promise.resolve({}) });

describe('implement()', () => {
  it('validates the query into the spec codes', async () => {
    const handler = implement(row(), async ({ query }) => ok({ json: query }));
    expect(await (await call(handler, '/v1/test?q=a')).json()).toEqual({ q: 'a', limit: 10 });
    expect((await (await call(handler, '/v1/test')).json()).code).toBe('missing_query');
    expect((await (await call(handler, '/v1/test?q=a&limit=0')).json()).code).toBe('invalid_parameter');
    expect((await (await call(handler, '/v1/test?q=a&q=b')).json()).code).toBe('invalid_parameter');
  });

  it('renders an unexpected exception as a 500 problem with a logged request id and no internals', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = implement(row(), async () => {
      throw new TypeError('secret internal detail at /srv/app.js:12');
    });
    const res = await call(handler, '/v1/test?q=a');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const text = await res.text();
    expect(text).not.toMatch(/secret|TypeError|app\.js|stack/);
    const problem = JSON.parse(text);
    expect(problem).toMatchObject({ code: 'internal_error', status: 500, type: '/problems/internal_error' });
    expect(log.mock.calls.flat().join(' ')).toContain(problem.request_id);
    log.mockRestore();
  });

  it('renders a CoreError as problem+json, with the headers its code always carries', async () => {
    const handler = implement(row(), async () => err(new CoreError('unknown_job', 'gone')));
    const res = await call(handler, '/v1/test?q=a');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ type: '/problems/unknown_job', title: 'Unknown job', status: 404, detail: 'gone', code: 'unknown_job' });
    const busy = implement(row(), async () => err(new CoreError('idempotency_key_in_use', 'still running')));
    const retried = await call(busy, '/v1/test?q=a');
    expect(retried.status).toBe(409);
    expect(retried.headers.get('retry-after')).toBe('1');
  });

  it('takes a failure only as a value: a CoreError thrown is a bug, a 500 naming a logged request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = implement(row(), async () => {
      throw new CoreError('unknown_job', 'thrown, not returned');
    });
    const res = await call(handler, '/v1/test?q=a');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'internal_error' });
    log.mockRestore();
  });

  it('a deprecated row adds Deprecation: true and a Sunset HTTP-date, on errors too', async () => {
    const sunset = new Date('2027-06-30T00:00:00Z');
    const spec = row({ deprecated: { sunset } });
    expect(deprecationHeaders(spec)).toEqual({ Deprecation: 'true', Sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' });
    const handler = implement(spec, async () => ok(Response.redirect('https://github.com/', 302)));
    const answered = await call(handler, '/v1/test?q=a');
    expect(answered.headers.get('deprecation')).toBe('true');
    expect(answered.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    const bad = await call(handler, '/v1/test');
    expect(bad.headers.get('deprecation')).toBe('true');
  });

  it('bodies: invalid JSON and oversized bodies map to their codes', async () => {
    const spec = row({ method: 'POST', query: undefined, body: { schema: z.unknown(), description: 'x', maxBytes: 16 } });
    const handler = implement(spec, async ({ body }) => ok({ json: body }), { bodyTooLarge: 'batch_too_large' });
    expect((await (await call(handler, '/v1/test', { method: 'POST', body: '{' })).json()).code).toBe('invalid_json');
    expect((await (await call(handler, '/v1/test', { method: 'POST', body: JSON.stringify({ a: 'x'.repeat(40) }) })).json()).code).toBe('batch_too_large');
    expect(await (await call(handler, '/v1/test', { method: 'POST', body: '{"a":1}' })).json()).toEqual({ a: 1 });
  });
});

describe('serve()', () => {
  const answer = async () => new Response('ok');
  it('answers undeclared methods with 405 and Allow, OPTIONS with 204', async () => {
    const exports = serve(endpointHandler(endpointById(descriptions, 'llmsTxt'), answer));
    const res = await exports.POST(new Request('http://svc.test/llms.txt', { method: 'POST' }), { params: Promise.resolve({}) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await res.json()).code).toBe('method_not_allowed');
    const options = await exports.OPTIONS(new Request('http://svc.test/llms.txt', { method: 'OPTIONS' }), { params: Promise.resolve({}) });
    expect(options.status).toBe(204);
    expect(allowHeader(['POST'])).toBe('POST, OPTIONS');
  });

  it('takes the path from the rows and refuses handlers that do not match the table', () => {
    expect(() => serve([])).toThrow(/at least one handler/);
    expect(() => serve(endpointHandler(endpointById(descriptions, 'askGet'), answer))).toThrow(/does not match the endpoint table \(missing: POST\)/);
    expect(() => serve([endpointHandler(endpointById(descriptions, 'llmsTxt'), answer), endpointHandler(endpointById(descriptions, 'llmsFullTxt'), answer)])).toThrow(/a row of \/llms-full.txt/);
    expect(() => serve([endpointHandler(endpointById(descriptions, 'llmsTxt'), answer), endpointHandler(endpointById(descriptions, 'llmsTxt'), answer)])).toThrow(/GET twice/);
  });
});

describe('sandbox switch', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    // spec "Versioned REST", Sandbox: one of `true`, `1`, `yes`, exactly as written.
    ['YES', false],
    ['TRUE', false],
    [' yes ', false],
    ['true ', false],
    ['false', false],
    ['on', false],
    ['', false],
    [null, false],
  ])('query %s → %s', (value, expected) => expect(parseSandboxQuery(value)).toBe(expected));
  it('body takes only a boolean true', () => {
    const sandboxOf = (body: unknown) => {
      const parsed = parseBatchBody(body, batchLimits);
      return parsed.ok ? parsed.value.sandbox === true : parsed.error.code;
    };
    const operations = [{ kind: 'install' }];
    expect(sandboxOf({ operations, sandbox: true })).toBe(true);
    expect(sandboxOf({ operations, sandbox: false })).toBe(false);
    expect(sandboxOf({ operations })).toBe(false);
    expect(sandboxOf({ operations, sandbox: 'true' })).toBe('invalid_batch');
    expect(sandboxOf(null)).toBe('invalid_batch');
  });
});
