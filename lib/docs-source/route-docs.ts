import path from 'node:path';
import type { LLMsWithPages } from 'fumadocs-core/source';
import { docsDatesOf, docsLlmsOf, docsSourceOf, fileDates, pageFinder, readDocsData, type DocsDates, type UndatedDocsData } from './docs-data';
import type { ContentDates } from './last-modified';
import { keptForLast } from '@/lib/platform/kept-for-last';

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
 * pass made again only after a commit). One per process, on globalThis: a
 * route module re-evaluated after an edit kept it, where a watcher made anew
 * ran `git rev-parse` and the history pass again in the render right after
 * each edit.
 */
const watcherSlot = Symbol.for('svc.content-dates-watcher');
type WatcherHolder = { [watcherSlot]?: (files: readonly string[]) => Promise<ContentDates> };

async function devDatesNow(): Promise<(files: readonly string[]) => Promise<ContentDates>> {
  // The import inside the branch NODE_ENV decides at build time: a production bundle must not reach git's
  // watcher, whose file reads would have Turbopack trace the whole project into the server output.
  if (process.env.NODE_ENV === 'development') {
    const { contentDatesWatcher } = await import('./last-modified');
    const holder = globalThis as WatcherHolder;
    return (holder[watcherSlot] ??= contentDatesWatcher(path.join(process.cwd(), 'content', 'docs')));
  }
  throw new Error('the content dates watcher runs under next dev only');
}

/** Under `next dev`: the docs of the last data compiled, made again when the data is new. */
const developedDocs = keptForLast((data: UndatedDocsData): RouteDocs => {
  const source = docsSourceOf(data);
  const files = [...data.pages, ...data.metas].map((entry) => entry.info.path);
  // Asked once per request however many pages it renders (/llms-full.txt).
  const dates = () => devDatesNow().then((datesNow) => datesNow(files)).then(({ dates: found }) => docsDatesOf(found));
  return { source, llms: docsLlmsOf(source, dates), findPage: pageFinder(source.getPages()), dates };
});

/**
 * The docs for every server bundle but the docs page's: the text views,
 * /api/search, the Open Graph images, the sitemap, /schema.jsonl, the
 * search dialog and the bench routes. They come from the docs as data
 * (lib/docs-source/docs-data.ts), so these bundles do not hold the compiled MDX:
 * in production the data file made before the build; under `next dev`, where
 * pages change while the server runs, the same data made when the content
 * changed (lib/docs-source/dev-docs.ts). The branch is decided at build time
 * (NODE_ENV is inlined), so a production bundle does not reach the dev
 * compiler, nor git's.
 */
export function routeDocs(): Promise<RouteDocs> {
  if (process.env.NODE_ENV === 'development') {
    return import('./dev-docs').then(async ({ devDocsData }) => {
      const docs = developedDocs(await devDocsData(process.cwd()));
      let asked: Promise<DocsDates> | undefined;
      return { ...docs, dates: () => (asked ??= docs.dates()) };
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

/**
 * What the routes' docs are now, for what is made from them once and kept
 * (lib/endpoints/document-responder.ts `version`): a new source after each
 * edit under `next dev`. In production the docs never change while the
 * server runs, so there is no version to ask on every request.
 */
export const docsVersion: (() => Promise<unknown>) | undefined =
  process.env.NODE_ENV === 'development' ? async () => (await routeDocs()).source : undefined;

/** A docs page's last-changed date (ISO 8601 in UTC), by its path under content/docs. */
export async function pageLastModified(pagePath: string): Promise<string> {
  // Under `next dev` the docs page has its pages already: its date alone, without the other routes' docs data.
  if (process.env.NODE_ENV === 'development') return docsDatesOf((await (await devDatesNow())([pagePath])).dates).of(pagePath);
  return (await (await routeDocs()).dates()).of(pagePath);
}

