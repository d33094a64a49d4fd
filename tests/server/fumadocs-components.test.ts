import { describe, expect, inject, it } from 'vitest';
import { docsMarkdownUrl, docsPageUrl } from '@/lib/routes';
import { client } from '../helpers/http';

/**
 * Fumadocs UI's MDX components on a real page, over real HTTP: the
 * "Writing docs" page uses every one of them (Callout, Cards/Card,
 * Steps/Step, Tabs/Tab, Accordions/Accordion, Files/Folder/File, TypeTable,
 * ImageZoom, Banner). Each renders in the page's HTML on the server, and
 * its text, attributes included, reaches the `.md` twin, /llms-full.txt and
 * the search index (every door searches one index).
 */
const get = client(inject('baseUrl'), '127.0.0.121');
const slugs = ['writing-docs'];
const page = docsPageUrl(slugs);

/** Per component: text of its HTML, the markdown its twin carries, and a search that finds its section. */
const components = [
  {
    name: 'Callout',
    html: 'Never edit options-data.ts by hand',
    markdown: '> **Never edit options-data.ts by hand**\n>\n> The option catalog test rewrites it from the reference',
    search: ['options-data.ts rewrites reference difference', '#adding-an-option'],
  },
  {
    name: 'Cards and Card',
    html: 'Every room, its namespaces and how option pages are laid out.',
    markdown: '* **[Rooms](/docs/rooms)**: Every room, its namespaces and how option pages are laid out.',
    search: ['gallery desktop own repository', '#see-also'],
  },
  { name: 'Steps and Step', html: 'Write the file', markdown: '1. ### Write the file [#write-the-file]', search: ['frontmatter title description', '#write-the-file'] },
  {
    name: 'Tabs and Tab',
    html: 'id goes last in the sidebar list of the rooms folder.',
    markdown: "   **meta.json**\n\n   The room's id goes last in the sidebar list of the rooms folder.",
    search: ["room's id goes last in the sidebar", '#write-its-page'],
  },
  {
    name: 'Accordions and Accordion',
    html: 'A markdown twin and the llms.txt views',
    markdown: '**A markdown twin and the llms.txt views**',
    search: ['social image sitemap edit link', '#check-it'],
  },
  { name: 'Files, Folder and File', html: 'writing-docs.mdx', markdown: '    * `writing-docs.mdx`', search: ['files of a section look like', '#check-it'] },
  {
    name: 'TypeTable',
    html: 'The folder lists its pages on every page, not only on its own.',
    markdown: '| `defaultOpen?` | `boolean`  | `false` | The folder lists its pages on every page, not only on its own.',
    search: ['folder lists its pages on every page', '#list-it-in-the-folders-metajson'],
  },
  {
    name: 'ImageZoom',
    html: 'alt="The social image of this page: its title and description"',
    markdown: '![The social image of this page: its title and description](/og/docs/writing-docs/image.png)',
    search: ['preview social image title description', '#previewing-the-social-image'],
  },
  {
    name: 'Banner',
    html: 'Banner: made for the top of a layout; in a page it is a bar in the text.',
    markdown: 'Banner: made for the top of a layout; in a page it is a bar in the text.',
    search: ['announcement bar top of a layout', '#fumadocs-uis-components'],
  },
] as const;

describe('Fumadocs UI components on the Writing docs page', () => {
  it('the page answers 200 with every component rendered on the server', async () => {
    const res = await get(page, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const missing = components.filter(({ html }) => !res.body.includes(html)).map(({ name }) => name);
    expect(missing, 'components whose text is not in the HTML').toEqual([]);
    // Interactive parts are real elements: tabs with a tab list, an image with its size.
    expect(res.body).toMatch(/role="tablist"/);
    expect(res.body).toMatch(/<img[^>]*width="1200"[^>]*height="630"|<img[^>]*height="630"[^>]*width="1200"/);
  });

  it('the twin writes each component as markdown, no JSX tag left outside code', async () => {
    const res = await get(docsMarkdownUrl(slugs));
    expect(res.status).toBe(200);
    const missing = components.filter(({ markdown }) => !res.body.includes(markdown)).map(({ name }) => name);
    expect(missing, 'components whose markdown is not in the twin').toEqual([]);
    const outsideCode = res.body.replace(/^( *)```[\s\S]*?^\1```$/gm, '').replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toMatch(/<\/?(Callout|Cards?|Steps?|Tabs?|Accordions?|Files|Folder|File|TypeTable|ImageZoom|Banner)[\s>/]/);
  });

  it('/llms-full.txt carries the same text', async () => {
    const [full, twin] = await Promise.all([get('/llms-full.txt'), get(docsMarkdownUrl(slugs))]);
    for (const { name, markdown } of components) expect(full.body, name).toContain(markdown);
    expect(twin.status).toBe(200);
  });

  it.each(components)('search finds the section of the $name on the page', async ({ search: [query, fragment] }) => {
    const res = await get(`/v1/search?q=${encodeURIComponent(query)}&limit=10`);
    expect(res.status).toBe(200);
    const urls = res.json<{ results: { url: string }[] }>().results.map((result) => result.url);
    expect(urls).toContain(`${page}${fragment}`);
  });
});
