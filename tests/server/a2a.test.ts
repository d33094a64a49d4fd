import { a2aSkills } from '@/lib/agents/a2a-skills';
import { toolNames } from '@/lib/agents/tools';
import { A2A_VERSION_HEADER, AgentCard, Role, SendMessageRequest, type Message } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import { describe, expect, inject, it } from 'vitest';
import { client, type HttpResult } from '../helpers/http';
import { localFetch } from '../helpers/mcp-client';

/**
 * A2A (spec "Agent endpoints") over real HTTP against `next start`: the agent card at
 * /.well-known/agent-card.json, read by the SDK's clients of A2A 1.0
 * (ClientFactory, from the card) and 0.3 (the card's 0.3 fields, and the
 * SDK's LegacyJsonRpcTransport), and POST /a2a's raw JSON-RPC answers.
 * The facts equal MCP's: tests/server/cross-door.test.ts.
 */
const base = inject('baseUrl');
const address = '127.0.0.84';
const send = client(base, address);
/** The card's URLs carry the public origin (SITE_URL); a reader of the card reaches this server at `base`. */
const cardText = (await send('/.well-known/agent-card.json')).body;
const origin = new URL(JSON.parse(cardText).url).origin;
const local = localFetch(address);
const fetchImpl: typeof fetch = (input, init) => local(String(input instanceof Request ? input.url : input).replace(origin, base), init);

const request = (message: object) =>
  SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', ...message } });
const dataOf = (message: Message) => message.parts.map((part) => (part.content?.$case === 'data' ? part.content.value : undefined)).find(Boolean);
const textOf = (message: Message) => message.parts.map((part) => (part.content?.$case === 'text' ? part.content.value : undefined)).find(Boolean);

async function rest(path: string): Promise<Record<string, unknown>> {
  const res = await send(path);
  expect(res.status, `${path}: ${res.body}`).toBe(200);
  return res.json();
}

describe('the agent card', () => {
  it('is served with open CORS, an ETag and the JSON the SDK reads', async () => {
    const res = await send('/.well-known/agent-card.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.etag).toMatch(/^"/);
    const card = res.json<Record<string, any>>();
    expect(card.url).toBe(`${origin}/mcp`);
    // One skill per operation with an A2A name (lib/agents/a2a-skills.ts), the spec's three among them.
    expect(card.skills.map((skill: { id: string }) => skill.id)).toEqual(a2aSkills.map((skill) => skill.id));
    expect(card.skills.map((skill: { id: string }) => skill.id)).toEqual(expect.arrayContaining(['search-docs', 'install-command', 'latest-release']));
    expect(card.documentationUrl).toBe(`${origin}/docs/agents/a2a`);
    expect((await send(new URL(card.documentationUrl).pathname)).status).toBe(200);
    // The spec names no organisation behind the agent: the card states no provider.
    expect(card).not.toHaveProperty('provider');
    expect(AgentCard.fromJSON(card).supportedInterfaces.map((entry) => [entry.url, entry.protocolVersion])).toEqual([
      [`${origin}/a2a`, '1.0'],
      [`${origin}/a2a`, '0.3'],
    ]);
    // The MCP endpoint the card names answers MCP.
    const mcp = await send('/mcp', { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(mcp.json<{ result: { tools: unknown[] } }>().result.tools).toHaveLength(toolNames.length);
  });

  it('a 0.3 reader finds /a2a among the card\'s interfaces, beside the MCP url', async () => {
    const card = parseLegacyAgentCard(await rest('/.well-known/agent-card.json'));
    const bindings = card.supportedInterfaces.map((entry) => [entry.protocolBinding, entry.url]);
    expect(bindings).toContainEqual(['MCP', `${origin}/mcp`]);
    expect(bindings).toContainEqual(['JSONRPC', `${origin}/a2a`]);
  });
});

describe('an A2A 1.0 client (the SDK\'s ClientFactory, from the card)', async () => {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  const agent = await factory.createFromUrl(base);

  it('asks latest-release with a data part and gets /v1/releases/{app}', async () => {
    const answer = (await agent.sendMessage(request({ parts: [{ data: { skill: 'latest-release', arguments: { app: 'perch' } } }] }))) as Message;
    expect(answer.role).toBe(Role.ROLE_AGENT);
    expect(dataOf(answer)).toEqual(await rest('/v1/releases/perch'));
    expect(JSON.parse(textOf(answer)!)).toEqual(dataOf(answer));
  });

  it('asks in plain text, routed by intent', async () => {
    const answer = (await agent.sendMessage(request({ parts: [{ text: 'install the hacker desktop' }] }))) as Message;
    const rows = (await rest('/v1/desktops?limit=50')).items as Array<{ desktop: string }>;
    expect(dataOf(answer)).toEqual({ desktops: rows.filter((row) => row.desktop === 'hacker') });
  });

  it('a question is a documentation search', async () => {
    const answer = (await agent.sendMessage(request({ parts: [{ text: 'How do I make the text bigger?' }] }))) as Message;
    const hits = (dataOf(answer) as { results: Array<{ url: string }> }).results;
    expect(hits[0]!.url).toMatch(/#layer\.appearance\.largePrint$|uiScale/);
  });

  it('a skill the card does not list is refused with -32602', async () => {
    await expect(agent.sendMessage(request({ parts: [{ data: { skill: 'nope' } }] }))).rejects.toThrow(/Unknown skill/);
  });
});

describe('an A2A 0.3 client (the SDK\'s LegacyJsonRpcTransport at the card\'s 0.3 interface)', async () => {
  const card = await rest('/.well-known/agent-card.json');
  const endpoint = (card.additionalInterfaces as Array<{ url: string; transport: string }>).find((entry) => entry.transport === 'JSONRPC')!.url;
  const legacy = new LegacyJsonRpcTransport({ endpoint, fetchImpl });

  it('message/send with a data part: the same release as MCP and /v1', async () => {
    const answer = (await legacy.sendMessage(request({ parts: [{ data: { skill: 'latest-release', arguments: { app: 'pounce', sandbox: true } } }] }))) as Message;
    expect(dataOf(answer)).toEqual(await rest('/v1/releases/pounce?sandbox=true'));
  });

  it('message/send with text', async () => {
    const answer = (await legacy.sendMessage(request({ parts: [{ text: 'latest pounce release' }] }))) as Message;
    expect(dataOf(answer)).toEqual(await rest('/v1/releases/pounce'));
  });
});

describe('POST /a2a, raw', () => {
  const post = (body: unknown, headers: Record<string, string> = {}): Promise<HttpResult> =>
    send('/a2a', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const sendMessage = (parts: object[]) => ({ jsonrpc: '2.0', id: 7, method: 'SendMessage', params: { message: { messageId: 'raw', role: 'ROLE_USER', parts } } });

  it.each([
    ['parse error', 'not json', -32700, null, 400],
    ['not JSON-RPC', { hello: 'world' }, -32600, null, 400],
    ['unknown method', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} }, -32601, 7, 200],
    ['bad params', { jsonrpc: '2.0', id: 7, method: 'SendMessage', params: { message: 'hello' } }, -32602, 7, 200],
    ['no skill of the card', sendMessage([{ data: { skill: 'weather' } }]), -32602, 7, 200],
  ])('%s: JSON-RPC %s, the rate-limit headers and open CORS', async (_name, body, code, id, status) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
    expect(res.headers['ratelimit-limit']).toMatch(/^\d+$/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).not.toMatch(/node_modules|\.ts:\d+/);
  });

  it.each([['a string', 'q-1'], ['a fractional number', 1.5], ['null', null]])('an id that is %s is echoed as sent (the ids the OpenAPI description documents)', async (_name, id) => {
    const res = await post({ ...sendMessage([{ text: 'dock' }]), id });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id });
  });

  it.each([['an object', { a: 1 }], ['a boolean', true]])('an id that is %s is -32600', async (_name, id) => {
    const res = await post({ ...sendMessage([{ text: 'dock' }]), id });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('answers the A2A-Version it spoke', async () => {
    expect((await post(sendMessage([{ text: 'dock' }]))).headers[A2A_VERSION_HEADER.toLowerCase()]).toBe('1.0');
    const legacy = await post({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', messageId: 'x', role: 'user', parts: [{ kind: 'text', text: 'dock' }] } } });
    expect(legacy.headers['a2a-version']).toBe('0.3');
    expect(legacy.json<{ result: { kind: string } }>().result.kind).toBe('message');
  });

  it('GET and PUT: 405 with Allow; OPTIONS: the open preflight', async () => {
    for (const method of ['GET', 'PUT']) {
      const res = await send('/a2a', { method });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST, OPTIONS');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const preflight = await send('/a2a', { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/a2a-version/);
  });

  it('a body over 64 KiB: 413', async () => {
    const res = await post(sendMessage([{ text: 'x'.repeat(70_000) }]));
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: -32600 } });
  });
});

describe('the rate limit (the /v1 window)', () => {
  const flood = client(base, '127.0.0.85');
  it('over it POST /a2a is 429 with Retry-After and open CORS', async () => {
    const post = () => flood('/a2a', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage' }) });
    let res: HttpResult | undefined;
    // The window may turn between the flood's 429 and the POST (a busy machine): flood the new one and ask again.
    for (let attempt = 0; attempt < 3 && res?.status !== 429; attempt++) {
      let refused: HttpResult | undefined;
      for (let sent = 0; sent < 1300 && !refused; sent += 50) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => flood('/a2a', { method: 'GET' })));
        refused = answers.find((answer) => answer.status === 429);
      }
      expect(refused, 'a 429 within two windows').toBeDefined();
      res = await post();
    }
    expect(res!.status).toBe(429);
    expect(res!.headers['retry-after']).toMatch(/^\d+$/);
    expect(res!.headers['access-control-allow-origin']).toBe('*');
    expect(res!.json()).toMatchObject({ status: 429, code: 'rate_limited' });
  }, 180_000);
});
