import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

/**
 * Issue 10, Verify: the same facts on every door. The MCP tools run the
 * same core operations as /v1, so over real HTTP against `next start`
 * `search_docs` gives the URLs, scores and cursors of /v1/search for the
 * same query and limit, `get_latest_release` the document of
 * /v1/releases/{app}, and `get_install_command` the rows (and so the install
 * lines) of /v1/desktops; live and in the sandbox. Later doors (A2A, /ask)
 * join this file.
 */
const send = client(inject('baseUrl'), '127.0.0.102');

async function tool(name: string, args: Record<string, unknown>, path = '/mcp'): Promise<Record<string, unknown>> {
  const res = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  expect(res.status, res.body).toBe(200);
  const { result } = res.json<{ result: { isError?: boolean; structuredContent: Record<string, unknown> } }>();
  expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
  return result.structuredContent;
}

async function rest(path: string): Promise<Record<string, unknown>> {
  const res = await send(path);
  expect(res.status, `${path}: ${res.body}`).toBe(200);
  return res.json();
}

const queries = ['wallpaper', 'layer.windows.accordionPadding', 'hot corners', 'install a desktop', 'pounce'];

describe('search_docs and /v1/search', () => {
  it.each(queries)('%s: the same hits, scores, total and cursor, on both MCP servers', async (query) => {
    const limit = 4;
    const viaRest = await rest(`/v1/search?q=${encodeURIComponent(query)}&limit=${limit}`);
    expect((viaRest.results as unknown[]).length).toBeGreaterThan(0);
    expect(await tool('search_docs', { query, limit })).toEqual(viaRest);
    expect(await tool('search_docs', { query, limit }, '/mcp/docs')).toEqual(viaRest);
  });

  it('a cursor from one door continues the walk on the other', async () => {
    const first = await rest('/v1/search?q=layer&limit=3');
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await tool('search_docs', { query: 'layer', cursor: first.next_cursor });
    expect(second).toEqual(await rest(`/v1/search?q=layer&cursor=${encodeURIComponent(String(first.next_cursor))}`));
    const urls = (page: Record<string, unknown>) => (page.results as Array<{ url: string }>).map((hit) => hit.url);
    expect(urls(second)).not.toEqual(expect.arrayContaining(urls(first)));
  });

  it('in the sandbox too', async () => {
    expect(await tool('search_docs', { query: 'glow', limit: 2, sandbox: true })).toEqual(await rest('/v1/search?q=glow&limit=2&sandbox=true'));
  });
});

describe('get_latest_release and /v1/releases/{app}', () => {
  it.each(['pounce', 'perch'])('%s: the same document, live (from the code host) and in the sandbox', async (app) => {
    expect(await tool('get_latest_release', { app })).toEqual(await rest(`/v1/releases/${app}`));
    expect(await tool('get_latest_release', { app, sandbox: true })).toEqual(await rest(`/v1/releases/${app}?sandbox=true`));
  });
});

describe('get_install_command and /v1/desktops', () => {
  it('the whole gallery: the same rows, so the same install lines', async () => {
    const page = await rest('/v1/desktops?limit=50');
    const rows = page.items as Array<{ desktop: string; install: string }>;
    const answer = await tool('get_install_command', {});
    expect(answer.desktops).toEqual(rows);
    expect(await tool('get_install_command', { sandbox: true })).toEqual({ desktops: (await rest('/v1/desktops?limit=50&sandbox=true')).items });
  });

  it('each desktop by name: its row of /v1/desktops', async () => {
    const rows = (await rest('/v1/desktops?limit=50')).items as Array<{ desktop: string; install: string }>;
    for (const row of rows) expect(await tool('get_install_command', { desktop: row.desktop })).toEqual({ desktops: [row] });
  });
});
