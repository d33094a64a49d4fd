import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toJsxRuntime, type Components, type CreateEvaluater } from 'hast-util-to-jsx-runtime';
import type { MDXComponents } from 'mdx/types';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { BoundedMap } from '@/lib/platform/bounded-map';
import { compactHtml } from '@/lib/docs/compact-html';
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
 * What lib/docs-build/rehype-static-trees.ts turns each run of a page's plain
 * markup into a call of (`props.components.StaticTree({ tree })`, from the
 * page's own code): the markup as JSON, rendered through the page's own MDX
 * components, with the options MDX compiles elements with (React attribute
 * names, DOM style names, static children without keys), so the HTML and the
 * page's RSC payload are what MDX's own `_jsx` calls made. Server code: it
 * ships no script.
 */
/**
 * Components whose markup a static tree may write itself, as HTML, given the
 * component it replaces: a run whose every element is plain or one of these
 * is sent as one HTML string (see `htmlOf`). Anything else (a per-page link
 * component, a code block with its copy button) sends its run through React.
 */
export interface HtmlMarkup {
  /**
   * The markdown link component whose markup is a plain `<a href>`, and which of its links go to pages: those are
   * marked `data-page`, and the page's SoftNavigation routes them within the app, as next/link would have.
   */
  link?: { component: unknown; isPage: (href: string) => boolean };
  /** The table component and the wrapper it draws around a table. */
  table?: { component: unknown; wrap: (table: Element) => Element };
  /** MDX elements written as markup: name → component and its markup. */
  elements?: Record<string, { component: unknown; markup: (attributes: Record<string, string>, children: ElementContent[]) => Element }>;
}

/** Elements that start a block: a run made only of these sits in a `div` wrapper without breaking the HTML. */
const flowTags = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'blockquote', 'hr', 'div', 'dl']);
/** Elements whose whitespace children sit between elements (no text of theirs). */
const blockParents = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'blockquote', 'dl']);
/** Elements written as they are (the page's components map none of them, or the same markup). */
const plainTags = new Set([...flowTags, 'li', 'dt', 'dd', 'strong', 'em', 'code', 'span', 'br', 'wbr', 'thead', 'tbody', 'tr', 'th', 'td', 'del', 'sup', 'sub', 'kbd', 'a']);

/**
 * A run's blocks with each `h2` section after the run's first in a `<section>`, which the browser lays out and
 * paints only once it nears the screen (`content-visibility: auto`, app/global.css): a room page's dozens of
 * options below the first screen no longer hold its first paint, and its start styles, lays out and paints a
 * screen's worth. The text before the first `h2` and the first section stay as they are: they hold the first
 * screen. Margins are kept as they were (app/global.css).
 */
function sectioned(blocks: ElementContent[]): ElementContent[] {
  const starts = blocks.flatMap((block, index) => (block.type === 'element' && block.tagName === 'h2' ? [index] : []));
  if (starts.length < 2) return blocks;
  const out = blocks.slice(0, starts[1]);
  for (let i = 1; i < starts.length; i++) {
    out.push({ type: 'element', tagName: 'section', properties: {}, children: blocks.slice(starts[i], starts[i + 1] ?? blocks.length) });
  }
  return out;
}

export function staticTree(components: MDXComponents, markup?: HtmlMarkup) {
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

  /**
   * The run as HTML, when it can be written without React: blocks only (the
   * `div` around it takes no box, `.static-html`), and every element plain
   * or one whose markup `markup` gives. Why: a page's RSC payload carries
   * each element again as JSON beside the HTML, which a room page's dozens
   * of option entries made a large part of the page's bytes; a string is carried
   * once more as text instead, and compresses with the HTML.
   */
  function htmlOf(nodes: RootContent[]): string | undefined {
    if (!markup) return undefined;
    if (!nodes.every((node) => (node.type === 'text' ? node.value.trim() === '' : node.type === 'element' && flowTags.has(node.tagName)))) return undefined;
    const convert = (node: RootContent, between: boolean): ElementContent | null | undefined => {
      // Whitespace between blocks, list items or table rows draws nothing: left out, an omitted end tag is then safe.
      if (node.type === 'text') return between && node.value.trim() === '' ? null : node;
      if (node.type === 'element') {
        if (!plainTags.has(node.tagName) && !headingTags.has(node.tagName)) return undefined;
        const overridden = node.tagName in map && !headingTags.has(node.tagName);
        if (overridden && !(node.tagName === 'a' && markup!.link?.component === map.a) && !(node.tagName === 'table' && markup!.table?.component === map.table)) return undefined;
        const children = convertAll(node.children, blockParents.has(node.tagName));
        if (!children) return undefined;
        const href = node.tagName === 'a' && node.properties.dataCard === undefined ? node.properties.href : undefined;
        const element: Element = { ...node, properties: typeof href === 'string' && markup.link!.isPage(href) ? { ...node.properties, dataPage: '' } : node.properties, children };
        return node.tagName === 'table' && overridden ? markup!.table!.wrap(element) : element;
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const known = node.name ? markup!.elements?.[node.name] : undefined;
        if (!known || known.component !== map[node.name!]) return undefined;
        const children = convertAll(node.children as RootContent[], false);
        if (!children) return undefined;
        const attributes = Object.fromEntries(node.attributes.map((attribute) => ['name' in attribute ? attribute.name : '', String('value' in attribute ? (attribute.value ?? '') : '')]));
        return known.markup(attributes, children);
      }
      return undefined;
    };
    const convertAll = (children: RootContent[], between: boolean): ElementContent[] | undefined => {
      const out: ElementContent[] = [];
      for (const child of children) {
        const converted = convert(child, between);
        if (converted === undefined) return undefined;
        if (converted) out.push(converted);
      }
      return out;
    };
    const converted = convertAll(nodes, true);
    return converted && toHtml(sectioned(converted), compactHtml);
  }

  const made = new BoundedMap<string, ReactNode>(treesKept);

  function StaticTree({ tree }: { tree: string }) {
    if (!reuseElements) return elementsOf(tree);
    let elements = made.get(tree);
    if (elements === undefined) made.set(tree, (elements = elementsOf(tree)));
    return elements;
  }

  function elementsOf(tree: string): ReactNode {
    const nodes = withHeadingLinks(JSON.parse(tree) as RootContent[]);
    const html = htmlOf(nodes);
    if (html !== undefined) return jsx('div', { className: 'static-html', dangerouslySetInnerHTML: { __html: html } });
    const root: Root = { type: 'root', children: nodes };
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
