import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import { repoRoot } from '../helpers/next-server';

/**
 * The MCP page of the Agents docs (content/docs/agents/mcp.mdx) as built and
 * served (its markdown twin): every example answer on it was generated at
 * build time from the transport, in the sandbox (<ApiExample />), and each
 * documented command, sent as a reader would send it to `next start`, gets
 * the answer the page shows. The tool reference on the page is the one
 * tools/list sends, and the client snippets and the one-click install links
 * point at the transport.
 */
const get = client(inject('baseUrl'), '127.0.0.103');
const page = readFileSync(join(repoRoot, 'content/docs/agents/mcp.mdx'), 'utf8');

interface Example {
  command: string;
  shown: Array<{ lang: string; title?: string; body: string }>;
}

async function twin() {
  const res = await get('/docs/agents/mcp.md');
  expect(res.status).toBe(200);
  return res.body;
}

function examplesOf(markdown: string): Example[] {
  const examples: Example[] = [];
  let current: Example | undefined;
  for (const match of markdown.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const [lang, meta, body] = [match[1]!, match[2]!, match[3]!.replace(/\n$/, '')];
    if (lang === 'sh' && body.startsWith('curl -sS')) {
      current = { command: body.replace(/\\\n\s*/g, ' '), shown: [] };
      examples.push(current);
    } else if (current && (lang === 'http' || /title="\d{3}"/.test(meta))) {
      current.shown.push({ lang, title: /title="(\d{3})"/.exec(meta)?.[1], body });
    }
  }
  return examples;
}

function requestOf(command: string) {
  const url = /"\$BASE([^"]+)"/.exec(command)![1]!;
  const headers: Record<string, string> = {};
  for (const [, name, value] of command.matchAll(/-H '([^:]+): ([^']*)'/g)) headers[name!] = value!;
  const body = /-d '([^']*)'/.exec(command)?.[1];
  return { url, method: body !== undefined ? 'POST' : 'GET', headers, body };
}

const markdown = await twin();
const examples = examplesOf(markdown);

describe('the MCP docs page', () => {
  it('shows a generated answer for every <ApiExample />', () => {
    const elements = [...page.matchAll(/<ApiExample /g)].length;
    expect(elements).toBeGreaterThanOrEqual(5);
    expect(examples.filter((example) => example.shown.length > 0)).toHaveLength(elements);
  });

  it.each(examples.map((example) => [example.command.slice(0, 120), example] as const))('%s', async (_name, example) => {
    const request = requestOf(example.command);
    const res = await get(request.url, { method: request.method, headers: request.headers, body: request.body });
    expect(res.status, res.body).toBe(200);
    if (example.shown.length === 0) {
      // A command shown without its answer (the 2026-07-28 request): it is answered, not refused.
      expect(res.json<{ result?: { isError?: boolean } }>().result?.isError ?? false).toBe(false);
      return;
    }
    for (const shown of example.shown) {
      if (shown.lang === 'http') {
        const [statusLine, ...headerLines] = shown.body.split('\n');
        expect(statusLine).toMatch(new RegExp(`^HTTP/1.1 ${res.status}\\b`));
        for (const line of headerLines) {
          const [name, value] = line.split(': ');
          expect(res.headers[name!.toLowerCase()], name).toBe(value);
        }
        continue;
      }
      expect(String(res.status)).toBe(shown.title);
      expect(JSON.stringify(res.json(), null, 2)).toBe(shown.body);
    }
  });

  it('documents every tool tools/list sends, with each argument', async () => {
    const res = await get('/mcp', { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    const { tools } = res.json<{ result: { tools: Array<{ name: string; inputSchema: { properties: Record<string, unknown> } }> } }>().result;
    for (const tool of tools) {
      expect(markdown).toContain(`### ${tool.name}`);
      for (const argument of Object.keys(tool.inputSchema.properties)) expect(markdown).toContain(`| \`${argument}\``);
    }
  });

  it('gives the client snippets the transport this server answers at', async () => {
    const snippets = [...markdown.matchAll(/^```(?:json title="[^"]*mcp\.json"|sh)\n([\s\S]*?)^```$/gm)].map((match) => match[1]!).join('\n');
    const urls = [...snippets.matchAll(/"url": "(https?:[^"]+)"|--transport http svc (\S+)/g)].map((match) => new URL(match[1] ?? match[2]!).pathname);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    expect(new Set(urls)).toEqual(new Set(['/mcp', '/mcp/docs']));
    const manifest = (await get('/mcp.json')).json<{ mcpServers: Record<string, { url: string }> }>();
    expect(snippets).toContain(manifest.mcpServers.svc!.url);
  });

  it('gives the one-click installs the server /mcp.json names: svc at its /mcp URL', async () => {
    const manifest = (await get('/mcp.json')).json<{ mcpServers: Record<string, { url: string }> }>();
    const svc = { name: 'svc', url: manifest.mcpServers.svc!.url };
    // The links as a markdown reader reads them (a `&` in a destination may be written `\&`).
    const hrefs: string[] = [];
    visit(unified().use(remarkParse).parse(markdown), 'link', (node) => void hrefs.push(node.url));
    const cursor = hrefs.filter((href) => href.startsWith('https://cursor.com/en/install-mcp?') || href.startsWith('cursor://anysphere.cursor-deeplink/mcp/install?'));
    expect(cursor).toHaveLength(2);
    for (const href of cursor) {
      const query = new URL(href).searchParams;
      expect({ name: query.get('name'), ...JSON.parse(Buffer.from(query.get('config')!, 'base64').toString('utf8')) }).toEqual(svc);
    }
    const vscodePrefix = 'vscode:mcp/install?';
    const vscode = hrefs.flatMap((href) =>
      href.startsWith('https://insiders.vscode.dev/redirect?') ? [new URL(href).searchParams.get('url')!] : href.startsWith(vscodePrefix) ? [href] : [],
    );
    expect(vscode).toHaveLength(2);
    for (const deeplink of vscode) {
      expect(deeplink.startsWith(vscodePrefix)).toBe(true);
      expect(JSON.parse(decodeURIComponent(deeplink.slice(vscodePrefix.length)))).toEqual({ ...svc, type: 'http' });
    }
  });
});
