import type { Element, Root, RootContent } from 'hast';
import { toJsxRuntime, type Components, type CreateEvaluater } from 'hast-util-to-jsx-runtime';
import type { MDXComponents } from 'mdx/types';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { BoundedMap } from '@/lib/platform/bounded-map';
import { anchorUrl } from '@/lib/routes';
import { isSiteHeading } from './mdx-parts';

// Under `next dev` each reload of a page renders it again, and React's dev
// build pays for every element it creates (an owner stack each). A tree's
// elements depend only on its JSON and the components, so they are made once
// per tree and reused, as hoisted constant elements are; an edit makes new
// JSON, and the oldest trees are dropped past a bound. `next build` renders
// each page once, so it keeps nothing.
const reuseElements = process.env.NODE_ENV === 'development';
const treesKept = 400;

/**
 * The component lib/docs-build/rehype-static-trees.ts turns each run of a
 * page's plain markup into: the markup as JSON, rendered through the page's
 * own MDX components, with the options MDX compiles elements with (React
 * attribute names, DOM style names, static children without keys), so the
 * HTML and the page's RSC payload are what MDX's own `_jsx` calls made. A
 * server component: it ships no script.
 */
export function staticTree(components: MDXComponents) {
  // An MDX element in the JSON (`<Mark kind="…">`) names its component; the
  // plugin lets in literal attributes only, so a name is the one expression
  // there is to evaluate. A missing one fails as MDX's compiled page fails.
  const createEvaluater: CreateEvaluater = () => ({
    evaluateExpression(expression) {
      const name = expression.type === 'Identifier' ? expression.name : undefined;
      if (name === undefined) throw new Error(`StaticTree: unexpected ${expression.type} in a static tree`);
      const component = (components as Record<string, unknown>)[name];
      if (component === undefined) throw new Error(`Expected component \`${name}\` to be defined: you likely forgot to import, pass, or provide it.`);
      return component;
    },
    evaluateProgram() {
      throw new Error('StaticTree: a static tree holds no program');
    },
  });

  // The site's headings (components/docs/mdx-parts.tsx `heading`) are written as their markup, the
  // heading with a link to itself inside, rather than each rendered by a component: a room page has
  // dozens, and under `next dev` each component instance is React work (its debug information) in
  // every render. The link is the one `a` with `data-card` (a markdown link has none): it is
  // written as an element, not given to the page's link component.
  const map = components as Record<string, unknown>;
  const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].filter((tag) => isSiteHeading(map[tag])));
  const treeComponents = Object.fromEntries(Object.entries(map).filter(([name]) => !headingTags.has(name)));
  const withHeadingLinks = (nodes: RootContent[]): RootContent[] =>
    nodes.map((node) => {
      if (node.type !== 'element') return node;
      const children = withHeadingLinks(node.children) as Element['children'];
      const id = node.properties.id;
      if (!headingTags.has(node.tagName) || typeof id !== 'string' || id === '') return { ...node, children };
      return { ...node, children: [{ type: 'element', tagName: 'a', properties: { dataCard: '', href: anchorUrl('', id) }, children }] };
    });
  const headingLink = (type: unknown, props: unknown) => (type === map.a && (props as Record<string, unknown>)['data-card'] === '' ? 'a' : type);
  const element: typeof jsx = (type, props, key) => jsx(headingLink(type, props) as typeof type, props, key);
  const elements: typeof jsxs = (type, props, key) => jsxs(headingLink(type, props) as typeof type, props, key);

  const made = new BoundedMap<string, ReactNode>(treesKept);

  function StaticTree({ tree }: { tree: string }) {
    if (!reuseElements) return elementsOf(tree);
    let elements = made.get(tree);
    if (elements === undefined) made.set(tree, (elements = elementsOf(tree)));
    return elements;
  }

  function elementsOf(tree: string): ReactNode {
    const root: Root = { type: 'root', children: withHeadingLinks(JSON.parse(tree) as RootContent[]) };
    return toJsxRuntime(root, {
      Fragment,
      jsx: element,
      jsxs: elements,
      components: treeComponents as Partial<Components>,
      createEvaluater,
      elementAttributeNameCase: 'react',
      stylePropertyNameCase: 'dom',
      passKeys: false,
    });
  }
  return StaticTree;
}
