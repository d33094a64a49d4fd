import { z } from 'zod';
import { apiCatalogSchema, apiCatalogProfile, linksetMediaType } from '@/lib/discovery/api-catalog';
import { authorizationServerMetadataSchema, jwkSetSchema, oauthErrorSchema, protectedResourceMetadataSchema } from '@/lib/discovery/oauth-refusals';
import { resourceCatalogSchema } from '@/lib/discovery/resource-catalog';
import { skillNames, skillsIndexSchema } from '@/lib/discovery/skills';
import { aiBots } from '@/lib/discovery/ai-bots';
import { documentCache } from '../document-responder';
import type { EndpointDescription, HeaderSpec, ResponseSpec } from '../endpoint';
import { documentDescription, requiredHeader } from './shared';

/**
 * The rows of agent mode and the discovery documents
 * (/docs/agents/discovery, /docs/agents, "Discovery documents"). Every document goes through one
 * responder (lib/endpoints/document-responder.ts): strong `ETag`, 304 on
 * `If-None-Match`, `Cache-Control`, HEAD; every row is `cors: 'open'` in
 * the routing contract (lib/endpoints/contract.ts), and the JSON documents are
 * JSON reads, so `rateLimited` there (/docs/api/limits, "Rate limit": the
 * JSON discovery documents are counted). The site's own choices
 * are stated in the rows' descriptions, so /openapi.json
 * and the API reference carry them.
 */

const agentVary: Record<string, HeaderSpec> = {
  Vary: requiredHeader('`Accept, User-Agent` (and `Accept-Encoding`): `/` answers this page or the HTML home page by these headers'),
};

const json = (schema: z.ZodType, mediaType?: string): Omit<ResponseSpec, 'description'> => ({ representation: 'json', schema, ...(mediaType ? { mediaType } : {}) });
const markdown: Omit<ResponseSpec, 'description'> = { representation: 'markdown', schema: z.string() };

const botList = aiBots.map((bot) => `\`${bot.token}\``).join(', ');
const agentPageProse = `The whole domain in one markdown page for an agent: what the layer is, the install lines, the apps with their download and release URLs, the rooms with their pages and \`.md\` twins, and every machine entry point with one line each. /index.md and /agent.txt are the same bytes, and so is \`/\` in agent mode: with \`?mode=agent\`, when \`Accept\` prefers \`text/markdown\` (quality values honoured), or for the user agent of an AI crawler or agent (${botList}: each as a whole word of \`User-Agent\`, case-insensitive). Never cached (\`${documentCache.none}\`); varies on Accept and User-Agent.`;

function agentPageRow(): EndpointDescription {
  return documentDescription({
    tag: 'Documentation',
    summary: 'The domain in one markdown page, for agents',
    description: agentPageProse,
    response: markdown,
    cacheControl: documentCache.none,
    errors: [],
    headers: agentVary,
  });
}

const oauthHeaders: Record<string, HeaderSpec> = {
  'Cache-Control': requiredHeader('`no-store` (RFC 6749 §5.1)'),
  Pragma: requiredHeader('`no-cache`'),
};
const oauthError = (description: string): ResponseSpec => ({ description, representation: 'json', schema: oauthErrorSchema, headers: oauthHeaders });

const skillParams = z.object({ skill: z.enum(skillNames as [string, ...string[]]).describe('The skill, as named in the skills index') });

const resourceCatalogDescription = documentDescription({
  tag: 'Agents',
  summary: 'Resource-discovery catalog (ARD / AI Catalog)',
  description:
    'The same bytes at /.well-known/ai-catalog.json and /.well-known/ard.json: `specVersion` 1.0, `host`, and `entries` with a URN `identifier` (`urn:ai:<host>:<kind>:<name>`), `displayName`, media `type`, `url` or inline `data`, `description` and `tags`: both MCP transports in one shape, inline `data` `{ type: \'streamable-http\', url }` (`svc` at /mcp, `svc-docs` at /mcp/docs), the server card of `svc`, the plugin manifest /mcp.json, the OpenAPI description, and each skill. Also advertised by `<link rel="ai-catalog">` and `<link rel="ard">` in every page head, by `Agentmap:` in /robots.txt, and by the `_index._agents` DNS record.',
  response: json(resourceCatalogSchema),
  cacheControl: documentCache.deployed,
  errors: ['rate_limited'],
});

export const discoveryDescriptions = {
  // --- Agent mode and text views ------------------------------------------
  agentPage: agentPageRow(),
  agentText: agentPageRow(),
  authAccount: documentDescription({
    tag: 'Documentation',
    summary: 'The account of authentication',
    description:
      'Anonymous only: what a client sends (nothing), the OAuth documents and why they refuse, the 401 an endpoint would answer if it ever required credentials, the Web Bot Auth signatures of the service\'s own outbound requests, and that no response is signed.',
    response: markdown,
    cacheControl: documentCache.deployed,
    errors: [],
  }),
  structuredData: documentDescription({
    tag: 'Documentation',
    summary: 'schema.org structured data as JSON Lines',
    description:
      'One JSON object per line: the WebSite, a SoftwareApplication for the layer (install URL, macOS) and one per app (download URL, macOS), then a TechArticle per documentation page. Objects link by `@id`. Page heads carry the same objects as JSON-LD.',
    response: { representation: 'text', mediaType: 'application/jsonl', schema: z.string() },
    cacheControl: documentCache.deployed,
    errors: [],
  }),
  // --- OAuth: the refusals (/docs/agents/discovery, "Authentication") -----
  protectedResourceMetadata: documentDescription({
    tag: 'Platform',
    summary: 'OAuth protected-resource metadata (RFC 9728): no authorization',
    description:
      '`resource` is this origin, `resource_documentation` is /auth.md, and `authorization_servers`, `scopes_supported` and `bearer_methods_supported` are empty: nothing requires or accepts a token.',
    response: json(protectedResourceMetadataSchema),
    cacheControl: documentCache.deployed,
    errors: ['rate_limited'],
  }),
  authorizationServerMetadata: documentDescription({
    tag: 'Platform',
    summary: 'OAuth authorization-server metadata (RFC 8414) of an issuer that grants nothing',
    description:
      'Fields: `issuer` (this origin), `authorization_endpoint` and `token_endpoint` (the two refusals), `jwks_uri` (an empty key set), `service_documentation` (/auth.md), and empty arrays for `response_types_supported` (required by RFC 8414), `response_modes_supported` and `grant_types_supported` (absent would mean defaults), `token_endpoint_auth_methods_supported`, `scopes_supported` and `code_challenge_methods_supported`. No `registration_endpoint`.',
    response: json(authorizationServerMetadataSchema),
    cacheControl: documentCache.deployed,
    errors: ['rate_limited'],
  }),
  oauthAuthorize: {
    tag: 'Platform',
    summary: 'OAuth authorization endpoint: always refuses, never redirects',
    description:
      'Whatever the query, 400 with the RFC 6749 error `unauthorized_client`: no client is registered, so none can be authorized, and RFC 6749 §4.1.2.1 forbids redirecting for a client that cannot be verified. The given `redirect_uri` is never followed: the answer is never a redirect. 400 rather than 403: it is OAuth\'s error status, and no user was asked anything. The query parameters are listed for documentation only; none changes the answer.',
    query: z.object({
      response_type: z.string().optional(),
      client_id: z.string().optional(),
      redirect_uri: z.string().optional().describe('Never redirected to'),
      scope: z.string().optional(),
      state: z.string().optional(),
    }),
    responses: { 400: oauthError('The refusal (RFC 6749 error `unauthorized_client`)') },
    errors: ['rate_limited'],
  },
  oauthToken: {
    tag: 'Platform',
    summary: 'OAuth token endpoint: issues nothing',
    description:
      'Whatever the grant (the body is not read), 400 with the RFC 6749 error `unsupported_grant_type` and `Cache-Control: no-store`.',
    responses: { 400: oauthError('The refusal (RFC 6749 error `unsupported_grant_type`)') },
    errors: ['rate_limited'],
  },
  jwks: documentDescription({
    tag: 'Platform',
    summary: 'JWK Set of the issuer: empty',
    description: '`{"keys":[]}`: the host signs no tokens. (The keys of its outbound request signatures are in /.well-known/http-message-signatures-directory.)',
    response: json(jwkSetSchema, 'application/jwk-set+json'),
    cacheControl: documentCache.deployed,
    errors: ['rate_limited'],
  }),
  // --- Agent discovery ------------------------------------------------------
  skillsIndex: documentDescription({
    tag: 'Agents',
    summary: 'Agent Skills index',
    description: `The skills ${skillNames.map((name) => `\`${name}\``).join(', ')}, in the Agent Skills discovery format (schema 0.2.0): each with \`name\`, \`type\` \`skill-md\`, \`description\`, the \`url\` of its SKILL.md and \`digest\`, the SHA-256 of exactly the bytes served there. Each SKILL.md is generated from the MCP tool table and the endpoint table.`,
    response: json(skillsIndexSchema),
    cacheControl: documentCache.deployed,
    errors: ['rate_limited'],
  }),
  skillDocument: documentDescription({
    tag: 'Agents',
    summary: 'A skill\'s SKILL.md',
    description: 'Front matter (`name`, `description`), then how to do the task with the matching MCP tool and with the REST call. Its SHA-256 is the index entry\'s `digest`.',
    params: skillParams,
    response: markdown,
    cacheControl: documentCache.deployed,
    errors: [],
    extraResponses: { 404: { description: 'No such skill: markdown naming the index', representation: 'markdown', schema: z.string() } },
  }),
  apiCatalog: documentDescription({
    tag: 'Agents',
    summary: 'API catalog (RFC 9727)',
    description: `An RFC 9264 linkset, \`${linksetMediaType}; profile="${apiCatalogProfile}"\`. The first context lists the APIs (\`item\`: /v1 and the MCP server); /v1 has \`service-desc\` /openapi.json, \`service-doc\` the API docs, /llms.txt and /llms-full.txt, \`service-meta\` /auth.md; /mcp has \`service-desc\` its server card and \`service-doc\` its docs page. Every answer carries \`Link: <…/.well-known/api-catalog>; rel="api-catalog"\` (RFC 9727 §2), so HEAD finds the catalog too.`,
    response: json(apiCatalogSchema, linksetMediaType),
    headers: { Link: requiredHeader('`<…/.well-known/api-catalog>; rel="api-catalog"`') },
    cacheControl: documentCache.deployed,
    errors: ['rate_limited'],
  }),
  aiCatalog: resourceCatalogDescription,
  ardCatalog: resourceCatalogDescription,
} satisfies Record<string, EndpointDescription>;

