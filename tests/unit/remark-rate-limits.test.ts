import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from '@/lib/endpoints/endpoint';
import { endpoints } from '@/lib/endpoints/descriptions';
import remarkRateLimits, { sharedWindow } from '@/lib/docs-build/remark-rate-limits';
import { rateLimitHeaders } from '@/lib/http/rate-limit-headers';

/**
 * The Limits page's list of which endpoint counts in which rate-limit window
 * is generated from the endpoint table (lib/docs-build/remark-rate-limits.ts), the
 * rows the route layer applies the limit from: every row appears once, under
 * its window.
 */
const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkRateLimits).use(remarkStringify);
const render = (source: string) => {
  const file = new VFile({ value: source, path: 'limits.mdx' });
  return processor.stringify(processor.runSync(processor.parse(file), file) as Root);
};

/** `METHOD path` codes of the rendered list, under the top-level item each appears in. */
function sections(markdown: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current = '';
  for (const line of markdown.split('\n')) {
    const top = /^[*-] \*\*(.+?)\*\*(?: \(`RateLimit-Policy: "([^"]+)"`\))?/.exec(line);
    if (top) {
      current = top[2] ?? top[1]!;
      found.set(current, []);
    }
    for (const [, code] of line.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE|OPTIONS) [^`]+)`/g)) found.get(current)!.push(code!);
  }
  return found;
}

const rows = endpoints as readonly EndpointSpec[];
/** `METHOD path` of rows, sorted (the page groups them by tag). */
const named = (list: readonly EndpointSpec[]) => list.map((row) => `${row.method} ${row.path}`).sort();

describe('<RateLimitWindows />', () => {
  const markdown = render('<RateLimitWindows />');
  const windows = new Map([...sections(markdown)].map(([window, codes]) => [window, [...codes].sort()]));

  it('lists every row of the endpoint table once, under the window the route layer counts it in', () => {
    expect(windows.get(sharedWindow)).toEqual(named(rows.filter((row) => row.rateLimited && !row.rateLimitBucket)));
    expect(windows.get('Not counted')).toEqual(named(rows.filter((row) => !row.rateLimited)));
    const buckets = [...new Set(rows.flatMap((row) => (row.rateLimited && row.rateLimitBucket ? [row.rateLimitBucket] : [])))];
    expect(buckets.length).toBeGreaterThan(0);
    for (const bucket of buckets) expect(windows.get(bucket)).toEqual(named(rows.filter((row) => row.rateLimited && row.rateLimitBucket === bucket)));
    expect([...windows.keys()].sort()).toEqual([sharedWindow, ...buckets, 'Not counted'].sort());
    const listed = [...windows.values()].flat();
    expect(listed.sort()).toEqual(named(rows));
  });

  it('says what the page used to get wrong: /openapi.json, /ask, MCP, A2A and the discovery documents count; the dialog has its own window', () => {
    const shared = windows.get(sharedWindow)!;
    for (const entry of ['GET /openapi.json', 'GET /ask', 'POST /ask', 'POST /mcp', 'POST /mcp/docs', 'POST /a2a', 'GET /.well-known/ai-catalog.json', 'GET /.well-known/agent-card.json']) {
      expect(shared).toContain(entry);
    }
    expect(windows.get('docs-search')).toEqual(['GET /api/docs-search', 'POST /api/search-click']);
    expect(windows.get('Not counted')).toEqual(expect.arrayContaining(['GET /layer.sh', 'GET /download/{app}', 'OPTIONS /mcp']));
  });

  it('names each window as RateLimit-Policy does', () => {
    const decision = { allowed: true, limit: 600, remaining: 1, resetSeconds: 1 };
    expect(rateLimitHeaders(decision, 60)['RateLimit-Policy']).toMatch(new RegExp(`^"${sharedWindow}";`));
    expect(markdown).toContain(`\`RateLimit-Policy: "${sharedWindow}"\``);
    expect(markdown).toContain('`RateLimit-Policy: "docs-search"`');
  });

  it('is what the Limits page shows, and takes no attributes', () => {
    const page = readFileSync(fileURLToPath(new URL('../../content/docs/api/limits.mdx', import.meta.url)), 'utf8');
    expect(page).toContain('<RateLimitWindows />');
    expect(() => render('<RateLimitWindows window="x" />')).toThrow(/limits\.mdx:1:1: <RateLimitWindows> takes no attributes/);
  });
});
