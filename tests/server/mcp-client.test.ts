import { toolNames } from '@/lib/agents/tools';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRelease, fakeReleaseTag, scenarios, startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { connectClient } from '../helpers/mcp-client';
import { startNextServer, type RunningServer } from '../helpers/next-server';

/**
 * Spec "Agent endpoints": the MCP SDK's own client (`Client` + Streamable HTTP
 * transport) against `next start`, on all three endpoints: it connects
 * (`initialize`), lists the tools, and calls each, with success and
 * failure. This file runs its own server and fake code host, so the first
 * release lookup it makes is a live one (the release cache is its own):
 * the code host failing is `upstream_unavailable`, then the code host's
 * release comes through.
 */
let fake: FakeCodeHost;
let server: RunningServer;

beforeAll(async () => {
  fake = await startFakeCodeHost();
  server = await startNextServer({ GITHUB_API_URL: fake.apiUrl, GITHUB_RAW_URL: fake.rawUrl });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const localAddress = '127.0.0.100';
const connect = (path: string) => connectClient(`${server.url}${path}`, localAddress);

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ type: string; text?: string }> };
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

/**
 * A success: the object as structuredContent, and the same JSON as the one text block (search_docs adds a
 * resource_link per hit after it: tests/server/mcp-resources.test.ts).
 */
function expectSuccess(result: ToolResult): Record<string, unknown> {
  expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
  expect(result.content.filter((item) => item.type !== 'resource_link')).toHaveLength(1);
  expect(JSON.parse(result.content[0]!.text!)).toEqual(result.structuredContent);
  return result.structuredContent!;
}

/** A failure: isError, with { error: { code, message } } in the text and in structuredContent. */
function expectToolError(result: ToolResult, code: string) {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  expect(result.structuredContent).toEqual({ error: { code, message: expect.any(String) } });
  expect(JSON.parse(result.content[0]!.text!)).toEqual(result.structuredContent);
}

const endpoints = [
  { path: '/mcp', server: 'svc', tools: toolNames },
  { path: '/.well-known/mcp', server: 'svc', tools: toolNames },
  { path: '/mcp/docs', server: 'svc-docs', tools: ['search_docs'] },
] as const;

describe.each(endpoints)('$path', ({ path, server: serverName, tools }) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(path);
  });
  afterAll(async () => {
    await client?.close();
  });

  it(`connects to ${serverName}, negotiating the client's protocol version`, () => {
    expect(client.getServerVersion()).toMatchObject({ name: serverName, version: '1.0.0' });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false }, resources: { listChanged: false, subscribe: false } });
    expect(client.getInstructions()).toContain('search_docs');
  });

  it('lists its tools, each read-only with its input and output schemas', async () => {
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual(tools);
    for (const tool of listed.tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
  });

  it('search_docs: hits from the live index, a sandbox answer, and a tool error', async () => {
    const live = expectSuccess(await call(client, 'search_docs', { query: 'wallpaper glow', limit: 3 }));
    expect(live.query).toBe('wallpaper glow');
    expect((live.results as unknown[]).length).toBeGreaterThan(0);
    expect((live.results as unknown[]).length).toBeLessThanOrEqual(3);
    expect(live.sandbox).toBeUndefined();
    const sandboxed = expectSuccess(await call(client, 'search_docs', { query: 'glow', sandbox: true }));
    expect(sandboxed.sandbox).toBe(true);
    expectToolError(await call(client, 'search_docs', { query: '' }), 'missing_query');
    expectToolError(await call(client, 'search_docs', { query: 'x', cursor: 'forged' }), 'invalid_cursor');
    expectToolError(await call(client, 'search_docs', { query: 'x', limit: 500 }), 'invalid_parameter');
  });

  if (serverName === 'svc') {
    it('get_install_command: one desktop, the gallery, and an unknown desktop', async () => {
      const hacker = expectSuccess(await call(client, 'get_install_command', { desktop: 'hacker' }));
      expect(hacker.desktops).toEqual([expect.objectContaining({ desktop: 'hacker', pins: 'hacker', install: expect.stringContaining('/hacker.sh') })]);
      const gallery = expectSuccess(await call(client, 'get_install_command', {}));
      expect((gallery.desktops as Array<{ desktop: string }>).map((row) => row.desktop)).toEqual(expect.arrayContaining(['hacker', 'everyday', 'minimal']));
      expectToolError(await call(client, 'get_install_command', { desktop: 'kitchen-sink' }), 'unknown_desktop');
    });

    it('get_latest_release: a sandbox release and an unknown app', async () => {
      const release = expectSuccess(await call(client, 'get_latest_release', { app: 'perch', sandbox: true }));
      expect(release).toMatchObject({ tag: expect.stringMatching(/^v\d{4}\.\d{2}\.\d{2}$/), sandbox: true });
      expectToolError(await call(client, 'get_latest_release', { app: 'safari' }), 'unknown_app');
    });
  } else {
    it('does not serve the other tools: calling one is a protocol error', async () => {
      await expect(call(client, 'get_latest_release', { app: 'pounce' })).rejects.toThrow(/Unknown tool: get_latest_release/);
    });
  }
});

describe('get_latest_release, live from the code host', () => {
  const apiPath = '/repos/layer-desktop/pounce/releases/latest';

  it('the code host failing is the tool error upstream_unavailable; then its release comes through', async () => {
    const client = await connect('/mcp');
    try {
      fake.setScenario(apiPath, scenarios.serverError);
      expectToolError(await call(client, 'get_latest_release', { app: 'pounce' }), 'upstream_unavailable');
      fake.setScenario(apiPath, scenarios.normal);
      const release = expectSuccess(await call(client, 'get_latest_release', { app: 'pounce' }));
      const dmg = fakeRelease('layer-desktop', 'pounce').assets[0]!;
      expect(release).toEqual({ tag: fakeReleaseTag, asset: dmg.name, size: dmg.size, url: dmg.browser_download_url, publishedAt: expect.any(String) });
    } finally {
      fake.setScenario(apiPath, scenarios.normal);
      await client.close();
    }
  });
});
