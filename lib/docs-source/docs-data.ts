import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { llms, loader, type LoaderConfig, type LLMsWithPages, type LoaderOutput, type MetaData, type StaticSource, type VirtualFile } from 'fumadocs-core/source';
import type { StructuredData } from 'fumadocs-core/mdx-plugins';
import { readJsonText } from '@/lib/platform/ascii-json';
import { docsRoute } from '@/lib/routes';

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
  /** The fingerprint of content/docs (lib/docs/content-hash.mjs) it was made from. */
  contentHash: string;
  /** In the order of the collection (.source/server.ts). */
  pages: { info: FileInfo; frontmatter: Record<string, unknown>; structuredData: StructuredData; markdown: string }[];
  metas: { info: FileInfo; data: Record<string, unknown> }[];
}

/** What the data file is made from: the docs collection as Fumadocs MDX's server runtime gives it. */
export interface CompiledDocs {
  docs: { info: FileInfo; structuredData: StructuredData; _exports: Record<string, unknown>; getText(type: 'processed'): Promise<string> }[];
  meta: ({ info: FileInfo } & Record<string, unknown>)[];
}

export async function docsDataOf(collection: CompiledDocs, contentHash: string): Promise<DocsDataFile> {
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
export function docsSourceOf(file: DocsDataFile) {
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

/** Every page's processed markdown under a heading (/llms-full.txt, the .md twins), for either source. */
export function docsLlmsOf<C extends LoaderConfig>(source: LoaderOutput<C>): LLMsWithPages<C['page']> {
  return llms(source, {
    renderPage: async (page) => {
      const data = page.data as { title?: string; getText(type: 'processed'): Promise<string> };
      return `# ${data.title} (${page.url})\n\n${await data.getText('processed')}`;
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
  return file;
}
