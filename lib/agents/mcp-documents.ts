import { mcp } from '@/lib/routes';
import { clientEntry, remoteMcpServer } from './mcp-client-config';
import { mcpServers, mcpServerVersion, serverCapabilities, type McpServerSpec } from './mcp-server';
import { servedProtocolVersions } from './mcp-transport';
import { agentPluginsMcpSchema, type FlatMcpManifest, type McpManifest, type ServerCard } from './mcp-document-schemas';
import { toolDescription } from './tools';

/**
 * The MCP discovery documents (/docs/agents, "Discovery documents"), built from the same
 * tables as the transports, so they cannot drift from what /mcp answers:
 *
 * - /mcp.json: both transports (`svc` at /mcp, `svc-docs` at /mcp/docs) in
 *   the Agent Plugins 1.0 MCP configuration shape (`mcpServers`, each entry
 *   a `streamable-http` server with its URL);
 * - /.well-known/mcp.json: its flat twin, the same server map without the
 *   wrapper, for clients that read a bare map of servers;
 * - /.well-known/mcp/server-card.json and /mcp/server-card: the server card
 *   of `svc`: the identity of serverInfo (name, title, version), the
 *   transports (`remotes`, as SEP-2127 names them, with the protocol
 *   revisions served), the capabilities (tools, and the documentation as
 *   resources), and the tools with the schemas and
 *   annotations `tools/list` sends. The card's `name` is serverInfo's
 *   (`svc`), so it claims no SEP-2127 `$schema`, whose names are
 *   reverse-DNS.
 *
 * Pure functions of the public origin; the route layer adds CORS and the
 * rate limit (lib/endpoints).
 */


const entry = (origin: string, spec: McpServerSpec) => clientEntry.plugin(remoteMcpServer(origin, spec.name));

function serverMap(origin: string): FlatMcpManifest {
  return { svc: entry(origin, mcpServers.svc), 'svc-docs': entry(origin, mcpServers['svc-docs']) };
}

export function mcpManifest(origin: string): McpManifest {
  return { $schema: agentPluginsMcpSchema, mcpServers: serverMap(origin) };
}

export function flatMcpManifest(origin: string): FlatMcpManifest {
  return serverMap(origin);
}

export function serverCard(origin: string, spec: McpServerSpec = mcpServers.svc): ServerCard {
  const identity = { name: spec.name, title: spec.title, version: mcpServerVersion };
  return {
    ...identity,
    description: spec.description,
    websiteUrl: `${origin}${mcp.docs}`,
    serverInfo: identity,
    remotes: spec.paths.map((path) => ({
      type: 'streamable-http' as const,
      url: `${origin}${path}`,
      supportedProtocolVersions: [...servedProtocolVersions],
    })),
    capabilities: serverCapabilities,
    authentication: { required: false },
    tools: spec.tools.map(toolDescription),
  };
}
