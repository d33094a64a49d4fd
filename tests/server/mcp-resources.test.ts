import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client as httpClient } from '../helpers/http';
import { connectClient } from '../helpers/mcp-client';

/**
 * The documentation as MCP resources, through the MCP SDK's own client
 * against `next start`, on every MCP path: a page lists with its twin's URL,
 * size and date; reading it gives the twin's bytes; a section's URI gives
 * that section alone; a search hit links its section, and following the
 * link reads it; an unknown URI is resource-not-found, never an internal
 * error.
 */
const baseUrl = inject('baseUrl');
const localAddress = '127.0.0.108';
const get = httpClient(baseUrl, localAddress);

type Resource = { uri: string; name: string; title?: string; mimeType?: string; size?: number; annotations?: { lastModified?: string } };

describe.each(['/mcp', '/.well-known/mcp', '/mcp/docs'])('%s', (path) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient(`${baseUrl}${path}`, localAddress);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('declares resources, and lists every docs page with its twin URL, size and last-changed date', async () => {
    expect(client.getServerCapabilities()?.resources).toEqual({ listChanged: false, subscribe: false });
    const resources: Resource[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor ? { cursor } : {});
      resources.push(...(page.resources as Resource[]));
      cursor = page.nextCursor;
    } while (cursor);
    const xml = (await get('/sitemap.xml')).body;
    const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((p) => p.startsWith('/docs'));
    expect(resources.map((resource) => new URL(resource.uri).pathname).sort()).toEqual(pages.map((page) => `${page}.md`).sort());
    for (const resource of resources) {
      expect(resource).toMatchObject({ mimeType: 'text/markdown', name: expect.any(String), title: expect.any(String) });
      expect(resource.annotations?.lastModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    // Its size and date are the twin's.
    const appearance = resources.find((resource) => resource.uri.endsWith('/docs/rooms/appearance.md'))!;
    const twin = await get('/docs/rooms/appearance.md');
    expect(appearance.size).toBe(Buffer.byteLength(twin.body));
    expect(new Date(twin.headers['last-modified']!).toISOString().replace('.000', '')).toBe(appearance.annotations!.lastModified);
  });

  it('offers a template for a page and one for a section', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      expect.stringMatching(/\/docs\{\/path\*\}\.md$/),
      expect.stringMatching(/\/docs\{\/path\*\}\.md#\{section\}$/),
    ]);
  });

  it("reads a page as its twin's bytes, and a section as that heading and its body alone", async () => {
    const { resources } = await client.listResources();
    const uri = resources.find((resource) => resource.uri.endsWith('/docs/rooms/appearance.md'))!.uri;
    const page = await client.readResource({ uri });
    expect(page.contents).toEqual([{ uri, mimeType: 'text/markdown', text: (await get('/docs/rooms/appearance.md')).body }]);

    const section = await client.readResource({ uri: `${uri}#layer.theme.flavor` });
    const text = (section.contents[0] as { text: string }).text;
    expect(text.startsWith('### layer.theme.flavor [#layer.theme.flavor]\n')).toBe(true);
    expect(text).toContain('**Type:**');
    // Down to the next heading of the same or a higher level, no further.
    expect(text.split('\n').slice(1).filter((line) => /^#{1,3} /.test(line))).toEqual([]);
    expect(Buffer.byteLength(text)).toBeLessThan(Buffer.byteLength((page.contents[0] as { text: string }).text) / 10);

    // A section with sections under it holds them.
    const theme = (await client.readResource({ uri: `${uri}#theme` })).contents[0] as { text: string };
    expect(theme.text.startsWith('## Theme [#theme]\n')).toBe(true);
    expect(theme.text).toContain('### layer.theme.flavor [#layer.theme.flavor]');
    expect(theme.text).not.toContain('\n## ');
  });

  it('links each search hit to its section, and the link reads it', async () => {
    const result = (await client.callTool({ name: 'search_docs', arguments: { query: 'theme flavor', limit: 3 } })) as {
      structuredContent: { results: { url: string }[] };
      content: { type: string; uri?: string; text?: string; mimeType?: string }[];
    };
    // The text and structuredContent are as before; the links follow them.
    expect(result.content[0]).toEqual({ type: 'text', text: JSON.stringify(result.structuredContent) });
    const links = result.content.filter((item) => item.type === 'resource_link');
    expect(links).toHaveLength(result.structuredContent.results.length);
    for (const [index, link] of links.entries()) {
      const hit = result.structuredContent.results[index]!;
      const [hitPath, anchor] = hit.url.split('#');
      expect(new URL(link.uri!).pathname).toBe(`${hitPath}.md`);
      expect(new URL(link.uri!).hash).toBe(anchor ? `#${anchor}` : '');
      expect(link.mimeType).toBe('text/markdown');
    }
    const read = await client.readResource({ uri: links[0]!.uri! });
    expect((read.contents[0] as { text: string }).text).toMatch(/^#{2,6} /);
  });

  it('answers an unknown page or section as resource-not-found, and a bad cursor as invalid params', async () => {
    const { resources } = await client.listResources();
    const uri = resources[0]!.uri;
    for (const unknown of [`${uri.replace(/\.md$/, '')}-nope.md`, `${uri}#no-such-section`, 'https://elsewhere.example/docs.md', 'not a uri']) {
      const error = await client.readResource({ uri: unknown }).then(
        () => undefined,
        (failure: unknown) => failure as { code: number; message: string; data?: unknown },
      );
      expect(error, unknown).toBeDefined();
      // The SDK answers a miss as Invalid Params naming the URI (MCP 2026-07-28; -32002 in earlier SDKs).
      expect([-32602, -32002]).toContain(error!.code);
      expect(error!.message).not.toMatch(/internal|stack|at \w+ \(/i);
    }
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
  });
});
