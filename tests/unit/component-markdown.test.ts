import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remarkHeading, remarkStructure } from 'fumadocs-core/mdx-plugins';
import { remarkLLMs } from 'fumadocs-core/mdx-plugins/remark-llms';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { fumadocsComponentNames } from '@/lib/docs-build/component-markdown';
import remarkCatalog from '@/lib/docs-build/remark-catalog';
import { docsDataSourceConfig } from '../helpers/docs-data-config';

/**
 * Fumadocs UI's components reach the `.md` twin, /llms-full.txt and the
 * search index as readable markdown (lib/docs-build/component-markdown.ts), with
 * the options source.config.ts gives Fumadocs: the processed markdown's and
 * remark-structure's. The page that uses every one of them is the real
 * "Writing docs" page.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const writingDocs = readFileSync(join(root, 'content', 'docs', 'writing-docs.mdx'), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');

// The options of the compile that writes the docs data (the only one whose pages carry both).
const { mdxOptions, docs } = await docsDataSourceConfig();
const structureOptions = mdxOptions.remarkStructureOptions;
if (!structureOptions) throw new Error('expected remarkStructureOptions in source.config.ts');
const postprocess = docs.docs.postprocess;
const llmsOptions = typeof postprocess?.includeProcessedMarkdown === 'object' ? postprocess.includeProcessedMarkdown : undefined;

/** A page compiled as the docs compile it (MDX, GFM, the catalog's elements, heading ids), then the plugins of `last`. */
function compiled(source: string, last: PluggableList): VFile {
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkCatalog, { origin: 'https://docs.example' }).use(remarkHeading).use(last);
  const file = new VFile({ value: source, path: 'page.mdx' });
  processor.runSync(processor.parse(file) as Root, file);
  return file;
}

/** The processed markdown Fumadocs MDX exports as the page's text (`getText('processed')`). */
function twin(source: string): string {
  return compiled(source, [[remarkLLMs, { ...llmsOptions, _data: true }]]).data.markdown as string;
}

/** The search rows of a page (remark-structure with the site's options). */
function searchRows(source: string): string[] {
  const file = compiled(source, [[remarkStructure, structureOptions]]);
  return file.data.structuredData!.contents.map((entry) => entry.content);
}

describe('Fumadocs components as markdown', () => {
  it('the processed-markdown options carry the component hook', () => {
    expect(llmsOptions?.stringify).toBeTypeOf('function');
  });

  it('the Writing docs page uses every component the site registers', () => {
    for (const name of fumadocsComponentNames) expect(writingDocs, name).toMatch(new RegExp(`<${name}[\\s>/]`));
  });

  it('the twin of the Writing docs page keeps no component tag and carries their text', () => {
    const markdown = twin(writingDocs);
    // The page shows the components' source in code; outside code no tag is left.
    const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
    for (const name of fumadocsComponentNames) expect(prose, name).not.toMatch(new RegExp(`<${name}[\\s>/]`));
    // Callout: a block quote with its title.
    expect(markdown).toContain('> **Never edit options-data.ts by hand**');
    // Steps: a numbered list whose items start with the step's heading.
    expect(markdown).toMatch(/^1\. ### Write the file \[#write-the-file\]$/m);
    expect(markdown).toMatch(/^3\. ### Check it/m);
    // Tabs: each tab's title (from `items`, in order) before its content.
    expect(markdown).toMatch(/\*\*Page\*\*\n\n +A room page opens with its facts.*\n\n +```mdx title="content\/docs\/rooms\/<id>.mdx"/);
    expect(markdown).toMatch(/\*\*meta.json\*\*\n\n +The room's id goes last.*\n\n +```json title="content\/docs\/rooms\/meta.json"/);
    // Accordions: the title, then the text.
    expect(markdown).toMatch(/\*\*Search\*\*\n\nThe page's sections are rows of the search index/);
    // TypeTable: a table with one row per property.
    expect(markdown).toMatch(/\| Prop +\| Type +\| Default +\| Description +\|/);
    expect(markdown).toMatch(/\| `title` +\| `string` +\| +\| The page title: the h1/);
    expect(markdown).toMatch(/\| `defaultOpen\?` +\| `boolean` +\| `false` +\| The folder lists its pages/);
    // Files: a nested list, folders ending in `/`.
    expect(markdown).toMatch(/\* `content\/`\n {2}\* `docs\/`\n {4}\* `meta.json`/);
    // Cards: a list of titles (linked when the card has an href) and descriptions.
    expect(markdown).toContain('* **[Rooms](/docs/rooms)**: Every room, its namespaces and how option pages are laid out.');
    expect(markdown).toContain('* **TypeTable**: Properties with type, default and description, from one object literal.');
    // ImageZoom: an image; Banner: its text.
    expect(markdown).toContain('![The social image of this page: its title and description](/og/docs/writing-docs/image.png)');
    expect(markdown).toContain('Banner: made for the top of a layout');
  });

  it('search rows carry the text inside tabs, accordions, steps and callouts; each accordion, card and file tree is one row', () => {
    const rows = searchRows(writingDocs);
    const joined = rows.join('\n');
    expect(joined).toContain('The rooms overview (`<RoomList />`) lists the new room by itself.');
    expect(joined).toContain('A room page opens with its facts, then groups its option entries under headings you choose.');
    expect(rows.some((row) => row.startsWith('**Search**') && row.includes('Text inside tabs and accordions is searched too.'))).toBe(true);
    expect(joined).toContain('The option catalog test rewrites it from the reference');
    expect(rows.some((row) => row.includes('Option browser') && row.includes('Every option of the reference in one table.'))).toBe(true);
    expect(joined).toMatch(/\| `pages\?` +\| `string\[\]` +\|/);
    // A file tree is one row, not one per file.
    expect(rows.filter((row) => row.includes('`writing-docs.mdx`'))).toEqual([expect.stringMatching(/^\* `content\/`\n/)]);
  });

  it('a mark is its label in bold, inline or on its own line', () => {
    const markdown = twin('Anything marked <Mark kind="host-only">Host-only</Mark> stays.\n\n<Mark kind="desktop-safe-per-key">Desktop-safe per key</Mark>\n');
    expect(markdown).toBe('Anything marked **Host-only** stays.\n\n**Desktop-safe per key**\n');
  });

  it('a component with no markdown form fails the compile, naming it and its line', () => {
    expect(() => twin('Text.\n\n<Unknown kind="x">y</Unknown>\n')).toThrow(/<Unknown> \(line 3\) has no markdown form/);
    // Lowercase elements are HTML, which markdown carries as it is.
    expect(twin('A <kbd>key</kbd>.\n')).toBe('A <kbd>key</kbd>.\n');
  });

  it('escapes text as markdown, not MDX: no backslash before braces or a dot after w', () => {
    const markdown = twin(['## /v1/jobs/\\{id}', '', '### layer.homebrew.adopt', '', 'Keep layer.displays.\\<name>.uiScale and \\[x].'].join('\n'));
    expect(markdown).toContain('## /v1/jobs/{id} [#v1jobsid]');
    expect(markdown).toContain('### layer.homebrew.adopt [#layerhomebrewadopt]');
    // `<name>` would open an HTML tag, and markdown escapes every `[`: those stay.
    expect(markdown).toContain('Keep layer.displays.\\<name>.uiScale and \\[x].');
  });

  it('reads literal expressions, and shows the source of a computed TypeTable', () => {
    const markdown = twin(
      [
        "<Tabs items={[`npm`, 'pnpm']}>",
        '<Tab>one</Tab>',
        '<Tab value="yarn">two</Tab>',
        '</Tabs>',
        '',
        "<TypeTable type={{ 'a-b': { type: <code>number</code>, default: -1, description: <>the <b>count</b></> } }} />",
        '',
        '<TypeTable type={props} />',
        '',
        'Inline <Callout title="Note">one line</Callout> here.',
      ].join('\n'),
    );
    expect(markdown).toMatch(/\*\*npm\*\*\n\none\n\n\*\*yarn\*\*\n\ntwo/);
    expect(markdown).toMatch(/\| `a-b\?` +\| `number` +\| `-1` +\| the count +\|/);
    expect(markdown).toContain('```ts\nprops\n```');
    expect(markdown).toContain('Inline **Note** one line here.');
  });
});
