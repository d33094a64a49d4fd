import { agentCardDocument } from '@/lib/agents/a2a';
import { createA2aTransport } from '@/lib/agents/a2a-transport';
import { flatMcpManifest, mcpManifest, serverCard } from '@/lib/agents/mcp-documents';
import { mcpServers } from '@/lib/agents/mcp-server';
import { createMcpTransport, mcpAnswerHeaders, type McpTransportDeps } from '@/lib/agents/mcp-transport';
import type { ToolContext } from '@/lib/agents/tools';
import type { RouteHandler } from '@/lib/http/route-handler';
import { runtime } from '@/lib/runtime';
import { jsonDocument } from '../document-responder';
import { answerDeadline } from '@/lib/platform/deadline';
import { failOpenTimeoutMs } from '@/lib/store/fail-open';

/**
 * The agent doors bound to the process's runtime (the composition root):
 * lib/agents takes its services as arguments, and this module hands it the
 * runtime's, as lib/endpoints/handlers/v1.ts does for the core. Route files bind
 * these through `serve` (lib/endpoints/route-handlers.ts), which adds the 405s, open CORS and the
 * rate limit from the endpoint table.
 */

/**
 * The services of one request's tools. A release lookup gets the request's
 * deadline (every answer within 5 s, lib/platform/deadline.ts), less the limiter's
 * fail-open bound, as on /v1 (lib/endpoints/handlers/v1.ts).
 */
function toolContext(): ToolContext {
  const rt = runtime();
  const deadline = answerDeadline(rt.monotonic, failOpenTimeoutMs);
  return { services: (sandbox) => rt.services({ sandbox, deadline }) };
}

const deps: McpTransportDeps = {
  context: toolContext,
  origin: () => runtime().origin,
  docs: () => runtime().docs,
  log: (level, message, fields) => runtime().log(level, message, fields),
};

/** POST /mcp and POST /.well-known/mcp: `svc`, every tool. */
export const mcpTransport = createMcpTransport(mcpServers.svc, deps);
/** POST /mcp/docs: `svc-docs`, only `search_docs`. */
export const mcpDocsTransport = createMcpTransport(mcpServers['svc-docs'], deps);

/** `mcp-protocol-version` on the route layer's own answers of the transports (405, 429, preflight). */
export const mcpRouteOptions = { answerHeaders: mcpAnswerHeaders };

/** The documents depend only on the origin: built once per process by the one document responder. */
const originDocument = (build: (origin: string) => unknown) => jsonDocument(deps.origin, build);

export const mcpManifestHandler = originDocument(mcpManifest);
export const wellKnownMcpManifestHandler = originDocument(flatMcpManifest);
export const serverCardHandler = originDocument((origin) => serverCard(origin));

/** POST /a2a: A2A's JSON-RPC binding (1.0 and 0.3) over the same tools. */
export const a2aTransport = createA2aTransport(deps);
/** GET /.well-known/agent-card.json: the A2A agent card, its skills generated from the tool table. */
export const agentCardHandler = originDocument(agentCardDocument);
