import { z } from 'zod';
import { maxBatchOperations } from '@/lib/core/schemas';

/**
 * JSON-RPC 2.0 (https://www.jsonrpc.org/specification) as the MCP
 * transports carry it: the message shapes, the error codes, and the limits
 * of a body. The transport (lib/agents/mcp-transport.ts) checks bodies
 * against these schemas, and /openapi.json describes the MCP rows with
 * them. MCP narrows JSON-RPC: request ids are strings or numbers, never
 * null, and params are objects.
 */

export const jsonRpcVersion = '2.0';

/** JSON-RPC 2.0 §5.1 codes, and the MCP implementation-defined server error. */
export const jsonRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** MCP's transports use it for HTTP-level refusals (unsupported media type, forbidden host). */
  serverError: -32000,
} as const;

/**
 * At most this many messages in one batch array (JSON-RPC §6; MCP
 * 2025-03-26 batching). The same cap as the operations of POST /v1/batch:
 * one agent request stays one small unit of work. The MCP SDK's own cap is 100.
 */
export const maxBatchMessages = maxBatchOperations;
/** An A2A message is a few kilobytes; a body larger than this is refused before parsing (POST /a2a). */
export const maxA2aBodyBytes = 64 * 1024;
/** The largest body the transport reads (1 MiB); a larger one is refused before it is parsed. */
export const maxMcpBodyBytes = 1024 * 1024;
/**
 * Params nesting deeper than this many arrays and objects are refused as
 * invalid params (-32602) on every agent door, before an SDK reads them: the
 * SDKs' validators and JSON mappings recurse, and a deep enough value (a few
 * thousand levels fit in 64 KiB) exhausts the stack. No method of either
 * protocol needs a tenth of it.
 */
export const maxParamsDepth = 64;

const requestId = z.union([z.string(), z.number().int()]).describe('Request id, echoed by its response; MCP forbids null');
const params = z.record(z.string(), z.unknown()).describe('Method parameters (an object in MCP)');

const jsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal(jsonRpcVersion),
    id: requestId,
    method: z.string().describe('e.g. `initialize`, `tools/list`, `tools/call`, `server/discover`'),
    params: params.optional(),
  })
  .meta({ id: 'JsonRpcRequest' });

const jsonRpcNotificationSchema = z
  .object({
    jsonrpc: z.literal(jsonRpcVersion),
    method: z.string().describe('e.g. `notifications/initialized`'),
    params: params.optional(),
  })
  .meta({ id: 'JsonRpcNotification' });

const jsonRpcResultResponseSchema = z
  .object({
    jsonrpc: z.literal(jsonRpcVersion),
    id: requestId,
    result: z.record(z.string(), z.unknown()).describe('The method result; for `tools/call`, a CallToolResult'),
  })
  .meta({ id: 'JsonRpcResultResponse' });

const jsonRpcErrorObjectSchema = z
  .object({
    code: z.number().int().describe('-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32000 transport refusal'),
    message: z.string(),
    data: z.unknown().optional(),
  })
  .meta({ id: 'JsonRpcError' });

export const jsonRpcErrorResponseSchema = z
  .object({
    jsonrpc: z.literal(jsonRpcVersion),
    id: requestId.nullable().describe('The request id, or null when no single request could be read'),
    error: jsonRpcErrorObjectSchema,
  })
  .meta({ id: 'JsonRpcErrorResponse' });

export const jsonRpcMessageSchema = z
  .union([jsonRpcRequestSchema, jsonRpcNotificationSchema, jsonRpcResultResponseSchema, jsonRpcErrorResponseSchema])
  .meta({ id: 'JsonRpcMessage' });

const jsonRpcResponseSchema = z
  .union([jsonRpcResultResponseSchema, jsonRpcErrorResponseSchema])
  .meta({ id: 'JsonRpcResponse' });

/** A POST body: one message, or a batch of 1–20 (a batch takes 2025-era messages only). */
export const mcpRequestBodySchema = z
  .union([jsonRpcMessageSchema, z.array(jsonRpcMessageSchema).min(1).max(maxBatchMessages)])
  .meta({ id: 'McpRequestBody' });

/** A 200 body: the response to one request, or the array of responses to a batch's requests. */
export const mcpResponseBodySchema = z
  .union([jsonRpcResponseSchema, z.array(jsonRpcResponseSchema).min(1)])
  .meta({ id: 'McpResponseBody' });

export type JsonRpcErrorResponse = z.infer<typeof jsonRpcErrorResponseSchema>;

export function jsonRpcError(code: number, message: string, id: string | number | null = null): JsonRpcErrorResponse {
  return { jsonrpc: jsonRpcVersion, id, error: { code, message } };
}
