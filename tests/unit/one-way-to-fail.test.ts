import { afterEach, describe, expect, it, vi } from 'vitest';
import { mcpManifest, mcpTransport, a2aTransport } from '@/lib/endpoints/handlers/agents-handlers';
import { askGet, askPost } from '@/lib/endpoints/handlers/ask-handlers';
import { aiCatalogHandler } from '@/lib/endpoints/handlers/discovery-handlers';
import { insightsJson } from '@/lib/endpoints/handlers/insights-handlers';
import { layerInstaller, signatureDirectoryHandler } from '@/lib/endpoints/handlers/installers-handlers';
import { readRoutes } from '@/lib/endpoints/handlers/v1-handlers';
import { serve } from '@/lib/endpoints/route-exports';
import type { EndpointHandler } from '@/lib/endpoints/endpoint-handler';
import { installRuntime, type Runtime } from '@/lib/runtime';

/**
 * One way to fail: whatever a route runs (an implement() handler, a
 * document responder, an MCP or A2A transport, an installer proxy, the
 * route layer's own rate limit), a throw is the `internal_error` problem
 * naming a logged request id, never Next's bare 500. The runtime here
 * throws on every use but the rate limit's settings (the limit off), so
 * each handler meets its bug where its own code first asks the runtime.
 */
const broken = new Proxy({} as Runtime, {
  get(_target, property) {
    if (property === 'rateLimit') return { perMinute: 0, limiter: { limit: () => Promise.reject(new Error('unused')) }, clientIp: { onVercel: false, trustProxyHops: 0 } };
    if (property === 'log') return () => undefined;
    throw new Error(`the runtime's ${String(property)} is broken at /srv/secret.ts:1`);
  },
});
afterEach(() => installRuntime(undefined));

/** The problem document; on a JSON-RPC door, its own rendering of the same failure (-32603 naming the request id). */
async function expectProblem500(answer: Response) {
  expect(answer.status).toBe(500);
  const text = await answer.text();
  expect(text).not.toMatch(/secret|broken|\.ts:/);
  if (answer.headers.get('content-type') === 'application/json') {
    const { error } = JSON.parse(text) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    return;
  }
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(JSON.parse(text)).toMatchObject({ code: 'internal_error', status: 500, request_id: expect.any(String) });
}

const post = (path: string, body: unknown) => new Request(`http://svc.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const kinds: [string, EndpointHandler | EndpointHandler[], Request][] = [
  ['implement() (insights view)', insightsJson, new Request('http://svc.test/insights.json')],
  ['implement() (/ask)', [askGet, askPost], new Request('http://svc.test/ask?q=glow')],
  ['a document responder', mcpManifest, new Request('http://svc.test/mcp.json')],
  ['a resource catalog', aiCatalogHandler, new Request('http://svc.test/.well-known/ai-catalog.json')],
  ['the MCP transport', mcpTransport, post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' })],
  ['the A2A transport', a2aTransport, post('/a2a', { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'glow' }] } } })],
  ['an installer proxy', layerInstaller, new Request('http://svc.test/layer.sh')],
  ['the signature directory', signatureDirectoryHandler, new Request('http://svc.test/.well-known/http-message-signatures-directory')],
];

describe('one way to fail', () => {
  it.each(kinds)('%s: a bug is a 500 problem with a request id, through its route', async (_kind, handler, request) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installRuntime(broken);
    const route = serve(handler);
    await expectProblem500(await route[request.method as 'GET' | 'POST'](request, { params: Promise.resolve({}) }));
  });

  it('a read of the operation table under the /v1 catch-all, and the route layer\'s own steps', async () => {
    installRuntime(broken);
    await expectProblem500(await readRoutes.GET(new Request('http://svc.test/v1/search?q=glow'), { params: Promise.resolve({}) }));
    // A runtime that cannot even give the rate limit's settings: the route layer's own step throws.
    installRuntime(new Proxy({} as Runtime, { get: () => { throw new Error('no runtime'); } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expectProblem500(await serve(insightsJson).GET(new Request('http://svc.test/insights.json'), { params: Promise.resolve({}) }));
  });
});
