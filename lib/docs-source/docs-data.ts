import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { llms, loader, type LoaderConfig, type LLMsWithPages, type LoaderOutput, type MetaData, type StaticSource, type VirtualFile } from 'fumadocs-core/source';
import type { StructuredData } from 'fumadocs-core/mdx-plugins';
import { readJsonText } from '@/lib/platform/ascii-json';
import { docsRoute, insights } from '@/lib/routes';

/**
 * The docs as data: every page's frontmatter, search sections and processed
 * markdown, and every meta.json, written by scripts/build-search-data.mjs
 * (which compiles the pages with Fumadocs MDX's Node loader, the compiler
 * and plugins `next build` uses) beside the search index. The text views,
 * /api/search, the Open Graph images, the sitemap and the search dialog
 * read the docs from it in production, so only the docs page bundles the
 * compiled MDX: every other server bundle that imported the collection made
 * Turbopack compile all pages again and emit them again, and that work grew
 * with the content. Imports packages and Node's modules only, so the build
 * script loads it with type stripping.
 */
export const docsDataFile = path.join('.search', 'docs-data.json');

interface FileInfo {
  path: string;
  fullPath: string;
}

export interface DocsDataFile {
  /**
   * The fingerprint of content/docs (lib/platform/content-hash.mjs) it was made
   * from. The dates are not in it: they come from git's history, not the
   * files, and a new commit that changes no file changes nothing the hash
   * keys (the search index).
   */
  contentHash: string;
  /** In the order of the collection (.source/server.ts). */
  pages: { info: FileInfo; frontmatter: Record<string, unknown>; structuredData: StructuredData; markdown: string; lastModified: string }[];
  metas: { info: FileInfo; data: Record<string, unknown>; lastModified: string }[];
}

/** The data as compiled, before the build dates it (`datedDocsData`). */
export interface UndatedDocsData {
  contentHash: string;
  pages: Omit<DocsDataFile['pages'][number], 'lastModified'>[];
  metas: Omit<DocsDataFile['metas'][number], 'lastModified'>[];
}

/** What the data file is made from: the docs collection as Fumadocs MDX's server runtime gives it. */
export interface CompiledDocs {
  docs: { info: FileInfo; structuredData: StructuredData; _exports: Record<string, unknown>; getText(type: 'processed'): Promise<string> }[];
  meta: ({ info: FileInfo } & Record<string, unknown>)[];
}

export async function docsDataOf(collection: CompiledDocs, contentHash: string): Promise<UndatedDocsData> {
  return {
    contentHash,
    pages: await Promise.all(
      collection.docs.map(async (entry) => ({
        info: entry.info,
        frontmatter: entry._exports.frontmatter as Record<string, unknown>,
        structuredData: entry.structuredData,
        markdown: await entry.getText('processed'),
      })),
    ),
    metas: collection.meta.map(({ info, ...data }) => ({ info, data })),
  };
}

/**
 * Each page and meta.json with its last-changed date (ISO 8601 in UTC, by
 * its path under content/docs: lib/docs-source/last-modified.ts).
 */
export function datedDocsData(data: UndatedDocsData, dates: ReadonlyMap<string, string>): DocsDataFile {
  const dated = <T extends { info: FileInfo }>(entry: T) => {
    const lastModified = dates.get(entry.info.path);
    if (!lastModified) throw new Error(`${entry.info.path} has no last-changed date`);
    return { ...entry, lastModified };
  };
  return { ...data, pages: data.pages.map(dated), metas: data.metas.map(dated) };
}

/**
 * The last-changed dates of the docs, which every door that shows one
 * reads: the docs page's `<time>`, the twins' header line and
 * `Last-Modified`, the JSON-LD `dateModified`, the sitemap's `<lastmod>`.
 */
export interface DocsDates {
  /** The date of a page or meta.json by its path under content/docs (`page.path`): ISO 8601 in UTC, whole seconds. */
  of(path: string): string;
  /**
   * The newest of every page's and meta.json's: when the docs as a whole last
   * changed (/llms.txt and /llms-full.txt, whose order and titles come from
   * the meta.json files too).
   */
  newest: string;
}

export function docsDatesOf(entries: Iterable<readonly [path: string, lastModified: string]>): DocsDates {
  const dates = new Map(entries);
  // ISO 8601 in UTC with a fixed shape: text order is time order.
  const newest = [...dates.values()].reduce((a, b) => (a > b ? a : b), '');
  return {
    of(path) {
      const date = dates.get(path);
      if (date === undefined) throw new Error(`No last-changed date for ${path}`);
      return date;
    },
    newest,
  };
}

/** The dates the data file holds. */
export const fileDates = (file: DocsDataFile): DocsDates =>
  docsDatesOf([...file.pages, ...file.metas].map((entry) => [entry.info.path, entry.lastModified] as const));

/** Page data as the source built from the file holds it (the collection's page data, less the compiled body). */
export interface DocsDataPage {
  title: string;
  description?: string;
  structuredData: StructuredData;
  info: FileInfo;
  getText(type: 'raw' | 'processed'): Promise<string>;
}

/**
 * The docs source made from the data file: the same files, paths and
 * frontmatter as lib/docs-source/collection.ts gives Fumadocs' loader, so the same URLs,
 * slugs and page tree. The files are listed in the order
 * `docs.toFumadocsSource()` lists them: pages, then metas.
 */
export function docsSourceOf(file: UndatedDocsData) {
  type Config = { pageData: DocsDataPage; metaData: MetaData };
  const files: VirtualFile<Config>[] = [
    ...file.pages.map((page) => ({
      type: 'page' as const,
      path: page.info.path,
      absolutePath: page.info.fullPath,
      data: {
        structuredData: page.structuredData,
        ...(page.frontmatter as { title: string; description?: string }),
        info: page.info,
        // `raw` as the collection reads it: the file on disk.
        getText: async (type: 'raw' | 'processed') => (type === 'raw' ? readFile(page.info.fullPath, 'utf8') : page.markdown),
      },
    })),
    ...file.metas.map((meta) => ({ type: 'meta' as const, path: meta.info.path, absolutePath: meta.info.fullPath, data: { info: meta.info, ...meta.data } as MetaData })),
  ];
  const source: StaticSource<Config> = { files };
  return loader({ baseUrl: docsRoute, source });
}

/** The twin's last line: how an agent says whether the page helped (the page's own form posts the same). */
const feedbackLine = (url: string) =>
  `\n---\n\nWas this page helpful? \`POST ${insights.feedback}\` with \`{"page": "${url}", "helpful": true}\` (or \`false\`, and an optional \`"comment"\` of at most 500 characters); /openapi.json describes it.\n`;

/**
 * Every page's processed markdown under a heading and its last-changed day
 * (/llms-full.txt, the .md twins), for either source.
 */
export function docsLlmsOf<C extends LoaderConfig>(source: LoaderOutput<C>, dates: () => Promise<DocsDates>): LLMsWithPages<C['page']> {
  return llms(source, {
    renderPage: async (page) => {
      const data = page.data as { title?: string; getText(type: 'processed'): Promise<string> };
      const [text, { of }] = await Promise.all([data.getText('processed'), dates()]);
      return `# ${data.title} (${page.url})\n\nLast updated: ${of(page.path).slice(0, 10)}\n\n${text.trimEnd()}\n${feedbackLine(page.url)}`;
    },
  });
}

/**
 * A finder of the page at exactly these slugs, as the router decoded them.
 * Next has already percent-decoded each segment once; Fumadocs' `getPage`
 * retries with every slug passed through `decodeURI` again, which reads a
 * literal `%` as an escape (a 500 on `/docs/%25G0.md`, and `%2561ppearance`
 * naming `appearance`: RFC 3986 §2.4, never decode twice). Slugs are
 * compared as a list, so one segment holding a decoded `%2F` never equals
 * two segments.
 */
export function pageFinder<P extends { slugs: string[] }>(pages: readonly P[]): (slugs: readonly string[] | undefined) => P | undefined {
  const bySlugs = new Map(pages.map((page) => [JSON.stringify(page.slugs), page]));
  return (slugs) => bySlugs.get(JSON.stringify(slugs ?? []));
}

/** The data file under `root`, when it was made from the content this build compiled (`expectedHash`). */
export async function readDocsData(root: string, expectedHash: string | undefined): Promise<DocsDataFile> {
  const remedy = 'run scripts/build-search-data.mjs before next build (npm run build does)';
  let text: string;
  try {
    text = await readJsonText(path.join(root, docsDataFile));
  } catch (error) {
    throw new Error(`${docsDataFile} cannot be read: ${remedy}`, { cause: error });
  }
  const file = JSON.parse(text) as DocsDataFile;
  if (!expectedHash || file.contentHash !== expectedHash) throw new Error(`${docsDataFile} was made from other content than this build's pages: ${remedy}`);
  if (![...file.pages, ...file.metas].every((entry) => typeof entry.lastModified === 'string')) {
    throw new Error(`${docsDataFile} has no last-changed dates (an older build made it): ${remedy}`);
  }
  return file;
}
