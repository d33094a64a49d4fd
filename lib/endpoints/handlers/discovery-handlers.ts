import { findTool, toolDescription } from '@/lib/agents/tools';
import { agentPage, type EntryPoint } from '@/lib/discovery/agent-page';
import { apiCatalog, apiCatalogContentType, apiCatalogLinkHeader } from '@/lib/discovery/api-catalog';
import { authAccount } from '@/lib/discovery/auth-account';
import {
  authorizationServerMetadata,
  authorizeRefusal,
  emptyJwkSet,
  oauthRefusalHeaders,
  protectedResourceMetadata,
  tokenRefusal,
  type OAuthRefusal,
} from '@/lib/discovery/oauth-refusals';
import { resourceCatalog } from '@/lib/discovery/resource-catalog';
import { buildSkills, isSkillName, skillPlan, type BuiltSkills, type SkillSource } from '@/lib/discovery/skills';
import { htmlVary } from '@/lib/http/negotiation';
import type { RouteHandler } from '@/lib/http/route-handler';
import { a2a, discovery, mcp, v1 } from '@/lib/routes';
import { runtime } from '@/lib/runtime';
import { routes } from '../contract';
import { documentCache, documentResponder, jsonDocument } from '../document-responder';
import { endpointById } from '../descriptions/shared';
import { descriptions } from '../descriptions';
import type { EndpointSpec } from '../endpoint';
import { endpointHandler } from '../endpoint-handler';

/**
 * The discovery documents bound to the process's runtime (its public
 * origin) and to the two tables they are generated from: the endpoint
 * table and the MCP tool table. lib/discovery builds the documents from
 * plain inputs; this module hands it the tables' rows, so lib/discovery
 * stands on no door. Each handler knows its row; route files serve them.
 */

const origin = () => runtime().origin;
const markdownType = 'text/markdown; charset=utf-8';
const originDocument = (build: (origin: string) => unknown, options?: Parameters<typeof jsonDocument>[2]) => jsonDocument(origin, build, options);

// ---------------------------------------------------------------- the agent page

/** The machine entry points, one line each, from the endpoint table's summaries. */
function entryPoints(): EntryPoint[] {
  const row = (id: keyof typeof descriptions): EndpointSpec => endpointById(descriptions, id);
  const summary = (id: keyof typeof descriptions) => row(id).summary;
  const restCalls = routes
    .filter((entry) => entry.path.startsWith('/v1/'))
    .map((entry) => `${entry.method} ${entry.path}`);
  return [
    { url: v1.root, line: `the REST API, JSON, rate-limited, \`?sandbox=true\` for fixed sample answers: ${restCalls.join(', ')}.` },
    { url: row('openApi').path, line: `${summary('openApi')} (everything the site answers).` },
    { url: row('askGet').path, line: `${summary('askGet')}: ranked documentation sections, JSON or server-sent events (GET \`?q=\` or POST).` },
    { url: mcp.transport, line: `${summary('mcpTransport')}; no credentials.` },
    { url: mcp.docsTransport, line: `${summary('mcpDocsTransport')}.` },
    { url: mcp.serverCard, line: `${summary('mcpServerCard')}.` },
    { url: mcp.manifest, line: `${summary('mcpManifest')}.` },
    { url: a2a.transport, line: `${summary('a2aTransport')}: the same answers as the MCP tools; its agent card is ${origin()}${a2a.agentCard}.` },
    { url: row('llmsTxt').path, line: `${summary('llmsTxt')}.` },
    { url: row('llmsFullTxt').path, line: `${summary('llmsFullTxt')}.` },
    { url: discovery.skillsIndex, line: `${summary('skillsIndex')}.` },
    { url: discovery.apiCatalog, line: `${summary('apiCatalog')}.` },
    { url: discovery.aiCatalog, line: `${summary('aiCatalog')} (also ${origin()}${discovery.ard}).` },
    { url: discovery.structuredData, line: `${summary('structuredData')}.` },
    { url: discovery.auth, line: `${summary('authAccount')}: anonymous only.` },
  ];
}

/** /index.md and /agent.txt: one responder, so both paths serve the same bytes and the same ETag. */
const agentPageResponder = documentResponder({
  contentType: markdownType,
  body: () => agentPage({ origin: origin(), entryPoints: entryPoints() }),
  cacheControl: documentCache.none,
  // `/` picks this page or the HTML home page by these, as every negotiated page.
  headers: { Vary: htmlVary },
});
export const agentPageHandler = endpointHandler(endpointById(descriptions, 'agentPage'), agentPageResponder);
export const agentTextHandler = endpointHandler(endpointById(descriptions, 'agentText'), agentPageResponder);

export const authAccountHandler = endpointHandler(
  endpointById(descriptions, 'authAccount'),
  documentResponder({
    contentType: markdownType,
    body: () => authAccount(origin()),
    cacheControl: documentCache.deployed,
  }),
);

// ---------------------------------------------------------------- OAuth

export const protectedResourceHandler = endpointHandler(endpointById(descriptions, 'protectedResourceMetadata'), originDocument(protectedResourceMetadata));
export const authorizationServerHandler = endpointHandler(endpointById(descriptions, 'authorizationServerMetadata'), originDocument(authorizationServerMetadata));
export const jwksHandler = endpointHandler(endpointById(descriptions, 'jwks'), originDocument(() => emptyJwkSet(), { contentType: 'application/jwk-set+json' }));

const refusal = (build: (origin: string) => OAuthRefusal): RouteHandler => async () => {
  const { status, body } = build(origin());
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...oauthRefusalHeaders } });
};
/** Never reads the query: nothing in it can make this a redirect. */
export const authorizeHandler = endpointHandler(endpointById(descriptions, 'oauthAuthorize'), refusal(authorizeRefusal));
/** Never reads the body. */
export const tokenHandler = endpointHandler(endpointById(descriptions, 'oauthToken'), refusal(tokenRefusal));

// ---------------------------------------------------------------- skills

function skillSources(): SkillSource[] {
  return skillPlan.map((plan) => {
    const tool = findTool(plan.tool);
    if (!tool) throw new Error(`skill ${plan.name}: the tool table has no ${plan.tool}`);
    const rest: EndpointSpec = endpointById(descriptions, plan.rest);
    return {
      name: plan.name,
      tool: toolDescription(tool),
      rest: { method: rest.method, path: rest.path, summary: rest.summary, description: rest.description, example: plan.example },
    };
  });
}

let skills: BuiltSkills | undefined;
const builtSkills = () => (skills ??= buildSkills(skillSources(), origin()));

export const skillsIndexHandler = endpointHandler(endpointById(descriptions, 'skillsIndex'), originDocument(() => builtSkills().index));

const skillResponders = new Map(
  skillPlan.map((plan) => [
    plan.name,
    documentResponder({ contentType: markdownType, body: () => builtSkills().documents.get(plan.name)!, cacheControl: documentCache.deployed }),
  ]),
);

export const skillDocumentHandler = endpointHandler(endpointById(descriptions, 'skillDocument'), async (request, context) => {
  const { skill } = ((await context?.params) ?? {}) as { skill?: string };
  const responder = isSkillName(skill) ? skillResponders.get(skill) : undefined;
  if (responder) return responder(request, context);
  return new Response(`# Not found\n\nNo skill has this name. The skills are listed at ${origin()}${discovery.skillsIndex}.\n`, {
    status: 404,
    headers: { 'Content-Type': markdownType, 'Cache-Control': 'no-store' },
  });
});

// ---------------------------------------------------------------- catalogs

export const apiCatalogHandler = endpointHandler(
  endpointById(descriptions, 'apiCatalog'),
  originDocument(apiCatalog, { contentType: apiCatalogContentType, headers: (at) => ({ Link: apiCatalogLinkHeader(at) }) }),
);

/** /.well-known/ai-catalog.json and /.well-known/ard.json: one responder, the same bytes. */
const resourceCatalogResponder = originDocument((at) =>
  resourceCatalog(
    at,
    builtSkills().index.skills.map(({ name, description, url }) => ({ name, description, url })),
  ),
);
export const aiCatalogHandler = endpointHandler(endpointById(descriptions, 'aiCatalog'), resourceCatalogResponder);
export const ardCatalogHandler = endpointHandler(endpointById(descriptions, 'ardCatalog'), resourceCatalogResponder);
