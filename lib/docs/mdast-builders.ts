import type { Code, InlineCode, Nodes, Paragraph, PhrasingContent, Table, TableCell, TableRow } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';

/**
 * Small mdast constructors and MDX element helpers shared by the build-time
 * remark plugins (remark-catalog, remark-api-reference, remark-api-examples,
 * remark-agents, remark-discovery), which turn typed data into markdown so
 * the HTML page, its .md twin and the search index agree.
 */
export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const inlineCode = (value: string): InlineCode => ({ type: 'inlineCode', value });
export const strong = (children: PhrasingContent[]): PhrasingContent => ({ type: 'strong', children });
export const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({ type: 'link', url, children });
/** A fenced code block; `title` becomes the block's `title="…"` meta. */
export const codeBlock = (lang: string, value: string, title?: string): Code => ({
  type: 'code',
  lang,
  meta: title ? `title="${title}"` : null,
  value,
});
export const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
const row = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children): TableCell => ({ type: 'tableCell', children })),
});
/** `a, b and c` from phrasing pieces. */
export function joined(items: PhrasingContent[][], last = ' and '): PhrasingContent[] {
  return items.flatMap((item, index) => {
    if (index === 0) return item;
    return [text(index === items.length - 1 ? last : ', '), ...item];
  });
}
/** A GFM table: a header of plain cells (or phrasing), then rows of phrasing cells. */
export const table = (header: (string | PhrasingContent[])[], rows: PhrasingContent[][][]): Table => ({
  type: 'table',
  align: header.map(() => null),
  children: [row(header.map((cell) => (typeof cell === 'string' ? [text(cell)] : cell))), ...rows.map(row)],
});

/**
 * Phrasing of one line of markdown with only `code` and **strong** marks
 * and [links](/path): the option reference's cells, the endpoint table's
 * and the tool table's descriptions, and the meanings of the failure codes.
 * This small reader is exact for them (a full markdown parser would be
 * another dependency for three marks).
 */
export function inlineMarkdown(source: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  // A link's text is read as its own line; code spans are left whole (a `[`…`](`…`)` inside one is code).
  const pieces = source.split(/(`[^`]*`|\[[^\]`]+\]\([^)\s]+\))/);
  pieces.forEach((piece) => {
    const linked = /^\[([^\]`]+)\]\(([^)\s]+)\)$/.exec(piece);
    if (linked) out.push(link(linked[2]!, inlineMarks(linked[1]!)));
    else out.push(...inlineMarks(piece));
  });
  return out;
}

/** Phrasing of markdown with only `code` and **strong** marks. */
function inlineMarks(source: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  source.split(/(`[^`]*`)/).forEach((part) => {
    if (part === '') return;
    if (part.startsWith('`') && part.endsWith('`') && part.length >= 2) {
      out.push(inlineCode(part.slice(1, -1)));
      return;
    }
    part.split(/(\*\*[^*]+\*\*)/).forEach((piece) => {
      if (piece === '') return;
      if (piece.startsWith('**') && piece.endsWith('**') && piece.length > 4) {
        out.push(strong([text(piece.slice(2, -2))]));
      } else out.push(text(piece));
    });
  });
  return out;
}

// ---------------------------------------------------------------- MDX elements

/** An MDX element: on a line of its own (flow) or inside a paragraph (text). */
export type MdxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Where an element stands, `file:line:column` (`<input>` without a file path), for the plugins' build errors. */
export function elementLocation(node: { position?: Nodes['position'] }, file: VFile | undefined): string {
  const start = node.position?.start;
  return `${file?.path ?? '<input>'}${start ? `:${start.line}:${start.column}` : ''}`;
}

/** A function that fails the build with `file:line:column: <Name>: reason`. */
export function elementFailure(node: MdxElement, name: string, file: VFile | undefined): (reason: string) => never {
  return (reason) => {
    throw new Error(`${elementLocation(node, file)}: <${name}>: ${reason}`);
  };
}

/** How an element's attribute values are read: `value` gives undefined for one it does not take, which is then said to be not `expected`. */
export interface AttributeReader {
  value(attribute: MdxJsxAttribute): string | undefined;
  expected: string;
}

const plainStringAttribute: AttributeReader = {
  value: (attribute) => (typeof attribute.value === 'string' ? attribute.value : undefined),
  expected: 'a plain string',
};

/**
 * The attributes of an element by name. A spread attribute, a name not in
 * `allowed` or a value `read` does not take fails the build through `fail`.
 */
export function attributeValues(
  node: MdxElement,
  allowed: readonly string[],
  fail: (reason: string) => never,
  read: AttributeReader = plainStringAttribute,
): Map<string, string> {
  const values = new Map<string, string>();
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') return fail('spread attributes are not supported');
    if (!allowed.includes(attribute.name)) {
      return fail(`unknown attribute "${attribute.name}" (allowed: ${allowed.length > 0 ? allowed.join(', ') : 'none'})`);
    }
    const value = read.value(attribute);
    if (value === undefined) return fail(`attribute "${attribute.name}" must be ${read.expected}`);
    values.set(attribute.name, value);
  }
  return values;
}

type Parent = Extract<Nodes, { children: unknown[] }>;

/** What the elements a plugin replaces become. */
export interface ElementReplacer<Name extends string> {
  /** The blocks of an element on a line of its own. */
  flow(element: MdxJsxFlowElement & { name: Name }): Nodes[];
  /**
   * The phrasing of an element inside a paragraph. Without it such an
   * element fails the build: `file:line:column: <Name> must stand on a line of its own`.
   */
  text?(element: MdxJsxTextElement & { name: Name }): Nodes[];
}

/**
 * Replaces the MDX elements whose name `matches`, at any depth of the tree,
 * by what `replace` makes of them. Replacements are not walked again.
 */
export function replaceElements<Name extends string>(
  parent: Parent,
  file: VFile | undefined,
  matches: (name: string | null) => name is Name,
  replace: ElementReplacer<Name>,
): void {
  const children: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && matches(child.name)) {
      if (child.type === 'mdxJsxFlowElement') children.push(...replace.flow(child as MdxJsxFlowElement & { name: Name }));
      else if (replace.text) children.push(...replace.text(child as MdxJsxTextElement & { name: Name }));
      else throw new Error(`${elementLocation(child, file)}: <${child.name}> must stand on a line of its own`);
      continue;
    }
    if ('children' in child) replaceElements(child, file, matches, replace);
    children.push(child);
  }
  (parent as { children: Nodes[] }).children = children;
}
