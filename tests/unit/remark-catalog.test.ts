import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remarkHeading, remarkStructure } from 'fumadocs-core/mdx-plugins';
import type { Heading, Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { desktops, findDesktop, installLine, layerInstallLine, rooms } from '@/lib/catalog';
import remarkCatalog, { catalogElementNames, isCatalogCode } from '@/lib/docs-build/remark-catalog';
import { docsDataSourceConfig } from '../helpers/docs-data-config';
import { codeHostOwner } from '@/lib/site';
import { options as layerOptions } from '@/lib/catalog/options';
import { fixtureFlakeDesktop } from '../fixtures/flake-desktop';

/**
 * lib/docs-build/remark-catalog.ts replaces the catalog elements of the docs with
 * markdown at compile time, so the page, its .md twin, /llms-full.txt and
 * the search index carry the real install lines and facts.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const docsDir = join(root, 'content', 'docs');
const origin = 'https://layer.example';

const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkCatalog, { origin }).use(remarkStringify);
// The same, with a desktop in its own repository in the gallery (a fixture: the site ships none).
const withFlake = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkGfm)
  .use(remarkCatalog, { origin, desktops: [...desktops, fixtureFlakeDesktop] })
  .use(remarkStringify);
const toMarkdownWithFlake = (source: string) => {
  const file = new VFile({ value: source, path: 'page.mdx' });
  return withFlake.stringify(withFlake.runSync(withFlake.parse(file), file) as Root);
};

/** The tree after the plugin ran. */
function transform(source: string, path = 'page.mdx'): Root {
  const file = new VFile({ value: source, path });
  return processor.runSync(processor.parse(file), file) as Root;
}

/** The markdown the plugin's output stringifies to. */
const toMarkdown = (source: string, path?: string) => processor.stringify(transform(source, path));

function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

const remainingCatalogElements = (tree: Root) =>
  [...walk(tree)].filter(
    (node) =>
      (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') &&
      (catalogElementNames as readonly (string | null)[]).includes(node.name),
  );

const fence = (line: string) => `\`\`\`sh\n${line}\n\`\`\``;

describe('remark-catalog', () => {
  it('turns install lines and site commands into sh code blocks with the exact lines', () => {
    const markdown = toMarkdown(
      [
        '<InstallLine />',
        '<InstallLine desktop="hacker" />',
        '<InstallLine tag="v2026.11.01" />',
        '<InstallLine desktop="hacker" tag="v2026.11.01-2" />',
        '<SiteCommand command="curl -sS -D - -o /dev/null {origin}/hacker.sh" label="Copy" />',
      ].join('\n\n'),
    );
    expect(markdown).not.toMatch(/<[A-Z]/);
    for (const line of [
      'curl -fsSL https://layer.example/layer.sh | sh',
      'curl -fsSL https://layer.example/hacker.sh | sh',
      "curl -fsSL 'https://layer.example/layer.sh?ref=v2026.11.01' | sh",
      "curl -fsSL 'https://layer.example/hacker.sh?ref=v2026.11.01-2' | sh",
      'curl -sS -D - -o /dev/null https://layer.example/hacker.sh',
    ]) {
      expect(markdown).toContain(fence(line));
    }
  });

  it('marks its code blocks, and only those, for the search index', () => {
    const tree = transform('<InstallLine />\n\n```sh\necho hi\n```');
    const codes = [...walk(tree)].filter((node) => node.type === 'code');
    expect(codes.map((node) => isCatalogCode(node))).toEqual([true, false]);
  });

  it('writes an install line inside text as inline code', () => {
    expect(toMarkdown('Run <InstallLine desktop="minimal" /> in Terminal.').trim()).toBe(
      'Run `curl -fsSL https://layer.example/minimal.sh | sh` in Terminal.',
    );
  });

  it('writes the facts of a desktop, an app and a room as markdown', () => {
    const desktop = toMarkdownWithFlake('<DesktopDetails name="studio" />\n\n<InstallLine desktop="studio" />');
    expect(desktop).toContain(fixtureFlakeDesktop.blurb);
    expect(desktop).toContain('**Author:** A test fixture');
    expect(desktop).toContain('**Rooms:** [Apps](/docs/rooms/apps) and [Appearance](/docs/rooms/appearance)');
    expect(desktop).toContain(
      '**Repository:** [github.com/example-owner/studio-desktop](https://github.com/example-owner/studio-desktop)',
    );
    expect(desktop).toContain('**Flag:** `--desktop=github:example-owner/studio-desktop`');
    expect(desktop).toContain(fence('curl -fsSL https://layer.example/layer.sh | sh -s -- --desktop=github:example-owner/studio-desktop'));
    // The shipped desktops state no rooms, so no Rooms line is written for them.
    expect(toMarkdown('<DesktopDetails name="hacker" />')).not.toContain('**Rooms:**');

    const app = toMarkdown('<AppDetails name="pounce" />');
    expect(app).toContain('**Download:** [`/download/pounce`](/download/pounce)');
    expect(app).toContain('**Release metadata:** `/v1/releases/pounce` or `/api/release/pounce`');
    expect(app).toContain(`**Repository:** [github.com/${codeHostOwner}/pounce](https://github.com/${codeHostOwner}/pounce)`);

    const room = toMarkdown('<RoomFacts id="displays" />');
    expect(room).toContain('**Namespaces:** `layer.displays`');
    expect(room).not.toContain('Turned on by');
    expect(toMarkdownWithFlake('<RoomFacts id="apps" />')).toContain('**Turned on by:** [studio](/docs/desktops#studio)');
  });

  it('lists every desktop and every room in a table', () => {
    const gallery = toMarkdown('<DesktopGallery />');
    for (const desktop of desktops) {
      expect(gallery).toMatch(new RegExp(`^\\| \\[${desktop.name}\\]\\(/docs/desktops#${desktop.name}\\) +\\|`, 'm'));
      expect(gallery).toContain(desktop.blurb.replaceAll('|', '\\|'));
    }
    expect(gallery).toContain('`/hacker.sh`');
    // The gallery's first row is the layer installer, as in /v1/desktops; no desktop states an author, so no Author column.
    const bodyRows = gallery.split('\n').filter((line) => line.startsWith('| ['));
    expect(bodyRows[0]).toMatch(/^\| \[layer\]\(\/docs\/install#layersh\) +\| `\/layer\.sh` +\| Installs the layer with no desktop and asks/);
    expect(gallery).not.toContain('Author');
    expect(toMarkdown('<DesktopDetails name="hacker" />')).not.toContain('**Author:**');
    // A desktop that states its author brings the column back.
    expect(toMarkdownWithFlake('<DesktopGallery />')).toMatch(/\| \[studio\]\(\/docs\/desktops#studio\) +\| A test fixture +\|/);
    const list = toMarkdown('<RoomList />');
    for (const room of rooms) {
      expect(list).toContain(`[${room.title}](${room.docsPath})`);
      for (const namespace of room.namespaces) expect(list).toContain(`\`${namespace}\``);
    }
  });

  it.each([
    ['<InstallLine desktop="hackr" />', /page\.mdx:1:1: <InstallLine>: unknown desktop "hackr"/],
    ['<DesktopDetails name="nope" />', /unknown desktop "nope"/],
    ['<AppDetails name="nope" />', /unknown app "nope"/],
    ['<RoomFacts id="nope" />', /unknown room "nope"/],
    ['<DesktopDetails />', /attribute "name" is required/],
    ['<InstallLine desktp="hacker" />', /unknown attribute "desktp"/],
    ['<InstallLine desktop={name} />', /must be a plain string/],
    ['<InstallLine tag="main" />', /not a release tag/],
    ['Text <RoomList /> text', /must stand on a line of its own/],
  ])('fails the build on %s', (source, message) => {
    expect(() => transform(source)).toThrow(message);
  });

  it('leaves other elements, such as <Mark>, as they are', () => {
    const tree = transform('Marked <Mark kind="host-only">Host-only</Mark>.');
    expect([...walk(tree)].some((node) => node.type === 'mdxJsxTextElement' && node.name === 'Mark')).toBe(true);
  });

  it('gives the search index the install lines, without the fence', async () => {
    const options = (await docsDataSourceConfig()).mdxOptions;
    const structure = options.remarkStructureOptions;
    if (!structure) throw new Error('expected remarkStructureOptions in source.config.ts');
    const search = unified()
      .use(remarkParse)
      .use(remarkMdx)
      .use(remarkGfm)
      .use(remarkHeading)
      .use(remarkCatalog, { origin })
      .use(remarkStructure, structure);
    const file = new VFile({ value: '## hacker\n\n<DesktopDetails name="hacker" />\n\n```sh\necho other\n```', path: 'page.mdx' });
    search.runSync(search.parse(file), file);
    const contents = file.data.structuredData!.contents.map((entry) => entry.content);
    expect(contents).toContain('curl -fsSL https://layer.example/hacker.sh | sh');
    expect(contents).toContain(findDesktop('hacker')!.blurb);
    // Ordinary code blocks stay out of the index, as before.
    expect(contents.some((content) => content.includes('echo other'))).toBe(false);
  });

  it('keeps the option browser’s table out of the search index (each option ranks by its own entry)', async () => {
    const options = (await docsDataSourceConfig()).mdxOptions;
    const search = unified()
      .use(remarkParse)
      .use(remarkMdx)
      .use(remarkGfm)
      .use(remarkHeading)
      .use(remarkCatalog, { origin })
      .use(remarkStructure, options.remarkStructureOptions!);
    const file = new VFile({ value: 'Every option.\n\n<OptionTable />\n\n| a | b |\n|---|---|\n| kept | too |', path: 'page.mdx' });
    search.runSync(search.parse(file), file);
    const contents = file.data.structuredData!.contents.map((entry) => entry.content).join('\n');
    expect(contents).toContain('Every option.');
    expect(contents).not.toContain('layer.wallpaper.glow.spread');
    expect(contents).toContain('kept');
    // The page itself still shows every option.
    expect(toMarkdown('<OptionTable />')).toContain('layer.wallpaper.glow.spread');
  });
});

describe('the docs pages', () => {
  const pages = readdirSync(docsDir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.mdx'));
  const withoutFrontmatter = (source: string) => source.replace(/^---\n[\s\S]*?\n---\n/, '');

  it('are found', () => {
    expect(pages).toEqual(expect.arrayContaining(['install.mdx', 'desktops.mdx', 'apps.mdx', join('rooms', 'index.mdx')]));
  });

  it.each(pages)('%s keeps no catalog element after the plugin', (page) => {
    const tree = transform(withoutFrontmatter(readFileSync(join(docsDir, page), 'utf8')), join('content/docs', page));
    expect(remainingCatalogElements(tree)).toEqual([]);
  });

  it('carry the exact install lines of the install and desktops pages', () => {
    const install = toMarkdown(withoutFrontmatter(readFileSync(join(docsDir, 'install.mdx'), 'utf8')));
    expect(install).toContain(fence(layerInstallLine(origin)));
    expect(install).toContain(fence(layerInstallLine(origin, { ref: 'v2026.11.01' })));
    const page = toMarkdown(withoutFrontmatter(readFileSync(join(docsDir, 'desktops.mdx'), 'utf8')));
    for (const desktop of desktops) expect(page).toContain(fence(installLine(desktop, origin)));
  });

  it.each(pages)('%s keeps its headings, and so its anchors, as written, adding only option entries', (page) => {
    const source = withoutFrontmatter(readFileSync(join(docsDir, page), 'utf8'));
    const optionNames = new Set(layerOptions.map((option) => option.name));
    const headings = (tree: Root) =>
      [...walk(tree)]
        .filter((node): node is Heading => node.type === 'heading' && !optionNames.has(String(node.data?.hProperties?.id)))
        .map((node) => processor.stringify({ type: 'root', children: [node] }));
    expect(headings(transform(source))).toEqual(headings(processor.parse(source)));
  });
});
