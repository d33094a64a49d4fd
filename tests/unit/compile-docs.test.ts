import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectionFiles } from '../../scripts/compile-docs.mjs';

const root = path.resolve(__dirname, '../..');

function filesUnder(dir: string, match: (name: string) => boolean, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), match, `${prefix}${entry.name}/`) : match(entry.name) ? [`${prefix}${entry.name}`] : [],
  );
}

/** The script's result: its last line that is not a JSON log line (the docs' examples run real operations, which log). */
const resultLine = (stdout: string) => stdout.split('\n').findLast((line) => line.startsWith('{') && !line.startsWith('{"time":'))!;

describe('the docs collection as scripts/compile-docs.mjs reads it from .source/server.ts', () => {
  it('lists every page and meta.json of content/docs, each with its import', () => {
    const { base, metas, pages } = collectionFiles();
    const docs = path.join(root, 'content/docs');
    expect(base).toBe('content/docs');
    expect(pages.map(({ file }) => file).sort()).toEqual(filesUnder(docs, (name) => name.endsWith('.mdx')).sort());
    expect(metas.map(({ file }) => file).sort()).toEqual(filesUnder(docs, (name) => name === 'meta.json').sort());
    for (const { file, url } of [...pages, ...metas]) expect(url).toBe(`${new URL(`content/docs/${file}`, `file://${root}/`).href}?collection=docs`);
  });

  it('names the file when Fumadocs MDX writes something else', () => {
    expect(() => collectionFiles('export const docs = {};')).toThrow(/server\.ts: no create\.docs\("docs", …\) call/);
  });
});

describe('pages compiled in shares', () => {
  // Node 24 (the `node` devDependency) for the type stripping the build script uses.
  it('two processes give the docs data one process gives, in the same order', () => {
    const script = `
      import { compileDocs, registerLoaders } from './scripts/compile-docs.mjs';
      // As scripts/build-search-data.mjs does: the variable set before the loaders read source.config.ts.
      process.env.SVC_DOCS_DATA = '1';
      registerLoaders();
      const one = await compileDocs('hash', { shares: 1 });
      const two = await compileDocs('hash', { shares: 2 });
      // Examples run at build time hold fresh ids, times and durations.
      const plain = (data) => JSON.stringify(data)
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
        .replace(/\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z/g, 'TIME')
        .replace(/(_ms[^0-9]{1,4})\\d+/g, '$1N');
      console.log(JSON.stringify({ pages: one.pages.length, metas: one.metas.length, same: plain(one) === plain(two) }));
    `;
    const run = spawnSync(path.join(root, 'node_modules/.bin/node'), ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(resultLine(run.stdout)) as { pages: number; metas: number; same: boolean };
    expect(result.pages).toBe(filesUnder(path.join(root, 'content/docs'), (name) => name.endsWith('.mdx')).length);
    expect(result.metas).toBeGreaterThan(0);
    expect(result.same).toBe(true);
  }, 120_000);
});

describe('the compiler process of `next dev` (compile-docs.mjs --serve, lib/docs-source/dev-docs.ts)', () => {
  it('answers the docs data one process gives, and the same again when nothing changed', () => {
    const script = `
      import { fork } from 'node:child_process';
      import { compileDocs, registerLoaders } from './scripts/compile-docs.mjs';
      const child = fork('./scripts/compile-docs.mjs', ['--serve'], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const answers = new Map();
      child.on('message', (answer) => answers.get(answer.id)(answer));
      const ask = (id) => new Promise((resolve) => { answers.set(id, resolve); child.send({ id, contentHash: 'hash' }); });
      const first = await ask(1);
      const second = await ask(2);
      child.disconnect();
      process.env.SVC_DOCS_DATA = '1';
      registerLoaders();
      const direct = await compileDocs('hash', { shares: 1 });
      const plain = (data) => JSON.stringify(data)
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
        .replace(/\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z/g, 'TIME')
        .replace(/(_ms[^0-9]{1,4})\\d+/g, '$1N');
      console.log(JSON.stringify({ ids: [first.id, second.id], error: first.error ?? second.error, pages: first.data?.pages.length, asDirect: plain(first.data) === plain(direct), again: JSON.stringify(first.data) === JSON.stringify(second.data) }));
    `;
    const run = spawnSync(path.join(root, 'node_modules/.bin/node'), ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(resultLine(run.stdout)) as { ids: number[]; error?: string; pages: number; asDirect: boolean; again: boolean };
    expect(result.error).toBeUndefined();
    expect(result.ids).toEqual([1, 2]);
    expect(result.pages).toBe(filesUnder(path.join(root, 'content/docs'), (name) => name.endsWith('.mdx')).length);
    expect(result.asDirect).toBe(true);
    // Asked again with no file changed: every page's module is the one already compiled (same URL), the data alike.
    expect(result.again).toBe(true);
  }, 120_000);
});
