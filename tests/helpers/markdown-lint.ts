import type { Heading, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/**
 * What an agent's markdown reader sees in a text view (a `.md` twin,
 * /llms-full.txt): the text parsed as CommonMark with GFM, and three faults
 * found in the tree rather than by patterns over the text, so code blocks
 * and code spans are never mistaken for prose.
 */
const parse = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

const line = (node: Nodes) => node.position?.start.line ?? 0;

/** JSX left in the text: a component's tag (`<Mark …>`, a capitalized name) or an attribute written as an expression. */
export function jsxOutsideCode(markdown: string): string[] {
  const found: string[] = [];
  for (const node of walk(parse(markdown))) {
    if (node.type === 'html' && /^<[A-Z]|^<[a-z][\w-]*\s[^>]*=\{/.test(node.value)) found.push(`line ${line(node)}: ${node.value.slice(0, 80)}`);
  }
  return found;
}

/** Drops positions, so two parses compare by what they hold. */
const shape = (node: Nodes): unknown => JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value)));

/**
 * A backslash in a heading that changes nothing: without it the heading
 * parses the same (`glow\.enable`, `/jobs/\{id}`, MDX's escapes). An escape
 * that keeps `<name>` from being read as an HTML tag is needed, and passes.
 */
export function needlessHeadingEscapes(markdown: string): string[] {
  const found: string[] = [];
  const lines = markdown.split('\n');
  for (const node of walk(parse(markdown))) {
    if (node.type !== 'heading') continue;
    const source = lines[line(node) - 1]!;
    const heading = (text: string) => shape(parse(text).children[0] as Heading);
    const original = heading(source);
    for (const escape of source.matchAll(/\\[!-/:-@[-`{-~]/g)) {
      const without = source.slice(0, escape.index) + source.slice(escape.index + 1);
      if (JSON.stringify(heading(without)) === JSON.stringify(original)) found.push(`line ${line(node)}: ${source}`);
    }
  }
  return found;
}

/** A table row with fewer cells than the table's header (a sentence read as a row). */
export function shortTableRows(markdown: string): string[] {
  const found: string[] = [];
  for (const node of walk(parse(markdown))) {
    if (node.type !== 'table') continue;
    const [header, ...rows] = node.children;
    for (const row of rows) if (row.children.length < header!.children.length) found.push(`line ${line(row)}: ${row.children.length} of ${header!.children.length} cells`);
  }
  return found;
}
