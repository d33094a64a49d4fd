import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compile, run } from '@mdx-js/mdx';
import { applyMdxPreset } from 'fumadocs-mdx/config';
import * as runtime from 'react/jsx-runtime';
import { describe, expect, it } from 'vitest';
import rehypeJsonExports from '@/lib/docs-build/rehype-json-exports';
import sourceConfig from '@/source.config';

/**
 * rehype-json-exports compiles a page's exported data as JSON.parse of its
 * JSON: the page's exports must hold the same values (a key holding
 * `undefined` left out, as JSON leaves it out), with the data as one string
 * instead of an object literal.
 */
const root = path.resolve(__dirname, '../..');
const page = (file: string) => readFileSync(path.join(root, 'content/docs', file), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');

const config = sourceConfig.mdxOptions;
if (typeof config !== 'object' || config.preset === 'minimal') throw new Error('expected the fumadocs preset options');
const mdxConfig = config;

/** The page compiled with the site's options (search sections exported, as under next dev), with or without the plugin. */
async function compiled(source: string, withJson: boolean) {
  const preset = await applyMdxPreset({
    ...mdxConfig,
    remarkStructureOptions: { ...(typeof mdxConfig.remarkStructureOptions === 'object' ? mdxConfig.remarkStructureOptions : {}), exportAs: 'structuredData' },
  })('runtime');
  const rehypePlugins = (preset.rehypePlugins ?? []).filter((plugin) => withJson || plugin !== rehypeJsonExports);
  const code = String(await compile({ value: source, path: path.join(root, 'content/docs/page.mdx') }, { ...preset, rehypePlugins, development: false }));
  const exports = (await run(code, { ...runtime, baseUrl: import.meta.url })) as Record<string, unknown>;
  return { code, exports };
}

/** A value as JSON reads it back: keys holding `undefined` left out. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('rehype-json-exports', () => {
  it.each(['rooms/appearance.mdx', 'index.mdx'])('%s exports the same search sections and contents, as JSON', async (file) => {
    const source = page(file);
    const [plain, json] = await Promise.all([compiled(source, false), compiled(source, true)]);
    for (const name of ['structuredData', 'toc']) {
      expect(plain.exports[name], name).toBeDefined();
      expect(json.exports[name], name).toEqual(asJson(plain.exports[name]));
    }
    expect(json.code).toMatch(/structuredData = JSON\.parse\("/);
    expect(json.code).toMatch(/toc = JSON\.parse\("/);
    expect(json.code.length).toBeLessThan(plain.code.length);
  });

  it('leaves contents whose titles are markup as code', async () => {
    const { code, exports } = await compiled('## Plain title\n\n## With `code`\n', true);
    expect(code).not.toMatch(/toc = JSON\.parse/);
    expect((exports.toc as { title: unknown }[])[0]!.title).toBe('Plain title');
  });
});
