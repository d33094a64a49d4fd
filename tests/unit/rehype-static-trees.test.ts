import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compile, run } from '@mdx-js/mdx';
import { applyMdxPreset } from 'fumadocs-mdx/config';
import type { MDXComponents, MDXContent } from 'mdx/types';
import { createElement as h, type ComponentProps, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import rehypeStaticTrees, { staticTreeName } from '@/lib/docs-build/rehype-static-trees';
import { staticTree, type HtmlMarkup } from '@/components/docs/static-tree';
import { heading, Table, tableWrapper } from '@/components/docs/mdx-parts';
import { Mark, markElement } from '@/components/mark';
import type { MarkKind } from '@/lib/docs/option-marks';
import type { RootContent as HastRootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import sourceConfig from '@/source.config';

/**
 * rehype-static-trees turns a page's plain markup into <StaticTree> JSON; the
 * page must render to the same HTML as MDX's own compile of it, through the
 * same components, with far fewer call sites in the page's code.
 */
const root = path.resolve(__dirname, '../..');
const page = (file: string) => readFileSync(path.join(root, 'content/docs', file), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');

const config = sourceConfig.mdxOptions;
if (typeof config !== 'object' || config.preset === 'minimal') throw new Error('expected the fumadocs preset options');
const mdxConfig = config;

/** The site's MDX processor options (the Fumadocs preset over source.config.ts), with or without the plugin. */
async function options(withStaticTrees: boolean) {
  const preset = await applyMdxPreset(mdxConfig)('runtime');
  const rehypePlugins = (preset.rehypePlugins ?? []).filter((plugin) => withStaticTrees || plugin !== rehypeStaticTrees);
  return { ...preset, rehypePlugins, development: false };
}

async function compiled(source: string, withStaticTrees: boolean) {
  const code = String(await compile({ value: source, path: path.join(root, 'content/docs/page.mdx') }, await options(withStaticTrees)));
  const { default: Content } = (await run(code, { ...runtime, baseUrl: import.meta.url })) as { default: MDXContent };
  return { code, Content };
}

// Components of the kinds the site maps (components/mdx.tsx): its own headings and table, and stand-ins for the
// elements whose real components need Next's router or client code.
function components(): MDXComponents {
  const map: MDXComponents = {
    h2: heading('h2'),
    h3: heading('h3'),
    table: Table,
    Mark,
    a: ({ href, children }: ComponentProps<'a'>) => h('a', { href, 'data-link': '' }, children),
    pre: ({ children, ...props }: ComponentProps<'pre'>) => h('pre', { 'data-block': '', ...props }, children),
    Callout: ({ children, title }: { children?: ReactNode; title?: string }) => h('aside', { title }, children),
  };
  return { ...map, [staticTreeName]: staticTree(map) };
}

async function html(source: string, withStaticTrees: boolean) {
  const { Content } = await compiled(source, withStaticTrees);
  return renderToStaticMarkup(h(Content, { components: components() }));
}

/** Element calls in a compiled page (`_jsx(`, `_jsxs(`): its call sites. */
const callSites = (code: string) => (code.match(/\b_jsxs?\(/g) ?? []).length;

describe('rehype-static-trees', () => {
  // The first compile in a process can highlight a shell block before Shiki's shared highlighter has its light
  // theme's rules for it (the first `layer rebuild` came out in the light theme's plain colour); the comparison is of
  // the static trees, so each page is compiled once before it.
  beforeAll(async () => {
    for (const file of ['rooms/appearance.mdx', 'rooms/windows.mdx', 'index.mdx']) await compiled(page(file), false);
  }, 60_000);

  it.each(['rooms/appearance.mdx', 'rooms/windows.mdx', 'index.mdx'])('%s renders the same HTML as MDX compiles it', async (file) => {
    const source = page(file);
    expect(await html(source, true)).toBe(await html(source, false));
  });

  // The site writes a run of blocks as one HTML string when its markup is known (components/mdx.tsx): the same DOM as
  // the elements, read as a browser reads both, but for the wrapper with no box, the sections after a run's first
  // (laid out near the screen; app/global.css keeps their margins) and the marks on page links.
  it.each(['rooms/appearance.mdx', 'rooms/windows.mdx', 'index.mdx'])('%s written as HTML strings draws what its elements draw', async (file) => {
    const source = page(file);
    const { Content } = await compiled(source, true);
    const map = components();
    const plainLink = ({ href, children }: ComponentProps<'a'>) => h('a', { href }, children);
    const elements = { ...map, a: plainLink };
    const markup: HtmlMarkup = {
      link: { component: plainLink, isPage: (href) => href.startsWith('/docs') },
      table: { component: Table, wrap: tableWrapper },
      elements: { Mark: { component: Mark, markup: (attributes, children) => markElement(attributes.kind as MarkKind, children) } },
    };
    const asHtml = renderToStaticMarkup(h(Content, { components: { ...elements, [staticTreeName]: staticTree(elements, markup) } }));
    const asElements = renderToStaticMarkup(h(Content, { components: { ...elements, [staticTreeName]: staticTree(elements) } }));
    expect(asHtml).toContain('class="static-html"');
    // Read as a browser reads it; the wrappers out (each holds whole blocks), `data-page` off the links, and the
    // whitespace between blocks, list items and rows, which draws nothing, left out of both.
    const between = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'blockquote', 'dl', 'div']);
    const read = (text: string): string => {
      const unwrap = (nodes: HastRootContent[], inBlock: boolean): HastRootContent[] =>
        nodes.flatMap((node): HastRootContent[] => {
          if (node.type === 'text') return inBlock && node.value.trim() === '' ? [] : [node];
          if (node.type !== 'element') return [node];
          const children = unwrap(node.children, between.has(node.tagName)) as typeof node.children;
          if (node.tagName === 'div' && String(node.properties.className) === 'static-html') return children;
          if (node.tagName === 'section' && Object.keys(node.properties).length === 0) return children;
          const { dataPage: _page, ...properties } = node.properties;
          return [{ ...node, properties, children }];
        });
      return toHtml(unwrap(fromHtml(text, { fragment: true }).children, true));
    };
    expect(read(asHtml)).toBe(read(asElements));
    // Each section holds one h2 and what follows it up to the next; a run's text before its first h2 and its first
    // section are not in one.
    for (const run of fromHtml(asHtml, { fragment: true }).children) {
      if (run.type !== 'element' || String(run.properties.className) !== 'static-html') continue;
      const blocks = run.children.filter((node) => node.type === 'element');
      const h2s = blocks.filter((node) => node.tagName === 'h2');
      const sections = blocks.filter((node) => node.tagName === 'section');
      const firstSection = blocks.findIndex((node) => node.tagName === 'section');
      expect(blocks.slice(0, firstSection < 0 ? undefined : firstSection).every((node) => node.tagName !== 'section')).toBe(true);
      for (const section of sections) {
        const inside = section.children.filter((node) => node.type === 'element');
        expect(inside[0]?.tagName).toBe('h2');
        expect(inside.filter((node) => node.tagName === 'h2')).toHaveLength(1);
      }
      expect(h2s.length).toBe(sections.length === 0 ? h2s.length : 1);
    }
    if (file === 'rooms/appearance.mdx') expect(asHtml.match(/<section>/g)?.length).toBeGreaterThan(3);
  });

  it('leaves a room page a handful of element calls instead of hundreds', async () => {
    const source = page('rooms/appearance.mdx');
    const before = callSites((await compiled(source, false)).code);
    const after = callSites((await compiled(source, true)).code);
    expect(before).toBeGreaterThan(300);
    expect(after).toBeLessThan(10);
    expect((await compiled(source, true)).code).toContain(`props.components.${staticTreeName}({`);
  });

  it('keeps MDX elements and their props, and collapses the plain markup inside them', async () => {
    const source = [
      'Before **bold** and `code`.',
      '',
      '<Callout title="Note">',
      'Inside a [link](/docs) and *emphasis*.',
      '',
      '| a | b |',
      '| - | :-: |',
      '| 1 | 2 |',
      '</Callout>',
      '',
      'After.',
      '',
    ].join('\n');
    const out = await html(source, true);
    expect(out).toBe(await html(source, false));
    expect(out).toContain('<aside title="Note">');
    expect(out).toContain('<a href="/docs" data-link="">link</a>');
    expect(out).toContain('text-align:center');
    // The callout (literal attributes, plain content) is inside the page's one tree.
    const { code } = await compiled(source, true);
    expect(callSites(code)).toBeLessThan(5);
  });

  it('takes in MDX elements with literal attributes, and leaves a component\'s own children unwrapped', async () => {
    const source = [
      'A <Mark kind="host-only">Host-only</Mark> option, `code`.',
      '',
      '<Tabs items={[\'a\', \'b\']}>',
      '<Tab value="a">First *tab*.</Tab>',
      '<Tab value="b">Second.</Tab>',
      '</Tabs>',
      '',
    ].join('\n');
    const seen: unknown[] = [];
    const Tabs = ({ children, items }: { children?: ReactNode; items: string[] }) => {
      seen.push(...(Array.isArray(children) ? children : [children]));
      return h('div', { 'data-items': items.join() }, children);
    };
    const Tab = ({ children, value }: { children?: ReactNode; value: string }) => h('section', { 'data-value': value }, children);
    const map: MDXComponents = { Mark, Tabs, Tab };
    const { Content: withTrees, code } = await compiled(source, true);
    const out = renderToStaticMarkup(h(withTrees, { components: { ...map, [staticTreeName]: staticTree(map) } }));
    const tabsChildren = seen.filter((child) => typeof child === 'object').map((child) => (child as { type: unknown }).type);
    const { Content: plainMdx } = await compiled(source, false);
    expect(out).toBe(renderToStaticMarkup(h(plainMdx, { components: map })));
    expect(out).toContain('data-mark="host-only"');
    // The paragraph with the mark is one tree; the tabs' children reach Tabs as Tab elements.
    expect(code).not.toMatch(/_jsx\(Mark\b/);
    expect(tabsChildren).toEqual([Tab, Tab]);
  });

  it('fails as MDX does when a component is missing', async () => {
    const { Content } = await compiled('A <Mark kind="host-only">Host-only</Mark> option.\n', true);
    expect(() => renderToStaticMarkup(h(Content, { components: { [staticTreeName]: staticTree({}) } }))).toThrow('Expected component `Mark` to be defined');
  });

  it('exports text-only table-of-contents titles as strings', async () => {
    const { code } = await compiled('## Plain title\n\n## With `code`\n', true);
    expect(code).toContain('title: "Plain title"');
    expect(code).toMatch(/title: _jsxs?\(_Fragment/);
  });

  it('leaves whitespace at the page edges out, as MDX does', async () => {
    const source = '\n\nText only.\n\n';
    expect(await html(source, true)).toBe('<p>Text only.</p>');
  });
});

describe('StaticTree', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const tree = JSON.stringify([{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Text.' }] }]);

  async function renderTwice(nodeEnv: string) {
    vi.stubEnv('NODE_ENV', nodeEnv);
    vi.resetModules();
    const { staticTree: fresh } = await import('@/components/docs/static-tree');
    const StaticTree = fresh({});
    return [StaticTree({ tree }), StaticTree({ tree })] as const;
  }

  it('under next dev, makes a tree\'s elements once and renders them again', async () => {
    const [first, second] = await renderTwice('development');
    expect(renderToStaticMarkup(h('div', null, first))).toBe('<div><p>Text.</p></div>');
    expect(second).toBe(first);
  });

  it('in a build, makes them at each render and keeps nothing', async () => {
    const [first, second] = await renderTwice('production');
    expect(second).not.toBe(first);
    expect(renderToStaticMarkup(h('div', null, second))).toBe('<div><p>Text.</p></div>');
  });
});

describe('code highlighting', () => {
  // Shiki's MDX grammar highlights JSX with the TSX grammar only when TSX is loaded: this test file's highlighter
  // has highlighted nothing else, as a loader worker's first page has not.
  it('highlights the JSX of an mdx block in a fresh highlighter', async () => {
    const out = await html('```mdx\n<Callout type="warn">\nText.\n</Callout>\n```\n', true);
    expect(out).toMatch(/>Callout<\/span>/);
  });
});
