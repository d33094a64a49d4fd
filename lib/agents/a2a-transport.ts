import { A2A_VERSION_HEADER, Extensions } from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import { isLegacyJsonRpcMethod, isV1JsonRpcMethod } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
  defaultServerCallContextBuilder,
  validateVersion,
} from '@a2a-js/sdk/server';
import { unexpectedFailure } from '@/lib/core/core-error';
import { readCappedText } from '@/lib/http/read-body';
import type { RouteHandler } from '@/lib/http/route-handler';
import { inSpan, SpanKind } from '@/lib/platform/telemetry';
import { coreAgentCard, createA2aExecutor, interpretMessage } from './a2a';
import { a2aParamsProblem } from './a2a-params';
import { jsonRpcError, jsonRpcErrorCodes, maxA2aBodyBytes } from './json-rpc';
import type { McpTransportDeps } from './mcp-transport';

/**
 * POST /a2a: A2A's JSON-RPC 2.0 binding, by the SDK (@a2a-js/sdk): its
 * `JsonRpcTransportHandler` answers A2A 1.0 (`SendMessage`, …) and its
 * `LegacyJsonRpcTransportHandler` A2A 0.3 (`message/send`, …), both over one
 * `DefaultRequestHandler` and the agent of lib/agents/a2a.ts. This wrapper
 * does what the SDK leaves to the web framework (its Express router): read
 * and parse the body (-32700, -32600), pick the version, check it against
 * the card, and write the answer. A body that is not one JSON-RPC request
 * (-32700, -32600) is a 400, as on the MCP transports (/docs/agents/a2a, "Errors"); the
 * errors of a request that was read (-32601, -32602, task and version
 * errors) come with HTTP 200, as the SDK's Express router answers them; a
 * failure of the service is a 500 and a body over the cap a 413. Every
 * answer names its version in `A2A-Version`. Params are checked before the
 * SDK reads them (lib/agents/a2a-params.ts): a member of the wrong type is
 * -32602 naming it, in the error shape of the version answering, never
 * the SDK's -32603 with an exception's text.
 *
 * The version: a 0.3 method name is answered by the 0.3 handler and a 1.0
 * name by the 1.0 handler, so `message/send` and `SendMessage` both work
 * without headers; `A2A-Version` (checked against the card's interfaces)
 * decides for a name both versions share or neither knows.
 */
/** The same edges as the MCP transport's: one object serves both (lib/endpoints/handlers/agents-handlers.ts). */
export type A2aTransportDeps = McpTransportDeps;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });


/**
 * The SDK turns an executor's exception into a failed task; a message that
 * names no skill of this agent is the client's mistake, so it is refused
 * first, as RequestMalformedError (JSON-RPC -32602).
 */
class CheckedRequestHandler extends DefaultRequestHandler {
  override async sendMessage(...args: Parameters<DefaultRequestHandler['sendMessage']>) {
    interpretMessage(args[0].message ?? { parts: [] });
    return super.sendMessage(...args);
  }
}

/** The ids lib/agents/a2a-schemas.ts documents (jsonRpcIdSchema), checked without zod on this path. */
const isJsonRpcId = (id: unknown) => id === undefined || id === null || typeof id === 'string' || typeof id === 'number';

export function createA2aTransport(deps: A2aTransportDeps): RouteHandler {
  let built: { origin: string; v1: JsonRpcTransportHandler; legacy: LegacyJsonRpcTransportHandler; card: ReturnType<typeof coreAgentCard> } | undefined;
  const handlers = () => {
    const origin = deps.origin();
    if (!built || built.origin !== origin) {
      const card = coreAgentCard(origin);
      // No task is ever stored: every skill answers with a message at once.
      const requestHandler = new CheckedRequestHandler(card, new InMemoryTaskStore(), createA2aExecutor(deps.context));
      built = { origin, card, v1: new JsonRpcTransportHandler(requestHandler), legacy: new LegacyJsonRpcTransportHandler(requestHandler) };
    }
    return built;
  };

  return async (request) => {
    const header = request.headers.get(A2A_VERSION_HEADER) ?? undefined;
    // The version this answer speaks: the method's, or the one asked for, or 1.0.
    let version = header === '0.3' ? '0.3' : '1.0';
    const answer = (body: unknown, status = 200) => json(body, status, { [A2A_VERSION_HEADER]: version });

    const text = await readCappedText(request.body, maxA2aBodyBytes);
    if (text === undefined) {
      return answer(jsonRpcError(jsonRpcErrorCodes.invalidRequest, `The body is larger than ${maxA2aBodyBytes} bytes.`), 413);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return answer(jsonRpcError(jsonRpcErrorCodes.parseError, 'The body is not valid JSON.'), 400);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return answer(jsonRpcError(jsonRpcErrorCodes.invalidRequest, 'The body must be one JSON-RPC 2.0 request object (A2A has no batches).'), 400);
    }
    const { jsonrpc, method, id } = body as { jsonrpc?: unknown; method?: unknown; id?: unknown };
    const answerId = typeof id === 'string' || typeof id === 'number' ? id : null;
    if (jsonrpc !== '2.0' || typeof method !== 'string' || !isJsonRpcId(id)) {
      return answer(jsonRpcError(jsonRpcErrorCodes.invalidRequest, 'The body is not a JSON-RPC 2.0 request: `jsonrpc` "2.0", a string `method`, an `id`.', answerId), 400);
    }
    // The SDK checks params before the method name; an unknown method is -32601 whatever its params.
    if (!isLegacyJsonRpcMethod(method) && !isV1JsonRpcMethod(method)) {
      return answer(jsonRpcError(jsonRpcErrorCodes.methodNotFound, `No method "${method}". Send a message with SendMessage (A2A 1.0) or message/send (0.3).`, answerId));
    }
    const legacy = isLegacyJsonRpcMethod(method) || (!isV1JsonRpcMethod(method) && header === '0.3');
    version = legacy ? '0.3' : '1.0';
    const { card, v1, legacy: legacyHandler } = handlers();
    try {
      validateVersion(header ?? version, card, 'JSONRPC');
    } catch (error) {
      return answer({ jsonrpc: '2.0', id: answerId, error: JsonRpcTransportHandler.mapToJSONRPCError(error) });
    }
    const problem = a2aParamsProblem(method, (body as { params?: unknown }).params);
    if (problem) {
      const malformed = new RequestMalformedError(problem);
      const error = legacy ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(malformed) : JsonRpcTransportHandler.mapToJSONRPCError(malformed);
      return answer({ jsonrpc: '2.0', id: answerId, error });
    }
    const context = defaultServerCallContextBuilder({
      extensions: Extensions.parseServiceParameter(request.headers.get('a2a-extensions') ?? undefined),
      user: new UnauthenticatedUser(),
      headers: Object.fromEntries(request.headers),
      requestedVersion: header ?? version,
    });
    try {
      // The request's span (/docs/operate/telemetry): named `{method} {skill}` once the executor routed it.
      const attributes = { 'rpc.system': 'jsonrpc', 'rpc.method': method, 'jsonrpc.request.id': String(id) };
      const result = await inSpan(method, { kind: SpanKind.SERVER, attributes }, () => (legacy ? legacyHandler : v1).handle(body as Record<string, unknown>, context));
      if (typeof (result as AsyncGenerator | undefined)?.[Symbol.asyncIterator] === 'function') {
        // Streaming methods: the card says `streaming: false`; nothing is streamed.
        await (result as AsyncGenerator).return?.(undefined);
        return answer(jsonRpcError(-32004, 'Streaming is not supported: send the message with SendMessage (1.0) or message/send (0.3).', answerId));
      }
      return answer(result);
    } catch (error) {
      const failure = unexpectedFailure(error, deps.log, { event: 'A2A request failed', subject: 'The request' });
      return answer(jsonRpcError(jsonRpcErrorCodes.internalError, failure.detail, answerId), 500);
    }
  };
}
