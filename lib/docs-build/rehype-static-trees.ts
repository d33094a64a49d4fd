import type { Expression } from 'estree';
import type { Nodes, Root } from 'hast';
import type { MdxFlowExpressionHast, MdxTextExpressionHast } from 'mdast-util-mdx-expression';
import type { MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { exportedDeclarators } from './esm-exports';

/**
 * rehype-static-trees: each run of a page's plain markup becomes one
 * `{props.components.StaticTree({ tree: "…" })}` holding that markup as JSON,
 * which components/docs/static-tree.tsx renders with the page's MDX
 * components through hast-util-to-jsx-runtime. Plain markup is text, elements, and MDX
 * elements (`<Mark kind="host-only">`) whose attributes are all literal; an
 * expression (`items={[…]}`) or an ESM line keeps its part of the page as
 * MDX compiles it.
 *
 * Why: MDX compiles every element of a page to its own `_jsx(…)` call. The
 * option entries alone are hundreds of elements a room page, so a page module
 * was mostly generated calls. Under `next dev`, React's renderer does work per
 * call site of a new module (its fake call stacks and source-map lookups), so
 * every edit of a page re-paid it for each element; as JSON the page has a
 * handful of call sites, and the elements come from one function of a module
 * that does not change. `next build` also compiles and bundles strings instead
 * of that much code. The HTML is the same: the tree is the one MDX would have
 * compiled, and it goes through the same components.
 *
 * The table of contents Fumadocs' rehype-toc exports gets the same treatment:
 * a heading's title that is only text is a string rather than a fragment.
 *
 * Runs last, after rehype-toc has read the headings. The mdast the search
 * sections and the processed markdown come from is not touched.
 */

/** The component the runs are rendered by; components/mdx.tsx binds it to the page's components. */
export const staticTreeName = 'StaticTree';

type MdxElement = MdxJsxFlowElementHast | MdxJsxTextElementHast;
type MdxExpression = MdxFlowExpressionHast | MdxTextExpressionHast;

/** A node as the JSON holds it: without its position and `data`, which rendering does not read. */
type Bare =
  | { type: 'text'; value: string }
  | { type: 'element'; tagName: string; properties: unknown; children: Bare[] }
  | { type: MdxElement['type']; name: string; attributes: { type: 'mdxJsxAttribute'; name: string; value: string | null }[]; children: Bare[] };

function bare(node: Nodes): Bare {
  switch (node.type) {
    case 'text':
      return { type: 'text', value: node.value };
    case 'element':
      return { type: 'element', tagName: node.tagName, properties: node.properties, children: node.children.map(bare) };
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return {
        type: node.type,
        name: node.name!,
        attributes: node.attributes.map((attribute) => {
          if (attribute.type !== 'mdxJsxAttribute' || (attribute.value !== null && typeof attribute.value !== 'string')) throw new Error(`rehype-static-trees: <${node.name}> has an expression`);
          return { type: 'mdxJsxAttribute', name: attribute.name, value: attribute.value ?? null };
        }),
        children: node.children.map(bare),
      };
    default:
      throw new Error(`rehype-static-trees: ${node.type} is not plain markup`);
  }
}

/** An MDX element whose name is one component (not a fragment, not `a.b`) and whose attributes are literals. */
function isLiteralElement(node: Nodes): node is MdxElement {
  return (
    (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') &&
    node.name !== null &&
    /^[A-Z][A-Za-z0-9]*$/.test(node.name) &&
    node.attributes.every((attribute) => attribute.type === 'mdxJsxAttribute' && (attribute.value === null || attribute.value === undefined || typeof attribute.value === 'string'))
  );
}

/**
 * Marks, bottom-up, which nodes are plain (in `plain`), and replaces each run
 * of plain children (holding at least one element) of a parent that is not
 * plain. Returns whether `parent` itself is plain.
 *
 * Runs form under the page and under HTML elements only. A component's own
 * children stay as they are (Tabs or Steps may read them), though the inside
 * of a plain HTML element among them (a paragraph) still becomes one run.
 */
function collapse(parent: Root | Nodes, plain: WeakSet<Nodes>): boolean {
  if (parent.type === 'text') return true;
  if (!('children' in parent)) return false;
  const children = parent.children as Nodes[];
  let allPlain = parent.type === 'element' || isLiteralElement(parent);
  for (const child of children) {
    if (collapse(child, plain)) plain.add(child);
    else allPlain = false;
  }
  if (allPlain) return true;
  if (parent.type === 'root' || parent.type === 'element') (parent as { children: Nodes[] }).children = runs(children, plain, parent.type === 'root');
  else for (const child of children) if (child.type === 'element' && plain.has(child)) child.children = runs(child.children, plain, false) as typeof child.children;
  return false;
}

/** `children` with each run of plain nodes that holds more than text made one StaticTree. */
function runs(children: Nodes[], plain: WeakSet<Nodes>, atRoot: boolean): Nodes[] {
  const out: Nodes[] = [];
  let run: Nodes[] = [];
  const flush = () => {
    // Whitespace at a run's edges stays outside it: MDX drops the page's leading and trailing whitespace.
    let start = 0;
    let end = run.length;
    while (start < end && isWhitespace(run[start]!)) start += 1;
    while (end > start && isWhitespace(run[end - 1]!)) end -= 1;
    const inner = run.slice(start, end);
    if (inner.some((node) => node.type !== 'text')) out.push(...run.slice(0, start), staticTree(inner, atRoot), ...run.slice(end));
    else out.push(...run);
    run = [];
  };
  for (const child of children) {
    if (plain.has(child)) run.push(child);
    else {
      flush();
      out.push(child);
    }
  }
  flush();
  return out;
}

const isWhitespace = (node: Nodes): boolean => node.type === 'text' && node.value.trim() === '';

/**
 * The run as a call of the page's StaticTree (MDX gives its content the
 * components it was passed as `props.components`), not as an element
 * `<StaticTree tree="…" />`: the output is the same, but an element makes a
 * component instance, and under `next dev` React's server renderer sends
 * every instance's props to the browser's developer tools, the tree's JSON
 * with them (a room page's whole text again, at each render), and the dev
 * server keeps what it sent for a page no browser script asks for (a fetch, a
 * crawler). A run at the top of the page is a flow expression; one inside an
 * element, a text expression (both compile alike).
 */
function staticTree(run: Nodes[], atRoot: boolean): MdxExpression {
  const member = (object: Expression, name: string): Expression => ({ type: 'MemberExpression', object, property: { type: 'Identifier', name }, computed: false, optional: false });
  const call: Expression = {
    type: 'CallExpression',
    callee: member(member({ type: 'Identifier', name: 'props' }, 'components'), staticTreeName),
    arguments: [
      {
        type: 'ObjectExpression',
        properties: [{ type: 'Property', key: { type: 'Identifier', name: 'tree' }, value: { type: 'Literal', value: JSON.stringify(run.map(bare)) }, kind: 'init', method: false, shorthand: false, computed: false }],
      },
    ],
    optional: false,
  };
  return {
    type: atRoot ? 'mdxFlowExpression' : 'mdxTextExpression',
    value: `props.components.${staticTreeName}({ tree })`,
    data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: call }] } },
  };
}

/** The text of a JSX fragment made only of text (`<>layer.theme.name</>`), or undefined. */
function fragmentText(value: Expression | { type: string }): string | undefined {
  if (value.type !== 'JSXFragment') return undefined;
  let text = '';
  for (const child of (value as { children: { type: string; value?: unknown; expression?: { type: string; value?: unknown } }[] }).children) {
    if (child.type === 'JSXText' && typeof child.value === 'string') text += child.value;
    else if (child.type === 'JSXExpressionContainer' && child.expression?.type === 'Literal' && typeof child.expression.value === 'string') text += child.expression.value;
    else return undefined;
  }
  return text;
}

/** `export const toc = [{ …, title: <>text</> }]` (rehype-toc's ESM): text-only titles become strings. */
function plainTocTitles(tree: Root): void {
  for (const declarator of exportedDeclarators(tree)) {
    if (declarator.id.type !== 'Identifier' || declarator.id.name !== 'toc' || declarator.init?.type !== 'ArrayExpression') continue;
    for (const item of declarator.init.elements) {
      if (item?.type !== 'ObjectExpression') continue;
      for (const property of item.properties) {
        if (property.type !== 'Property' || property.key.type !== 'Identifier' || property.key.name !== 'title') continue;
        const text = fragmentText(property.value as Expression);
        if (text !== undefined) property.value = { type: 'Literal', value: text };
      }
    }
  }
}

export default function rehypeStaticTrees() {
  return (tree: Root): void => {
    collapse(tree, new WeakSet());
    plainTocTitles(tree);
  };
}
