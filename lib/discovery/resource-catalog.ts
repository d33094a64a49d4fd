import { z } from 'zod';
import { a2a, discovery, mcp, openApiRoute } from '@/lib/routes';
import { siteDescription, siteName } from '@/lib/site';

/** The inline entry of an MCP transport: the MCP manifest's `streamable-http` shape. */
const transportData = (url: string) => ({ type: 'streamable-http', url });

/**
 * The resource-discovery catalog, served at /.well-known/ai-catalog.json and
 * /.well-known/ard.json (/docs/agents/discovery, "Catalogs": the same
 * catalog at both paths, naming both MCP transports, the server card, the
 * plugin manifest, the OpenAPI description and each skill).
 * Its shape is the AI Catalog of Agentic Resource Discovery (ARD draft,
 * ai-catalog 1.0): `specVersion`, `host` (who runs the catalog) and
 * `entries`, each with a domain-anchored URN `identifier`
 * (`urn:ai:<host>:<kind>:<name>`), a `displayName`, the artifact's media
 * `type`, exactly one of `url` (where the artifact is) or `data` (the
 * artifact inline), and a `description` and `tags` for search.
 *
 * Entries:
 * - `mcp:svc` and `mcp:svc-docs`: the two MCP transports (the catalog names
 *   both, /docs/agents/discovery), /mcp and /mcp/docs, in one shape: inline
 *   `data` as in the MCP manifest, `{ type: 'streamable-http', url }`;
 * - `mcp:svc-server-card`: the server card of `svc`
 *   (`application/mcp-server-card+json`), which lists /mcp and
 *   /.well-known/mcp; /mcp/docs has no card of its own;
 * - `plugin:svc`: the MCP manifest /mcp.json (Agent Plugins MCP shape);
 * - `api:v1`: the OpenAPI description;
 * - `skill:<name>`: each SKILL.md of the skills index.
 *
 * Advertised three ways (ARD "Discovery mechanisms"): the well-known paths,
 * `<link rel="ard">` / `<link rel="ai-catalog">` in every page head, and an
 * `Agentmap:` line in robots.txt; DNS adds `_index._agents` (dns-records.ts).
 */
const aiCatalogSpecVersion = '1.0';
/** The catalog's own media type (ARD); it is served as `application/json`, as ARD asks of the file. */
export const aiCatalogMediaType = 'application/ai-catalog+json';

const entrySchema = z
  .object({
    identifier: z.string().regex(/^urn:ai:[^:]+:[a-z0-9-]+:[a-z0-9-]+$/).describe('`urn:ai:<host>:<kind>:<name>`'),
    displayName: z.string(),
    type: z.string().describe('Media type of the artifact'),
    url: z.url().optional().describe('Where the artifact is served (exactly one of `url` and `data`)'),
    data: z.record(z.string(), z.unknown()).optional().describe('The artifact inline (exactly one of `url` and `data`)'),
    description: z.string(),
    tags: z.array(z.string()),
  })
  .refine((entry) => (entry.url === undefined) !== (entry.data === undefined), { message: 'exactly one of url and data' });

export const resourceCatalogSchema = z
  .object({
    specVersion: z.literal(aiCatalogSpecVersion),
    host: z.object({ displayName: z.string(), identifier: z.string().describe('The host name the URNs are anchored to'), documentationUrl: z.url() }),
    entries: z.array(entrySchema),
  })
  .meta({ id: 'ResourceCatalog' });
export type ResourceCatalog = z.infer<typeof resourceCatalogSchema>;

export interface CatalogSkill {
  name: string;
  description: string;
  url: string;
}

export function resourceCatalog(origin: string, skills: readonly CatalogSkill[]): ResourceCatalog {
  const host = new URL(origin).hostname;
  const urn = (kind: string, name: string) => `urn:ai:${host}:${kind}:${name}`;
  const at = (path: string) => `${origin}${path}`;
  return {
    specVersion: aiCatalogSpecVersion,
    host: { displayName: siteName, identifier: host, documentationUrl: at(discovery.docs) },
    entries: [
      {
        identifier: urn('mcp', 'svc'),
        displayName: `${siteName} MCP server`,
        type: 'application/mcp-server+json',
        data: transportData(at(mcp.transport)),
        description: `Every tool (documentation search, install lines, latest releases) over MCP Streamable HTTP at ${at(mcp.transport)} (also ${at(mcp.wellKnownTransport)}); its server card is ${at(mcp.serverCard)}. ${siteDescription}`,
        tags: ['mcp', 'documentation', 'install', 'releases'],
      },
      {
        identifier: urn('mcp', 'svc-docs'),
        displayName: `${siteName} documentation search (MCP)`,
        type: 'application/mcp-server+json',
        data: transportData(at(mcp.docsTransport)),
        description: `Only the documentation search tool, over MCP Streamable HTTP at ${at(mcp.docsTransport)}.`,
        tags: ['mcp', 'documentation', 'search'],
      },
      {
        identifier: urn('mcp', 'svc-server-card'),
        displayName: `${siteName} MCP server card`,
        type: 'application/mcp-server-card+json',
        url: at(mcp.serverCard),
        description: `The server card of the MCP server at ${at(mcp.transport)}: its name, version, transports and tools.`,
        tags: ['mcp', 'server-card'],
      },
      {
        identifier: urn('plugin', 'svc'),
        displayName: `${siteName} MCP manifest`,
        type: 'application/json',
        url: at(mcp.manifest),
        description: 'Both MCP transports in the Agent Plugins MCP configuration shape (mcpServers).',
        tags: ['mcp', 'plugin'],
      },
      {
        identifier: urn('a2a', 'svc'),
        displayName: `${siteName} A2A agent`,
        // No media type is registered for A2A agent cards; the card is JSON.
        type: 'application/json',
        url: at(a2a.agentCard),
        description: `The A2A agent card: the same three abilities as skills (search-docs, install-command, latest-release), answered over JSON-RPC at ${at(a2a.transport)} (A2A 1.0 SendMessage and 0.3 message/send).`,
        tags: ['a2a', 'agent-card', 'documentation', 'install', 'releases'],
      },
      {
        identifier: urn('api', 'v1'),
        displayName: `${siteName} REST API`,
        type: 'application/vnd.oai.openapi+json',
        url: at(openApiRoute),
        description: 'OpenAPI 3.1 description of everything the site answers: /v1 search, catalog, releases, batch and jobs, /ask, the installers, and these documents.',
        tags: ['openapi', 'rest'],
      },
      ...skills.map((skill) => ({
        identifier: urn('skill', skill.name),
        displayName: skill.name,
        type: 'text/markdown',
        url: skill.url,
        description: skill.description,
        tags: ['skill', 'agent-skills'],
      })),
    ],
  };
}
