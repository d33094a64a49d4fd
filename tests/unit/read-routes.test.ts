import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';
import { routes } from '@/lib/endpoints/contract';
import { readRoutes, restReads } from '@/lib/endpoints/handlers/v1-handlers';
import { operations } from '@/lib/core/operations';
import { createRuntime, installRuntime } from '@/lib/runtime';
import { readExamples } from '../fixtures/endpoint-examples';

/**
 * The catch-all routes under /v1 and /api serve the reads of the operation
 * table (`readRoutes`, lib/endpoints/handlers/v1-handlers.ts): each read's path as its
 * own route file would (its handler, its parameters from the path, the 405 of
 * a method it does not take), and a `not_found` problem for every other path.
 */
beforeAll(() => installRuntime(createRuntime({ env: parseEnv({ GITHUB_API_URL: 'http://127.0.0.1:9', GITHUB_RAW_URL: 'http://127.0.0.1:9' }) })));
afterAll(() => installRuntime(undefined));

const ask = (method: string, path: string) => readRoutes[method as 'GET'](new Request(`http://svc.test${path}`, { method }), { params: Promise.resolve({}) });
const direct = (id: keyof typeof restReads, path: string, params: Record<string, string> = {}) =>
  restReads[id](new Request(`http://svc.test${path}`), { params: Promise.resolve(params) });

describe('the routes of the reads', () => {
  it('serve a handler for every row the operation table names, and only those', () => {
    const named = Object.values(operations).flatMap((spec) => spec.names.rest ?? []);
    expect(Object.keys(restReads).sort()).toEqual([...named].sort());
    for (const id of named) expect(routes.some((row) => row.id === id), id).toBe(true);
  });

  it('answer a read at its path as its handler does, byte for byte', async () => {
    for (const [id, path, params] of [
      ['searchDocs', '/v1/search?q=glow&sandbox=true', {}],
      ['listRooms', '/v1/rooms?sandbox=true', {}],
      ['listOptions', '/v1/options?room=windows&q=accordion&sandbox=true', {}],
      ['getRelease', '/v1/releases/pounce?sandbox=true', { app: 'pounce' }],
      ['getReleaseAlias', '/api/release/nope', { app: 'nope' }],
    ] as const) {
      const [routed, handled] = [await ask('GET', path), await direct(id, path, params)];
      expect(routed.status, path).toBe(handled.status);
      expect(await routed.text(), path).toBe(await handled.text());
    }
  });

  it('read a path parameter from its one segment, decoded once', async () => {
    expect((await (await ask('GET', '/v1/releases/%70ounce?sandbox=true')).json()).tag).toMatch(/^v/);
    expect((await (await ask('GET', '/v1/d%65sktops?sandbox=true')).json()).items.length).toBeGreaterThan(0);
    expect((await (await ask('GET', '/v1/releases/a%2Fb')).json()).code).toBe('unknown_app');
    expect((await (await ask('GET', '/v1/d%2565sktops')).json()).code).toBe('not_found');
  });

  it('answer each read\'s own example from the sandbox (what the walk asks of a read it has no examples for)', async () => {
    for (const id of Object.keys(restReads) as (keyof typeof restReads)[]) {
      if (!restReads[id].endpoint.query?.shape.sandbox) continue;
      const { url } = readExamples(id)[0]!;
      expect(url, id).toContain('sandbox=true');
      const answer = await ask('GET', url);
      expect(answer.status, url).toBe(200);
      expect((await answer.json()).sandbox, url).toBe(true);
    }
  });

  it('answer a method a path does not take with 405 and Allow, any other path with not_found', async () => {
    const refused = await ask('POST', '/v1/search');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await ask('OPTIONS', '/v1/rooms')).status).toBe(204);
    for (const path of ['/v1/nowhere', '/v1/releases', '/v1/releases/pounce/more', '/api/release']) {
      const missing = await ask('GET', path);
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).code, path).toBe('not_found');
    }
  });
});
