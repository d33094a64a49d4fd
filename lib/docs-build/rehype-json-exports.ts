import type { Expression, Literal, SpreadElement } from 'estree';
import type { Root } from 'hast';
import { exportedDeclarators } from './esm-exports';

/**
 * rehype-json-exports: a page's exported data made only of literals (the
 * search sections Fumadocs exports as `structuredData`, the table of
 * contents as `toc`, the frontmatter) is compiled as `JSON.parse("…")` of
 * its JSON rather than as an object literal.
 *
 * Why: Fumadocs writes each as a tree of object and array expressions, one
 * syntax node per key and value: a room page's sections and contents were
 * some two thousand nodes, which MDX's compiler walked several times, wrote
 * out with a source map, and the page's module then parsed as code. As one
 * string the compile after an edit does less (under `next dev` each edit
 * compiles the page more than once), and V8 reads JSON faster than the same
 * object as code. The values are the same, except that a key holding
 * `undefined` is left out, as JSON.stringify leaves it out (which is how the
 * docs data the production build reads holds the same sections:
 * lib/docs-source/docs-data.ts).
 *
 * Runs last, after rehype-static-trees has made the text-only titles of the
 * contents strings; a title that is markup keeps the `toc` as it is.
 */

/** Marks an expression that is not a literal value. */
const notLiteral = Symbol('not a literal');

/** The value of an expression of literals: objects, arrays, strings, numbers, booleans, null and `undefined`. */
function literalValue(node: Expression | SpreadElement | null): unknown {
  if (!node) return notLiteral;
  switch (node.type) {
    case 'Literal':
      return 'regex' in node || 'bigint' in node ? notLiteral : (node as Literal).value;
    case 'Identifier':
      return node.name === 'undefined' ? undefined : notLiteral;
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number' ? -node.argument.value : notLiteral;
    case 'ArrayExpression': {
      const values: unknown[] = [];
      for (const element of node.elements) {
        const value = literalValue(element);
        // JSON writes `undefined` in an array as null: not the same value.
        if (value === notLiteral || value === undefined) return notLiteral;
        values.push(value);
      }
      return values;
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.kind !== 'init' || property.computed || property.method) return notLiteral;
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' && typeof property.key.value === 'string' ? property.key.value : undefined;
        // `__proto__` as a key of a literal sets the prototype; JSON.parse makes it a key.
        if (key === undefined || key === '__proto__') return notLiteral;
        const value = literalValue(property.value as Expression);
        if (value === notLiteral) return notLiteral;
        object[key] = value;
      }
      return object;
    }
    default:
      return notLiteral;
  }
}

/** `JSON.parse("…")` of a value. */
function jsonParse(value: unknown): Expression {
  return {
    type: 'CallExpression',
    callee: { type: 'MemberExpression', object: { type: 'Identifier', name: 'JSON' }, property: { type: 'Identifier', name: 'parse' }, computed: false, optional: false },
    arguments: [{ type: 'Literal', value: JSON.stringify(value) }],
    optional: false,
  };
}

export default function rehypeJsonExports() {
  return (tree: Root): void => {
    for (const declarator of exportedDeclarators(tree)) {
      const init = declarator.init;
      // Objects and arrays only: a string or a number is one node already.
      if (init?.type !== 'ObjectExpression' && init?.type !== 'ArrayExpression') continue;
      const value = literalValue(init);
      if (value !== notLiteral) declarator.init = jsonParse(value);
    }
  };
}
