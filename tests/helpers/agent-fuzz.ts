import fc from 'fast-check';
import type { HttpResult } from './http';

/**
 * Hostile requests for the agent doors (POST /mcp, /mcp/docs,
 * /.well-known/mcp, /a2a), /ask (GET and POST), POST /v1/batch and
 * /v1/jobs, and POST /api/feedback (JSON, form and other types), and the rules every answer keeps whatever it is sent (spec
 * "Agent endpoints", "Errors"): no 5xx; on an agent door a JSON-RPC 2.0
 * answer (or the documented 202, 405, 406, 415, 429), never -32603, with
 * plain messages (no stack trace, no validator dump); on /ask, /v1 and
 * /api/feedback a problem document for every error, never `internal_error`.
 *
 * The envelopes are well formed JSON-RPC around hostile members: params
 * missing, null, arrays, of the wrong type, huge, nested deep; ids of every
 * JSON type; near-miss and unknown method names; batches; protocol
 * versions and Accept headers a client might send.
 */

/** JSON text spliced in as it is: nesting too deep for a recursive serializer. */
class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, except that RawJson is written as its text. */
function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${members.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const agentDoors = ['/mcp', '/mcp/docs', '/.well-known/mcp', '/a2a'] as const;
type AgentDoor = (typeof agentDoors)[number];

export interface FuzzCase {
  door: AgentDoor | '/ask' | '/v1/batch' | '/v1/jobs' | '/api/feedback';
  method: 'GET' | 'POST';
  /** The path and query sent. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

const shorten = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** How a case is printed in a counterexample: huge bodies shortened. */
export function describeCase(c: FuzzCase): string {
  return `${c.method} ${shorten(c.target, 200)} ${JSON.stringify(c.headers)}${c.body === undefined ? '' : ` ${shorten(c.body)}`}`;
}

const withDescription = (c: FuzzCase): FuzzCase =>
  Object.defineProperty(c, fc.toStringMethod, { value: () => describeCase(c), enumerable: false });

// ------------------------------------------------------------------ values

const servedVersions = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const strangeVersions = ['1999-01-01', '2025-13-45', '', ' ', 'latest', '2025-11-25 ', '0.3', '1.0'];

const oddStrings = fc.constantFrom('', ' ', '\u0000', '\ud83d\ude00', '\u2028', '"', '\\', '{}', '[]', 'null', 'undefined', '__proto__', 'constructor', '%00', '../../etc/passwd', '<script>');
const hugeString = fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'x'.repeat(length));
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 12_000 }), fc.constantFrom('array', 'object'))
  .map(([depth, shape]) => new RawJson(shape === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, -0.5, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2, 2 ** 53),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  oddStrings,
);

/** Any JSON value a client might send where another was expected. */
const hostile: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 12 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 2 },
    { arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), oddStrings), tie('value'), { maxKeys: 4 }), weight: 2 },
    { arbitrary: hugeString, weight: 1 },
    { arbitrary: deepNesting, weight: 1 },
  ),
})).value;

/** A field's value: usually one that fits, often a hostile one. */
const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostile, weight: 2 });

// ------------------------------------------------------------------ JSON-RPC

const mcpMethods = [
  'initialize', 'ping', 'tools/list', 'tools/call', 'server/discover', 'resources/list', 'resources/read',
  'resources/templates/list', 'prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel',
  'notifications/initialized', 'notifications/cancelled', 'notifications/progress',
];
const a2aMethods = [
  'SendMessage', 'SendStreamingMessage', 'GetTask', 'CancelTask', 'ListTasks', 'SubscribeToTask',
  'CreateTaskPushNotificationConfig', 'GetTaskPushNotificationConfig', 'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig', 'GetExtendedAgentCard', 'message/send', 'message/stream', 'tasks/get',
  'tasks/cancel', 'tasks/resubscribe', 'tasks/pushNotificationConfig/set', 'tasks/pushNotificationConfig/get',
  'tasks/pushNotificationConfig/list', 'tasks/pushNotificationConfig/delete', 'agent/getAuthenticatedExtendedCard',
];
const knownMethods = [...mcpMethods, ...a2aMethods];
const nearMiss = fc.tuple(fc.constantFrom(...knownMethods), fc.nat(5)).map(([method, how]) =>
  [
    method.charAt(0).toUpperCase() + method.slice(1),
    `${method} `,
    method.replace('/', '.'),
    method.toLowerCase(),
    `${method}/`,
    `x${method}`,
  ][how]!,
);
const requestId = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(null, 0, -1, 1.5, 1e300, '', true, false),
  fc.constant({}),
  fc.constant([1]),
  fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 2 }),
  hugeString,
);

const envelopeMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const meta = fc.oneof(
  fc.constant(envelopeMeta),
  fc.record(
    {
      'io.modelcontextprotocol/protocolVersion': field(fc.constantFrom(...servedVersions, ...strangeVersions)),
      'io.modelcontextprotocol/clientCapabilities': field(fc.constant({})),
      'io.modelcontextprotocol/clientInfo': field(fc.constant({ name: 'fuzz', version: '1.0.0' })),
      progressToken: field(fc.oneof(fc.integer(), fc.string({ maxLength: 8 }))),
    },
    { requiredKeys: [] },
  ),
  hostile,
);

const v1Message = fc.record(
  {
    messageId: field(fc.string({ minLength: 1, maxLength: 12 })),
    role: field(fc.constantFrom('ROLE_USER', 'ROLE_AGENT', 'user')),
    parts: field(
      fc.array(
        fc.oneof(
          fc.record({ text: field(fc.constantFrom('dock', 'latest pounce release', 'install the hacker desktop', '   ')) }, { requiredKeys: [] }),
          fc.record(
            {
              data: field(
                fc.record(
                  {
                    skill: field(fc.constantFrom('search-docs', 'install-command', 'latest-release', 'weather')),
                    arguments: field(fc.constantFrom({ query: 'dock', sandbox: true }, { app: 'pounce', sandbox: true }, {}, { desktop: 'hacker' })),
                  },
                  { requiredKeys: [] },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
          hostile,
        ),
        { maxLength: 3 },
      ),
    ),
  },
  { requiredKeys: [] },
);
const legacyMessage = fc.record(
  {
    kind: field(fc.constant('message')),
    messageId: field(fc.string({ minLength: 1, maxLength: 12 })),
    role: field(fc.constantFrom('user', 'agent')),
    parts: field(fc.array(fc.oneof(fc.constant({ kind: 'text', text: 'dock' }), fc.record({ kind: field(fc.constantFrom('text', 'data', 'file')), text: hostile, data: hostile }, { requiredKeys: [] })), { maxLength: 3 })),
  },
  { requiredKeys: [] },
);

/** The members each method reads, with values that fit (the caller mixes in hostile ones). */
const cursor = fc.string({ maxLength: 12 });
/** Messages the agent answers with a result, in both versions' forms. */
const answeredMessage = fc.constantFrom(
  { messageId: 'fuzz-1', role: 'ROLE_USER', parts: [{ text: 'dock' }] },
  { messageId: 'fuzz-2', role: 'ROLE_USER', parts: [{ data: { skill: 'latest-release', arguments: { app: 'pounce', sandbox: true } } }] },
  { kind: 'message', messageId: 'fuzz-3', role: 'user', parts: [{ kind: 'text', text: 'install the hacker desktop' }] },
  { kind: 'message', messageId: 'fuzz-4', role: 'user', parts: [{ kind: 'data', data: { skill: 'search-docs', arguments: { query: 'dock', sandbox: true } } }] },
);
const a2aMessage = fc.oneof({ arbitrary: answeredMessage, weight: 2 }, { arbitrary: v1Message, weight: 1 }, { arbitrary: legacyMessage, weight: 1 });
const taskFields = { id: fc.string({ maxLength: 12 }), historyLength: fc.integer({ min: -2, max: 20 }), metadata: fc.constant({}), tenant: fc.string({ maxLength: 8 }) };
const pushFields = {
  taskId: fc.string({ maxLength: 12 }),
  id: fc.string({ maxLength: 12 }),
  pushNotificationConfigId: fc.string({ maxLength: 8 }),
  pushNotificationConfig: fc.constant({ url: 'https://example.com/hook' }),
  url: fc.constant('https://example.com/hook'),
};
const sendFields = { message: a2aMessage, configuration: fc.constant({ acceptedOutputModes: ['application/json'] }), metadata: fc.constant({}), tenant: fc.string({ maxLength: 8 }) };
const methodFields: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  initialize: {
    protocolVersion: fc.constantFrom(...servedVersions, ...strangeVersions),
    capabilities: fc.constantFrom({}, { roots: { listChanged: true } }, { sampling: {} }),
    clientInfo: fc.constantFrom({ name: 'fuzz', version: '1.0.0' }, { name: 'fuzz', version: '1.0.0', title: 'Fuzz' }),
  },
  ping: {},
  'server/discover': {},
  'tools/list': { cursor },
  'resources/list': { cursor },
  'resources/templates/list': { cursor },
  'prompts/list': { cursor },
  'tools/call': {
    name: fc.constantFrom('search_docs', 'get_latest_release', 'get_install_command', 'nope'),
    arguments: fc.constantFrom({ query: 'dock', sandbox: true }, { app: 'pounce', sandbox: true }, { desktop: 'hacker', sandbox: true }, {}, { query: 5 }),
  },
  'resources/read': { uri: fc.constantFrom('https://example.com/docs', 'svc://docs/index', '') },
  'prompts/get': { name: fc.string({ maxLength: 8 }), arguments: fc.constant({}) },
  'completion/complete': { ref: fc.constant({ type: 'ref/prompt', name: 'x' }), argument: fc.constant({ name: 'a', value: 'b' }) },
  'logging/setLevel': { level: fc.constantFrom('info', 'debug', 'loud') },
  'notifications/initialized': {},
  'notifications/cancelled': { requestId: fc.integer(), reason: fc.string({ maxLength: 8 }) },
  'notifications/progress': { progressToken: fc.integer(), progress: fc.integer() },
  SendMessage: sendFields,
  SendStreamingMessage: sendFields,
  'message/send': sendFields,
  'message/stream': sendFields,
  GetTask: taskFields,
  'tasks/get': taskFields,
  CancelTask: taskFields,
  'tasks/cancel': taskFields,
  SubscribeToTask: taskFields,
  'tasks/resubscribe': taskFields,
  ListTasks: {
    contextId: fc.string({ maxLength: 8 }),
    status: fc.constantFrom('TASK_STATE_WORKING', 'working'),
    pageSize: fc.integer({ min: -2, max: 200 }),
    pageToken: fc.string({ maxLength: 8 }),
    historyLength: fc.integer({ min: -2, max: 20 }),
    includeArtifacts: fc.boolean(),
    tenant: fc.string({ maxLength: 8 }),
  },
  CreateTaskPushNotificationConfig: pushFields,
  GetTaskPushNotificationConfig: pushFields,
  ListTaskPushNotificationConfigs: pushFields,
  DeleteTaskPushNotificationConfig: pushFields,
  'tasks/pushNotificationConfig/set': pushFields,
  'tasks/pushNotificationConfig/get': pushFields,
  'tasks/pushNotificationConfig/list': pushFields,
  'tasks/pushNotificationConfig/delete': pushFields,
  GetExtendedAgentCard: { tenant: fc.string({ maxLength: 8 }) },
  'agent/getAuthenticatedExtendedCard': {},
};
const strayFields = Object.assign({}, ...Object.values(methodFields)) as Record<string, fc.Arbitrary<unknown>>;

/** A method's params: its own members (each fitting or hostile), now and then `_meta` or a member of another method. */
function paramsFor(method: string): fc.Arbitrary<unknown> {
  const own = methodFields[method.trim()] ?? {};
  const members = fc.record(Object.fromEntries(Object.entries(own).map(([name, valid]) => [name, field(valid)])), { requiredKeys: [] });
  const stray = fc.option(fc.tuple(fc.constantFrom(...Object.keys(strayFields)), hostile), { nil: undefined, freq: 4 });
  const withMeta = fc.option(meta, { nil: undefined, freq: 8 });
  const object = fc.tuple(members, stray, withMeta).map(([values, extra, _meta]) => ({
    ...values,
    ...(extra ? { [extra[0]]: extra[1] } : {}),
    ...(_meta === undefined ? {} : { _meta }),
  }));
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: object, weight: 8 },
    { arbitrary: hostile, weight: 1 },
  );
}

interface Envelope {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  [extra: string]: unknown;
}

const plainId = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.string({ minLength: 1, maxLength: 8 }));

/** An envelope whose method is mostly one of `methods`. */
function envelopeOf(methods: readonly string[]): fc.Arbitrary<Envelope> {
  const method = fc.oneof(
    { arbitrary: fc.constantFrom(...methods), weight: 12 },
    { arbitrary: fc.constantFrom(...knownMethods), weight: 1 },
    { arbitrary: nearMiss, weight: 2 },
    { arbitrary: fc.oneof(fc.string({ maxLength: 30 }), oddStrings), weight: 1 },
  );
  return method.chain((name) =>
    fc
      .record({
        jsonrpc: fc.oneof({ arbitrary: fc.constant('2.0'), weight: 30 }, { arbitrary: fc.constantFrom(undefined, '1.0', 2, '2.0 '), weight: 1 }),
        // Notifications have no id: absent in one envelope of six (more for a notification method).
        id: name.startsWith('notifications/')
          ? fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: plainId, weight: 1 })
          : fc.oneof({ arbitrary: plainId, weight: 14 }, { arbitrary: requestId, weight: 3 }, { arbitrary: fc.constant(undefined), weight: 2 }),
        method: fc.constant(name),
        params: paramsFor(name),
        extra: fc.oneof({ arbitrary: fc.constant(undefined), weight: 25 }, { arbitrary: hostile, weight: 1 }),
      })
      .map(({ extra, ...message }) => (extra === undefined ? message : { ...message, extra })),
  );
}

/** 2026-07-28: a request with the envelope claim and the headers that go with it (valid or not). */
function modernHeaders(message: Envelope): Record<string, string> {
  return { 'mcp-protocol-version': '2026-07-28', ...(typeof message.method === 'string' && /^[\x21-\x7e]+$/.test(message.method.trim()) ? { 'mcp-method': message.method.trim() } : {}) };
}

function bodyOf(methods: readonly string[]) {
  const one = envelopeOf(methods);
  return fc.oneof(
    { arbitrary: one.map((message) => ({ text: jsonText(message), first: message as Envelope | undefined })), weight: 14 },
    {
      // Batches: mostly short; empty; now and then over the cap of 20.
      arbitrary: fc
        .oneof({ arbitrary: fc.array(one, { maxLength: 4 }), weight: 6 }, { arbitrary: fc.array(one, { minLength: 19, maxLength: 22 }), weight: 1 })
        .map((messages) => ({ text: jsonText(messages), first: messages[0] })),
      weight: 4,
    },
    { arbitrary: hostile.map((value) => ({ text: jsonText(value), first: undefined })), weight: 1 },
    { arbitrary: fc.constantFrom('', '{', 'not json', '{"jsonrpc":"2.0","id":1,').map((text) => ({ text, first: undefined })), weight: 1 },
  );
}

const acceptHeader = fc.constantFrom(undefined, 'text/html', 'text/event-stream', 'application/json', 'application/json, text/event-stream', '*/*');
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 10 },
  { arbitrary: fc.constantFrom(undefined, 'text/plain', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded'), weight: 1 },
);
const protocolHeader = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  { arbitrary: fc.constantFrom(...servedVersions), weight: 3 },
  { arbitrary: fc.constantFrom('1999-01-01', '', '5'), weight: 1 },
);
const a2aVersion = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  { arbitrary: fc.constantFrom('0.3', '1.0'), weight: 3 },
  { arbitrary: fc.constantFrom('2.0', '', '0.3.0'), weight: 1 },
);

function headersOf(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const mcpBody = bodyOf(mcpMethods);
const a2aBody = bodyOf(a2aMethods);

const agentCase: fc.Arbitrary<FuzzCase> = fc
  .constantFrom(...agentDoors)
  .chain((door) => fc.record({
    door: fc.constant(door),
    body: door === '/a2a' ? a2aBody : mcpBody,
    accept: acceptHeader,
    contentType,
    protocol: protocolHeader,
    a2aVersion,
    modern: fc.nat(4).map((n) => n === 0),
    mcpMethod: fc.oneof({ arbitrary: fc.constant(undefined), weight: 10 }, { arbitrary: fc.constantFrom('tools/list', 'ping', ''), weight: 1 }),
  }))
  .map(({ door, body: { text, first }, accept, contentType: type, protocol, a2aVersion: version, modern, mcpMethod }) => {
    let bodyText = text;
    let extra: Record<string, string> = {};
    if (modern && first && door !== '/a2a' && !text.startsWith('[')) {
      // The 2026-07-28 shape: the envelope claim in _meta, with the version and method headers.
      const claimed = { ...first, params: { ...(typeof first.params === 'object' && first.params !== null && !Array.isArray(first.params) ? first.params : {}), _meta: envelopeMeta } };
      bodyText = jsonText(claimed);
      extra = modernHeaders(first);
    }
    return withDescription({
      door,
      method: 'POST',
      target: door,
      body: bodyText,
      headers: headersOf({
        'content-type': type,
        accept,
        'mcp-protocol-version': door === '/a2a' ? undefined : protocol,
        'mcp-method': door === '/a2a' ? undefined : mcpMethod,
        'a2a-version': door === '/a2a' ? version : undefined,
        ...extra,
      }),
    });
  });

// ------------------------------------------------------------------ /ask and /v1

const queryText = fc.oneof(
  fc.constantFrom('dock', 'how do I install the hacker desktop', 'latest pounce release', ''),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  oddStrings,
  fc.integer({ min: 400, max: 700 }).map((length) => 'dock '.repeat(length).slice(0, length)),
);
const queryFlag = fc.oneof(
  { arbitrary: fc.constantFrom(undefined, 'true', 'false'), weight: 6 },
  { arbitrary: fc.constantFrom('1', 'yes', '', 'TRUE', 'maybe'), weight: 1 },
);

const askGetCase: fc.Arbitrary<FuzzCase> = fc
  .record({
    q: fc.oneof({ arbitrary: queryText, weight: 5 }, { arbitrary: fc.constant(undefined), weight: 1 }),
    again: fc.option(queryText, { nil: undefined, freq: 6 }),
    streaming: queryFlag,
    sandbox: fc.constantFrom(undefined, 'true', '1', 'no', 'yes'),
    accept: acceptHeader,
  })
  .map(({ q, again, streaming, sandbox, accept }) => {
    const query = new URLSearchParams();
    if (q !== undefined) query.append('q', q);
    if (again !== undefined) query.append('q', again);
    if (streaming !== undefined) query.append('streaming', streaming);
    if (sandbox !== undefined) query.append('sandbox', sandbox);
    return withDescription({ door: '/ask', method: 'GET', target: `/ask?${query}`, headers: headersOf({ accept }) });
  });

const askPostCase: fc.Arbitrary<FuzzCase> = fc
  .record({
    body: fc.oneof(
      {
        arbitrary: fc.record(
          {
            query: fc.oneof(queryText, fc.record({ text: field(queryText) }, { requiredKeys: [] }), hostile),
            prefer: fc.oneof(fc.record({ streaming: field(fc.boolean()) }, { requiredKeys: [] }), hostile),
            sandbox: field(fc.constant(true)),
          },
          { requiredKeys: [] },
        ),
        weight: 5,
      },
      { arbitrary: hostile, weight: 2 },
    ),
    broken: fc.nat(12).map((n) => n === 0),
    accept: acceptHeader,
    contentType,
  })
  .map(({ body: value, broken, accept, contentType: type }) =>
    withDescription({
      door: '/ask',
      method: 'POST',
      target: '/ask',
      body: broken ? '{"query": "dock"' : jsonText(value),
      headers: headersOf({ 'content-type': type, accept }),
    }),
  );

const operation = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      { kind: 'search', q: 'dock' },
      { kind: 'search', q: 'dock', limit: 2, cursor: 'nope' },
      { kind: 'release', app: 'pounce' },
      { kind: 'release', app: 'safari' },
      { kind: 'install', desktop: 'hacker' },
      { kind: 'install' },
    ),
    weight: 4,
  },
  {
    arbitrary: fc.record(
      {
        kind: field(fc.constantFrom('search', 'release', 'install', 'Search', 'delete')),
        q: field(queryText),
        limit: field(fc.integer({ min: -1, max: 60 })),
        cursor: field(fc.string({ maxLength: 12 })),
        app: field(fc.constantFrom('pounce', 'perch', 'safari')),
        desktop: field(fc.constantFrom('hacker', 'layer', 'nope')),
      },
      { requiredKeys: [] },
    ),
    weight: 3,
  },
  { arbitrary: hostile, weight: 1 },
);

const batchCase: fc.Arbitrary<FuzzCase> = fc
  .record({
    door: fc.oneof({ arbitrary: fc.constant('/v1/batch' as const), weight: 4 }, { arbitrary: fc.constant('/v1/jobs' as const), weight: 1 }),
    body: fc.oneof(
      {
        arbitrary: fc.record(
          {
            operations: fc.oneof(
              { arbitrary: fc.array(operation, { maxLength: 4 }), weight: 8 },
              { arbitrary: fc.array(operation, { minLength: 19, maxLength: 22 }), weight: 1 },
              { arbitrary: hostile, weight: 1 },
            ),
            sandbox: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: hostile, weight: 1 }),
          },
          { requiredKeys: [] },
        ),
        weight: 5,
      },
      { arbitrary: hostile, weight: 1 },
    ),
    idempotencyKey: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 6 },
      { arbitrary: fc.constantFrom('', 'a b', 'x'.repeat(201), 'fuzz.key-1', 'fuzz_key_2'), weight: 1 },
    ),
    contentType,
  })
  .map(({ door, body: value, idempotencyKey, contentType: type }) =>
    withDescription({
      door,
      method: 'POST',
      target: door,
      body: jsonText(value),
      headers: headersOf({ 'content-type': type, 'idempotency-key': idempotencyKey }),
    }),
  );

/** POST /api/feedback: JSON or form-encoded, near-misses of each field, other types and hostile bodies. */
const feedbackFields = fc.record(
  {
    page: fc.oneof(
      { arbitrary: fc.constantFrom('/docs', '/docs/install', '/docs/rooms/appearance'), weight: 4 },
      { arbitrary: fc.constantFrom('/docs/no/such', '/docs/', 'docs/install', '/v1/search', '/docs/install?x=1', '/docs/%00', ''), weight: 1 },
      { arbitrary: hostile, weight: 1 },
    ),
    helpful: fc.oneof({ arbitrary: fc.boolean(), weight: 4 }, { arbitrary: fc.constantFrom('true', 'yes', 1, null), weight: 1 }, { arbitrary: hostile, weight: 1 }),
    comment: fc.oneof(
      { arbitrary: fc.string({ maxLength: 80 }), weight: 4 },
      { arbitrary: fc.constantFrom('x'.repeat(500), 'y'.repeat(501), 'mail a@b.co', '\u0000\n\t'), weight: 1 },
      { arbitrary: hostile, weight: 1 },
    ),
  },
  { requiredKeys: [] },
);

const feedbackCase: fc.Arbitrary<FuzzCase> = fc
  .record({
    fields: fc.oneof({ arbitrary: feedbackFields, weight: 6 }, { arbitrary: hostile, weight: 1 }),
    form: fc.boolean(),
    type: fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary: fc.constantFrom('text/plain', 'multipart/form-data; boundary=x', 'application/xml', ''), weight: 1 }),
  })
  .map(({ fields, form, type }) => {
    const isRecord = typeof fields === 'object' && fields !== null && !Array.isArray(fields);
    const body = form && isRecord ? new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString() : jsonText(fields);
    const contentType = type ?? (form && isRecord ? 'application/x-www-form-urlencoded' : 'application/json');
    return withDescription({ door: '/api/feedback', method: 'POST', target: '/api/feedback', body, headers: headersOf({ 'content-type': contentType }) });
  });

/** Every case, agent doors most often. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { arbitrary: agentCase, weight: 6 },
  { arbitrary: askGetCase, weight: 1 },
  { arbitrary: askPostCase, weight: 1 },
  { arbitrary: batchCase, weight: 1 },
  { arbitrary: feedbackCase, weight: 1 },
);

// ------------------------------------------------------------------ the rules

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message a client should never read: a stack frame, a file of the server, a validator's issue dump. */
function leaksInternals(message: string): boolean {
  return /\bat (?:\S+ )?\(?\S+:\d+:\d+\)?|node_modules|\.next\/|"(?:expected|code|path|received)"\s*:|\b(?:Range|Type|Reference|Syntax)Error\b|is not a function|Cannot read propert|undefined is not|call stack/.test(message);
}

function jsonRpcViolations(answer: unknown): string[] {
  const messages = Array.isArray(answer) ? answer : [answer];
  if (Array.isArray(answer) && answer.length === 0) return ['an empty array'];
  const found: string[] = [];
  for (const message of messages) {
    if (!isObject(message) || message.jsonrpc !== '2.0') {
      found.push(`not a JSON-RPC 2.0 response: ${shorten(JSON.stringify(message), 200)}`);
      continue;
    }
    const id = message.id;
    if (!(id === null || typeof id === 'string' || typeof id === 'number')) found.push(`id of type ${typeof id}`);
    const hasResult = 'result' in message;
    const error = message.error;
    if (hasResult === (error !== undefined)) {
      found.push('neither or both of result and error');
      continue;
    }
    if (error === undefined) continue;
    if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
      found.push(`malformed error object: ${shorten(JSON.stringify(error), 200)}`);
      continue;
    }
    if (error.code === -32603) found.push(`-32603: ${shorten(error.message as string, 200)}`);
    if (leaksInternals(error.message as string)) found.push(`internals in the message: ${shorten(error.message as string, 200)}`);
    if (error.data !== undefined && leaksInternals(JSON.stringify(error.data))) found.push(`internals in the data: ${shorten(JSON.stringify(error.data), 200)}`);
  }
  return found;
}

function problemOf(result: HttpResult): Json | undefined {
  if (!/^application\/problem\+json/.test(result.headers['content-type'] ?? '')) return undefined;
  try {
    const problem = result.json();
    return isObject(problem) ? problem : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with an answer; empty when it keeps every rule. */
export function violations(c: FuzzCase, result: HttpResult): string[] {
  const found: string[] = [];
  if (result.status >= 500) found.push(`status ${result.status}`);
  const problem = problemOf(result);
  if (problem?.code === 'internal_error') found.push(`internal_error: ${shorten(String(problem.detail), 200)}`);

  if (c.door === '/ask' || c.door === '/v1/batch' || c.door === '/v1/jobs' || c.door === '/api/feedback') {
    if (result.status >= 400) {
      if (!problem) found.push(`a ${result.status} that is not a problem document: ${shorten(result.body, 200)}`);
      else if (problem.status !== result.status || typeof problem.code !== 'string') found.push(`a malformed problem: ${shorten(result.body, 200)}`);
    }
    if (c.door === '/v1/batch' && result.status === 200) {
      const answer = result.json<{ results?: Array<{ ok: boolean; problem?: { code?: string } }> }>();
      for (const entry of answer.results ?? []) {
        if (entry.ok === false && entry.problem?.code === 'internal_error') found.push('an entry failed with internal_error');
      }
    }
    return found;
  }

  // An agent door.
  if (result.status === 202) {
    if (result.body !== '') found.push(`202 with a body: ${shorten(result.body, 200)}`);
    return found;
  }
  if ((result.status === 405 || result.status === 429) && problem) {
    const expected = result.status === 405 ? 'method_not_allowed' : 'rate_limited';
    if (problem.code !== expected) found.push(`${result.status} with code ${String(problem.code)}`);
    return found;
  }
  if (!/^application\/json/.test(result.headers['content-type'] ?? '')) {
    found.push(`content type ${result.headers['content-type'] ?? '(none)'}: ${shorten(result.body, 200)}`);
    return found;
  }
  let answer: unknown;
  try {
    answer = result.json();
  } catch {
    return [...found, `not JSON: ${shorten(result.body, 200)}`];
  }
  return [...found, ...jsonRpcViolations(answer)];
}
