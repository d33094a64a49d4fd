import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { maxBatchMessages, maxMcpBodyBytes } from '@/lib/agents/json-rpc';
import { mcpServers } from '@/lib/agents/mcp-server';
import { answeredProtocolVersion, createMcpTransport, modernProtocolVersions, servedProtocolVersions } from '@/lib/agents/mcp-transport';
import type { ToolContext } from '@/lib/agents/tools';
import { createCursorCodec } from '@/lib/core/cursor';
import { createSandbox } from '@/lib/core/sandbox';
import { toolContextOf } from '../helpers/test-services';

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

describe('malformed params are invalid params (-32602), never -32603 (JSON-RPC 2.0 §5.1)', () => {
  type ErrorAnswer = { jsonrpc: string; id: unknown; error: { code: number; message: string; data?: unknown } };
  const invalidParams = (res: Sent, id: unknown, message: string | RegExp) => {
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const answer = res.json<ErrorAnswer>();
    expect(answer).toEqual({ jsonrpc: '2.0', id, error: { code: -32602, message: expect.any(String) } });
    if (typeof message === 'string') expect(answer.error.message).toBe(message);
    else expect(answer.error.message).toMatch(message);
  };
  const initializeWith = (params: unknown, id: number | string = 1) => ({ jsonrpc: '2.0', id, method: 'initialize', ...(params === undefined ? {} : { params }) });
  const clientInfo = { name: 'test', version: '1.0.0' };

  it.each(['2025-11-25', '2025-06-18', '2026-07-28'])('initialize naming %s, with and without params', async (protocolVersion) => {
    // With everything it needs, it negotiates (2026-07-28 has no initialize: the 2025-era answer names 2025-11-25).
    const answered = protocolVersion === '2026-07-28' ? LATEST_PROTOCOL_VERSION : protocolVersion;
    const good = await post(initializeWith({ protocolVersion, capabilities: {}, clientInfo }));
    expect(good.json<{ result: { protocolVersion: string } }>().result.protocolVersion).toBe(answered);

    const missing = 'initialize: params.protocolVersion is required (a string); params.capabilities is required (an object); params.clientInfo is required (an object).';
    invalidParams(await post(initializeWith(undefined, 'no-params')), 'no-params', missing);
    invalidParams(await post(initializeWith({})), 1, missing);
    invalidParams(await post(initializeWith({ capabilities: {}, clientInfo })), 1, 'initialize: params.protocolVersion is required (a string).');
    const lacking = await post(initializeWith({ protocolVersion }, 2));
    invalidParams(lacking, 2, 'initialize: params.capabilities is required (an object); params.clientInfo is required (an object).');
    expect(lacking.headers.get('mcp-protocol-version')).toBe(answered);
    invalidParams(
      await post(initializeWith({ protocolVersion: 20251125, capabilities: 'all', clientInfo: [] })),
      1,
      'initialize: params.protocolVersion must be a string (got a number); params.capabilities must be an object (got a string); params.clientInfo must be an object (got an array).',
    );
    invalidParams(await post(initializeWith({ protocolVersion, capabilities: {}, clientInfo: { name: 7 } })), 1, 'initialize: params.clientInfo.name must be a string (got a number); params.clientInfo.version is required (a string).');
  });

  it.each([
    ['a number', 5, 'a number'],
    ['a string', 'all', 'a string'],
    ['an array', [{ protocolVersion: '2025-11-25' }], 'an array'],
    ['null', null, 'null'],
  ])('initialize with params that are %s: -32602 with the request\'s id', async (_name, params, type) => {
    invalidParams(await post(initializeWith(params, 'p')), 'p', `initialize: params must be an object (got ${type}).`);
  });

  it('the other methods\' params too: tools/list, tools/call, a malformed _meta, params nested too deep', async () => {
    invalidParams(await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 5 } }), 1, 'tools/list: params.cursor must be a string (got a number).');
    invalidParams(await post({ jsonrpc: '2.0', id: 1, method: 'tools/call' }), 1, 'tools/call: params.name is required (a string).');
    invalidParams(
      await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: ['search_docs'], arguments: 'dock' } }),
      1,
      'tools/call: params.name must be a string (got an array); params.arguments must be an object (got a string).',
    );
    invalidParams(await post({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: 5 } }), 1, 'ping: params._meta must be an object (got a number).');
    invalidParams(await post({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { progressToken: 1.5 } } }), 1, 'ping: params._meta.progressToken must be a string or an integer.');
    // Deeper than the SDK's validators recurse (they overflowed the stack, answered as -32700 with the RangeError's text); written as text, as JSON.stringify would overflow too.
    const deep = `${'['.repeat(5000)}"bottom"${']'.repeat(5000)}`;
    const nested = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"experimental":{"deep":${deep}}},"clientInfo":{"name":"test","version":"1.0.0"}}}`;
    invalidParams(await post(nested), 1, 'initialize: params nest deeper than 64 levels of arrays and objects.');
  });

  it('an unknown method stays -32601, whatever its params', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'nope', params: { cursor: 5 } });
    expect(res.json<ErrorAnswer>().error.code).toBe(-32601);
  });

  it('2026-07-28: the same answers with the envelope; initialize is not a method of the revision (404, -32601)', async () => {
    const listed = await post({ jsonrpc: '2.0', id: 8, method: 'tools/list', params: { cursor: 5, _meta: envelope } }, modernHeaders('tools/list'));
    invalidParams(listed, 8, 'tools/list: params.cursor must be a string (got a number).');
    expect(listed.headers.get('mcp-protocol-version')).toBe('2026-07-28');
    invalidParams(
      await post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 5, _meta: envelope } }, modernHeaders('tools/call', '5')),
      9,
      'tools/call: params.name must be a string (got a number).',
    );
    for (const params of [{ _meta: envelope }, { _meta: envelope, protocolVersion: '2026-07-28', capabilities: {}, clientInfo }]) {
      const res = await post({ jsonrpc: '2.0', id: 10, method: 'initialize', params }, modernHeaders('initialize'));
      expect(res.status).toBe(404);
      expect(res.json<ErrorAnswer>().error).toEqual({ code: -32601, message: 'Method not found' });
    }
  });

  it('in a batch, each request is answered: the SDK\'s answers and the -32602 ones, in one array', async () => {
    const res = await post([
      { jsonrpc: '2.0', id: 'ok', method: 'ping' },
      initializeWith(7, 'scalar'),
      initializeWith(undefined, 'bare'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(res.status).toBe(200);
    const answers = res.json<Array<{ id: string; result?: unknown; error?: { code: number; message: string } }>>();
    expect(answers.map((answer) => answer.id).sort()).toEqual(['bare', 'ok', 'scalar']);
    expect(answers.find((answer) => answer.id === 'ok')!.result).toEqual({});
    expect(answers.find((answer) => answer.id === 'scalar')!.error).toEqual({ code: -32602, message: 'initialize: params must be an object (got a number).' });
    expect(answers.find((answer) => answer.id === 'bare')!.error!.code).toBe(-32602);
    // Every request answered here: still an array.
    const alone = await post([initializeWith(7, 'only')]);
    expect(alone.json()).toEqual([{ jsonrpc: '2.0', id: 'only', error: { code: -32602, message: 'initialize: params must be an object (got a number).' } }]);
    // Answered here, beside notifications only.
    const beside = await post([initializeWith([], 'x'), { jsonrpc: '2.0', method: 'notifications/initialized' }]);
    expect(beside.status).toBe(200);
    expect(beside.json<unknown[]>()).toHaveLength(1);
  });

  it('a notification with malformed params cannot be answered in the body: 400, -32602, id null', async () => {
    const res = await post({ jsonrpc: '2.0', method: 'notifications/initialized', params: [] });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32602, message: 'notifications/initialized: params must be an object (got an array).' } });
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
