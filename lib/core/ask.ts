import { operationSpan } from '@/lib/platform/telemetry';
import { randomUUID } from 'node:crypto';
import type { CoreError } from './core-error';
import { runOperation } from './operations';
import { mapResult, type Result } from './result';
import type { AskAnswer, AskMeta, AskResult, SearchHit } from './schemas';
import type { ReadServices } from './services';

/**
 * /ask (/docs/agents/ask): documentation search, not a chat
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

export interface AskDeps {
  /** The request's services, live or sandbox (resolved once by the door): the search runs on them, and a sandbox answer says so. */
  services: ReadServices;
  /** The site the answers are about: its public origin. */
  site: string;
  newId?: () => string;
}

function askMeta(query: string, deps: AskDeps, queryId: string): AskMeta {
  return {
    response_type: 'answer',
    version: askProtocolVersion,
    query,
    query_id: queryId,
    mode: 'list',
    site: deps.site,
    ...(deps.services.sandbox ? { sandbox: true as const } : {}),
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
async function askResults(query: string, deps: AskDeps): Promise<Result<AskResult[], CoreError>> {
  const searched = await operationSpan('ask', 'search', () => runOperation('search', { q: query, limit: askResultCount }, deps.services));
  return mapResult(searched, (response) => response.results.map((hit) => askResult(hit, deps.site)));
}

/** The whole JSON answer to a question (already checked: 1–500 characters). */
export async function ask(query: string, deps: AskDeps): Promise<Result<AskAnswer, CoreError>> {
  const queryId = (deps.newId ?? randomUUID)();
  return mapResult(await askResults(query, deps), (results) => ({ _meta: askMeta(query, deps, queryId), query_id: queryId, results }));
}
