import type { Expression, Node as EstreeNode, Program } from 'estree-jsx';
import type { BlockContent, ListItem, Nodes, Parents, PhrasingContent, RootContent, TableCell, TableRow } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Info, State } from 'mdast-util-to-markdown';
import { codeBlock, inlineCode, link, paragraph, strong, text } from '@/lib/docs/mdast-builders';
import { escapeAsMarkdown } from './markdown-escapes';

/**
 * Fumadocs UI's MDX components (components/mdx.tsx) as markdown, for the
 * page's text outside HTML: the `.md` twin and /llms-full.txt (Fumadocs'
 * processed markdown) and the search index (remark-structure). Both
 * stringify the page's tree with mdast-util-to-markdown and call
 * `componentMarkdown` on every node first; it answers for these components
 * and leaves everything else to the default. Without it the twin kept the
 * JSX tags and lost what sits in attributes: a tab's title, a TypeTable's
 * rows, a file tree's names.
 *
 * - Callout: a block quote, its title in bold.
 * - Cards / Card: a list, each card's title (linked to its `href`), then its
 *   description and text.
 * - Steps / Step: a numbered list, one item per step.
 * - Tabs / Tab: each tab's title in bold (`value`, else the Tabs' `items`
 *   in order), then its content.
 * - Accordions / Accordion: each accordion's title in bold, then its content.
 * - Files / Folder / File: a nested list of names, folders ending in `/`.
 * - TypeTable: a table of property, type, default and description.
 * - ImageZoom: an image.
 * - Banner: its text.
 * - Mark (the site's own, components/mark.tsx): its label in bold, as the
 *   option reference writes it (`**Host-only**`).
 *
 * Any other component has no markdown form: the compile fails naming it,
 * rather than the twin carrying its JSX. The text is escaped as markdown,
 * not MDX (lib/docs-build/markdown-escapes.ts).
 *
 * Attribute values written as expressions (`items={['npm', 'pnpm']}`,
 * `type={{ … }}`) are read when they are literals: strings, numbers,
 * arrays, objects, and JSX whose text is kept. Anything else (a variable, a
 * call) cannot be known at compile time: a TypeTable then shows its source
 * in a code block, and tabs fall back to their `value`.
 */

type Element = MdxJsxFlowElement | MdxJsxTextElement;

export const fumadocsComponentNames = [
  'Accordion',
  'Accordions',
  'Banner',
  'Callout',
  'Card',
  'Cards',
  'File',
  'Files',
  'Folder',
  'ImageZoom',
  'Step',
  'Steps',
  'Tab',
  'Tabs',
  'TypeTable',
] as const;
type FumadocsComponentName = (typeof fumadocsComponentNames)[number];

function isElement(node: Nodes | RootContent): node is Element {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

function isFumadocsComponent(node: Nodes | RootContent): node is Element & { name: FumadocsComponentName } {
  return isElement(node) && node.name !== null && (fumadocsComponentNames as readonly string[]).includes(node.name);
}

// ---------------------------------------------------------------- attributes

/** Thrown for an expression that is not a literal. */
class NotLiteral extends Error {}

/** A literal's value; JSX becomes its text. */
function literal(node: EstreeNode): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'TemplateLiteral':
      if (node.expressions.length > 0) throw new NotLiteral();
      return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('');
    case 'ArrayExpression':
      return node.elements.map((element) => {
        if (!element || element.type === 'SpreadElement') throw new NotLiteral();
        return literal(element);
      });
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') throw new NotLiteral();
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
        if (key === undefined) throw new NotLiteral();
        object[key] = literal(property.value);
      }
      return object;
    }
    case 'UnaryExpression':
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') return -node.argument.value;
      throw new NotLiteral();
    case 'JSXElement':
    case 'JSXFragment':
      return jsxText(node.children).replace(/\s+/g, ' ').trim();
    default:
      throw new NotLiteral();
  }
}

type JsxChild = Extract<EstreeNode, { type: 'JSXElement' }>['children'][number];
function jsxText(children: JsxChild[]): string {
  return children
    .map((child) => {
      if (child.type === 'JSXText') return child.value;
      if (child.type === 'JSXElement' || child.type === 'JSXFragment') return jsxText(child.children);
      if (child.type === 'JSXExpressionContainer' && child.expression.type !== 'JSXEmptyExpression') {
        const value = literal(child.expression);
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      }
      return '';
    })
    .join('');
}

type Attribute = { kind: 'value'; value: unknown } | { kind: 'source'; source: string };

/** An attribute: a string, a literal expression's value, or the expression's source. */
function attribute(node: Element, name: string): Attribute | undefined {
  for (const attr of node.attributes) {
    if (attr.type !== 'mdxJsxAttribute' || attr.name !== name) continue;
    if (attr.value === null || attr.value === undefined) return { kind: 'value', value: true };
    if (typeof attr.value === 'string') return { kind: 'value', value: attr.value };
    const program = attr.value.data?.estree as Program | undefined;
    const statement = program?.body[0];
    if (statement?.type === 'ExpressionStatement') {
      try {
        return { kind: 'value', value: literal(statement.expression as Expression) };
      } catch (error) {
        if (!(error instanceof NotLiteral)) throw error;
      }
    }
    return { kind: 'source', source: attr.value.value };
  }
  return undefined;
}

function stringAttribute(node: Element, name: string): string | undefined {
  const attr = attribute(node, name);
  if (attr?.kind !== 'value') return undefined;
  return typeof attr.value === 'string' || typeof attr.value === 'number' ? String(attr.value) : undefined;
}

// ---------------------------------------------------------------- mdast

/** An element's content as blocks (the phrasing of `<Tab>one line</Tab>` as a paragraph). */
const children = (node: Element): RootContent[] =>
  node.type === 'mdxJsxTextElement' ? [paragraph(node.children as PhrasingContent[])] : (node.children as RootContent[]);

/**
 * The child elements: blocks of their own, or written on one line each
 * (`<Tab>one</Tab>`), which MDX reads as elements inside a paragraph.
 */
const elementChildren = (node: Element): Element[] =>
  children(node).flatMap((child) => (child.type === 'paragraph' ? child.children : [child]).filter(isElement));
const childElements = (node: Element, name: string) => elementChildren(node).filter((child) => child.name === name);
const label = (value: string): BlockContent => paragraph([strong([text(value)])]);
const listItem = (content: RootContent[], spread = false): ListItem => ({ type: 'listItem', spread, children: content as ListItem['children'] });
const list = (items: ListItem[], ordered = false): BlockContent => ({ type: 'list', ordered, spread: items.some((item) => item.spread), children: items });

function card(node: Element): RootContent[] {
  const title = stringAttribute(node, 'title') ?? '';
  const href = stringAttribute(node, 'href');
  const description = stringAttribute(node, 'description');
  const head: PhrasingContent[] = [strong([href ? link(href, [text(title)]) : text(title)])];
  if (description) head.push(text(`: ${description}`));
  return [paragraph(head), ...children(node)];
}

function fileTree(entries: Element[]): ListItem[] {
  return entries.flatMap((entry): ListItem[] => {
    const name = stringAttribute(entry, 'name') ?? '';
    if (entry.name === 'File') return [listItem([paragraph([inlineCode(name)])])];
    if (entry.name !== 'Folder') return [];
    const inner = fileTree(elementChildren(entry));
    return [listItem([paragraph([inlineCode(`${name}/`)]), ...(inner.length > 0 ? [list(inner)] : [])])];
  });
}

interface TypeNode {
  type?: unknown;
  description?: unknown;
  typeDescription?: unknown;
  default?: unknown;
  required?: unknown;
  deprecated?: unknown;
  parameters?: unknown;
  returns?: unknown;
}

const cellText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const cell = (content: PhrasingContent[]): TableCell => ({ type: 'tableCell', children: content });
const row = (cells: TableCell[]): TableRow => ({ type: 'tableRow', children: cells });
const codeCell = (value: unknown) => cell(cellText(value) ? [inlineCode(cellText(value))] : []);

function typeTable(node: Element): RootContent[] {
  const attr = attribute(node, 'type');
  if (!attr) return [];
  const rows = attr.kind === 'value' && attr.value && typeof attr.value === 'object' ? Object.entries(attr.value as Record<string, TypeNode>) : undefined;
  if (!rows) return [codeBlock('ts', attr.kind === 'source' ? attr.source : JSON.stringify(attr.value))];
  const header = row(['Prop', 'Type', 'Default', 'Description'].map((heading) => cell([text(heading)])));
  const body = rows.map(([name, field]) => {
    const notes = [cellText(field.description)];
    if (field.typeDescription) notes.push(`Type: ${cellText(field.typeDescription)}`);
    if (Array.isArray(field.parameters)) {
      for (const parameter of field.parameters as { name?: unknown; description?: unknown }[]) notes.push(`Parameter ${cellText(parameter.name)}: ${cellText(parameter.description)}`);
    }
    if (field.returns) notes.push(`Returns: ${cellText(field.returns)}`);
    if (field.deprecated) notes.push('Deprecated.');
    return row([
      cell([inlineCode(field.required ? name : `${name}?`)]),
      codeCell(field.type),
      codeCell(field.default),
      cell([text(notes.filter(Boolean).join(' '))]),
    ]);
  });
  return [{ type: 'table', align: [null, null, null, null], children: [header, ...body] }];
}

/** The markdown blocks a component stands for, or undefined for any other node. */
function componentBlocks(node: Nodes | RootContent): RootContent[] | undefined {
  if (!isFumadocsComponent(node)) return undefined;
  switch (node.name) {
    case 'Callout': {
      const title = stringAttribute(node, 'title');
      return [{ type: 'blockquote', children: [...(title ? [label(title)] : []), ...children(node)] as BlockContent[] }];
    }
    case 'Cards':
      return [list(childElements(node, 'Card').map((item) => listItem(card(item), children(item).length > 0)))];
    case 'Card':
      return card(node);
    case 'Steps':
      return [list(childElements(node, 'Step').map((step) => listItem(children(step), true)), true)];
    case 'Tabs': {
      const items = attribute(node, 'items');
      const titles = items?.kind === 'value' && Array.isArray(items.value) ? items.value.map(cellText) : [];
      return childElements(node, 'Tab').flatMap((tab, index) => {
        const title = stringAttribute(tab, 'value') ?? titles[index];
        return [...(title ? [label(title)] : []), ...children(tab)];
      });
    }
    case 'Tab':
    case 'Accordion': {
      const title = stringAttribute(node, node.name === 'Tab' ? 'value' : 'title');
      return [...(title ? [label(title)] : []), ...children(node)];
    }
    case 'Files':
      return [list(fileTree(elementChildren(node)))];
    case 'Folder':
    case 'File':
      return [list(fileTree([node]))];
    case 'TypeTable':
      return typeTable(node);
    case 'ImageZoom':
      return [paragraph([{ type: 'image', url: stringAttribute(node, 'src') ?? '', alt: stringAttribute(node, 'alt') ?? null }])];
    case 'Accordions':
    case 'Banner':
    case 'Step':
      return children(node);
  }
}

/** The phrasing of a component written inside a paragraph (`<Callout>one line</Callout>`). */
function componentPhrasing(node: Element): PhrasingContent[] {
  const inner = node.children as PhrasingContent[];
  if (node.name === 'ImageZoom' || node.name === 'Card') {
    const [first] = componentBlocks(node) ?? [];
    return [...(first?.type === 'paragraph' ? first.children : []), ...inner];
  }
  const title = stringAttribute(node, node.name === 'Tab' ? 'value' : 'title');
  return [...(title ? [strong([text(title)]), text(' ')] : []), ...inner];
}

/**
 * The stringify hook of Fumadocs' markdown stringifier (remarkLLMs'
 * `includeProcessedMarkdown` options and remark-structure's `stringify`):
 * the markdown of a component, through the same handlers, so components
 * nested in one another and headings inside a step come out the same way.
 */
export function componentMarkdown(node: Nodes, _parent: Parents | undefined, state: State, info: Info): string | undefined {
  escapeAsMarkdown(state);
  // The option reference's classification mark (components/mark.tsx).
  if (isElement(node) && node.name === 'Mark') {
    const label = strong(node.children as PhrasingContent[]);
    return node.type === 'mdxJsxTextElement' ? state.containerPhrasing({ type: 'paragraph', children: [label] }, info) : state.containerFlow({ type: 'root', children: [paragraph([label])] }, info);
  }
  if (!isFumadocsComponent(node)) {
    if (isElement(node) && node.name && /^[A-Z]/.test(node.name)) {
      const line = node.position ? ` (line ${node.position.start.line})` : '';
      throw new Error(`<${node.name}>${line} has no markdown form for the .md twin and search: give it one in lib/docs-build/component-markdown.ts`);
    }
    return undefined;
  }
  if (node.type === 'mdxJsxTextElement') return state.containerPhrasing({ type: 'paragraph', children: componentPhrasing(node) }, info);
  return state.containerFlow({ type: 'root', children: componentBlocks(node) ?? [] }, info);
}
