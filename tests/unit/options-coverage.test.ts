import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every option in the tables of the option reference must have its own
 * heading in the docs, anchored at its full name, and its section must state
 * the reference's default on a `**Default:**` line. The reference is read from the shared spec when
 * it is checked out next to the project, else from the verbatim fixture.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const sharedSpec = join(root, '..', 'shared', 'spec', 'layer-options.md');
const fixtureSpec = join(root, 'tests', 'fixtures', 'spec', 'layer-options.md');
const docsDir = join(root, 'content', 'docs');

const referencePath = existsSync(sharedSpec) ? sharedSpec : fixtureSpec;
const reference = readFileSync(referencePath, 'utf8');

interface ReferenceOption {
  name: string;
  defaultValue: string;
  marks: ('host-only' | 'desktop-safe-per-key')[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * Full option names of one table cell. `layer.hotCorners.bottomLeft,
 * bottomRight, …` names four options; a short name is under the namespace of
 * the `####` heading above its table.
 */
function expandName(cell: string, namespace: string | undefined): string[] {
  const names = cell.split(',').map((part) => part.trim());
  const first = names[0]!.startsWith('layer.') ? names[0]! : `${namespace}.${names[0]}`;
  if (names.length === 1) return [first];
  const prefix = first.slice(0, first.lastIndexOf('.') + 1);
  return [first, ...names.slice(1).map((short) => `${prefix}${short}`)];
}

function parseReference(text: string): ReferenceOption[] {
  const options: ReferenceOption[] = [];
  let namespace: string | undefined;
  let header: string[] | undefined;
  for (const line of text.split('\n')) {
    const heading = /^(#{2,4})\s+(.*)$/.exec(line);
    if (heading) {
      // `#### layer.github (webhook receiver)` → namespace `layer.github`.
      const first = heading[2]!.split(/\s+/)[0]!;
      namespace = heading[1] === '####' && first.startsWith('layer.') ? first : undefined;
      header = undefined;
      continue;
    }
    if (!line.startsWith('|')) {
      header = undefined;
      continue;
    }
    const row = cells(line);
    if (row[0] === 'Option') {
      header = row;
      continue;
    }
    if (!header || /^-+$/.test(row[0]!)) continue;
    const defaultIndex = header.indexOf('Default');
    const rules = row.slice(1).join(' ');
    const marks: ReferenceOption['marks'] = [];
    if (rules.includes('**Host-only**')) marks.push('host-only');
    if (rules.includes('**Desktop-safe per key**')) marks.push('desktop-safe-per-key');
    for (const name of expandName(row[0]!, namespace)) {
      // The accessibility table has no Default column: all its options default to null.
      options.push({ name, defaultValue: defaultIndex === -1 ? 'null' : row[defaultIndex]!, marks });
    }
  }
  return options;
}

/** Removes markdown escapes and code ticks, folds whitespace and case. */
const normalise = (text: string) =>
  text
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** A default as the docs must state it: a trailing "… not shown." clause is the reference's own aside. */
const expectedDefault = (value: string) =>
  normalise(value)
    .replace(/[;,]\s*[^;,]*\bnot shown\.?$/, '')
    .replace(/\.$/, '');

interface DocsSection {
  file: string;
  id: string;
  title: string;
  body: string;
}

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return mdxFiles(path);
    return entry.name.endsWith('.mdx') ? [path] : [];
  });
}

/** Headings with a custom `[#id]` and the text up to the next heading of the same or a higher level. */
function parseSections(file: string): DocsSection[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const headings: { index: number; level: number; text: string }[] = [];
  let fence = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const match = !fence && /^(#{1,6})\s+(.*)$/.exec(line);
    if (match) headings.push({ index, level: match[1]!.length, text: match[2]! });
  });
  return headings.flatMap((heading, position) => {
    const custom = /^(.*?)\s*\[#(.+)\]\s*$/.exec(heading.text);
    if (!custom) return [];
    const next = headings.slice(position + 1).find((other) => other.level <= heading.level);
    const body = lines.slice(heading.index + 1, next ? next.index : lines.length).join('\n');
    return [{ file, id: normalise(custom[2]!), title: normalise(custom[1]!), body }];
  });
}

const options = parseReference(reference);
const sections = mdxFiles(docsDir).flatMap(parseSections);

describe('option reference', () => {
  it('the fixture is a verbatim copy of the shared spec', () => {
    if (!existsSync(sharedSpec)) return; // Only the fixture is available (e.g. in CI).
    expect(readFileSync(fixtureSpec, 'utf8')).toBe(readFileSync(sharedSpec, 'utf8'));
  });

  it('parses into full option names', () => {
    const names = options.map((option) => option.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'layer.appStore.install',
        'layer.wallpaper.glow.spread',
        'layer.accessibility.reduceMotion',
        'layer.animations',
        'layer.zen.extensions.<name>.mode',
        'layer.github.hooks.*.scope',
        'layer.displays.<name>.arrangement.align',
        'layer.hotCorners.bottomLeft',
        'layer.hotCorners.bottomRight',
        'layer.hotCorners.topLeft',
        'layer.hotCorners.topRight',
        'layer.windows.desktop.hideIcons',
      ]),
    );
    for (const name of names) expect(name).toMatch(/^layer\.[A-Za-z]+(\.[A-Za-z<>*]+)*$/);
    expect(options.find((option) => option.name === 'layer.accessibility.mouseDriverCursorSize')?.defaultValue).toBe(
      'null',
    );
  });
});

describe('docs cover every option of the reference', () => {
  it(`has a heading, the default and the marks for each option`, () => {
    const problems: string[] = [];
    for (const option of options) {
      const id = normalise(option.name);
      const matches = sections.filter((section) => section.id === id);
      if (matches.length !== 1) {
        problems.push(`${option.name}: ${matches.length} headings with [#${option.name}]`);
        continue;
      }
      const section = matches[0]!;
      if (section.title !== id) problems.push(`${option.name}: heading text is "${section.title}"`);
      // The default must be stated on the section's `**Default:**` line, not merely appear somewhere.
      const defaultLine = section.body.split('\n').find((line) => line.includes('**Default:**'));
      const stated = normalise(defaultLine?.slice(defaultLine.indexOf('**Default:**')) ?? '');
      const wanted = expectedDefault(option.defaultValue);
      if (!stated.includes(wanted)) problems.push(`${option.name}: default "${wanted}" not on its Default line`);
      for (const mark of option.marks) {
        if (!section.body.includes(`<Mark kind="${mark}">`)) problems.push(`${option.name}: missing mark ${mark}`);
      }
      // A mark the reference does not give would mislead desktop authors.
      for (const mark of ['host-only', 'desktop-safe-per-key'] as const) {
        if (!option.marks.includes(mark) && section.body.includes(`<Mark kind="${mark}">`)) {
          problems.push(`${option.name}: has mark ${mark} the reference does not give`);
        }
      }
    }
    console.log(`options-coverage: checked ${options.length} options from ${referencePath}`);
    expect(problems).toEqual([]);
    expect(options.length).toBeGreaterThan(100);
  });

  it('lists the windows options the reference names without documenting', () => {
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
