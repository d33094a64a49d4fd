import type { Element, ElementContent, Root } from 'hast';
import { nameBreaks } from '@/lib/docs/name-breaks';

const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function breakText(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    if (child.type === 'text') return nameBreaks(child.value);
    if (child.type === 'element') child.children = breakText(child.children);
    return [child];
  });
}

function visit(node: Root | Element): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (headings.has(child.tagName)) child.children = breakText(child.children);
    else visit(child);
  }
}

/**
 * rehype-name-breaks: a heading's dotted names may break only after a dot
 * (lib/docs/name-breaks.ts). Runs after rehype-toc, whose titles stay plain
 * text (components/docs/toc.tsx breaks them the same way), and before
 * rehype-static-trees. The mdast the markdown and search come from is not
 * touched.
 */
export default function rehypeNameBreaks() {
  return (tree: Root) => visit(tree);
}
