import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import remarkGfm from 'remark-gfm';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { agentPluginsMcpSchema, flatMcpManifestSchema, mcpManifestSchema, serverCardSchema } from '@/lib/agents/mcp-document-schemas';
import { flatMcpManifest, mcpManifest, serverCard } from '@/lib/agents/mcp-documents';
import { mcpServers, mcpServerVersion } from '@/lib/agents/mcp-server';
import { createMcpTransport, servedProtocolVersions } from '@/lib/agents/mcp-transport';
import { toolDescription, tools, type ToolContext } from '@/lib/agents/tools';
import { createCursorCodec } from '@/lib/core/cursor';
import { createSandbox } from '@/lib/core/sandbox';
import remarkAgents from '@/lib/docs-build/remark-agents';
import { toolContextOf } from '../helpers/test-services';

/**
 * The discovery documents (lib/agents/mcp-documents.ts) and the Agents docs
 * (content/docs/agents, lib/docs-build/remark-agents.ts) say what the transports
 * serve: the card's identity is serverInfo's, its tools are what
 * tools/list sends, and the docs render every tool from the table.
 */

const origin = 'https://site.example';
const sandbox = createSandbox({ cursors: createCursorCodec('mcp-documents-test') });
const context: ToolContext = toolContextOf({
  search: { search: async (input) => sandbox.search(input) },
  releases: { latestRelease: async (app) => sandbox.release(app) },
  sandbox,
  origin,
});

async function rpc(server: keyof typeof mcpServers, method: string, params?: object) {
  const handler = createMcpTransport(mcpServers[server], { context: () => context, origin: () => origin });
  const response = await handler(
    new Request(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
    }),
  );
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

describe('the manifests', () => {
  it('/mcp.json names both transports in the Agent Plugins shape', () => {
    const manifest = mcpManifest(origin);
    expect(mcpManifestSchema.parse(manifest)).toEqual(manifest);
    expect(manifest).toEqual({
      $schema: agentPluginsMcpSchema,
      mcpServers: {
        svc: { type: 'streamable-http', url: `${origin}/mcp` },
        'svc-docs': { type: 'streamable-http', url: `${origin}/mcp/docs` },
      },
    });
  });

  it('/.well-known/mcp.json is its flat twin: the same servers, unwrapped', () => {
    const flat = flatMcpManifest(origin);
    expect(flatMcpManifestSchema.parse(flat)).toEqual(flat);
    expect(flat).toEqual(mcpManifest(origin).mcpServers);
  });
});

describe('the server card', () => {
  const card = serverCard(origin);

  it('matches its schema', () => {
    expect(serverCardSchema.parse(card)).toEqual(card);
  });

  it('has the name and version of serverInfo, as initialize reports them', async () => {
    const result = await rpc('svc', 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    const serverInfo = result.serverInfo as { name: string; version: string };
    expect(card.name).toBe(serverInfo.name);
    expect(card.version).toBe(serverInfo.version);
    expect(card.serverInfo).toMatchObject(serverInfo);
    expect(card.version).toBe(mcpServerVersion);
  });

  it('lists the tools exactly as tools/list sends them', async () => {
    const result = await rpc('svc', 'tools/list');
    expect(card.tools).toEqual(result.tools);
    expect(card.tools).toEqual(tools.map(toolDescription));
  });

  it('names the transports of svc with every protocol revision served', () => {
    expect(card.remotes.map((remote) => remote.url)).toEqual([`${origin}/mcp`, `${origin}/.well-known/mcp`]);
    for (const remote of card.remotes) expect(remote.supportedProtocolVersions).toEqual(servedProtocolVersions);
  });

  it('svc-docs serves search_docs only', async () => {
    const result = await rpc('svc-docs', 'tools/list');
    expect((result.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['search_docs']);
  });
});

describe('the Agents docs', () => {
  const page = readFileSync(fileURLToPath(new URL('../../content/docs/agents/mcp.mdx', import.meta.url)), 'utf8');

  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkAgents, { origin }).use(remarkStringify);
  const render = async (source: string) => {
    const file = new VFile({ value: source, path: 'test.mdx' });
    return processor.stringify((await processor.run(processor.parse(file), file)) as never);
  };

  it('render every tool from the table and name every protocol revision served', async () => {
    expect(page).toContain('<ToolReferences />');
    expect(page).toContain('<McpServers />');
    const built = await render(page.replace(/^---\n[\s\S]*?\n---\n/, ''));
    // Each tool under its heading (its anchor), with its reference.
    for (const tool of tools) expect(built).toContain(`### ${tool.name}\n\n**${tool.title}**`);
    // Every server, with its tools.
    expect(built).toMatch(/^\| `POST \/mcp\/docs` +\| `svc-docs` +\| `search_docs` +\|$/m);
    expect(built).toMatch(new RegExp(`^\\| \`POST /mcp\` +\\| \`svc\` +\\| ${tools.map((tool) => `\`${tool.name}\``).join(', ')} +\\|$`, 'm'));
    for (const version of servedProtocolVersions) expect(page).toContain(version);
  });

  it('<ToolReference /> shows the arguments, the result fields and the error codes of the table', async () => {
    const markdown = await render('<ToolReference name="search_docs" />\n');
    for (const name of ['query', 'limit', 'cursor', 'sandbox', 'results', 'next_cursor', 'total', 'breadcrumbs', 'excerpt', 'score']) {
      expect(markdown).toContain(`\`${name}\``);
    }
    for (const code of ['missing_query', 'invalid_cursor', 'index_unavailable', 'invalid_parameter']) expect(markdown).toContain(`/problems/${code}`);
    expect(markdown).toContain('open world no');
  });

  it('<McpClientConfig /> writes the public origin into each snippet', async () => {
    for (const client of ['cli', 'editor', 'vscode', 'plugin']) expect(await render(`<McpClientConfig client="${client}" />\n`)).toContain(`${origin}/mcp`);
  });

  it('an unknown tool or client fails the build with the file and line', async () => {
    await expect(render('<ToolReference name="nope" />\n')).rejects.toThrow(/test\.mdx:1:1: <ToolReference>: no tool "nope"/);
    await expect(render('<McpClientConfig client="emacs" />\n')).rejects.toThrow(/unknown client "emacs"/);
  });
});
