import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { cursorInstallLink, mcpInstallLinks, remoteMcpServer, vscodeInstallLink } from '@/lib/agents/mcp-client-config';
import { mcpManifest } from '@/lib/agents/mcp-documents';
import { mcpServers } from '@/lib/agents/mcp-server';
import remarkAgents from '@/lib/docs-build/remark-agents';
import { assistantPrompt, openInLinks } from '@/lib/docs/open-in-links';

/**
 * The one-click installs of the MCP server (lib/agents/mcp-client-config.ts),
 * decoded as each editor decodes them, name the server /mcp.json names: its
 * name and its /mcp URL. The "Open in" page actions ask the assistant to
 * read the page's twin at its absolute URL.
 */
const origin = 'https://site.example';
// What /mcp.json answers (lib/endpoints/handlers/agents-handlers.ts serves mcpManifest).
const manifest = mcpManifest(origin);
const served = { name: 'svc' as const, url: manifest.mcpServers.svc.url };

/** Cursor's `config`: base64 of the server's mcp.json entry (cursor.com/docs/mcp/install-links). */
function decodeCursor(link: string): { name: string | null; config: unknown } {
  const query = new URL(link).searchParams;
  return { name: query.get('name'), config: JSON.parse(Buffer.from(query.get('config')!, 'base64').toString('utf8')) };
}

/** VS Code's link: `vscode:mcp/install?` and the URL-encoded JSON of `--add-mcp` (VS Code, MCP developer guide). */
function decodeVscode(link: string): unknown {
  const prefix = 'vscode:mcp/install?';
  expect(link.startsWith(prefix)).toBe(true);
  return JSON.parse(decodeURIComponent(link.slice(prefix.length)));
}

describe('the one-click install links', () => {
  it('name the server /mcp.json names, at its /mcp URL', () => {
    expect(served.url).toBe(`${origin}/mcp`);
    expect(Object.keys(manifest.mcpServers)).toContain(served.name);
    expect(mcpServers.svc.name).toBe(served.name);
    expect(remoteMcpServer(origin)).toEqual(served);
  });

  it('Cursor: the deeplink and the web link carry the name and the base64 of {"url": …/mcp}', () => {
    const link = cursorInstallLink(remoteMcpServer(origin));
    expect(link.deeplink).toMatch(/^cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?/);
    expect(link.web).toMatch(/^https:\/\/cursor\.com\/en\/install-mcp\?/);
    for (const url of [link.deeplink, link.web]) {
      expect(decodeCursor(url)).toEqual({ name: served.name, config: { url: served.url } });
    }
    // A `+` left bare in the query would read back as a space: the base64 is percent-encoded.
    expect(link.web.split('config=')[1]).not.toMatch(/[+/=]/);
  });

  it('VS Code: the deeplink is the URL-encoded {name, type: "http", url}; the web link redirects to that very deeplink', () => {
    const link = vscodeInstallLink(remoteMcpServer(origin));
    expect(decodeVscode(link.deeplink)).toEqual({ name: served.name, type: 'http', url: served.url });
    const web = new URL(link.web);
    expect(web.origin + web.pathname).toBe('https://insiders.vscode.dev/redirect');
    expect(web.searchParams.get('url')).toBe(link.deeplink);
  });

  it('are offered for svc, in Cursor then VS Code', () => {
    expect(mcpInstallLinks(origin).map((link) => link.editor)).toEqual(['Cursor', 'VS Code']);
    expect(mcpInstallLinks(origin)).toEqual([cursorInstallLink(served), vscodeInstallLink(served)]);
  });

  it('<McpClientConfig client="install" /> writes the web links, then the deeplinks, into the page and its twin', async () => {
    const processor = unified().use(remarkParse).use(remarkMdx).use(remarkAgents, { origin }).use(remarkStringify);
    const markdown = processor.stringify((await processor.run(processor.parse('<McpClientConfig client="install" />\n'))) as never);
    // Read back as a markdown reader does (the stringifier may escape `&` in a destination).
    const hrefs: string[] = [];
    visit(unified().use(remarkParse).parse(markdown), 'link', (node) => void hrefs.push(node.url));
    const links = mcpInstallLinks(origin);
    expect(hrefs).toEqual([...links.map((link) => link.web), ...links.map((link) => link.deeplink)]);
  });
});

describe('the "Open in" page actions', () => {
  const twin = `${origin}/docs/agents/mcp.md`;

  it('ChatGPT gets the prompt in `prompt` with hints=search, Claude in `q`, each naming the twin', () => {
    const [chatgpt, claude] = openInLinks(twin);
    const chatgptUrl = new URL(chatgpt!.href);
    expect(chatgptUrl.origin + chatgptUrl.pathname).toBe('https://chatgpt.com/');
    expect(chatgptUrl.searchParams.get('hints')).toBe('search');
    expect(chatgptUrl.searchParams.get('prompt')).toBe(assistantPrompt(twin));
    const claudeUrl = new URL(claude!.href);
    expect(claudeUrl.origin + claudeUrl.pathname).toBe('https://claude.ai/new');
    expect(claudeUrl.searchParams.get('q')).toBe(assistantPrompt(twin));
    expect(assistantPrompt(twin)).toBe(`Read ${twin}, I want to ask questions about it.`);
  });
});
