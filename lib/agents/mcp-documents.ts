import { z } from 'zod';
import { mcp } from '@/lib/routes';
import { mcpServers, mcpServerVersion, serverTools, type McpServerSpec } from './mcp-server';
import { servedProtocolVersions } from './mcp-transport';
import { toolDescription } from './tools';

/**
 * The MCP discovery documents (spec "Agent endpoints"), built from the same
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
 *   revisions served), the capabilities, and the tools with the schemas and
 *   annotations `tools/list` sends. The card's `name` is serverInfo's
 *   (`svc`), so it claims no SEP-2127 `$schema`, whose names are
 *   reverse-DNS.
 *
 * Pure functions of the public origin; the route layer adds CORS and the
 * rate limit (lib/api).
 */

export const agentPluginsMcpSchema = 'https://agent-plugins.org/schemas/1.0.0/mcp.schema.json';

const serverEntrySchema = z
  .object({
    type: z.literal('streamable-http').describe('MCP Streamable HTTP, POST only, stateless'),
    url: z.url().describe('The transport URL'),
  })
  .meta({ id: 'McpServerEntry' });

const serverMapSchema = z
  .object({ svc: serverEntrySchema, 'svc-docs': serverEntrySchema })
  .describe('`svc`: every tool, at /mcp; `svc-docs`: only `search_docs`, at /mcp/docs');

export const mcpManifestSchema = z
  .object({
    $schema: z.literal(agentPluginsMcpSchema),
    mcpServers: serverMapSchema,
  })
  .meta({ id: 'McpManifest' });
export type McpManifest = z.infer<typeof mcpManifestSchema>;

export const flatMcpManifestSchema = serverMapSchema.meta({ id: 'McpServerMap' });
export type FlatMcpManifest = z.infer<typeof flatMcpManifestSchema>;

const jsonSchemaObject = z.record(z.string(), z.unknown());

export const serverCardToolSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    inputSchema: jsonSchemaObject.describe('JSON Schema 2020-12 of the arguments, as tools/list sends it'),
    outputSchema: jsonSchemaObject.describe('JSON Schema 2020-12 of structuredContent on success'),
    annotations: z.object({
      title: z.string(),
      readOnlyHint: z.boolean(),
      destructiveHint: z.boolean(),
      idempotentHint: z.boolean(),
      openWorldHint: z.boolean(),
    }),
  })
  .meta({ id: 'McpTool' });

export const serverCardSchema = z
  .object({
    name: z.string().describe('serverInfo.name'),
    title: z.string().describe('serverInfo.title'),
    version: z.string().describe('serverInfo.version'),
    description: z.string(),
    websiteUrl: z.url().describe('The documentation of the MCP transports'),
    serverInfo: z.object({ name: z.string(), title: z.string(), version: z.string() }).describe('As `initialize` and `server/discover` report it'),
    remotes: z
      .array(
        z.object({
          type: z.literal('streamable-http'),
          url: z.url(),
          supportedProtocolVersions: z.array(z.string()).describe('2026-07-28 (stateless, `server/discover`) and the 2025-era revisions (`initialize`)'),
        }),
      )
      .describe('The transports that serve this server'),
    capabilities: z.object({ tools: z.object({ listChanged: z.literal(false) }) }),
    authentication: z.object({ required: z.literal(false) }).describe('No credentials (spec "Authentication" 1–2)'),
    tools: z.array(serverCardToolSchema),
  })
  .meta({ id: 'McpServerCard' });
export type ServerCard = z.infer<typeof serverCardSchema>;

const entry = (origin: string, spec: McpServerSpec) => ({ type: 'streamable-http' as const, url: `${origin}${spec.paths[0]}` });

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
    capabilities: { tools: { listChanged: false } },
    authentication: { required: false },
    tools: serverTools(spec).map(toolDescription),
  };
}
