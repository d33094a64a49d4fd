import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { findPythonMcp, sdkVersion } from '../../scripts/find-python-mcp.mjs';
import { client as httpClient } from '../helpers/http';
import { patientMs } from '../helpers/patience';

/**
 * The documentation as MCP resources through a second real client, the MCP
 * Python SDK's `Client` (tests/helpers/mcp-python-client.py), which speaks
 * the newest revision it knows (the TypeScript SDK's test,
 * mcp-resources.test.ts, covers the 2025 era). On every MCP path it lists
 * every page with its twin's URL, size and date, reads a page as its twin's
 * bytes and a section alone, follows a search hit's resource_link, and gets
 * resource-not-found for a URI that names no page.
 *
 * The SDK comes from a Python package index, not from the registries this
 * project may assume; scripts/find-python-mcp.mjs --install (run by `npm
 * test`) puts it in tests/.artifacts/python-mcp where an index offers it,
 * and this file is skipped, saying how to install it, where none does.
 */
const baseUrl = inject('baseUrl');
const localAddress = '127.0.0.109';
const get = httpClient(baseUrl, localAddress);
const script = path.join(import.meta.dirname, '../helpers/mcp-python-client.py');
const python = findPythonMcp();
if (!python) console.warn(`mcp-python-client: skipped, no Python with the MCP Python SDK ${sdkVersion} (node scripts/find-python-mcp.mjs --install)`);

type Resource = { uri: string; name: string; title?: string; mimeType?: string; size?: number; annotations?: { lastModified?: string } };
type Contents = { uri: string; mimeType?: string; text?: string }[];
interface Seen {
  protocolVersion: string;
  resourcesCapability: unknown;
  resources: Resource[];
  listPages: number;
  templates: string[];
  page: Contents;
  section: Contents;
  searchIsError: boolean;
  links: { type: string; uri: string; mimeType?: string; name: string }[];
  followed?: Contents;
  unknown: { code: number; message: string } | null;
}

describe.skipIf(!python).each(['/mcp', '/.well-known/mcp', '/mcp/docs'])('the MCP Python SDK on %s', (mcpPath) => {
  let seen: Seen;
  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(python!, [script, `${baseUrl}${mcpPath}`, localAddress], { timeout: patientMs });
    seen = JSON.parse(stdout) as Seen;
  }, patientMs);

  it('declares resources and lists every docs page with its twin URL, size and date', async () => {
    expect(seen.resourcesCapability).toEqual({ listChanged: false, subscribe: false });
    const xml = (await get('/sitemap.xml')).body;
    const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((page) => page.startsWith('/docs'));
    expect(seen.resources.map((resource) => new URL(resource.uri).pathname).sort()).toEqual(pages.map((page) => `${page}.md`).sort());
    const twin = await get('/docs/rooms/appearance.md');
    const appearance = seen.resources.find((resource) => resource.uri.endsWith('/docs/rooms/appearance.md'))!;
    expect(appearance).toMatchObject({ mimeType: 'text/markdown', size: Buffer.byteLength(twin.body) });
    expect(new Date(twin.headers['last-modified']!).toISOString().replace('.000', '')).toBe(appearance.annotations?.lastModified);
    expect(seen.templates).toEqual([expect.stringMatching(/\/docs\{\/path\*\}\.md$/), expect.stringMatching(/\/docs\{\/path\*\}\.md#\{section\}$/)]);
  });

  it("reads a page as its twin's bytes and a section as its heading and body alone", async () => {
    const twin = await get('/docs/rooms/appearance.md');
    expect(seen.page).toEqual([{ uri: expect.stringMatching(/\/docs\/rooms\/appearance\.md$/), mimeType: 'text/markdown', text: twin.body }]);
    const text = seen.section[0]!.text!;
    expect(text.startsWith('### layer.theme.flavor [#layer.theme.flavor]\n')).toBe(true);
    expect(text.split('\n').slice(1).filter((line) => /^#{1,3} /.test(line))).toEqual([]);
  });

  it("follows a search hit's resource_link to its section", () => {
    expect(seen.searchIsError).toBe(false);
    expect(seen.links.length).toBeGreaterThan(0);
    expect(seen.links[0]).toMatchObject({ type: 'resource_link', mimeType: 'text/markdown', uri: expect.stringContaining('.md#') });
    expect(seen.followed?.[0]?.text).toMatch(/^#{2,6} /);
  });

  it('gets resource-not-found, not an internal error, for a URI that names no page', () => {
    expect(seen.unknown).not.toBeNull();
    expect([-32602, -32002]).toContain(seen.unknown!.code);
    expect(seen.unknown!.message).toContain('no-such-page');
  });
});
