import type { Program, VariableDeclarator } from 'estree';
import type { Root } from 'hast';

/**
 * Each declarator of a page's `export const …` lines, as MDX's ESM nodes hold
 * them: the data Fumadocs' plugins export (`toc`, `structuredData`) and the
 * frontmatter. Changing a declarator's `init` changes what the page exports.
 */
export function* exportedDeclarators(tree: Root): Generator<VariableDeclarator> {
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    for (const statement of program?.body ?? []) {
      if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration') yield* statement.declaration.declarations;
    }
  }
}
