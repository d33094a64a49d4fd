import {
  createMcpHandler,
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  hostHeaderValidationResponse,
  isLegacyRequest,
  LATEST_PROTOCOL_VERSION,
  localhostAllowedHostnames,
  PROTOCOL_VERSION_META_KEY,
  readRequestBody,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { unexpectedFailure } from '@/lib/core/core-error';
import { withHeaders, type RouteHandler } from '@/lib/http/route-handler';
import type { DocsReader } from '@/lib/core/docs-reader';
import type { Log } from '@/lib/platform/log';
import { mcpSpan } from '@/lib/platform/telemetry';
import { jsonRpcError, jsonRpcErrorCodes, jsonRpcMessageSchema, maxBatchMessages, maxMcpBodyBytes, type JsonRpcErrorResponse } from './json-rpc';
import { mcpParamsEnvelopeProblem, mcpParamsProblem } from './mcp-params';
import { buildMcpServer, type McpServerSpec } from './mcp-server';
import type { ToolContext } from './tools';

/**
 * The MCP transport over HTTP (/docs/agents/mcp, "Errors" and "Protocol
 * revisions"): POST only, stateless, JSON answers in both
 * protocol eras.
 *
 * The SDK serves the protocol. `createMcpHandler` (legacy: 'reject',
 * responseMode: 'json') answers 2026-07-28 requests: `server/discover`,
 * the per-request `_meta` envelope, the SEP-2243 header checks. 2025-era
 * requests (`initialize` negotiation, batch arrays) are routed with the
 * SDK's own predicate, `isLegacyRequest`, to a stateless streamable HTTP
 * transport with `enableJsonResponse`: the handler's built-in legacy path
 * would answer them as SSE (the pattern the SDK documents on
 * `isLegacyRequest`). Both legs build their server from the same factory
 * (lib/agents/mcp-server.ts).
 *
 * This wrapper adds only what /docs/agents/mcp promises and the SDK does not do:
 * - the body is read once, capped at 1 MiB, and checked: not JSON → 400
 *   -32700; JSON that is not JSON-RPC, an empty batch or one of more than
 *   20 messages → 400 -32600; too large → 413 -32600 (never a 5xx);
 * - malformed params are invalid params (-32602, JSON-RPC 2.0 §5.1), never
 *   an internal error: params that are not an object, nest too deep or
 *   carry a malformed `_meta` are answered here, before the SDK reads the
 *   message (it would refuse the whole body, or overflow its stack); an
 *   SDK answer to params its schemas refuse (-32603, or -32602, with the
 *   validator's issue list as the message) is rewritten as -32602 with a
 *   sentence naming the members (lib/agents/mcp-params.ts). Both come
 *   with the status of the SDK's other answers to a request it read, 200;
 *   a notification cannot be answered, so one with malformed params makes
 *   its body a 400 (MCP 2025-11-25, Transports: input the server cannot
 *   accept);
 * - a batch is answered with an array even when one request in it has a
 *   response (`[notification, request]`), as JSON-RPC 2.0 §6 requires; the
 *   SDK answers that case with the bare response object;
 * - `mcp-protocol-version` on every answer, naming the version answered;
 * - JSON whatever `Accept` says: every answer is `application/json`, so a
 *   client that accepts only JSON is not refused (the SDK's 2025 leg wants
 *   both JSON and SSE in `Accept`);
 * - DNS-rebinding protection where the MCP spec requires it (2025-11-25
 *   "Transports", Security Warning): a deployment whose public origin is
 *   loopback (a development server) answers only requests addressed to a
 *   loopback host. A public deployment answers any host and origin
 *   (/docs/agents/mcp, "Protocol revisions": open CORS, no credentials).
 *
 * The route layer does the rest from the endpoint table (lib/endpoints): the 405
 * for every other method (GET too: there is nothing to stream), the open
 * CORS headers and preflight, and the rate limit.
 */

/** The 2026-07-28 revisions the SDK serves through `server/discover` (checked against it by the tests). */
export const modernProtocolVersions = ['2026-07-28'] as const;
/** Every revision a client can speak to these transports, newest first. */
export const servedProtocolVersions: readonly string[] = [...modernProtocolVersions, ...SUPPORTED_PROTOCOL_VERSIONS];

const protocolVersionHeader = 'mcp-protocol-version';

export interface McpTransportDeps {
  /** The core services the tools read, for this request. */
  context: () => ToolContext;
  /** The deployment's public origin: a loopback one turns on the host check, and the resources' URIs are on it. */
  origin: () => string;
  /** The documentation pages, read as MCP resources (lib/agents/mcp-resources.ts). */
  docs?: () => DocsReader;
  log?: Log;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The protocol version an answer speaks: the one `initialize` negotiates
 * (the client's, if served, else the latest 2025-era revision, as the SDK
 * negotiates), else the revision a 2026-07-28 envelope claims, else a
 * served `mcp-protocol-version` header, else 2025-03-26, which a server
 * assumes when a request names none (MCP 2025-06-18 "Protocol Version Header").
 */
export function answeredProtocolVersion(body: unknown, header: string | null): string {
  const messages = (Array.isArray(body) ? body : [body]).filter(isObject);
  const initialize = messages.find((message) => message.method === 'initialize');
  if (initialize) {
    const requested = isObject(initialize.params) ? initialize.params.protocolVersion : undefined;
    return typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
  }
  for (const message of messages) {
    const meta = isObject(message.params) && isObject(message.params._meta) ? message.params._meta : undefined;
    const claimed = meta?.[PROTOCOL_VERSION_META_KEY];
    if (typeof claimed === 'string') return (modernProtocolVersions as readonly string[]).includes(claimed) ? claimed : modernProtocolVersions[0];
  }
  const named = header?.trim();
  if (named && servedProtocolVersions.includes(named)) return named;
  return DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
}

/** Headers of every answer of an MCP path, the route layer's 405, 429 and preflight included. */
export function mcpAnswerHeaders(request: Request): Record<string, string> {
  return { [protocolVersionHeader]: answeredProtocolVersion(undefined, request.headers.get(protocolVersionHeader)) };
}

function jsonRpcErrorResponse(status: number, code: number, message: string): Response {
  return Response.json(jsonRpcError(code, message), { status });
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
function isLoopbackOrigin(origin: string): boolean {
  try {
    const { hostname } = new URL(origin);
    return loopbackHosts.has(hostname) || hostname.endsWith('.localhost');
  } catch {
    return false;
  }
}

type ParsedBody = { ok: true; body: unknown } | { ok: false; response: Response };

/** A message with its params set aside: they are checked on their own (`checkParams`), as invalid params rather than an invalid request. */
const envelopeOf = (message: unknown) => (isObject(message) && 'params' in message ? { ...message, params: undefined } : message);

/** Reads, caps and checks the body (JSON-RPC 2.0 §4, §5.1, §6). */
async function readJsonRpcBody(request: Request): Promise<ParsedBody> {
  let text: string;
  try {
    const read = await readRequestBody(request, maxMcpBodyBytes);
    if (read.tooLarge) {
      const message = `Invalid Request: the body is larger than ${maxMcpBodyBytes} bytes (1 MiB).`;
      return { ok: false, response: jsonRpcErrorResponse(413, jsonRpcErrorCodes.invalidRequest, message) };
    }
    text = read.text;
  } catch {
    return { ok: false, response: jsonRpcErrorResponse(400, jsonRpcErrorCodes.parseError, 'Parse error: the body could not be read.') };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, response: jsonRpcErrorResponse(400, jsonRpcErrorCodes.parseError, 'Parse error: the body is not JSON.') };
  }
  const invalid = (why: string) => ({ ok: false as const, response: jsonRpcErrorResponse(400, jsonRpcErrorCodes.invalidRequest, `Invalid Request: ${why}`) });
  if (Array.isArray(body)) {
    if (body.length === 0) return invalid('the batch is empty.');
    if (body.length > maxBatchMessages) return invalid(`a batch takes at most ${maxBatchMessages} messages; this one has ${body.length}.`);
    const bad = body.findIndex((message) => !jsonRpcMessageSchema.safeParse(envelopeOf(message)).success);
    if (bad >= 0) return invalid(`message ${bad} of the batch is not a JSON-RPC 2.0 message.`);
  } else if (!jsonRpcMessageSchema.safeParse(envelopeOf(body)).success) {
    return invalid('the body is not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0" and a method, or a response).');
  }
  return { ok: true, body };
}

/** The request the SDK's 2025 leg sees: the same headers, with an `Accept` it takes (every answer here is JSON). */
function forLegacyLeg(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  return new Request(request.url, { method: 'POST', headers });
}

const isRequestId = (id: unknown): id is string | number => typeof id === 'string' || Number.isInteger(id);

interface CheckedParams {
  /** What the SDK is handed: the body without the requests answered here (undefined: none left). */
  forward?: unknown;
  /** The -32602 answers of requests whose params were refused here. */
  answers: JsonRpcErrorResponse[];
  /** A notification with malformed params: the body cannot be accepted (MCP 2025-11-25, Transports: an HTTP error status). */
  refusal?: Response;
}

/** The params of each message, checked before the SDK reads it (`mcpParamsEnvelopeProblem`). */
function checkParams(body: unknown): CheckedParams {
  const messages = Array.isArray(body) ? body : [body];
  const answers: JsonRpcErrorResponse[] = [];
  const forward: unknown[] = [];
  for (const message of messages) {
    if (!isObject(message) || typeof message.method !== 'string') {
      forward.push(message);
      continue;
    }
    const isRequest = isRequestId(message.id);
    const problem = mcpParamsEnvelopeProblem(message.method, message.params, isRequest);
    if (!problem) forward.push(message);
    else if (isRequest) answers.push(jsonRpcError(jsonRpcErrorCodes.invalidParams, problem, message.id as string | number));
    else return { answers, refusal: jsonRpcErrorResponse(400, jsonRpcErrorCodes.invalidParams, problem) };
  }
  if (forward.length === 0) return { answers };
  return { forward: Array.isArray(body) ? forward : forward[0], answers };
}

const isJsonAnswer = (response: Response) => response.status === 200 && /json/.test(response.headers.get('content-type') ?? '');

function jsonAnswer(response: Response, answer: unknown): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(answer), { status: 200, headers });
}

/**
 * JSON-RPC 2.0 §6: the answer to a batch is an array, even with one
 * response in it; the answers made here join the SDK's (§6: in any order).
 */
async function asBatchAnswer(response: Response, answers: JsonRpcErrorResponse[]): Promise<Response> {
  if (response.status === 202 && answers.length > 0) return jsonAnswer(response, answers);
  if (!isJsonAnswer(response)) return response;
  const answer = (await response.json()) as unknown;
  return jsonAnswer(response, [...(Array.isArray(answer) ? answer : [answer]), ...answers]);
}

/**
 * The SDK's answers to params its schemas refuse (-32603, or -32602 with
 * the issue list), rewritten as -32602 with a sentence naming the members
 * (lib/agents/mcp-params.ts). Other answers pass as they are.
 */
async function withPlainParamsErrors(response: Response, forwarded: unknown): Promise<Response> {
  if (!isJsonAnswer(response)) return response;
  const text = await response.clone().text();
  if (!/-3260[23]/.test(text)) return response;
  const requests = (Array.isArray(forwarded) ? forwarded : [forwarded]).filter(
    (message): message is JsonObject & { method: string } => isObject(message) && typeof message.method === 'string' && isRequestId(message.id),
  );
  const answer = JSON.parse(text) as unknown;
  let rewritten = false;
  const plain = (message: unknown) => {
    if (!isObject(message) || !isObject(message.error)) return message;
    const { code } = message.error;
    if (code !== jsonRpcErrorCodes.internalError && code !== jsonRpcErrorCodes.invalidParams) return message;
    for (const request of requests.filter((candidate) => candidate.id === message.id)) {
      const problem = mcpParamsProblem(request.method, request.params);
      if (problem) {
        rewritten = true;
        return { ...message, error: { code: jsonRpcErrorCodes.invalidParams, message: problem } };
      }
    }
    return message;
  };
  const plainAnswer = Array.isArray(answer) ? answer.map(plain) : plain(answer);
  return rewritten ? jsonAnswer(response, plainAnswer) : response;
}

/**
 * One JSON-RPC request's span, as OpenTelemetry's MCP conventions name it
 * (/docs/operate/telemetry): a batch of messages is left to the HTTP span.
 */
function traced(message: unknown, protocolVersion: string, dispatch: () => Promise<Response>): Promise<Response> {
  if (!isObject(message) || typeof message.method !== 'string') return dispatch();
  const params = isObject(message.params) ? message.params : {};
  const isToolCall = message.method === 'tools/call';
  const attributes = {
    method: message.method,
    protocolVersion,
    requestId: typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined,
    toolName: isToolCall && typeof params.name === 'string' ? params.name : undefined,
    resourceUri: message.method === 'resources/read' && typeof params.uri === 'string' ? params.uri : undefined,
    meta: isObject(params._meta) ? params._meta : undefined,
  };
  const toolFailed = async (answer: Response) => {
    if (!isToolCall || !answer.headers.get('content-type')?.includes('json')) return false;
    const reply: unknown = await answer.clone().json().catch(() => undefined);
    return isObject(reply) && isObject(reply.result) && reply.result.isError === true;
  };
  return mcpSpan(attributes, dispatch, toolFailed);
}

/** POST of one MCP path, serving `spec`'s tools. */
export function createMcpTransport(spec: McpServerSpec, deps: McpTransportDeps): RouteHandler {
  const factory = () => buildMcpServer(spec, deps.context(), deps.log, deps.origin(), deps.docs?.());
  let modern: McpHttpHandler | undefined;
  const modernLeg = () =>
    (modern ??= createMcpHandler(factory, { legacy: 'reject', responseMode: 'json', maxRequestBodySize: maxMcpBodyBytes }));

  async function legacyLeg(request: Request, body: unknown): Promise<Response> {
    const server = factory();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(forLegacyLeg(request), { parsedBody: body });
    } finally {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    }
  }

  return async (request) => {
    const version = (body: unknown) => ({
      [protocolVersionHeader]: answeredProtocolVersion(body, request.headers.get(protocolVersionHeader)),
      'Cache-Control': 'no-store',
    });
    try {
      // Every HTTP/1.1 request has a Host (RFC 9112 §3.2); one without is an in-process call (the docs build).
      if (isLoopbackOrigin(deps.origin()) && request.headers.has('host')) {
        const refused = hostHeaderValidationResponse(request, localhostAllowedHostnames());
        if (refused) return withHeaders(refused, version(undefined));
      }
      const parsed = await readJsonRpcBody(request);
      if (!parsed.ok) return withHeaders(parsed.response, version(undefined));
      const { body } = parsed;
      const { forward, answers, refusal } = checkParams(body);
      if (refusal) return withHeaders(refusal, version(body));
      if (forward === undefined) {
        // Every request was answered here.
        return withHeaders(Response.json(Array.isArray(body) ? answers : answers[0]), version(body));
      }
      const dispatch = async () =>
        (await isLegacyRequest(request, forward)) ? await legacyLeg(request, forward) : await modernLeg().fetch(request, { parsedBody: forward });
      const answer = await traced(forward, answeredProtocolVersion(body, request.headers.get(protocolVersionHeader)), dispatch);
      const plain = await withPlainParamsErrors(answer, forward);
      return withHeaders(Array.isArray(body) ? await asBatchAnswer(plain, answers) : plain, version(body));
    } catch (error) {
      // A bug, not a bad request: JSON-RPC's internal error, with the cause in the log only.
      const failure = unexpectedFailure(error, deps.log, { event: 'MCP transport failed', subject: 'The request' });
      return withHeaders(jsonRpcErrorResponse(500, jsonRpcErrorCodes.internalError, failure.detail), version(undefined));
    }
  };
}
