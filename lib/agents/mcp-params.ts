import { specTypeSchemas, type StandardSchemaV1Sync } from '@modelcontextprotocol/server';
import { describeParamsIssues, paramsShapeProblem } from './json-rpc-params';

/**
 * The params of MCP requests, checked with the SDK's own schemas of the
 * MCP specification's types (`specTypeSchemas`, the schemas its dispatch validates
 * with), so this module and the SDK agree on what is valid; only the
 * answer differs. The SDK answers a request whose params fail its schema
 * with -32603 and the validator's issue list as the message (and
 * `tools/call` with -32602 and the same list); MCP ("Error Handling") and
 * JSON-RPC 2.0 §5.1 make it -32602 "Invalid params", and the transport
 * (lib/agents/mcp-transport.ts) rewrites those answers with the sentence
 * made here.
 */

type RequestSchema = StandardSchemaV1Sync<unknown, unknown>;

/** Every request method of the MCP specification a server of the site could answer, with its request schema. */
const requestSchemas: Readonly<Record<string, RequestSchema>> = {
  initialize: specTypeSchemas.InitializeRequest,
  ping: specTypeSchemas.PingRequest,
  'server/discover': specTypeSchemas.DiscoverRequest,
  'tools/list': specTypeSchemas.ListToolsRequest,
  'tools/call': specTypeSchemas.CallToolRequest,
  'resources/list': specTypeSchemas.ListResourcesRequest,
  'resources/templates/list': specTypeSchemas.ListResourceTemplatesRequest,
  'resources/read': specTypeSchemas.ReadResourceRequest,
  'resources/subscribe': specTypeSchemas.SubscribeRequest,
  'resources/unsubscribe': specTypeSchemas.UnsubscribeRequest,
  'prompts/list': specTypeSchemas.ListPromptsRequest,
  'prompts/get': specTypeSchemas.GetPromptRequest,
  'completion/complete': specTypeSchemas.CompleteRequest,
  'logging/setLevel': specTypeSchemas.SetLevelRequest,
};

/**
 * What every request's and notification's params must be before the SDK
 * reads the message: an object of at most `maxParamsDepth` levels, whose
 * `_meta` (if any) is an object with a string or integer `progressToken`
 * (the SDK's `Request` and `Notification` types). The SDK would refuse
 * the whole body as an invalid request (-32600) or, for a value nested
 * deep enough, answer -32700 with the stack overflow's text.
 */
export function mcpParamsEnvelopeProblem(method: string, params: unknown, isRequest: boolean): string | undefined {
  const shape = paramsShapeProblem(method, params);
  if (shape) return shape;
  const checked = (isRequest ? specTypeSchemas.Request : specTypeSchemas.Notification)['~standard'].validate({ method, params });
  return checked.issues ? describeParamsIssues(method, checked.issues) : undefined;
}

/**
 * What is wrong with the params of a request of `method`, by the SDK's
 * schema of that request; undefined when they are valid or the method is
 * not one of the MCP specification's. Without params, the members the method needs are
 * named rather than `params` alone.
 */
export function mcpParamsProblem(method: string, params: unknown): string | undefined {
  // Own members only: a method named `constructor` or `__proto__` is not a key of the table.
  const schema = Object.hasOwn(requestSchemas, method) ? requestSchemas[method] : undefined;
  if (!schema) return undefined;
  const shape = mcpParamsEnvelopeProblem(method, params, true);
  if (shape) return shape;
  const checked = schema['~standard'].validate({ method, params });
  if (!checked.issues) return undefined;
  if (params === undefined) {
    const members = schema['~standard'].validate({ method, params: {} });
    if (members.issues) return describeParamsIssues(method, members.issues);
  }
  return describeParamsIssues(method, checked.issues);
}
