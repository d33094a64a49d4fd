import { AgentCard } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/core/operations';
import { a2aSkills, agentCardDocument, coreAgentCard, interpretMessage, routeText } from '@/lib/agents/a2a';
import { a2aResponseSchema, agentCardSchema } from '@/lib/agents/a2a-schemas';
import { createA2aTransport } from '@/lib/agents/a2a-transport';
import { maxA2aBodyBytes } from '@/lib/agents/json-rpc';
import { findTool, runTool, type ToolContext } from '@/lib/agents/tools';
import { createCursorCodec } from '@/lib/core/cursor';
import { createSandbox } from '@/lib/core/sandbox';
import { toolContextOf } from '../helpers/test-services';

/**
 * The A2A door in process (lib/agents/a2a.ts, a2a-transport.ts): the card
 * generated from the tool table, intent routing, the skills answering what
 * the MCP tools answer, and the JSON-RPC errors. Over real HTTP, with the
 * SDK's clients of both versions: tests/server/a2a.test.ts.
 */

const sandbox = createSandbox({ cursors: createCursorCodec('a2a-test') });
const context: ToolContext = toolContextOf({
  search: { search: async (input) => sandbox.search(input) },
  releases: { latestRelease: async (app) => sandbox.release(app) },
  sandbox,
  origin: 'https://site.example',
});
const transport = createA2aTransport({ context: () => context, origin: () => 'https://site.example' });

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await transport(
    new Request('https://site.example/a2a', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: <T = Record<string, any>>() => JSON.parse(text) as T };
}

const sendMessage = (parts: object[], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'SendMessage',
  params: { message: { messageId: `m-${id}`, role: 'ROLE_USER', parts } },
});
const legacySend = (parts: object[], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'message/send',
  params: { message: { kind: 'message', messageId: `m-${id}`, role: 'user', parts } },
});

describe('the agent card', () => {
  const card = agentCardDocument('https://site.example');

  it('has the MCP endpoint as its URL, a skill per operation with an A2A name, documentationUrl and version', () => {
    expect(agentCardSchema.parse(card)).toBeTruthy();
    // The spec names no organisation behind the agent: the card states none.
    expect(card).not.toHaveProperty('provider');
    expect(card.url).toBe('https://site.example/mcp');
    expect(card.documentationUrl).toBe('https://site.example/docs/agents/a2a');
    const skills = card.skills as Array<{ id: string; name: string; description: string; examples: string[] }>;
    const named = Object.values(operations).flatMap((spec) => (spec.names as { a2a?: string }).a2a ?? []);
    expect(skills.map((skill) => skill.id).sort()).toEqual([...named].sort());
    expect(skills.map((skill) => skill.id)).toEqual(expect.arrayContaining(['search-docs', 'install-command', 'latest-release']));
    for (const skill of skills) {
      const tool = findTool(a2aSkills.find((entry) => entry.id === skill.id)!.tool)!;
      expect(skill.name).toBe(tool.title);
      expect(skill.description.startsWith(tool.description.split('\n')[0]!.slice(0, 40))).toBe(true);
      expect(skill.examples.length).toBeGreaterThan(0);
    }
  });

  it('names /a2a for A2A 1.0 and 0.3, in the 1.0 form and the 0.3 form', () => {
    expect(card.supportedInterfaces).toEqual([
      { url: 'https://site.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://site.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
    expect(card.additionalInterfaces).toEqual([{ url: 'https://site.example/a2a', transport: 'JSONRPC' }]);
    // The SDK reads the served card back as the card the server validates versions against.
    expect(AgentCard.fromJSON(card)).toEqual(coreAgentCard('https://site.example'));
  });
});

describe('intent routing', () => {
  it.each([
    ['latest pounce release', { skill: 'latest-release', arguments: { app: 'pounce' } }],
    ['Which version of perch is the newest?', { skill: 'latest-release', arguments: { app: 'perch' } }],
    ['download Pounce', { skill: 'latest-release', arguments: { app: 'pounce' } }],
    ['install the hacker desktop', { skill: 'install-command', arguments: { desktop: 'hacker' } }],
    ['How do I install the layer?', { skill: 'install-command', arguments: {} }],
    ['How do I make the text bigger?', { skill: 'search-docs', arguments: { query: 'How do I make the text bigger?' } }],
    ['what does perch do', { skill: 'search-docs', arguments: { query: 'what does perch do' } }],
  ])('%s', (text, call) => {
    expect(routeText(text)).toEqual(call);
  });

  it('a data part naming a skill wins over text', () => {
    expect(interpretMessage({ parts: [{ content: { $case: 'text', value: 'latest pounce release' } }, { content: { $case: 'data', value: { skill: 'search-docs', arguments: { query: 'dock' } } } }] } as never)).toEqual({
      skill: 'search-docs',
      arguments: { query: 'dock' },
    });
  });
});

describe('POST /a2a answers with the MCP tools\' facts', () => {
  it('SendMessage (1.0) with a data part: a message with the tool\'s object and the same JSON as text', async () => {
    const res = await post(sendMessage([{ data: { skill: 'latest-release', arguments: { app: 'pounce', sandbox: true } } }]));
    expect(res.status).toBe(200);
    expect(res.headers.get('a2a-version')).toBe('1.0');
    const body = a2aResponseSchema.parse(res.json()) as { result: { message: { role: string; parts: Array<{ data?: unknown; text?: string }>; metadata: object } } };
    const expected = await runTool(findTool('get_latest_release')!, { app: 'pounce', sandbox: true }, context);
    expect(expected.ok).toBe(true);
    const { message } = body.result;
    expect(message.role).toBe('ROLE_AGENT');
    expect(message.parts[0]!.data).toEqual(expected.ok && expected.value);
    expect(JSON.parse(message.parts[1]!.text!)).toEqual(message.parts[0]!.data);
    expect(message.metadata).toEqual({ skill: 'latest-release' });
  });

  it('message/send (0.3) with text: routed by intent, answered in the 0.3 form', async () => {
    const res = await post(legacySend([{ kind: 'text', text: 'install the minimal desktop' }]));
    expect(res.headers.get('a2a-version')).toBe('0.3');
    const { result } = res.json();
    expect(result.kind).toBe('message');
    expect(result.role).toBe('agent');
    const expected = await runTool(findTool('get_install_command')!, { desktop: 'minimal' }, context);
    expect(result.parts[0]).toEqual({ kind: 'data', data: expected.ok && expected.value });
    expect(result.parts[1].kind).toBe('text');
  });

  it('a tool failure is an answer with { error: { code, message } }, as MCP\'s isError result', async () => {
    const { result } = (await post(sendMessage([{ data: { skill: 'latest-release', arguments: { app: 'nope' } } }]))).json();
    expect(result.message.parts[0].data).toEqual({ error: { code: 'unknown_app', message: expect.any(String) } });
  });
});

describe('JSON-RPC errors', () => {
  it.each([
    ['not JSON', 'not json', -32700, null],
    ['an array (no batches)', [sendMessage([{ text: 'x' }])], -32600, null],
    ['no jsonrpc member (the id is still echoed)', { id: 1, method: 'SendMessage' }, -32600, 1],
    ['an id that is an object', { jsonrpc: '2.0', id: {}, method: 'SendMessage' }, -32600, null],
  ])('a body that is not one JSON-RPC request, %s: 400', async (_name, body, code, id) => {
    const res = await post(body, { 'a2a-version': '0.3' });
    expect(res.status).toBe(400);
    expect(res.headers.get('a2a-version')).toBe('0.3');
    expect(res.json()).toEqual({ jsonrpc: '2.0', id, error: { code, message: expect.any(String) } });
  });

  it.each([
    ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }, -32601],
    ['an unknown method without params', { jsonrpc: '2.0', id: 1, method: 'Nope' }, -32601],
    ['params not an object', { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: 7 }, -32602],
    ['0.3 without a message', { jsonrpc: '2.0', id: 1, method: 'message/send', params: {} }, -32602],
    ['a data part naming no skill', sendMessage([{ data: { skill: 'nope' } }]), -32602],
    ['a data part without a skill', sendMessage([{ data: { query: 'dock' } }]), -32602],
    ['arguments not an object', sendMessage([{ data: { skill: 'search-docs', arguments: 'dock' } }]), -32602],
    ['no text and no data', sendMessage([{ text: '   ' }]), -32602],
    ['a task that never existed', { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'nope' } }, -32001],
    ['streaming', { ...sendMessage([{ text: 'dock' }]), method: 'SendStreamingMessage' }, -32004],
    ['0.3 streaming', { ...legacySend([{ kind: 'text', text: 'dock' }]), method: 'message/stream' }, -32004],
  ])('%s: %s', async (_name, body, code) => {
    const res = await post(body);
    expect(res.status).toBe(200);
    const answer = a2aResponseSchema.parse(res.json()) as { error?: { code: number; message: string } };
    expect(answer.error?.code).toBe(code);
    expect(answer.error?.message).not.toMatch(/at .*\.ts:\d+/);
  });

  it('an A2A-Version the card does not list', async () => {
    const { error } = (await post(sendMessage([{ text: 'dock' }]), { 'a2a-version': '2.0' })).json();
    expect(error.code).toBe(-32009);
  });

  it(`a body over ${maxA2aBodyBytes} bytes: 413`, async () => {
    const res = await post(sendMessage([{ text: 'x'.repeat(maxA2aBodyBytes) }]));
    expect(res.status).toBe(413);
    expect(res.json().error.code).toBe(-32600);
  });

  it('the id is echoed', async () => {
    expect((await post(sendMessage([{ text: 'dock' }], 'abc'))).json().id).toBe('abc');
  });
});

describe('malformed params are -32602 naming the member, never -32603 (JSON-RPC 2.0 §5.1)', () => {
  const call = (method: string, params?: unknown, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
  const invalidParamsInfo = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'INVALID_PARAMS', domain: 'a2a-protocol.org' }];

  /** 200 and -32602 with `message`, in the error shape of the version answering: 1.0 adds its ErrorInfo. */
  async function expectInvalidParams(body: unknown, message: string, version: '0.3' | '1.0') {
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(res.headers.get('a2a-version')).toBe(version);
    const { error } = a2aResponseSchema.parse(res.json()) as { error: { code: number; message: string; data?: unknown } };
    expect(error).toEqual({ code: -32602, message, ...(version === '1.0' ? { data: invalidParamsInfo } : {}) });
  }

  describe.each([
    ['tasks/cancel', '0.3'],
    ['tasks/get', '0.3'],
    ['CancelTask', '1.0'],
    ['GetTask', '1.0'],
  ] as const)('%s (A2A %s)', (method, version) => {
    it.each([
      ['a number', 5],
      ['a number', 1.5],
      ['an array', ['task-1']],
      ['an object', { id: 'task-1' }],
      ['a boolean', true],
      ['null', null],
    ])('an id that is %s: -32602', async (type, id) => {
      await expectInvalidParams(call(method, { id }), `${method}: params.id must be a string (got ${type}).`, version);
    });

    it('without an id, or without params: -32602 naming params.id', async () => {
      await expectInvalidParams(call(method, {}), `${method}: params.id is required (a string).`, version);
      await expectInvalidParams(call(method), `${method}: params.id is required (a string).`, version);
    });

    it('a string id still reaches the task store: no task is ever kept (-32001)', async () => {
      const res = await post(call(method, { id: 'task-1' }));
      expect(res.json<{ error: { code: number } }>().error.code).toBe(-32001);
    });
  });

  it('the streaming and push-notification methods check their params first too', async () => {
    await expectInvalidParams(call('tasks/resubscribe', { id: 7 }), 'tasks/resubscribe: params.id must be a string (got a number).', '0.3');
    await expectInvalidParams(call('SubscribeToTask', { id: [] }), 'SubscribeToTask: params.id must be a string (got an array).', '1.0');
    // The SDK read `pushNotificationConfig.id` of a missing config: -32603 "Cannot read properties of undefined".
    await expectInvalidParams(
      call('tasks/pushNotificationConfig/set', { taskId: 'task-1' }),
      'tasks/pushNotificationConfig/set: params.pushNotificationConfig is required (an object).',
      '0.3',
    );
    await expectInvalidParams(call('ListTasks', { pageSize: 'ten' }), 'ListTasks: params.pageSize must be an integer.', '1.0');
  });

  it('params nested deeper than the limit: -32602 (the SDK overflowed its stack)', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body = `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"dock"}],"metadata":{"deep":${deep}}}}}`;
    await expectInvalidParams(body, 'SendMessage: params nest deeper than 64 levels of arrays and objects.', '1.0');
  });

  it('a method named after an Object member is no method (-32601), not a crash', async () => {
    for (const method of ['constructor', '__proto__', 'toString']) {
      const res = await post(call(method, { id: 'x' }));
      expect(res.status, method).toBe(200);
      expect(res.json<{ error: { code: number } }>().error.code, method).toBe(-32601);
    }
  });
});
