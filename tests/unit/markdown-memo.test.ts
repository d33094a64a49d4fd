import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { remarkHeading, remarkStructure } from 'fumadocs-core/mdx-plugins';
import { remarkLLMs } from 'fumadocs-core/mdx-plugins/remark-llms';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberBlocks, rememberTopBlocks } from '@/lib/docs-build/markdown-memo';
import { sourceConfigWith } from '../helpers/docs-data-config';
import type { Info, State } from 'mdast-util-to-markdown';
import type { Nodes, Paragraph } from 'mdast';

/**
 * Under `next dev` the search sections' and the processed markdown's blocks
 * are remembered between compiles (lib/docs-build/markdown-memo.ts). Every
 * page must come out as a build writes it, at its first compile and at the
 * next, after an edit.
 */
const root = path.resolve(__dirname, '../..');
const docsDir = path.join(root, 'content/docs');
const pages = (function list(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? list(path.join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [path.join(dir, entry.name)] : [],
  );
})(docsDir).filter((file) => !/\/api\/|\/agents\//.test(file)); // Their examples call the service: other tests compile them.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The site's remark plugins, search options and processed-markdown options as a server with this NODE_ENV loads them. */
async function configUnder(nodeEnv: string) {
  const { mdxOptions: options, docs } = await sourceConfigWith({ NODE_ENV: nodeEnv, SVC_DOCS_DATA: '1' });
  if (!options.remarkStructureOptions) throw new Error('expected remarkStructureOptions in source.config.ts');
  const llms = docs.docs.postprocess?.includeProcessedMarkdown;
  if (typeof llms !== 'object') throw new Error('expected processed markdown options');
  return { remarkPlugins: options.remarkPlugins as PluggableList, structure: options.remarkStructureOptions, llms };
}

type Config = Awaited<ReturnType<typeof configUnder>>;

/** A page's search sections and processed markdown, as Fumadocs MDX makes them with `config`. */
async function written(config: Config, file: string, source = readFileSync(file, 'utf8')) {
  const processor = unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkGfm)
    .use(config.remarkPlugins)
    .use(remarkHeading)
    .use(remarkStructure, config.structure)
    .use(remarkLLMs, { ...config.llms, _data: true });
  const vfile = new VFile({ value: source.replace(/^---\n[\s\S]*?\n---\n/, ''), path: file });
  await processor.run(processor.parse(vfile) as Root, vfile);
  return { sections: vfile.data.structuredData, markdown: vfile.data.markdown as string };
}

describe('markdown remembered under next dev', () => {
  it('is on under next dev only', async () => {
    const dev = await configUnder('development');
    const build = await configUnder('production');
    expect(dev.structure.stringify).not.toBe(build.structure.stringify);
    expect(dev.llms.stringify).not.toBe(build.llms.stringify);
  });

  it('writes every page as a build does, at the first compile and after an edit', async () => {
    const build = await configUnder('production');
    const expected = [];
    for (const file of pages) expected.push(await written(build, file));
    const dev = await configUnder('development');
    const first = [];
    for (const file of pages) first.push(await written(dev, file));
    expect(first).toEqual(expected);
    // An edit: a paragraph added at the end, every other block as it was (and now remembered).
    const room = pages.indexOf(path.join(docsDir, 'rooms/appearance.mdx'));
    expect(room).toBeGreaterThanOrEqual(0);
    const source = `${readFileSync(pages[room]!, 'utf8')}\n\nAn *added* paragraph with \`code\`.\n`;
    const edited = await written(dev, pages[room]!, source);
    expect(edited).toEqual(await written(build, pages[room]!, source));
    expect(edited.markdown).toContain('An *added* paragraph with `code`.');
  }, 60_000);
});

describe('the memo', () => {
  const block = (text: string, line: number): Paragraph => ({
    type: 'paragraph',
    children: [{ type: 'text', value: text }],
    position: { start: { line, column: 1 }, end: { line, column: 1 + text.length } },
  });
  const info = { before: '\n', after: '\n', now: { line: 1, column: 1 }, lineShift: 0 } as Info;

  it('writes a top-level block once, wherever it moves, and stands aside while the stringifier writes it', () => {
    const handled: string[] = [];
    const hook = rememberTopBlocks(() => undefined);
    const rootNode: Root = { type: 'root', children: [] };
    const state = {
      handle: (node: Paragraph) => {
        // The stringifier asks the hook again for the node it is writing: the hook must not answer.
        expect(hook(node, rootNode, state, info)).toBeUndefined();
        const text = (node.children[0] as { value: string }).value;
        handled.push(text);
        return text;
      },
    } as unknown as State;
    expect(hook(block('one', 1), rootNode, state, info)).toBe('one');
    expect(hook(block('one', 9), rootNode, state, info)).toBe('one');
    expect(hook(block('two', 3), rootNode, state, info)).toBe('two');
    expect(handled).toEqual(['one', 'two']);
    // Nested blocks are not remembered: their indentation depends on their parents.
    expect(hook(block('one', 1), { type: 'blockquote', children: [] }, state, info)).toBeUndefined();
  });

  it('keeps what the site\'s own hook answers first', () => {
    const hook = rememberTopBlocks(() => 'component');
    expect(hook(block('one', 1), { type: 'root', children: [] }, {} as State, info)).toBe('component');
  });

  it('forgets the oldest blocks past its bound', () => {
    const written: string[] = [];
    const stringify = rememberBlocks((node: Nodes) => {
      const text = ((node as Paragraph).children[0] as { value: string }).value;
      written.push(text);
      return text;
    }, 2);
    for (const text of ['a', 'b', 'a', 'c', 'a', 'b']) stringify.call(undefined, block(text, 1), undefined);
    expect(written).toEqual(['a', 'b', 'c', 'a', 'b']);
  });
});
