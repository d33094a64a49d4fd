import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

/**
 * The sandbox answers in the live shape (spec "Versioned REST", Sandbox):
 * an agent that learned a door from the docs' examples, which are the
 * sandbox's, meets the same fields live. For every door with a sandbox,
 * the same request live and with `sandbox` gives answers with the same
 * fields, field by field, of the same types (a null beside a value passes:
 * `next_cursor` is null on a last page); and every sandbox search hit
 * carries the breadcrumbs the live index gives its section.
 */
const send = client(inject('baseUrl'), '127.0.0.103');

type Shape = Map<string, Set<string>>;

/** Every field's path (`results[].breadcrumbs[]`) and the types found there; arrays merge their items. */
function shapeOf(value: unknown, path = '', into: Shape = new Map()): Shape {
  const add = (type: string) => (into.get(path) ?? into.set(path, new Set()).get(path)!).add(type);
  if (value === null) add('null');
  else if (Array.isArray(value)) {
    add('array');
    for (const item of value) shapeOf(item, `${path}[]`, into);
  } else if (typeof value === 'object') {
    add('object');
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) if (key !== 'sandbox') shapeOf(field, `${path}.${key}`, into);
  } else add(typeof value);
  return into;
}

function expectSameShape(door: string, live: unknown, sandbox: unknown) {
  const [a, b] = [shapeOf(live), shapeOf(sandbox)];
  expect([...b.keys()].sort(), `${door}: fields`).toEqual([...a.keys()].sort());
  for (const [path, types] of a) {
    const [liveTypes, sandboxTypes] = [types, b.get(path)!].map((set) => [...set].filter((type) => type !== 'null').sort());
    if (liveTypes!.length > 0 && sandboxTypes!.length > 0) expect(sandboxTypes, `${door}: ${path || '(answer)'}`).toEqual(liveTypes);
  }
}

async function json(path: string, init: { method?: string; body?: object } = {}): Promise<Record<string, unknown>> {
  const res = await send(path, init);
  expect(res.status, `${path}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function rpc(path: string, method: string, params: object): Promise<Record<string, unknown>> {
  const answer = await json(path, { method: 'POST', body: { jsonrpc: '2.0', id: 1, method, params } });
  expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
  return answer.result as Record<string, unknown>;
}

async function jobResult(sandbox: boolean): Promise<Record<string, unknown>> {
  const res = await send('/v1/jobs', { method: 'POST', body: { sandbox, operations: [{ kind: 'search', q: 'glow', limit: 2 }, { kind: 'release', app: 'pounce' }, { kind: 'install', desktop: 'hacker' }] } });
  expect(res.status, res.body).toBe(202);
  for (;;) {
    const job = await json(res.headers.location!);
    if (job.status !== 'queued') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const operations = [{ kind: 'search', q: 'glow', limit: 2 }, { kind: 'release', app: 'pounce' }, { kind: 'install', desktop: 'hacker' }, { kind: 'release', app: 'nope' }];
const a2aMessage = (skill: string, args: object) => ({ message: { messageId: `shape-${skill}`, role: 'ROLE_USER', parts: [{ data: { skill, arguments: args } }] } });

/** Each door's answer to the same request, live (false) or in the sandbox (true). */
const doors: Record<string, (sandbox: boolean) => Promise<unknown>> = {
  '/v1/search': (sandbox) => json(`/v1/search?q=glow&limit=2${sandbox ? '&sandbox=true' : ''}`),
  '/v1/desktops': (sandbox) => json(`/v1/desktops?limit=3${sandbox ? '&sandbox=true' : ''}`),
  '/v1/rooms': (sandbox) => json(`/v1/rooms?limit=3${sandbox ? '&sandbox=true' : ''}`),
  '/v1/apps': (sandbox) => json(`/v1/apps${sandbox ? '?sandbox=true' : ''}`),
  '/v1/options': (sandbox) => json(`/v1/options?limit=3${sandbox ? '&sandbox=true' : ''}`),
  '/v1/releases/{app}': (sandbox) => json(`/v1/releases/pounce${sandbox ? '?sandbox=true' : ''}`),
  '/v1/batch': (sandbox) => json('/v1/batch', { method: 'POST', body: { sandbox, operations } }),
  '/v1/jobs': jobResult,
  '/ask': (sandbox) => json(`/ask?q=glow${sandbox ? '&sandbox=true' : ''}`),
  'MCP search_docs': (sandbox) => rpc('/mcp', 'tools/call', { name: 'search_docs', arguments: { query: 'glow', limit: 2, sandbox } }),
  'MCP get_latest_release': (sandbox) => rpc('/mcp', 'tools/call', { name: 'get_latest_release', arguments: { app: 'pounce', sandbox } }),
  'MCP get_install_command': (sandbox) => rpc('/mcp', 'tools/call', { name: 'get_install_command', arguments: { desktop: 'hacker', sandbox } }),
  'MCP /mcp/docs search_docs': (sandbox) => rpc('/mcp/docs', 'tools/call', { name: 'search_docs', arguments: { query: 'glow', limit: 2, sandbox } }),
  'A2A search-docs': (sandbox) => rpc('/a2a', 'SendMessage', a2aMessage('search-docs', { query: 'glow', limit: 2, sandbox })),
  'A2A latest-release': (sandbox) => rpc('/a2a', 'SendMessage', a2aMessage('latest-release', { app: 'pounce', sandbox })),
  'A2A install-command': (sandbox) => rpc('/a2a', 'SendMessage', a2aMessage('install-command', { desktop: 'hacker', sandbox })),
};

describe('the sandbox answers in the live shape', () => {
  it.each(Object.keys(doors))('%s: the same fields, of the same types', async (door) => {
    const [live, sandbox] = [await doors[door]!(false), await doors[door]!(true)];
    expectSameShape(door, live, sandbox);
  });

  it('every sandbox search hit has the breadcrumbs the live index gives its section', async () => {
    const hits = new Map<string, string[]>();
    for (const q of ['glow', 'accordion', 'flavor', 'hacker', 'pounce', 'perch', 'rebuilds']) {
      const page = await json(`/v1/search?q=${q}&limit=50&sandbox=true`);
      for (const hit of page.results as Array<{ url: string; breadcrumbs: string[] }>) hits.set(hit.url, hit.breadcrumbs);
    }
    expect(hits.size).toBeGreaterThanOrEqual(7);
    for (const [url, breadcrumbs] of hits) {
      const live = await json(`/v1/search?q=${encodeURIComponent(breadcrumbs.at(-1)!)}&limit=50`);
      const same = (live.results as Array<{ url: string; breadcrumbs: string[] }>).find((hit) => hit.url === url);
      expect(same?.breadcrumbs, url).toEqual(breadcrumbs);
    }
  });
});
