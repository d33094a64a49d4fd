import { z } from 'zod';
import { discovery, docsPageUrl, llmsFullTxtRoute, llmsTxtRoute, mcp, openApiRoute, v1 } from '@/lib/routes';

/**
 * /.well-known/api-catalog (RFC 9727): the publisher's APIs as an RFC 9264
 * linkset, served as `application/linkset+json` with the profile parameter
 * RFC 9727 §4.2 names, so a client knows the linkset is an API catalog.
 *
 * The first context is the catalog itself, listing its APIs with `item`
 * (RFC 9727 §4.2.1) and pointing at itself with `api-catalog`. Each API is
 * then a context of its own (RFC 9727 §4.2.2 and its appendix examples):
 *
 * - the REST API (`/v1`): `service-desc` /openapi.json, `service-doc` the
 *   API docs and the documentation's text views (/llms.txt, /llms-full.txt),
 *   `service-meta` /auth.md (RFC 8631: metadata about using the service);
 * - the MCP server (`/mcp`): `service-desc` its server card, `service-doc`
 *   the docs page of the MCP transports.
 *
 * Target attributes follow RFC 9264 §4.2.4 (`type`, `title`).
 */
export const apiCatalogProfile = 'https://www.rfc-editor.org/info/rfc9727';
export const linksetMediaType = 'application/linkset+json';
export const apiCatalogContentType = `${linksetMediaType}; profile="${apiCatalogProfile}"`;

const target = z.object({ href: z.url(), type: z.string().optional(), title: z.string().optional() });
const targets = z.array(target).min(1);

export const apiCatalogSchema = z
  .object({
    linkset: z
      .array(
        z
          .object({ anchor: z.url() })
          .catchall(targets)
          .describe('One link context (RFC 9264 §4.2.2): `anchor` and one array of targets per relation'),
      )
      .min(1),
  })
  .meta({ id: 'ApiCatalog' });
type LinkTarget = z.infer<typeof target>;
/** The relations the catalog uses (RFC 9727 §4.2, RFC 8631). */
type Relation = 'api-catalog' | 'item' | 'service-desc' | 'service-doc' | 'service-meta';
export interface ApiCatalog {
  linkset: Array<{ anchor: string } & { [R in Relation]?: LinkTarget[] }>;
}

export function apiCatalog(origin: string): ApiCatalog {
  const at = (path: string) => `${origin}${path}`;
  const restApi = at(v1.root);
  const mcpServer = at(mcp.transport);
  return {
    linkset: [
      {
        anchor: at(discovery.apiCatalog),
        'api-catalog': [{ href: at(discovery.apiCatalog), type: linksetMediaType }],
        item: [
          { href: restApi, title: 'REST API (/v1)' },
          { href: mcpServer, title: 'MCP server (Streamable HTTP)' },
        ],
      },
      {
        anchor: restApi,
        'service-desc': [{ href: at(openApiRoute), type: 'application/vnd.oai.openapi+json;version=3.1', title: 'OpenAPI 3.1 description' }],
        'service-doc': [
          { href: at(docsPageUrl(['api'])), type: 'text/html', title: 'API documentation' },
          { href: at(llmsTxtRoute), type: 'text/plain', title: 'llms.txt: one entry per documentation page' },
          { href: at(llmsFullTxtRoute), type: 'text/plain', title: 'llms-full.txt: every documentation page in full' },
        ],
        'service-meta': [{ href: at(discovery.auth), type: 'text/markdown', title: 'Authentication: anonymous only' }],
      },
      {
        anchor: mcpServer,
        'service-desc': [{ href: at(mcp.serverCard), type: 'application/json', title: 'MCP server card' }],
        'service-doc': [{ href: at(mcp.docs), type: 'text/html', title: 'MCP transports' }],
        'service-meta': [{ href: at(discovery.auth), type: 'text/markdown', title: 'Authentication: anonymous only' }],
      },
    ],
  };
}

/** RFC 9727 §2: the catalog also names itself in a `Link` header, which is what a HEAD request is for. */
export const apiCatalogLinkHeader = (origin: string) => `<${origin}${discovery.apiCatalog}>; rel="api-catalog"`;
