import { agentCardDocument } from '@/lib/agents/a2a';
import { createA2aTransport } from '@/lib/agents/a2a-transport';
import { flatMcpManifest, mcpManifest as mcpManifestDocument, serverCard } from '@/lib/agents/mcp-documents';
import { mcpServers } from '@/lib/agents/mcp-server';
import { createMcpTransport, mcpAnswerHeaders, type McpTransportDeps } from '@/lib/agents/mcp-transport';
import type { ToolContext } from '@/lib/agents/tools';
import { runtime } from '@/lib/runtime';
import { jsonDocument } from '../document-responder';
import { endpointById } from '../descriptions/shared';
import { agentDescriptions } from '../descriptions/agents-endpoints';
import { endpointHandler } from '../endpoint-handler';
import { answerDeadline } from '@/lib/platform/deadline';
import { failOpenTimeoutMs } from '@/lib/store/fail-open';

/**
 * The agent doors bound to the process's runtime (the composition root) and
 * to their rows: lib/agents takes its services as arguments, and this module
 * hands it the runtime's, as lib/endpoints/handlers/v1-handlers.ts does for the core.
 * One handler serves two rows where two paths answer the same (/mcp and
 * /.well-known/mcp; the server card and its alias). Route files serve these
 * (`serve`, lib/endpoints/route-exports.ts), which adds the 405s, open CORS
 * and the rate limit from the endpoint table.
 */

/**
 * The services of one request's tools. A release lookup gets the request's
 * deadline (every answer within 5 s, lib/platform/deadline.ts), less the limiter's
 * fail-open bound, as on /v1 (lib/endpoints/handlers/v1-handlers.ts).
 */
function toolContext(): ToolContext {
  const rt = runtime();
  const deadline = answerDeadline(rt.monotonic, failOpenTimeoutMs);
  return { services: (sandbox) => rt.services({ sandbox, deadline }), read: (page) => rt.insights.read(page, 'mcp') };
}

const deps: McpTransportDeps = {
  context: toolContext,
  origin: () => runtime().origin,
  docs: () => runtime().docs,
  log: (level, message, fields) => runtime().log(level, message, fields),
};

const row = (id: keyof typeof agentDescriptions) => endpointById(agentDescriptions, id);

/** POST /mcp and POST /.well-known/mcp: `svc`, every tool. */
const svcTransport = createMcpTransport(mcpServers.svc, deps);
export const mcpTransport = endpointHandler(row('mcpTransport'), svcTransport);
export const wellKnownMcpTransport = endpointHandler(row('wellKnownMcpTransport'), svcTransport);
/** POST /mcp/docs: `svc-docs`, only `search_docs`. */
export const mcpDocsTransport = endpointHandler(row('mcpDocsTransport'), createMcpTransport(mcpServers['svc-docs'], deps));

/** `mcp-protocol-version` on the route layer's own answers of the transports (405, 429, preflight). */
export const mcpRouteOptions = { answerHeaders: mcpAnswerHeaders };

/** The documents depend only on the origin: built once per process by the one document responder. */
const originDocument = (build: (origin: string) => unknown) => jsonDocument(deps.origin, build);

export const mcpManifest = endpointHandler(row('mcpManifest'), originDocument(mcpManifestDocument));
export const wellKnownMcpManifest = endpointHandler(row('wellKnownMcpManifest'), originDocument(flatMcpManifest));
const serverCardResponder = originDocument((origin) => serverCard(origin));
export const mcpServerCard = endpointHandler(row('mcpServerCard'), serverCardResponder);
export const mcpServerCardAlias = endpointHandler(row('mcpServerCardAlias'), serverCardResponder);

/** POST /a2a: A2A's JSON-RPC binding (1.0 and 0.3) over the same tools. */
export const a2aTransport = endpointHandler(row('a2aTransport'), createA2aTransport(deps));
/** GET /.well-known/agent-card.json: the A2A agent card, its skills generated from the tool table. */
export const agentCard = endpointHandler(row('agentCard'), originDocument(agentCardDocument));
