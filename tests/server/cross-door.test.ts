import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

/**
 * The same facts on every door. The MCP tools run the same core operations
 * as /v1, so over real HTTP against `next start` `search_docs` gives the
 * URLs, scores and cursors of /v1/search for the same query and limit,
 * `get_latest_release` the document of /v1/releases/{app}, and
 * `get_install_command` the rows (and so the install lines) of
 * /v1/desktops; live and in the sandbox. The other doors too: for the same
 * inputs, /v1/batch, MCP, /ask (its top results) and A2A give the same URLs,
 * scores, releases and install lines.
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

// --- /v1/batch, MCP, /ask and A2A ---------------------------------------------

type Operation = { kind: 'search'; q: string; limit?: number } | { kind: 'release'; app: string } | { kind: 'install'; desktop?: string };

async function batch(operation: Operation, sandbox: boolean): Promise<Record<string, unknown>> {
  const res = await send('/v1/batch', { method: 'POST', body: { sandbox, operations: [operation] } });
  expect(res.status, res.body).toBe(200);
  const [result] = res.json<{ results: Array<{ ok: boolean; data: Record<string, unknown> }> }>().results;
  expect(result!.ok, JSON.stringify(result)).toBe(true);
  return result!.data;
}

async function a2aSkill(skill: string, args: Record<string, unknown>, legacy = false): Promise<unknown> {
  const message = legacy
    ? { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [{ kind: 'data', data: { skill, arguments: args } }] }
    : { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ data: { skill, arguments: args } }] };
  const res = await send('/a2a', { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: legacy ? 'message/send' : 'SendMessage', params: { message } } });
  expect(res.status, res.body).toBe(200);
  const { result } = res.json<{ result: { message?: { parts: Array<{ data?: unknown }> }; parts?: Array<{ data?: unknown }> } }>();
  return (result.message ?? result).parts!.find((part) => part.data !== undefined)!.data;
}

async function askTop(query: string, sandbox: boolean): Promise<Array<{ url: string; score: number }>> {
  const res = await send(`/ask?q=${encodeURIComponent(query)}${sandbox ? '&sandbox=true' : ''}`);
  expect(res.status, res.body).toBe(200);
  return res.json<{ results: Array<{ url: string; score: number }> }>().results.map(({ url, score }) => ({ url, score }));
}

describe.each([false, true])('every door gives the same facts (sandbox: %s)', (sandbox) => {
  const flag = sandbox ? { sandbox: true } : {};
  const query = sandbox ? '&sandbox=true' : '';

  it.each(['How do I make the text bigger?', 'which editor does it install by default', 'wallpaper', 'hot corners'])('search "%s": /v1/search, batch, MCP, A2A and /ask', async (q) => {
    const viaRest = await rest(`/v1/search?q=${encodeURIComponent(q)}&limit=10${query}`);
    expect(await batch({ kind: 'search', q, limit: 10 }, sandbox)).toEqual(viaRest);
    expect(await tool('search_docs', { query: q, limit: 10, ...flag })).toEqual(viaRest);
    expect(await a2aSkill('search-docs', { query: q, limit: 10, ...flag })).toEqual(viaRest);
    expect(await a2aSkill('search-docs', { query: q, limit: 10, ...flag }, true)).toEqual(viaRest);
    const hits = (viaRest.results as Array<{ url: string; score: number }>).map(({ url, score }) => ({ url, score }));
    // The sandbox's few fixture sections hold no hot corners; every live query has hits.
    if (!sandbox || q === 'wallpaper') expect(hits.length).toBeGreaterThan(0);
    expect(await askTop(q, sandbox)).toEqual(hits);
  });

  it.each(['pounce', 'perch'])('release of %s: /v1/releases, batch, MCP and A2A', async (app) => {
    const viaRest = await rest(`/v1/releases/${app}${sandbox ? '?sandbox=true' : ''}`);
    expect(await batch({ kind: 'release', app }, sandbox)).toEqual(viaRest);
    expect(await tool('get_latest_release', { app, ...flag })).toEqual(viaRest);
    expect(await a2aSkill('latest-release', { app, ...flag })).toEqual(viaRest);
    expect(await a2aSkill('latest-release', { app, ...flag }, true)).toEqual(viaRest);
  });

  it('install lines: /v1/desktops, batch, MCP and A2A, the gallery and each desktop', async () => {
    const rows = (await rest(`/v1/desktops?limit=50${query}`)).items as Array<{ desktop: string; install: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(await batch({ kind: 'install' }, sandbox)).toEqual({ desktops: rows });
    expect(await tool('get_install_command', flag)).toEqual({ desktops: rows });
    expect(await a2aSkill('install-command', flag)).toEqual({ desktops: rows });
    expect(await a2aSkill('install-command', flag, true)).toEqual({ desktops: rows });
    for (const row of rows) {
      expect(await batch({ kind: 'install', desktop: row.desktop }, sandbox)).toEqual({ desktops: [row] });
      expect(await tool('get_install_command', { desktop: row.desktop, ...flag })).toEqual({ desktops: [row] });
      expect(await a2aSkill('install-command', { desktop: row.desktop, ...flag })).toEqual({ desktops: [row] });
      expect(await a2aSkill('install-command', { desktop: row.desktop, ...flag }, true)).toEqual({ desktops: [row] });
    }
  });

  it('the layer installer row (pins null, the /layer.sh line) is the same on every door', async () => {
    const rows = (await rest(`/v1/desktops?limit=50${query}`)).items as Array<{ desktop: string; pins: string | null; install: string; flag: string | null }>;
    const layer = rows.find((row) => row.desktop === 'layer');
    expect(layer).toMatchObject({ pins: null, flag: null, install: expect.stringMatching(/\/layer\.sh \| sh$/) });
    const doors = {
      rest: rows,
      batch: ((await batch({ kind: 'install' }, sandbox)) as { desktops: unknown[] }).desktops,
      mcp: ((await tool('get_install_command', flag)) as { desktops: unknown[] }).desktops,
      a2a: ((await a2aSkill('install-command', flag)) as { desktops: unknown[] }).desktops,
      'a2a 0.3': ((await a2aSkill('install-command', flag, true)) as { desktops: unknown[] }).desktops,
    };
    for (const [door, gallery] of Object.entries(doors)) expect(gallery.find((row) => (row as { desktop: string }).desktop === 'layer'), door).toEqual(layer);
    expect(await batch({ kind: 'install', desktop: 'layer' }, sandbox)).toEqual({ desktops: [layer] });
    expect(await tool('get_install_command', { desktop: 'layer', ...flag })).toEqual({ desktops: [layer] });
    expect(await a2aSkill('install-command', { desktop: 'layer', ...flag })).toEqual({ desktops: [layer] });
  });
});
