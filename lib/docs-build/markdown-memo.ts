import type { Nodes, Parents } from 'mdast';
import type { Info, State } from 'mdast-util-to-markdown';
import { BoundedMap } from '@/lib/platform/bounded-map';

/**
 * The markdown of a page's blocks, remembered from one compile to the next
 * (source.config.ts uses it under `next dev`, in the compiler child that
 * makes the docs data again after each edit: lib/docs-source/dev-docs.ts).
 *
 * Fumadocs writes each page's tree back to markdown twice a compile:
 * remark-structure once per block (the search sections) and the processed
 * markdown once for the page (the text views). A room page is mostly option
 * entries, the same blocks at every compile, and writing them out again was
 * two thirds of the compile that follows each edit of the page. A block's
 * markdown depends on the block alone (its position aside) when it is
 * written on its own, as remark-structure writes it, or when it stands at the
 * top of the page: paragraphs, headings, tables and code. Lists are left out
 * (mdast-util-to-markdown alternates the bullet of adjacent lists), and so is
 * anything nested, whose indentation depends on its parents.
 *
 * mdast-util-to-markdown has no cache of its own to hook into, hence this.
 */

/** A hook Fumadocs' stringifier calls on each node first; a string answers for the node. */
export type NodeMarkdown = (node: Nodes, parent: Parents | undefined, state: State, info: Info) => string | undefined;

const contextFree = new Set<Nodes['type']>(['paragraph', 'heading', 'table', 'code']);
const keyOf = (node: Nodes): string => JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value));

/** remark-structure's block stringifier (`this` is the processor), each block's text remembered. */
export function rememberBlocks<This, Ctx>(stringify: (this: This, node: Nodes, ctx: Ctx) => string, limit = 20_000) {
  const memo = new BoundedMap<string, string>(limit);
  return function (this: This, node: Nodes, ctx: Ctx): string {
    const key = keyOf(node);
    let text = memo.get(key);
    if (text === undefined) {
      text = stringify.call(this, node, ctx);
      memo.set(key, text);
    }
    return text;
  };
}

/**
 * The processed markdown's node hook: `hook` first, then, for a
 * context-free block at the top of the page, the text it had before. A new
 * block is written by the stringifier's own handler (asked again through
 * `state.handle`, with this hook standing aside for that node) and kept.
 */
export function rememberTopBlocks(hook: NodeMarkdown, limit = 20_000): NodeMarkdown {
  const memo = new BoundedMap<string, string>(limit);
  const writing = new WeakSet<Nodes>();
  return (node, parent, state, info) => {
    const own = hook(node, parent, state, info);
    if (own) return own;
    if (parent?.type !== 'root' || !contextFree.has(node.type) || writing.has(node)) return undefined;
    const key = keyOf(node);
    let text = memo.get(key);
    if (text === undefined) {
      writing.add(node);
      try {
        text = state.handle(node, parent, state, info);
      } finally {
        writing.delete(node);
      }
      memo.set(key, text);
    }
    // An empty answer would not count as one: the stringifier then writes the (empty) block itself.
    return text || undefined;
  };
}
