import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDataFile } from '@/lib/docs-source/docs-data';
import { prebuiltSearchFile } from '@/lib/search/prebuilt-index';

/**
 * The project's own documents name files in backticks; a file that moved
 * leaves a name that points nowhere. Every such name must resolve, as the
 * link check does for the docs' links: a path from the repository's root, or
 * a bare file name some tracked file has. Names of files in other
 * repositories are listed below with where they live.
 */
const root = path.resolve(import.meta.dirname, '../..');
const documents = ['README.md', 'ARCHITECTURE.md', 'content/docs/writing-docs.mdx'];

/** Files of the layer's own repository on the code host, which the installers and /design.md fetch. */
const elsewhere = new Set(['install.sh', 'DESIGN.md']);

/** Files `npm run build` writes before `next build` (scripts/build-search-data.mjs); a fresh clone has none yet. */
const built = new Set([prebuiltSearchFile, docsDataFile].map((file) => file.split(path.sep).join('/')));

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const basenames = new Set(tracked.map((file) => path.basename(file)));
const folders = new Set(tracked.flatMap((file) => file.split('/').slice(0, -1).map((_, index, parts) => `${parts.slice(0, index + 1).join('/')}/`)));

const rooted = /^(\.\/)?(app|lib|components|content|scripts|tests|public|\.ci|\.search)\//;
const fileName = /^[\w.-]+\.(ts|tsx|mjs|js|json|md|mdx|sh|yaml|css|py)$/;

/** The backticked names of files and folders in a document, as written. */
function namedPaths(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const name = match[1]!.replace(/[,.;:)]+$/, '');
    // Patterns and placeholders (`<path>`, `*.ts`, `[...slug]` routes are real paths and stay).
    if (/[<>*{}$]/.test(name)) continue;
    if (rooted.test(name) || fileName.test(name)) names.push(name);
  }
  return names;
}

function resolves(name: string): boolean {
  const clean = name.replace(/^\.\//, '').replace(/:\d+(-\d+)?$/, '').replace(/#.*$/, '');
  if (built.has(clean)) return true;
  if (clean.includes('/')) return existsSync(path.join(root, clean)) || folders.has(clean.endsWith('/') ? clean : `${clean}/`);
  return basenames.has(clean) || elsewhere.has(clean);
}

describe('the files the documents name exist', () => {
  it.each(documents)('%s', (document) => {
    const names = namedPaths(readFileSync(path.join(root, document), 'utf8'));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !resolves(name))).toEqual([]);
  });

  it('catches a name that points nowhere', () => {
    expect(resolves('lib/source.ts')).toBe(false);
    expect(resolves('no-such-file.ts')).toBe(false);
    expect(resolves('lib/docs-source/route-docs.ts')).toBe(true);
    expect(resolves('contract.ts')).toBe(true);
    expect(resolves('.search/docs-data.json')).toBe(true);
    expect(resolves('.search/other.json')).toBe(false);
  });
});
