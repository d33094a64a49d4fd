import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remarkHeading } from 'fumadocs-core/mdx-plugins';
import type { Heading, Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { options, optionUrl } from '@/lib/catalog/options';
import remarkCatalog from '@/lib/docs-build/remark-catalog';

/**
 * Every option of the reference has exactly one entry in the compiled docs:
 * a heading whose text and anchor are its full name, on its room's page,
 * followed by the reference's own type, default and marks (the entries are
 * generated from lib/catalog/options.ts, which tests/unit/option-catalog
 * holds to the reference).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const docsDir = join(root, 'content', 'docs');

// The order of the build (source.config.ts): remark-heading, then the catalog elements.
const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkHeading).use(remarkCatalog, { origin: 'https://layer.example' });

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return mdxFiles(path);
    return entry.name.endsWith('.mdx') ? [path] : [];
  });
}

function flatText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? node.children.map((child) => flatText(child as Nodes)).join('') : '';
}

interface Entry {
  page: string;
  id: string;
  title: string;
  /** The text of the blocks up to the next heading. */
  body: string;
  marks: string[];
}

function entries(file: string): Entry[] {
  const vfile = new VFile({ value: readFileSync(file, 'utf8'), path: file });
  const tree = processor.runSync(processor.parse(vfile), vfile) as Root;
  const page = `/docs/${file.slice(docsDir.length + 1).replace(/(\/index)?\.mdx$/, '')}`.replace(/\/$/, '');
  const found: Entry[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading') {
      const id = (node as Heading).data?.hProperties?.id;
      found.push({ page, id: String(id ?? ''), title: flatText(node), body: '', marks: [] });
      continue;
    }
    const last = found.at(-1);
    if (!last) continue;
    last.body += `${flatText(node)}\n`;
    const json = JSON.stringify(node);
    for (const kind of ['host-only', 'desktop-safe-per-key']) if (json.includes(`"value":"${kind}"`)) last.marks.push(kind);
  }
  return found;
}

const compiled = mdxFiles(docsDir).flatMap(entries);

describe('docs cover every option of the reference', () => {
  it('one entry per option, on its room page, with the reference’s type, default and marks', () => {
    const problems: string[] = [];
    for (const option of options) {
      const matches = compiled.filter((entry) => entry.id === option.name);
      if (matches.length !== 1) {
        problems.push(`${option.name}: ${matches.length} entries`);
        continue;
      }
      const entry = matches[0]!;
      if (entry.title !== option.name) problems.push(`${option.name}: heading text "${entry.title}"`);
      if (`${entry.page}#${encodeURIComponent(entry.id)}` !== optionUrl(option)) problems.push(`${option.name}: on ${entry.page}, expected ${optionUrl(option)}`);
      const plain = (markdown: string) => markdown.replace(/`|\*\*/g, '');
      if (!entry.body.includes(`Type: ${plain(option.type)}`)) problems.push(`${option.name}: type not stated`);
      if (!entry.body.includes(`Default: ${plain(option.default)}`)) problems.push(`${option.name}: default not stated`);
      if (option.rules && !entry.body.includes(plain(option.rules))) problems.push(`${option.name}: rules not stated`);
      const marks = [...(option.hostOnly ? ['host-only'] : []), ...(option.desktopSafePerKey ? ['desktop-safe-per-key'] : [])];
      if (JSON.stringify(entry.marks) !== JSON.stringify(marks)) problems.push(`${option.name}: marks ${entry.marks} instead of ${marks}`);
    }
    console.log(`options-coverage: ${options.length} options, each with one entry (${compiled.filter((entry) => entry.id.startsWith("layer.")).length} option headings compiled)`);
    expect(problems).toEqual([]);
  });

  it('lists the windows options the reference names without documenting', () => {
    const reference = readFileSync(join(root, 'lib', 'catalog', 'layer-options.md'), 'utf8');
    const paragraph = /Other options named in the windows namespace index \(([^)]*)\)/.exec(reference);
    expect(paragraph).not.toBeNull();
    // `gaps.outer.left/right.builtin/external` names four options.
    const names = paragraph![1]!.split(',').flatMap((item) =>
      item
        .trim()
        .split('.')
        .reduce<string[]>(
          (prefixes, part) => prefixes.flatMap((prefix) => part.split('/').map((alt) => (prefix ? `${prefix}.${alt}` : alt))),
          [''],
        ),
    );
    const windowsPage = readFileSync(join(docsDir, 'rooms', 'windows.mdx'), 'utf8');
    for (const name of names) expect(windowsPage).toContain(`\`layer.windows.${name}\``);
    expect(names.length).toBeGreaterThan(20);
  });
});
