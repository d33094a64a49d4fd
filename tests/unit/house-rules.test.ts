import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules no linter holds (ARCHITECTURE.md, "Words"; the rest are
 * dependency-cruiser's, knip's and ESLint's in the lint step): hand-written
 * files stay short enough to read in one sitting, and a file's name says
 * what it holds, once.
 */
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'lib', 'app', 'components', 'scripts', 'proxy.ts', 'instrumentation.ts'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|cjs|js|css|sh)$/.test(file));
/** A generated file says so on its first line (lib/catalog/options-data.ts, from lib/catalog/layer-options.md). */
const generated = (file: string) => /^\/\/ Generated\b/.test(readFileSync(file, 'utf8'));
/** Names Next gives (a route's files) and a folder's own entry: the folder names them. */
const namedByFolder = /^(route|page|layout|not-found|error|loading|opengraph-image|index)\.(ts|tsx)$/;

describe('house rules', () => {
  it('no hand-written file in lib, app, components or scripts is over 400 lines', () => {
    const long = sources
      .filter((file) => !generated(file))
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });

  it('no two files share a name, and every name is kebab-case', () => {
    const byName = new Map<string, string[]>();
    for (const file of sources) {
      const name = path.basename(file);
      if (namedByFolder.test(name)) continue;
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
    // `layout.shared.tsx` is Fumadocs' name for the layouts' shared options.
    expect([...byName.keys()].filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.shared)?\.[a-z]+$/.test(name))).toEqual([]);
  });
});
