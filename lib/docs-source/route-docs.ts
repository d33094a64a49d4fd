import path from 'node:path';
import type { LLMsWithPages } from 'fumadocs-core/source';
import { docsDatesOf, docsLlmsOf, docsSourceOf, fileDates, pageFinder, readDocsData, type DocsDates } from './docs-data';
import type { ContentDates } from './last-modified';

type DocsSource = ReturnType<typeof docsSourceOf>;
type DocsPage = NonNullable<ReturnType<DocsSource['getPage']>>;

export interface RouteDocs {
  source: DocsSource;
  llms: LLMsWithPages<DocsPage>;
  findPage(slugs: readonly string[] | undefined): DocsPage | undefined;
  /**
   * Every page's last-changed date (lib/docs-source/last-modified.ts): the
   * docs data's in production; under `next dev` found on request by the same
   * rule, so a commit shows without a restart. An MCP resource's
   * `annotations.lastModified` reads `dates().of(page.path)` too.
   */
  dates(): Promise<DocsDates>;
}

let production: Promise<RouteDocs> | undefined;

/**
 * Under `next dev`: the dates of the collection's files now (git's history
 * pass made again only after a commit). One per process, on globalThis: an
 * edited page re-evaluates this module (it imports the collection), and a
 * watcher made anew ran `git rev-parse` and the history pass again in the
 * render right after each edit.
 */
const watcherSlot = Symbol.for('svc.content-dates-watcher');
type WatcherHolder = { [watcherSlot]?: (files: readonly string[]) => Promise<ContentDates> };

/**
 * The docs for every server bundle but the docs page's: the text views,
 * /api/search, the Open Graph images, the sitemap, /schema.jsonl, the
 * search dialog and the bench routes. In production they come from the data
 * file made before the build (lib/docs-source/docs-data.ts), so these bundles do
 * not hold the compiled MDX; under `next dev` pages change while the server
 * runs, and they come from the collection (lib/docs-source/collection.ts), as the docs
 * page's do. The branch is decided at build time (NODE_ENV is inlined), so a
 * production bundle does not reach the collection's import, nor git's.
 */
export function routeDocs(): Promise<RouteDocs> {
  if (process.env.NODE_ENV === 'development') {
    // The collection's pages hold what the file's do, and more (the compiled body).
    return Promise.all([import('./collection'), import('./last-modified')]).then(([{ source, contentFiles, findPage }, { contentDatesWatcher }]) => {
      const holder = globalThis as WatcherHolder;
      const datesNow = (holder[watcherSlot] ??= contentDatesWatcher(path.join(process.cwd(), 'content', 'docs')));
      // Asked once per request however many pages it renders (/llms-full.txt).
      let asked: Promise<DocsDates> | undefined;
      const dates = () => (asked ??= datesNow(contentFiles()).then(({ dates: found }) => docsDatesOf(found)));
      return { source, llms: docsLlmsOf(source, dates), findPage, dates } as unknown as RouteDocs;
    });
  }
  if (!production) {
    production = readDocsData(process.cwd(), process.env.SVC_CONTENT_HASH).then((file) => {
      const source = docsSourceOf(file);
      const dates = Promise.resolve(fileDates(file));
      return { source, llms: docsLlmsOf(source, () => dates), findPage: pageFinder(source.getPages()), dates: () => dates };
    });
    // A failed read is tried again on the next request.
    production.catch(() => (production = undefined));
  }
  return production;
}

/** A docs page's last-changed date (ISO 8601 in UTC), by its path under content/docs. */
export async function pageLastModified(pagePath: string): Promise<string> {
  return (await (await routeDocs()).dates()).of(pagePath);
}

