import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { maxBatchMessages, maxMcpBodyBytes } from '@/lib/agents/json-rpc';
import { mcpServers } from '@/lib/agents/mcp-server';
import { answeredProtocolVersion, createMcpTransport, modernProtocolVersions, servedProtocolVersions } from '@/lib/agents/mcp-transport';
import type { ToolContext } from '@/lib/agents/tools';
import { createCursorCodec } from '@/lib/core/cursor';
import { createSandbox } from '@/lib/core/sandbox';
import { toolContextOf } from '../helpers/services';

/**
 * The HTTP wrapper around the SDK (lib/agents/mcp-transport.ts), called in
 * process: what it adds to the SDK (body checks, batch answers as arrays,
 * the version header, JSON in both eras, the loopback host check), and
 * that the SDK still serves both protocol eras through it. The same rules
 * are checked over real HTTP in tests/server/mcp-http.test.ts.
 */

const sandbox = createSandbox({ cursors: createCursorCodec('mcp-transport-test') });
const context: ToolContext = toolContextOf({
  search: { search: async (input) => sandbox.search(input) },
  releases: { latestRelease: async (app) => sandbox.release(app) },
  sandbox,
  origin: 'https://site.example',
});

function transport(origin = 'https://site.example') {
  return createMcpTransport(mcpServers.svc, { context: () => context, origin: () => origin });
}
const publicTransport = transport();

interface Sent {
  status: number;
  headers: Headers;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

async function post(body: unknown, headers: Record<string, string> = {}, handler = publicTransport): Promise<Sent> {
  const request = new Request('https://site.example/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const response = await handler(request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

const initialize = (protocolVersion: string, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } },
});
const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const modernHeaders = (method: string, name?: string) => ({
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
  ...(name ? { 'mcp-name': name } : {}),
});

describe('the protocol version answered', () => {
  it('is the one initialize negotiates: the client\'s if served, else the latest 2025-era revision', () => {
    expect(answeredProtocolVersion(initialize('2025-06-18'), null)).toBe('2025-06-18');
    expect(answeredProtocolVersion(initialize('1999-01-01'), '2025-06-18')).toBe(LATEST_PROTOCOL_VERSION);
    expect(answeredProtocolVersion(initialize('2026-07-28'), null)).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('is the one a 2026-07-28 envelope claims, else a served header, else 2025-03-26', () => {
    expect(answeredProtocolVersion({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } }, null)).toBe('2026-07-28');
    expect(answeredProtocolVersion({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, '2025-11-25')).toBe('2025-11-25');
    expect(answeredProtocolVersion({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'nonsense')).toBe('2025-03-26');
    expect(answeredProtocolVersion(undefined, null)).toBe('2025-03-26');
  });

  it('every revision served is named in the docs\' order: 2026-07-28, then the SDK\'s 2025-era list', () => {
    expect(servedProtocolVersions).toEqual(['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS]);
  });
});

describe('both protocol eras, answered as JSON', () => {
  it('2025: initialize negotiates, with the version in the result and in the header, and no session', async () => {
    for (const [requested, answered] of [['2025-06-18', '2025-06-18'], ['1999-01-01', LATEST_PROTOCOL_VERSION]]) {
      const res = await post(initialize(requested!));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.json<{ result: { protocolVersion: string; serverInfo: { name: string } } }>().result).toMatchObject({
        protocolVersion: answered,
        serverInfo: { name: 'svc' },
      });
      expect(res.headers.get('mcp-protocol-version')).toBe(answered);
      expect(res.headers.get('mcp-session-id')).toBeNull();
    }
  });

  it('2025: answers JSON whatever Accept says (no text/event-stream needed)', async () => {
    for (const accept of [undefined, 'application/json', '*/*', 'text/event-stream']) {
      const res = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, accept ? { accept } : {});
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('2026-07-28: server/discover lists exactly the modern revisions this module names', async () => {
    const res = await post({ jsonrpc: '2.0', id: 3, method: 'server/discover', params: { _meta: envelope } }, modernHeaders('server/discover'));
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-protocol-version')).toBe('2026-07-28');
    expect(res.json<{ result: { supportedVersions: string[] } }>().result.supportedVersions).toEqual([...modernProtocolVersions]);
  });

  it('2026-07-28: tools/call with the envelope, as JSON', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_latest_release', arguments: { app: 'perch', sandbox: true }, _meta: envelope } },
      modernHeaders('tools/call', 'get_latest_release'),
    );
    expect(res.status).toBe(200);
    expect(res.json<{ result: { structuredContent: unknown } }>().result.structuredContent).toEqual((sandbox.release('perch') as { value: unknown }).value);
  });
});

describe('bodies', () => {
  it('not JSON: 400, -32700, id null', async () => {
    for (const body of ['not json', '', '{"jsonrpc":']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.json(), body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } });
    }
  });

  it('JSON that is not JSON-RPC 2.0: 400, -32600', async () => {
    for (const body of [{ hello: 'world' }, 42, null, [1, 2], { jsonrpc: '1.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 1 }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { code: number } }>().error.code, JSON.stringify(body)).toBe(-32600);
    }
  });

  it(`batches: empty, or more than ${maxBatchMessages} messages: 400, -32600`, async () => {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    expect((await post([])).json<{ error: { code: number } }>().error.code).toBe(-32600);
    const tooMany = await post(Array.from({ length: maxBatchMessages + 1 }, (_, i) => ping(i)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json<{ error: { code: number } }>().error.code).toBe(-32600);
    const full = await post(Array.from({ length: maxBatchMessages }, (_, i) => ping(i)));
    expect(full.status).toBe(200);
    expect(full.json<unknown[]>()).toHaveLength(maxBatchMessages);
  });

  it('larger than 1 MiB: 413, -32600, not a 5xx', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping', params: { padding: 'x'.repeat(maxMcpBodyBytes) } });
    expect(res.status).toBe(413);
    expect(res.json<{ error: { code: number } }>().error.code).toBe(-32600);
  });

  it('a Content-Type other than JSON: 415 (the SDK\'s check)', async () => {
    const res = await post(JSON.stringify(initialize('2025-11-25')), { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
  });
});

describe('notifications and batches', () => {
  const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };

  it('only notifications: 202 with no body', async () => {
    for (const body of [notification, [notification, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }]]) {
      const res = await post(body);
      expect(res.status).toBe(202);
      expect(res.text).toBe('');
      expect(res.headers.get('mcp-protocol-version')).toBe('2025-03-26');
    }
  });

  it('[notification, request] answers the request only, in an array', async () => {
    const res = await post([notification, { jsonrpc: '2.0', id: 7, method: 'ping' }]);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([{ jsonrpc: '2.0', id: 7, result: {} }]);
  });

  it('a batch of requests answers each, in an array', async () => {
    const res = await post([
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'get_latest_release', arguments: { app: 'safari' } } },
    ]);
    const answers = res.json<Array<{ id: string; result: { isError?: boolean } }>>();
    expect(answers.map((answer) => answer.id).sort()).toEqual(['a', 'b']);
    expect(answers.find((answer) => answer.id === 'b')!.result.isError).toBe(true);
  });
});

describe('DNS-rebinding protection (MCP 2025-11-25, Transports)', () => {
  const local = transport('http://localhost:3000');

  it('a development server (loopback origin) answers only loopback hosts', async () => {
    expect((await post(initialize('2025-11-25'), { host: 'evil.example' }, local)).status).toBe(403);
    expect((await post(initialize('2025-11-25'), { host: 'evil.example:3000' }, local)).status).toBe(403);
    for (const host of ['localhost:3000', '127.0.0.1:4321', '[::1]:3000']) {
      expect((await post(initialize('2025-11-25'), { host }, local)).status, host).toBe(200);
    }
  });

  it('a public deployment answers any host', async () => {
    expect((await post(initialize('2025-11-25'), { host: 'mirror.example' })).status).toBe(200);
  });
});
