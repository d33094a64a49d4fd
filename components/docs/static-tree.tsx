import type { Root, RootContent } from 'hast';
import { toJsxRuntime, type Components, type CreateEvaluater } from 'hast-util-to-jsx-runtime';
import type { MDXComponents } from 'mdx/types';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { BoundedMap } from '@/lib/platform/bounded-map';

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

  const made = new BoundedMap<string, ReactNode>(treesKept);

  function StaticTree({ tree }: { tree: string }) {
    if (!reuseElements) return elementsOf(tree);
    let elements = made.get(tree);
    if (elements === undefined) made.set(tree, (elements = elementsOf(tree)));
    return elements;
  }

  function elementsOf(tree: string): ReactNode {
    const root: Root = { type: 'root', children: JSON.parse(tree) as RootContent[] };
    return toJsxRuntime(root, {
      Fragment,
      jsx,
      jsxs,
      components: components as Partial<Components>,
      createEvaluater,
      elementAttributeNameCase: 'react',
      stylePropertyNameCase: 'dom',
      passKeys: false,
    });
  }
  return StaticTree;
}
