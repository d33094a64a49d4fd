import { z } from 'zod';

/**
 * The shapes of the MCP discovery documents (lib/agents/mcp-documents.ts
 * builds them), apart from the builders: the endpoint table reads these,
 * and the endpoint table is loaded by proxy.ts and at server start, which
 * must not load the MCP SDK the builders stand on.
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

const serverCardToolSchema = z
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
    capabilities: z.object({
      tools: z.object({ listChanged: z.literal(false) }),
      resources: z.object({ listChanged: z.literal(false), subscribe: z.literal(false) }),
    }),
    authentication: z.object({ required: z.literal(false) }).describe('No credentials (spec "Authentication" 1–2)'),
    tools: z.array(serverCardToolSchema),
  })
  .meta({ id: 'McpServerCard' });
export type ServerCard = z.infer<typeof serverCardSchema>;
