import { z } from 'zod';
import {
  jsonRpcErrorResponseSchema,
  maxA2aBodyBytes,
  maxBatchMessages,
  maxMcpBodyBytes,
  mcpRequestBodySchema,
  mcpResponseBodySchema,
} from '@/lib/agents/json-rpc';
import { flatMcpManifestSchema, mcpManifestSchema, serverCardSchema } from '@/lib/agents/mcp-document-schemas';
import { a2aRequestSchema, a2aResponseSchema, agentCardSchema } from '@/lib/agents/a2a-schemas';
import { a2aVersions } from '@/lib/agents/a2a-skills';
import { a2a, mcp } from '@/lib/routes';
import { documentCache } from '../document-responder';
import { preflightMaxAgeSeconds, preflightRequestHeaders, type EndpointDescription, type HeaderSpec, type ResponseSpec } from '../endpoint';
import { documentDescription, requiredHeader } from './shared';

/**
 * The agent rows (/docs/agents): the three MCP transports
 * (POST, and OPTIONS for the open preflight), A2A, and the discovery
 * documents of both. All are `cors: 'open'` in the routing contract
 * (/docs/agents, "Discovery documents"), so the route layer puts the CORS headers on
 * every answer, its 405 and 429 included. /openapi.json describes the
 * transports' JSON-RPC bodies with the schemas of lib/agents/json-rpc.ts.
 */

const mcpRequestHeaders: Record<string, HeaderSpec> = {
  'mcp-protocol-version': {
    description:
      'The protocol revision the request speaks. 2025 era: optional (`initialize` negotiates the version; another served revision may be named on later requests; an unknown one is a 400). 2026-07-28: required, and equal to the `_meta` envelope\'s.',
    schema: z.string(),
  },
  'mcp-method': { description: '2026-07-28 (SEP-2243): required, the JSON-RPC `method` of the body', schema: z.string() },
  'mcp-name': { description: '2026-07-28 (SEP-2243): required on `tools/call`, the `params.name` of the body', schema: z.string() },
  'last-event-id': { description: 'Accepted and ignored: nothing is streamed, so there is nothing to resume', schema: z.string() },
};

const versionHeader: Record<string, HeaderSpec> = {
  'mcp-protocol-version': {
    description: 'The protocol revision answered: the one `initialize` negotiated, the one the 2026-07-28 envelope names, or the request header\'s; 2025-03-26 when the request names none',
    schema: z.string(),
    required: true,
  },
};

const jsonRpc = (description: string, schema: z.ZodType): ResponseSpec => ({
  description,
  representation: 'json-rpc',
  schema,
  headers: versionHeader,
});

const transportResponses: Record<number, ResponseSpec> = {
  200: jsonRpc(
    'The JSON-RPC response (a tool failure is a result with `isError` set and `structuredContent` `{ error: { code, message } }`); for a batch, the array of responses to its requests',
    mcpResponseBodySchema,
  ),
  202: {
    description: 'The body held only notifications (or responses): accepted, no body',
    representation: 'none',
    headers: versionHeader,
  },
  400: jsonRpc(
    `JSON-RPC error, \`id\` null: -32700 the body is not JSON; -32600 JSON that is not JSON-RPC 2.0, an empty batch, or more than ${maxBatchMessages} messages; -32000 an unsupported \`mcp-protocol-version\` (2025 era); 2026-07-28: -32602 a malformed \`_meta\` envelope, -32020 headers that do not match the body, -32022 an unsupported revision`,
    jsonRpcErrorResponseSchema,
  ),
  403: jsonRpc(
    'JSON-RPC error -32000: on a deployment whose public origin is loopback (a development server), a request addressed to another host (DNS-rebinding protection)',
    jsonRpcErrorResponseSchema,
  ),
  404: jsonRpc('2026-07-28: JSON-RPC error -32601, no such method (the 2025-era methods `initialize` and `ping` included)', jsonRpcErrorResponseSchema),
  413: jsonRpc(`JSON-RPC error -32600: the body is larger than ${maxMcpBodyBytes} bytes (1 MiB)`, jsonRpcErrorResponseSchema),
  415: jsonRpc('JSON-RPC error -32000: `Content-Type` is not `application/json`', jsonRpcErrorResponseSchema),
  500: jsonRpc('JSON-RPC error -32603: the service failed unexpectedly (the log has the cause)', jsonRpcErrorResponseSchema),
};

function transport(served: string): EndpointDescription {
  return {
    tag: 'Agents',
    summary: `MCP transport: ${served}`,
    description:
      'JSON-RPC 2.0 over MCP Streamable HTTP, POST only and stateless (no session ids), answered as JSON in both protocol eras: 2026-07-28 (`server/discover`, the protocol version and client capabilities in each request\'s `_meta`, no `initialize`) and the 2025 revisions (`initialize` negotiates `protocolVersion`; batch arrays of up to 20 messages). A body of only notifications is answered 202 with no body. Tool failures are tool results (`isError`), never JSON-RPC errors. GET and every other method: 405.',
    headers: mcpRequestHeaders,
    body: {
      schema: mcpRequestBodySchema,
      description: `One JSON-RPC 2.0 message, or a batch of 1–${maxBatchMessages} (2025 era)`,
      maxBytes: maxMcpBodyBytes,
    },
    responses: transportResponses,
    errors: ['rate_limited'],
  };
}

/**
 * The preflight of a transport row. The route layer answers it (open CORS,
 * lib/endpoints/route-exports.ts) with `preflightRequestHeaders`, so the
 * documented list is the one answered.
 * Not counted against the rate limit.
 */
function preflight(path: string, transportDescription: EndpointDescription): EndpointDescription {
  const requestHeaders = preflightRequestHeaders([transportDescription]);
  return {
    tag: 'Agents',
    summary: `CORS preflight of ${path}`,
    description: 'Open preflight (spec "Authentication" 2): any origin, POST, and the request headers of the path. Not counted against the rate limit.',
    responses: {
      204: {
        description: 'No body',
        representation: 'none',
        headers: {
          Allow: requiredHeader('`POST, OPTIONS`'),
          'Access-Control-Allow-Methods': requiredHeader('`POST, OPTIONS`'),
          'Access-Control-Allow-Headers': requiredHeader(`\`${requestHeaders.join(', ')}\``),
          'Access-Control-Max-Age': { description: `Seconds a browser may keep the preflight (${preflightMaxAgeSeconds})`, schema: z.number().int(), required: true },
        },
      },
    },
    errors: [],
  };
}

/** A discovery document: served by the one document responder (ETag, 304, Cache-Control), open CORS, a JSON read. */
function document(summary: string, description: string, schema: z.ZodType): EndpointDescription {
  return documentDescription({
    tag: 'Agents',
    summary,
    description,
    response: { representation: 'json', schema },
    cacheControl: documentCache.deployed,
    errors: ['rate_limited'],
  });
}

const cardDescription =
  'The server card of `svc`, generated from the tool table /mcp serves: name, title and version of serverInfo, the transports (`remotes`) with the protocol revisions served, the capabilities, and every tool with its input and output schemas and annotations.';

// --- A2A ---------------------------------------------------------------------

const a2aVersionHeader: Record<string, HeaderSpec> = {
  'A2A-Version': {
    description: 'The A2A version answered: `0.3` for a 0.3 method, else `1.0` (for a body that could not be read, the `A2A-Version` asked for when it is `0.3`)',
    schema: z.enum(a2aVersions),
    required: true,
  },
};
const a2aAnswer = (description: string, schema: z.ZodType): ResponseSpec => ({ description, representation: 'json-rpc', schema, headers: a2aVersionHeader });
const a2aTransportDescription: EndpointDescription = {
  tag: 'Agents',
  summary: 'A2A agent: SendMessage (1.0) and message/send (0.3)',
  description: [
    'A2A\'s JSON-RPC 2.0 binding, answered by @a2a-js/sdk: `SendMessage` (A2A 1.0) and `message/send` (0.3), the version chosen by the method name (or the `A2A-Version` header for a name both share).',
    'The message names a skill of the agent card in a data part, `{ "skill": "latest-release", "arguments": { "app": "pounce" } }` (the arguments of the skill\'s MCP tool), or asks in plain text, routed by intent: a release question naming `pounce` or `perch` is `latest-release`, an install request `install-command` (with a desktop when one is named), anything else `search-docs`.',
    'The answer is a message (never a task) with a data part, the object the MCP tool answers (or `{ error: { code, message } }` with the REST code when the tool fails), and a text part holding the same JSON; `metadata.skill` names the skill that answered.',
    'A body that is not one JSON-RPC request is a 400, as on the MCP transports: -32700 not JSON, -32600 not a JSON-RPC 2.0 request (A2A has no batches). The errors of a request that was read come with HTTP 200, as the SDK\'s router answers them: -32601 unknown method, -32602 bad params (no message, a data part naming no skill), -32001 task not found (no task is ever stored), -32004 streaming and push notifications (the card says `streaming: false`), -32009 an A2A-Version the card does not list. GET and every other method: 405.',
  ].join(' '),
  headers: {
    'A2A-Version': { description: 'Optional: `1.0` or `0.3`; must be one of the card\'s interfaces', schema: z.string() },
  },
  body: { schema: a2aRequestSchema, description: 'One JSON-RPC 2.0 request', maxBytes: maxA2aBodyBytes },
  responses: {
    200: a2aAnswer('The JSON-RPC response: the agent\'s message, or a JSON-RPC error of a request that was read', a2aResponseSchema),
    400: a2aAnswer('JSON-RPC error, `id` null unless one could be read: -32700 the body is not JSON; -32600 JSON that is not one JSON-RPC 2.0 request', jsonRpcErrorResponseSchema),
    413: a2aAnswer(`JSON-RPC error -32600: the body is larger than ${maxA2aBodyBytes} bytes`, jsonRpcErrorResponseSchema),
    500: a2aAnswer('JSON-RPC error -32603: the service failed unexpectedly (the log has the cause)', jsonRpcErrorResponseSchema),
  },
  errors: ['rate_limited'],
};

const mcpTransportDescription = transport('every tool (serverInfo `svc`)');
const mcpDocsTransportDescription = transport('`search_docs` only (serverInfo `svc-docs`)');
const wellKnownMcpTransportDescription = transport('the same as /mcp (serverInfo `svc`)');

export const agentDescriptions = {
  mcpTransport: mcpTransportDescription,
  mcpPreflight: preflight(mcp.transport, mcpTransportDescription),
  mcpDocsTransport: mcpDocsTransportDescription,
  mcpDocsPreflight: preflight(mcp.docsTransport, mcpDocsTransportDescription),
  wellKnownMcpTransport: wellKnownMcpTransportDescription,
  wellKnownMcpPreflight: preflight(mcp.wellKnownTransport, wellKnownMcpTransportDescription),
  mcpManifest: document(
    'MCP manifest of both transports',
    'Both transports in the Agent Plugins 1.0 MCP configuration shape: `mcpServers` maps `svc` (every tool, /mcp) and `svc-docs` (`search_docs`, /mcp/docs) to a `streamable-http` URL.',
    mcpManifestSchema,
  ),
  wellKnownMcpManifest: document(
    'MCP manifest, flat',
    'The flat twin of /mcp.json: the same map of servers (`svc`, `svc-docs`), without the wrapper. A document, not a transport.',
    flatMcpManifestSchema,
  ),
  mcpServerCard: document('MCP server card of svc', cardDescription, serverCardSchema),
  a2aTransport: a2aTransportDescription,
  a2aPreflight: preflight(a2a.transport, a2aTransportDescription),
  agentCard: document(
    'A2A agent card',
    'The A2A agent card of `svc`: per the spec its `url` is the MCP endpoint (so `preferredTransport` is `MCP`), and it names the JSON-RPC interface at /a2a for A2A 1.0 and 0.3 (`supportedInterfaces`, and 0.3\'s `additionalInterfaces`). Its three skills (`search-docs`, `install-command`, `latest-release`) are generated from the tool table: each tool\'s title and description, example requests, input and output modes. `documentationUrl` is the A2A docs page; `version` is the MCP server\'s. It names no `provider` (optional in A2A): no organisation is stated for the agent.',
    agentCardSchema,
  ),
  mcpServerCardAlias: document('MCP server card of svc (at the transport)', `${cardDescription} The same document as /.well-known/mcp/server-card.json.`, serverCardSchema),
} satisfies Record<string, EndpointDescription>;

