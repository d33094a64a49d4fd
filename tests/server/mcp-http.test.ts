import { mcpServers } from '@/lib/agents/mcp-server';
import { describe, expect, inject, it } from 'vitest';
import { client, type HttpResult } from '../helpers/http';

/**
 * Over raw HTTP against `next start`: every status rule of the MCP
 * transports (spec "Agent endpoints"; "Events" 3; the MCP sentences of
 * "Errors"; "Limits"), and the MCP documents. Each answer is also
 * checked for what every answer carries: `Access-Control-Allow-Origin: *`,
 * `mcp-protocol-version`, the RateLimit headers, and no `Mcp-Session-Id`.
 */
const base = inject('baseUrl');
const send = client(base, '127.0.0.101');

const json = { 'content-type': 'application/json' };
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-http', version: '1.0.0' } },
});
const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(path, { method: 'POST', headers: { ...json, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** What every answer of an MCP path carries. */
function expectCommonHeaders(res: HttpResult, label: string, options: { rateLimited?: boolean } = {}) {
  expect(res.headers['access-control-allow-origin'], label).toBe('*');
  expect(res.headers['mcp-protocol-version'], label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(res.headers['mcp-session-id'], label).toBeUndefined();
  if (options.rateLimited ?? true) {
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(res.headers[name], `${label}: ${name}`).toMatch(/^\d+$/);
  }
}

function expectJsonRpcError(res: HttpResult, status: number, code: number) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });
}

const transports = ['/mcp', '/mcp/docs', '/.well-known/mcp'];

describe.each(transports)('POST %s', (path) => {
  it('a notification, or a batch of notifications only: 202 with no body', async () => {
    for (const body of [notification, [notification, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } }]]) {
      const res = await post(path, body);
      expect(res.status).toBe(202);
      expect(res.body).toBe('');
      expectCommonHeaders(res, `${path} notification`);
    }
  });

  it('[notification, request] answers the request only, as an array', async () => {
    const res = await post(path, [notification, { jsonrpc: '2.0', id: 'only', method: 'ping' }]);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([{ jsonrpc: '2.0', id: 'only', result: {} }]);
    expectCommonHeaders(res, `${path} batch`);
  });

  it('a body that is not JSON: 400, -32700, id null', async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1,', 'hello', '']) {
      const res = await post(path, body);
      expectJsonRpcError(res, 400, -32700);
      expectCommonHeaders(res, `${path} ${JSON.stringify(body)}`);
    }
  });

  it('JSON that is not JSON-RPC: 400, -32600', async () => {
    for (const body of [{ hello: 'world' }, [], [1], 'null', { jsonrpc: '2.0', method: 7 }]) {
      const res = await post(path, body);
      expectJsonRpcError(res, 400, -32600);
      expectCommonHeaders(res, `${path} ${JSON.stringify(body)}`);
    }
  });

  it('more than 20 messages in a batch: 400, -32600; a body over 1 MiB: 413, -32600', async () => {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    expectJsonRpcError(await post(path, Array.from({ length: 21 }, (_, i) => ping(i))), 400, -32600);
    const twenty = await post(path, Array.from({ length: 20 }, (_, i) => ping(i)));
    expect(twenty.status).toBe(200);
    expect(twenty.json<unknown[]>()).toHaveLength(20);
    const big = await post(path, { jsonrpc: '2.0', id: 1, method: 'ping', params: { padding: 'x'.repeat(1024 * 1024) } });
    expectJsonRpcError(big, 413, -32600);
    expectCommonHeaders(big, `${path} 1 MiB`);
  });

  it('GET (nothing to stream), DELETE and every other method: 405 with Allow: POST, OPTIONS', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH']) {
      const res = await send(path, { method, headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('POST, OPTIONS');
      expectCommonHeaders(res, `${method} ${path}`);
      expect(res.headers['mcp-protocol-version'], method).toBe('2025-11-25');
      if (method !== 'HEAD') expect(res.json(), method).toMatchObject({ status: 405, code: 'method_not_allowed' });
    }
    // Methods Next does not route are refused by the server's front door, with the same Allow.
    for (const method of ['TRACE', 'PROPFIND']) {
      const res = await send(path, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('POST, OPTIONS');
    }
  });

  it('OPTIONS: 204, an open preflight (any origin, POST, the MCP headers), not counted', async () => {
    const res = await send(path, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(res.headers['access-control-allow-headers']!.split(', ').sort()).toEqual(
      ['accept', 'content-type', 'last-event-id', 'mcp-method', 'mcp-name', 'mcp-protocol-version'],
    );
    expect(res.headers['access-control-max-age']).toBe('86400');
    expectCommonHeaders(res, `OPTIONS ${path}`, { rateLimited: false });
  });

  it('names the version it answers: the one initialize negotiates, a served header, else 2025-03-26', async () => {
    for (const [requested, answered] of [['2025-06-18', '2025-06-18'], ['2024-11-05', '2024-11-05'], ['1999-01-01', '2025-11-25']]) {
      const res = await post(path, initialize(requested!));
      expect(res.json<{ result: { protocolVersion: string } }>().result.protocolVersion).toBe(answered);
      expect(res.headers['mcp-protocol-version']).toBe(answered);
      expectCommonHeaders(res, `${path} initialize ${requested}`);
    }
    const listed = await post(path, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '2025-06-18' });
    expect(listed.headers['mcp-protocol-version']).toBe('2025-06-18');
    expect((await post(path, { jsonrpc: '2.0', id: 3, method: 'ping' })).headers['mcp-protocol-version']).toBe('2025-03-26');
    const modern = await post(
      path,
      { jsonrpc: '2.0', id: 4, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
    );
    expect(modern.status).toBe(200);
    expect(modern.headers['mcp-protocol-version']).toBe('2026-07-28');
  });

  it('answers JSON, never a stream, whatever Accept asks', async () => {
    for (const accept of ['application/json, text/event-stream', 'text/event-stream', 'application/json', '*/*']) {
      const res = await post(path, { jsonrpc: '2.0', id: 5, method: 'tools/list' }, { accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
    }
  });
});

describe('the three transports', () => {
  const serverInfo = async (path: string) => (await post(path, initialize('2025-11-25'))).json<{ result: { serverInfo: { name: string } } }>().result.serverInfo;
  const toolNames = async (path: string) =>
    (await post(path, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).json<{ result: { tools: Array<{ name: string }> } }>().result.tools.map((tool) => tool.name);

  it('/mcp and /.well-known/mcp are svc with every tool; /mcp/docs is svc-docs with search_docs only', async () => {
    expect(await serverInfo('/mcp')).toMatchObject({ name: 'svc' });
    expect(await serverInfo('/.well-known/mcp')).toMatchObject({ name: 'svc' });
    expect(await serverInfo('/mcp/docs')).toMatchObject({ name: 'svc-docs' });
    expect(await toolNames('/mcp')).toEqual(mcpServers.svc.tools.map((tool) => tool.name));
    expect(await toolNames('/.well-known/mcp')).toEqual(await toolNames('/mcp'));
    expect(await toolNames('/mcp/docs')).toEqual(['search_docs']);
  });

  it('a tool failure is a 200 with an isError result, never a JSON-RPC error', async () => {
    const res = await post('/mcp', { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get_latest_release', arguments: { app: 'safari' } } });
    expect(res.status).toBe(200);
    const { result } = res.json<{ result: { isError: boolean; structuredContent: unknown; content: Array<{ text: string }> } }>();
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ error: { code: 'unknown_app', message: expect.stringContaining('`pounce` and `perch`') } });
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  });

  it('a path under /mcp that nothing answers is a 404', async () => {
    const res = await post('/mcp/nope', initialize('2025-11-25'));
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('a development server answers only loopback hosts (DNS-rebinding protection)', async () => {
    // The suite's server has no SITE_URL: its public origin is http://localhost:3000.
    const res = await post('/mcp', initialize('2025-11-25'), { host: 'evil.example' });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expectCommonHeaders(res, 'foreign host');
  });
});

describe('the documents', () => {
  const documents = ['/mcp.json', '/.well-known/mcp.json', '/.well-known/mcp/server-card.json', '/mcp/server-card'];

  it.each(documents)('%s is JSON with open CORS and the RateLimit headers; other methods are 405', async (path) => {
    const res = await send(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(res.headers[name]).toMatch(/^\d+$/);
    const refused = await send(path, { method: 'POST', body: {} });
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const preflight = await send(path, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });

  it('/mcp.json names both transports; /.well-known/mcp.json is the same map, flat', async () => {
    const manifest = (await send('/mcp.json')).json<{ $schema: string; mcpServers: Record<string, { type: string; url: string }> }>();
    expect(manifest.$schema).toBe('https://agent-plugins.org/schemas/1.0.0/mcp.schema.json');
    expect(Object.keys(manifest.mcpServers)).toEqual(['svc', 'svc-docs']);
    expect(manifest.mcpServers.svc).toEqual({ type: 'streamable-http', url: expect.stringMatching(/\/mcp$/) });
    expect(manifest.mcpServers['svc-docs']).toEqual({ type: 'streamable-http', url: expect.stringMatching(/\/mcp\/docs$/) });
    expect((await send('/.well-known/mcp.json')).json()).toEqual(manifest.mcpServers);
  });

  it('the two server cards are the same document, with serverInfo\'s name and version and the tools tools/list sends', async () => {
    const card = await send('/.well-known/mcp/server-card.json');
    expect((await send('/mcp/server-card')).body).toBe(card.body);
    const document = card.json<{ name: string; version: string; tools: unknown[]; remotes: Array<{ url: string }> }>();
    const { serverInfo } = (await post('/mcp', initialize('2025-11-25'))).json<{ result: { serverInfo: { name: string; version: string } } }>().result;
    expect(document.name).toBe(serverInfo.name);
    expect(document.version).toBe(serverInfo.version);
    const { tools } = (await post('/mcp', { jsonrpc: '2.0', id: 2, method: 'tools/list' })).json<{ result: { tools: unknown[] } }>().result;
    expect(document.tools).toEqual(tools);
    expect(document.remotes.map((remote) => new URL(remote.url).pathname)).toEqual(['/mcp', '/.well-known/mcp']);
  });
});

describe('the rate limit (the same 600/min window per client as /v1)', () => {
  // A client of its own, so the window this file spends is not this one.
  const flood = client(base, '127.0.0.119');

  it('is counted with /v1, and over it POST /mcp is 429 with Retry-After, CORS and the version header', async () => {
    // One shared window: the MCP request is counted right after the /v1 one. Should the minute turn
    // between the two (the MCP answer's reset is then later than the /v1 one's), the pair is sent again.
    let counted: [number, number] | undefined;
    for (let attempt = 0; attempt < 3 && !counted; attempt += 1) {
      const v1 = await flood('/v1/apps?sandbox=true');
      const mcp = await flood('/mcp', { method: 'POST', headers: json, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
      expect(mcp.status).toBe(200);
      const sameWindow = Number(mcp.headers['ratelimit-reset']) <= Number(v1.headers['ratelimit-reset']);
      if (sameWindow) counted = [Number(v1.headers['ratelimit-remaining']), Number(mcp.headers['ratelimit-remaining'])];
    }
    expect(counted, 'a /v1 and an MCP request in one window').toBeDefined();
    expect(counted![1]).toBe(counted![0] - 1);
    let refused: HttpResult | undefined;
    for (let sent = 0; sent < 1300 && !refused; sent += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => flood('/mcp', { method: 'GET' })));
      refused = answers.find((res) => res.status === 429);
    }
    expect(refused, 'a 429 within two windows').toBeDefined();
    const res = await flood('/mcp', { method: 'POST', headers: { ...json, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['mcp-protocol-version']).toBe('2025-06-18');
    expect(res.json()).toMatchObject({ status: 429, code: 'rate_limited' });
  }, 60_000);
});
