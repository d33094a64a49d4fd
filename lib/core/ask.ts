import { randomUUID } from 'node:crypto';
import type { CoreError } from './core-error';
import { mapResult, type Result } from './result';
import type { AskAnswer, AskMeta, AskResult, SearchHit, SearchResponse } from './schemas';
import type { SearchInput } from './search';

/**
 * /ask (spec "Natural-language query"): documentation search, not a chat
 * model. The question is read by the same search core as /v1/search (which
 * drops a question's filler words, reads option names by their parts and
 * ranks an option's own entry above pages that mention it), and the ranked
 * sections come back in the NLWeb envelope: `_meta` and `results`, each
 * result with the field names of NLWeb's REST API (nlweb-ai/NLWeb,
 * docs/nlweb-rest-api.md): `url`, `name`, `site`, `score`, `description`.
 * No text is generated: `description` is the section's own excerpt.
 */
const askProtocolVersion = '0.54';
/** Results an answer holds (NLWeb's `num_results`; not a parameter here). */
const askResultCount = 10;

export interface AskInput {
  query: string;
  sandbox: boolean;
}

export interface AskDeps {
  search: (input: SearchInput) => Promise<Result<SearchResponse, CoreError>> | Result<SearchResponse, CoreError>;
  /** The site the answers are about: its public origin. */
  site: string;
  newId?: () => string;
}

function askMeta(input: AskInput, site: string, queryId: string): AskMeta {
  return {
    response_type: 'answer',
    version: askProtocolVersion,
    query: input.query,
    query_id: queryId,
    mode: 'list',
    site,
    ...(input.sandbox ? { sandbox: true as const } : {}),
  };
}

/** A search hit as an NLWeb result: the section's name is the last of its breadcrumbs. */
function askResult(hit: SearchHit, site: string): AskResult {
  return {
    url: hit.url,
    name: hit.breadcrumbs.at(-1) ?? hit.url,
    site,
    score: hit.score,
    description: hit.excerpt,
    breadcrumbs: hit.breadcrumbs,
  };
}

/** The ranked results of a question (the same ranking as /v1/search, first page). */
async function askResults(input: AskInput, deps: AskDeps): Promise<Result<AskResult[], CoreError>> {
  const searched = await deps.search({ q: input.query, limit: askResultCount });
  return mapResult(searched, (response) => response.results.map((hit) => askResult(hit, deps.site)));
}

/** The whole JSON answer. */
export async function ask(input: AskInput, deps: AskDeps): Promise<Result<AskAnswer, CoreError>> {
  const queryId = (deps.newId ?? randomUUID)();
  return mapResult(await askResults(input, deps), (results) => ({ _meta: askMeta(input, deps.site, queryId), query_id: queryId, results }));
}
