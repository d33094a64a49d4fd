import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { client } from '../helpers/http';
import { repoRoot, startNextDev, type RunningServer } from '../helpers/next-server';
import { docsImageUrl } from '@/lib/routes';

/**
 * Under `npm run dev`, every search door sees an MDX edit without a
 * restart, as stock Fumadocs' /api/search does: the dialog's
 * /api/docs-search, /v1/search, /api/search and the MCP tool `search_docs`;
 * so do the page itself and its `.md` twin (whose unchanged blocks the dev
 * compile reuses: components/docs/static-tree.tsx, lib/docs-build/markdown-memo.ts),
 * and its social image shows the edited description (the preview
 * content/docs/writing-docs.mdx promises; lib/docs/page-image.tsx keeps drawings).
 * A page is written, edited, then removed while the dev server runs; each
 * door is asked until it answers the new text (the test's timeout bounds
 * the wait: a busy machine compiles later, not wrongly).
 *
 * The page is a file of its own (ignored by git), removed after the test.
 */
const probe = path.join(repoRoot, 'content', 'docs', 'dev-search-probe.mdx');
const page = (word: string) =>
  `---\ntitle: Dev search probe\ndescription: The ${word} probe.\n---\n\n## Probe section\n\nThe ${word} word, written while the dev server runs.\n`;

let server: RunningServer;
let get: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startNextDev();
  get = client(server.url, '127.0.0.1');
}, 240_000);

afterAll(async () => {
  rmSync(probe, { force: true });
  await server?.stop();
});

type Door = (word: string) => Promise<string>;
/** An answer without the query it echoes, so only what was found can hold the word. */
const found = (answer: unknown) => JSON.stringify(answer, (key, value: unknown) => (key === 'query' ? undefined : value));
const doors: Record<string, Door> = {
  'the page': async () => (await get('/docs/dev-search-probe')).body,
  'its .md twin': async () => (await get('/docs/dev-search-probe.md')).body,
  '/v1/search': async (word) => found((await get(`/v1/search?q=${word}`)).json()),
  '/api/docs-search': async (word) => found((await get(`/api/docs-search?query=${word}`)).json()),
  '/api/search': async () => (await get('/api/search')).body,
  'MCP search_docs': async (word) => {
    const res = await get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_docs', arguments: { query: word } } }),
    });
    return found(res.json<{ result: { structuredContent: unknown } }>().result.structuredContent);
  },
};

/**
 * Asks the door until its answer holds the word (or no longer does). The
 * bound is generous: it tells a door that never sees the edit from a busy
 * machine that compiles late, and measures nothing.
 */
async function until(name: string, door: Door, word: string, present: boolean): Promise<void> {
  const poll = expect.poll(() => door(word), { timeout: 120_000, interval: 250, message: `${name} ${present ? 'finds' : 'forgets'} ${word}` });
  await (present ? poll.toContain(word) : poll.not.toContain(word));
}

describe('search under next dev', () => {
  it('every door (and the page and its twin) sees a new page, an edit of it and its removal without a restart', { timeout: 300_000 }, async () => {
    onTestFailed(() => console.log(`next dev said:\n${server.output()}`));
    // Before: nothing holds either word (and the index is loaded once).
    for (const door of Object.values(doors)) expect(await door('zqdevfirst')).not.toContain('zqdevfirst');

    writeFileSync(probe, page('zqdevfirst'));
    for (const [name, door] of Object.entries(doors)) await until(name, door, 'zqdevfirst', true);

    const imageUrl = docsImageUrl(['dev-search-probe']);
    const before = await get(imageUrl);
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toBe('image/png');

    writeFileSync(probe, page('zqdevsecond'));
    for (const [name, door] of Object.entries(doors)) {
      await until(name, door, 'zqdevsecond', true);
      expect(await door('zqdevfirst'), `${name} after the edit`).not.toContain('zqdevfirst');
    }
    // The image is drawn again from the new description, not answered from memory.
    const after = await get(imageUrl);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.bytes.equals(before.bytes)).toBe(false);

    rmSync(probe);
    for (const [name, door] of Object.entries(doors)) await until(name, door, 'zqdevsecond', false);
  });
});
