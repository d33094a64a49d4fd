import { maxQueryLength, type SearchResponse } from '@/lib/core/schemas';
import { createSearchEngine, queryIndex, type SearchEngineOptions } from '@/lib/search/engine';
import { CoreError } from './core-error';
import { nextCursor, resolvePagePosition, type CursorCodec, type CursorScope } from './cursor';
import { err, ok, type Result } from './result';

/**
 * Documentation search for /v1/search, the MCP tool `search_docs` and /ask
 * (the API reference's search: "one entry per page section", scoring the
 * index /api/search serves). The core keeps the operation: the query rule,
 * its pages and cursors, and the failure when the index is missing. The
 * engine (the index, its format, ranking and excerpts) is lib/search; its
 * README says how a query flows through it.
 */

export interface SearchInput {
  q?: string | null;
  limit?: number | null;
  cursor?: string | null;
}

export interface DocsSearch {
  search(input: SearchInput): Promise<Result<SearchResponse, CoreError>>;
}

/** The search a runtime holds: it can also load its index ahead of the first search. */
export interface PreloadableDocsSearch extends DocsSearch {
  /**
   * Loads the index now, so the first search does not wait for it (a
   * server calls it at start); settles once it is loaded or has failed. A
   * failure is logged and retried by the next search.
   */
  preload(): Promise<void>;
}

export interface DocsSearchOptions extends SearchEngineOptions {
  cursors: CursorCodec;
}

/**
 * What a search's answer does not show (lib/insights reads it, after the
 * answer is sent): whether its best hit is weak. Worked out only when
 * asked, so a search pays nothing for it.
 */
export interface SearchSignal {
  weak(): boolean;
}
const signals = new WeakMap<SearchResponse, SearchSignal>();
export const searchSignal = (response: SearchResponse): SearchSignal | undefined => signals.get(response);

/**
 * The query rule every door applies (/docs/api/errors, "Codes":
 * `missing_query` when `q`, or `query`, is missing): present and not blank,
 * and at most `maxQueryLength` characters (this site's cap; longer is
 * `invalid_parameter`). `field` is the name the door reads it from.
 */
export function checkQuery(q: unknown, field = 'q'): Result<string, CoreError> {
  const query = typeof q === 'string' ? q : '';
  if (query.trim().length === 0) {
    return err(new CoreError('missing_query', `Pass what to search for in \`${field}\` (1–${maxQueryLength} characters).`));
  }
  if (query.length > maxQueryLength) {
    return err(new CoreError('invalid_parameter', `\`${field}\` is longer than ${maxQueryLength} characters.`));
  }
  return ok(query);
}

export function createDocsSearch(options: DocsSearchOptions): PreloadableDocsSearch {
  const { cursors } = options;
  const engine = createSearchEngine(options);
  return {
    preload: () => engine.preload(),
    async search(input) {
      const checked = checkQuery(input.q);
      if (!checked.ok) return checked;
      const q = checked.value;
      const scope: CursorScope = { kind: 'search', q };
      const position = resolvePagePosition(cursors, scope, input);
      if (!position.ok) return position;

      let index;
      try {
        index = await engine.index();
      } catch {
        return err(
          new CoreError('index_unavailable', 'The documentation search index could not be loaded. Retry later; `sandbox=true` answers from fixtures meanwhile.'),
        );
      }

      const { total, hits, weak } = queryIndex(index, q, position.value);
      const response: SearchResponse = { query: q, results: hits, next_cursor: nextCursor(cursors, scope, position.value, total), total };
      if (weak) signals.set(response, { weak });
      return ok(response);
    },
  };
}
