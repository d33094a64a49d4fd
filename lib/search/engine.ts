import type { Log } from '@/lib/platform/log';
import { BoundedMap } from '@/lib/platform/bounded-map';
import { withEncodedFragment } from '@/lib/routes';
import { anyOf, excerptOf, flatten, type FlatText } from './excerpt';
import { buildSearchData } from './index-data';
import { openSearchData } from './index-reader';
import { encodeSearchData } from './index-writer';
import { parseQuery, rank, weakAnswer } from './query';
import { loadSearchData, sectionAt, type LoadedIndex, type RankedSection } from './ranking';

/**
 * The search engine behind the core's `search` operation (lib/core/search.ts):
 * it loads the index (once per content version) and answers a query with
 * its ranked hits. How a query flows through it: lib/search/README.md.
 */

/** One ranked section, as a hit shows it (the core's `SearchHit`). */
interface EngineHit {
  url: string;
  breadcrumbs: string[];
  excerpt: string;
  score: number;
}

export interface EngineAnswer {
  /** Every section the query matches. */
  total: number;
  /** The hits from `offset`, at most `limit`, best first. */
  hits: EngineHit[];
  /** Whether the best hit is weak (lib/search/query.ts says when), worked out only when asked; absent when nothing matched. */
  weak?: () => boolean;
}

export interface SearchEngineOptions {
  /**
   * Resolves the index: Fumadocs' export (lib/search/fumadocs-export.ts) or
   * the bytes of the section index made from it (lib/search/index-writer.ts).
   */
  loadIndex: () => Promise<unknown>;
  /**
   * The version of the content the index is made from, asked on every
   * search; when it differs from the one the loaded index was made from,
   * the index is loaded again (the dev server, where pages change while it
   * runs). Without it the index is loaded once.
   */
  contentVersion?: () => unknown | Promise<unknown>;
  log?: Log;
}

export interface SearchEngine {
  /** Loads the index now (a server calls it at start); settles once loaded or failed. */
  preload(): Promise<void>;
  /** The index of the current content: rejects when it cannot be loaded (logged; the next call tries again). */
  index(): Promise<LoadedIndex>;
}

/** An export is indexed, then encoded: every index is read through the one reader the prebuilt file is. */
async function loadIndexData(loaded: unknown): Promise<LoadedIndex> {
  return loadSearchData(openSearchData(loaded instanceof Uint8Array ? loaded : encodeSearchData(await buildSearchData(loaded))));
}

/**
 * What a hit shows of a section, per index: its link, breadcrumbs and
 * flattened text. Reading a section decodes its strings from the index's
 * bytes, and flattening its text (two expressions over all of it, which can
 * run to kilobytes) cost more than ranking did; together with the link's
 * encoding they were half of a search's own time. Sections recur across
 * queries (a page's popular sections answer many), so they are kept,
 * bounded; the index never changes, so an entry never goes stale.
 */
interface SectionParts {
  url: string;
  breadcrumbs: readonly string[];
  flat: FlatText;
}

const maxSectionParts = 2048;
const sectionPartsHeld = new WeakMap<LoadedIndex, BoundedMap<number, SectionParts>>();

function sectionParts(index: LoadedIndex, id: number): SectionParts {
  let held = sectionPartsHeld.get(index);
  if (!held) sectionPartsHeld.set(index, (held = new BoundedMap(maxSectionParts)));
  let parts = held.get(id);
  if (!parts) {
    const section = sectionAt(index, id);
    const page = index.page(section.pageId);
    const breadcrumbs = [...(page?.breadcrumbs ?? [])];
    // A folder's index page often shares the folder's name (`Rooms › Rooms`); say it once.
    for (const crumb of [page?.title, section.heading]) {
      if (crumb && crumb !== breadcrumbs.at(-1)) breadcrumbs.push(crumb);
    }
    const text = section.text ?? section.heading ?? page?.title ?? '';
    held.set(id, (parts = { url: withEncodedFragment(section.url), breadcrumbs, flat: flatten(text) }));
  }
  return parts;
}

function toHit(index: LoadedIndex, ranked: RankedSection, words: RegExp): EngineHit {
  const { url, breadcrumbs, flat } = sectionParts(index, ranked.section);
  return { url, breadcrumbs: [...breadcrumbs], excerpt: excerptOf(flat, words), score: ranked.score };
}


/** The hits of `q` from `offset`, at most `limit`, and the count of all it matches. */
export function queryIndex(index: LoadedIndex, q: string, { offset, limit }: { offset: number; limit: number }): EngineAnswer {
  const parsed = parseQuery(index, q);
  const words = anyOf(parsed.concepts.map((concept) => concept.word));
  // A query of no words (only punctuation) matches nothing; the engine would otherwise list every row.
  const { total, top } = parsed.concepts.length > 0 ? rank(index, q, parsed, offset + limit) : { total: 0, top: [] };
  const best = top[0];
  return {
    total,
    hits: top.slice(offset).map((entry) => toHit(index, entry, words)),
    ...(best ? { weak: () => weakAnswer(index, parsed.concepts, best.section) } : {}),
  };
}

export function createSearchEngine({ loadIndex, contentVersion, log }: SearchEngineOptions): SearchEngine {
  let loading: { version: unknown; index: Promise<LoadedIndex> } | undefined;

  /**
   * Loads the index once per content version (once in all without
   * `contentVersion`); a failed load is forgotten so a later call retries.
   */
  async function loadedIndex(): Promise<LoadedIndex> {
    const version = contentVersion ? await contentVersion() : undefined;
    if (!loading || !Object.is(loading.version, version)) {
      const attempt = { version, index: Promise.resolve().then(loadIndex).then(loadIndexData) };
      loading = attempt;
      attempt.index.catch((error: unknown) => {
        if (loading === attempt) loading = undefined;
        log?.('error', 'search index could not be loaded', {
          cause: error instanceof Error ? error.message : String(error),
        });
      });
    }
    return loading.index;
  }

  return {
    async preload() {
      // A failure is logged where the load is made, and tried again by the next search.
      await loadedIndex().catch(() => undefined);
    },
    index: loadedIndex,
  };
}
