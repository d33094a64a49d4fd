import { describe, expect, it } from 'vitest';
import { a2aParamsProblem } from '@/lib/agents/a2a-params';
import { maxParamsDepth } from '@/lib/agents/json-rpc';
import { describeIssue, describeParamsIssues, formatPath, nestsDeeperThan, paramsShapeProblem } from '@/lib/agents/json-rpc-params';
import { mcpParamsEnvelopeProblem, mcpParamsProblem } from '@/lib/agents/mcp-params';

/**
 * The -32602 sentences of the agent doors (lib/agents/json-rpc-params.ts,
 * mcp-params.ts, a2a-params.ts): a member named by its path, what it must
 * be and what it was, never a validator's issue list. The doors' answers
 * themselves: tests/unit/mcp-transport.test.ts and a2a.test.ts.
 */

describe('paths and clauses', () => {
  it('names a member by its path: dots for names, brackets for indexes and other keys', () => {
    expect(formatPath(['params', 'clientInfo', 'name'])).toBe('params.clientInfo.name');
    expect(formatPath(['params', 'parts', 0, 'text'])).toBe('params.parts[0].text');
    expect(formatPath(['params', '_meta', 'io.modelcontextprotocol/related-task', { key: 'taskId' }])).toBe('params._meta["io.modelcontextprotocol/related-task"].taskId');
    expect(formatPath([])).toBe('');
  });

  it('says what was missing, what it must be and what it was', () => {
    expect(describeIssue({ path: ['params', 'protocolVersion'], message: 'Invalid input: expected string, received undefined' })).toBe('params.protocolVersion is required (a string)');
    expect(describeIssue({ path: ['params', 'capabilities'], message: 'Invalid input: expected object, received array' })).toBe('params.capabilities must be an object (got an array)');
    expect(describeIssue({ path: ['params', 'arguments'], message: 'Invalid input: expected record, received null' })).toBe('params.arguments must be an object (got null)');
    expect(describeIssue({ path: ['params', 'pageSize'], message: 'must be an integer' })).toBe('params.pageSize must be an integer');
    expect(describeIssue({ path: ['params', 'level'], message: 'Invalid option: expected one of "info"|"debug"' })).toBe('params.level: invalid option: expected one of "info"|"debug"');
    const union = {
      code: 'invalid_union',
      path: ['params', '_meta', 'progressToken'],
      message: 'Invalid input',
      errors: [[{ expected: 'string', code: 'invalid_type', path: [], message: 'x' }], [{ expected: 'int', code: 'invalid_type', path: [], message: 'y' }]],
    };
    expect(describeIssue(union)).toBe('params._meta.progressToken must be a string or an integer');
  });

  it('joins the clauses after the method, at most four, once each', () => {
    const issue = (name: string) => ({ path: ['params', name], message: 'Invalid input: expected string, received undefined' });
    expect(describeParamsIssues('tools/call', [issue('name')])).toBe('tools/call: params.name is required (a string).');
    expect(describeParamsIssues('x', [issue('a'), issue('a'), issue('b'), issue('c'), issue('d'), issue('e'), issue('f')])).toBe(
      'x: params.a is required (a string); params.b is required (a string); params.c is required (a string); params.d is required (a string); and 2 more.',
    );
  });
});

describe('the shape every method\'s params share', () => {
  it('params, when sent, are an object', () => {
    expect(paramsShapeProblem('ping', undefined)).toBeUndefined();
    expect(paramsShapeProblem('ping', {})).toBeUndefined();
    expect(paramsShapeProblem('ping', [])).toBe('ping: params must be an object (got an array).');
    expect(paramsShapeProblem('ping', null)).toBe('ping: params must be an object (got null).');
    expect(paramsShapeProblem('ping', 'x')).toBe('ping: params must be an object (got a string).');
  });

  it(`nest at most ${maxParamsDepth} levels, measured without recursion`, () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth - 1)}{}${']'.repeat(depth - 1)}`) as unknown;
    expect(nestsDeeperThan(nested(maxParamsDepth), maxParamsDepth)).toBe(false);
    expect(nestsDeeperThan(nested(maxParamsDepth + 1), maxParamsDepth)).toBe(true);
    expect(nestsDeeperThan(nested(200_000), maxParamsDepth)).toBe(true);
    expect(nestsDeeperThan('flat', 0)).toBe(false);
    expect(paramsShapeProblem('ping', { a: nested(maxParamsDepth - 1) })).toBeUndefined();
    expect(paramsShapeProblem('ping', { a: nested(maxParamsDepth) })).toBe(`ping: params nest deeper than ${maxParamsDepth} levels of arrays and objects.`);
  });
});

describe('MCP: the SDK\'s schemas, in plain words', () => {
  it('initialize: each member it needs', () => {
    expect(mcpParamsProblem('initialize', undefined)).toBe(
      'initialize: params.protocolVersion is required (a string); params.capabilities is required (an object); params.clientInfo is required (an object).',
    );
    expect(mcpParamsProblem('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'a', version: '1' } })).toBeUndefined();
    expect(mcpParamsProblem('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: 5 }, clientInfo: { name: 'a', version: '1' } })).toBe(
      'initialize: params.capabilities.roots must be an object (got a number).',
    );
  });

  it('valid params, and methods the spec does not define, have no problem', () => {
    expect(mcpParamsProblem('tools/list', undefined)).toBeUndefined();
    expect(mcpParamsProblem('tools/call', { name: 'search_docs', arguments: { query: 'dock' } })).toBeUndefined();
    expect(mcpParamsProblem('resources/read', { uri: 5 })).toBe('resources/read: params.uri must be a string (got a number).');
    for (const method of ['nope', 'constructor', '__proto__', 'toString']) expect(mcpParamsProblem(method, { cursor: 5 }), method).toBeUndefined();
  });

  it('the envelope of every message: _meta an object, its progressToken a string or an integer', () => {
    expect(mcpParamsEnvelopeProblem('ping', { _meta: { progressToken: 'p' } }, true)).toBeUndefined();
    expect(mcpParamsEnvelopeProblem('x/y', { _meta: [] }, true)).toBe('x/y: params._meta must be an object (got an array).');
    expect(mcpParamsEnvelopeProblem('notifications/progress', { _meta: 'x' }, false)).toBe('notifications/progress: params._meta must be an object (got a string).');
  });
});

describe('A2A: the members each method reads', () => {
  it('task ids are strings, in both versions\' names', () => {
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/resubscribe', 'GetTask', 'CancelTask', 'SubscribeToTask']) {
      expect(a2aParamsProblem(method, { id: 'task-1' }), method).toBeUndefined();
      expect(a2aParamsProblem(method, { id: 5 }), method).toBe(`${method}: params.id must be a string (got a number).`);
    }
  });

  it('A2A 1.0 takes protobuf JSON: nulls, proto names and integers as strings of digits', () => {
    expect(a2aParamsProblem('GetTask', { id: 't', historyLength: '3', tenant: null })).toBeUndefined();
    expect(a2aParamsProblem('ListTaskPushNotificationConfigs', { task_id: 't', page_size: 5 })).toBeUndefined();
    expect(a2aParamsProblem('ListTaskPushNotificationConfigs', { task_id: 7 })).toBe('ListTaskPushNotificationConfigs: params.task_id must be a string (got a number).');
    expect(a2aParamsProblem('GetTask', { id: 't', historyLength: 'all' })).toBe('GetTask: params.historyLength must be an integer.');
  });

  it('messages: the members the SDK converts, typed; unknown members pass', () => {
    const message = { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'dock' }], extra: { any: 'thing' } };
    expect(a2aParamsProblem('SendMessage', { message })).toBeUndefined();
    expect(a2aParamsProblem('SendMessage', { message: { ...message, parts: [{ text: ['dock'] }] } })).toBe('SendMessage: params.message.parts[0].text must be a string (got an array).');
    expect(a2aParamsProblem('SendMessage', {})).toBe('SendMessage: params.message is required (an object).');
    expect(a2aParamsProblem('message/send', { message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'dock' }] } })).toBeUndefined();
    expect(a2aParamsProblem('message/send', { message: { kind: 'message', messageId: 3, role: 'user', parts: [] } })).toBe('message/send: params.message.messageId must be a string (got a number).');
  });

  it('the extended card takes no params; an unknown method has no problem here (it is -32601)', () => {
    expect(a2aParamsProblem('GetExtendedAgentCard', undefined)).toBeUndefined();
    expect(a2aParamsProblem('agent/getAuthenticatedExtendedCard', undefined)).toBeUndefined();
    expect(a2aParamsProblem('constructor', { id: 5 })).toBeUndefined();
  });
});
