import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { unexpectedFailure, type CoreError } from '@/lib/core/core-error';
import { mcp } from '@/lib/routes';
import type { Log } from '@/lib/platform/log';
import { mcpServerAddresses, type McpServerName } from './mcp-client-config';
import { noDocsReader, type DocsReader } from '@/lib/core/docs-reader';
import { hitResourceUri, listResources, readResource, resourceMimeType, resourceTemplates } from './mcp-resources';
import { runTool, toolDescription, toolFailureBody, tools as siteTools, type ToolContext, type ToolSpec } from './tools';

/**
 * The MCP servers of the site (/docs/agents/mcp): `svc` at /mcp and
 * /.well-known/mcp with every tool, `svc-docs` at /mcp/docs with only
 * `search_docs`. Each is the SDK's low-level `Server` with two handlers,
 * `tools/list` and `tools/call`, both read from the tool table.
 *
 * Why not `McpServer.registerTool`: its own argument validation answers a
 * bad argument with a plain-text error result, where a failure here is
 * `{ error: { code, message } }` in the text and in `structuredContent`,
 * with the REST codes (/docs/agents/mcp, "Tools"); and the server
 * card must list the very JSON Schemas `tools/list` sends
 * (`toolDescription`). The SDK still does everything else: both protocol
 * eras, `initialize` negotiation, `server/discover`, `ping`, the
 * 2026-07-28 envelope, result `_meta` and cache hints.
 */

/** serverInfo.version, and the server card's `version` (/docs/agents, "Discovery documents"). */
export const mcpServerVersion = '1.0.0';

export interface McpServerSpec {
  /** serverInfo.name: `svc` or `svc-docs` (/docs/agents/mcp). */
  name: McpServerName;
  title: string;
  description: string;
  /** Where its transport answers; the first is the canonical URL. */
  paths: readonly string[];
  /** Its tools, in the order of `tools/list`. */
  tools: readonly ToolSpec[];
}

/**
 * The servers over a tool table (the site's, unless a test hands one made
 * from a copy of the operation table): `svc` with every tool, `svc-docs`
 * with the search alone.
 */
export function mcpServersOf(tools: readonly ToolSpec[]) {
  return {
    svc: {
      ...mcpServerAddresses.svc,
      title: 'layer site',
      description: 'Read-only MCP server of the layer site: documentation search, desktop install lines and the latest macOS releases of pounce and perch.',
      tools,
    },
    'svc-docs': {
      ...mcpServerAddresses['svc-docs'],
      title: 'layer site documentation search',
      description: 'Read-only MCP server that searches the documentation of the layer site.',
      tools: tools.filter((tool) => tool.name === 'search_docs'),
    },
  } as const satisfies Record<string, McpServerSpec>;
}

export const mcpServers = mcpServersOf(siteTools);


/** What agents read in `initialize` / `server/discover`: what the server is for and how to call it. */
function instructions(spec: McpServerSpec): string {
  const names = spec.tools.map((tool) => `\`${tool.name}\``).join(', ');
  return `${spec.description} Tools: ${names}. Every documentation page is a resource (resources/list; resources/read of its URI, or of the URI with a #section anchor for one section); search_docs links each hit's section. Every tool is read-only and takes \`sandbox: true\` for deterministic sample answers. A failure is a result with isError set and structuredContent { error: { code, message } }; the codes are those of the site's REST API (${mcp.docs}).`;
}

/** A tool's answer (/docs/agents/mcp, "Tools"): the object as `structuredContent`, and the same JSON as text. */
export function toolSuccess(value: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value as Record<string, unknown> };
}

/**
 * The one mapping of a core failure to an MCP tool error (/docs/agents/mcp,
 * "Errors": a failing tool answers with an `isError` result): the CoreError's code, the same
 * one the REST problem carries, and its detail as the message.
 */
export function toolError(error: CoreError): CallToolResult {
  const body = toolFailureBody(error);
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body, isError: true };
}


export async function callTool(spec: McpServerSpec, name: string, args: unknown, context: ToolContext, log?: Log): Promise<CallToolResult> {
  const tool = spec.tools.find((entry) => entry.name === name);
  if (!tool) {
    // A tool that does not exist is a protocol error (MCP 2025-11-25 "Error Handling": -32602).
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}. This server's tools are ${spec.tools.map((entry) => entry.name).join(', ')}.`);
  }
  try {
    const result = await runTool(tool, args, context);
    return result.ok ? toolSuccess(result.value) : toolError(result.error);
  } catch (error) {
    // A bug in a tool is still a tool result: `internal_error` with a logged request id, never a stack trace.
    return toolError(unexpectedFailure(error, log, { event: 'MCP tool failed', subject: 'The tool', fields: { tool: name } }));
  }
}

/** The tool list, the pages and identity rarely change within a deployment: clients may keep them five minutes (2026-07-28 caching). */
const cacheHint = { ttlMs: 300_000, cacheScope: 'public' } as const;

/** What a server of `spec` says about itself: the same for every request, so made once per spec. */
const fixedParts = new Map<McpServerSpec, { instructions: string; listed: { tools: ReturnType<typeof toolDescription>[] } }>();
function fixedPartsOf(spec: McpServerSpec) {
  let parts = fixedParts.get(spec);
  if (!parts) {
    parts = { instructions: instructions(spec), listed: { tools: spec.tools.map(toolDescription) } };
    fixedParts.set(spec, parts);
  }
  return parts;
}

/**
 * `search_docs` results also link each hit's section as a resource
 * (`resource_link`, MCP "Tool Result"), so a client can read it without
 * leaving MCP; `structuredContent` and the text are unchanged.
 */
function withHitLinks(result: CallToolResult, origin: string): CallToolResult {
  const hits = (result.structuredContent as { results?: { url: string; breadcrumbs: string[] }[] } | undefined)?.results ?? [];
  const links = hits.flatMap((hit) => {
    const uri = hitResourceUri(origin, hit.url);
    return uri ? [{ type: 'resource_link' as const, uri, name: hit.url, title: hit.breadcrumbs.join(' › '), mimeType: resourceMimeType }] : [];
  });
  return links.length > 0 ? { ...result, content: [...result.content, ...links] } : result;
}

/**
 * What the servers declare in `initialize` and `server/discover`, and the
 * server card repeats: tools and resources, neither of which changes while
 * the server runs, so there is nothing to subscribe to.
 */
export const serverCapabilities = { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false } } as const;

/** A fresh server for one request (the SDK's per-request factory; stateless in both eras). */
export function buildMcpServer(spec: McpServerSpec, context: ToolContext, log?: Log, origin = '', docs: DocsReader = noDocsReader): Server {
  const { instructions, listed } = fixedPartsOf(spec);
  const server = new Server(
    { name: spec.name, title: spec.title, version: mcpServerVersion },
    {
      capabilities: serverCapabilities,
      instructions,
      // The pages change with a deploy only, as the tools do.
      cacheHints: { 'tools/list': cacheHint, 'server/discover': cacheHint, 'resources/list': cacheHint, 'resources/templates/list': cacheHint },
    },
  );
  server.setRequestHandler('tools/list', () => listed);
  server.setRequestHandler('tools/call', async (request) => {
    const result = await callTool(spec, request.params.name, request.params.arguments, context, log);
    return request.params.name === 'search_docs' && !result.isError ? withHitLinks(result, origin) : result;
  });
  // The documentation as resources, on every MCP path (search-only /mcp/docs included: they are what it finds).
  server.setRequestHandler('resources/list', (request) => listResources(docs, origin, request.params?.cursor));
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: resourceTemplates(origin) }));
  server.setRequestHandler('resources/read', (request) => readResource(docs, origin, request.params.uri, context.read));
  return server;
}
