import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments, test titles and strings cite what a reader of the code has: the
 * site's docs page that states the rule (`/docs/api/limits, "Sizes"`), an
 * RFC, or a protocol's specification, or they say why; they never point at
 * tracker entries, because a reader of the code has no tracker. Every line
 * of the site's own sources is checked. The site's code (not its tests,
 * which check the interface's own text) cites no section of the interface
 * specification, which is not in the repository.
 */
const root = path.resolve(import.meta.dirname, '../..');
const roots = ['app', 'components', 'lib', 'scripts', 'tests', 'content', 'proxy.ts', 'instrumentation.ts', 'source.config.ts', 'next.config.mjs'];
const skippedDirs = new Set(['node_modules', '.next', '.source']);
const extensions = /\.(ts|tsx|mjs|js|sh|css|mdx|json|yaml)$/;

// Split so that this file's own source does not match.
const word = 'iss' + 'ue';
const Word = 'Iss' + 'ue';
const item = 'it' + 'em';
/**
 * A tracker number after the word, in either case and singular or plural
 * ("<word> 9", "<Word> 13 <item> 4", "<word>s 10 and 11", "<word> #9"), the
 * word followed by "<item>", "<item> N of <word>", and a bare "(<item> N)".
 * A spec citation names its heading before the item, so it passes.
 */
const trackerReference = new RegExp(
  [`\\b[Ii]${word.slice(1)}s? #?\\d+`, `\\b${word} ${item}\\b`, `\\b[Ii]${item.slice(1)} \\d+ of ${word}\\b`, `\\(${item}s? \\d+[^)]*\\)`].join('|'),
);

function sourceFiles(relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return extensions.test(relative) ? [relative] : [];
  return readdirSync(full)
    .filter((name) => !skippedDirs.has(name))
    .flatMap((name) => sourceFiles(`${relative}/${name}`));
}

describe('no tracker references', () => {
  it('the pattern catches tracker references and leaves spec citations alone', () => {
    for (const line of [`${word} 9`, `(${Word} 13 ${item} 4)`, `${word}s 10 and 11`, `${Word} 11's benchmark`, `${word} #12`, `${word} ${item} 3`, `${item} 2 of ${word} 9`, `a path (${item} 1): read`])
      expect(line).toMatch(trackerReference);
    for (const line of [`(spec "Authentication" ${item} 5)`, `spec "Authentication" ${item}s 4–5`, `no authorization server ${word}s tokens`, `never ${word} an Mcp-Session-Id`, `error.${word}s[0]`])
      expect(line).not.toMatch(trackerReference);
  });

  it('no comment, test title or string of the sources points at a tracker item', () => {
    const files = roots.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const offences = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (trackerReference.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(offences).toEqual([]);
  });

  it("no comment of the site's code cites a section of the interface specification, which the repository does not hold", () => {
    const citation = /\bspec(?:'s)? "[A-Z]|\(spec\b/;
    const files = ['app', 'components', 'lib', 'scripts', 'proxy.ts', 'instrumentation.ts', 'source.config.ts', 'next.config.mjs'].flatMap(sourceFiles);
    const offences = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/^\s*(\/\/|\*|\/\*|\{\/\*)/.test(line) && citation.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(offences).toEqual([]);
  });
});
