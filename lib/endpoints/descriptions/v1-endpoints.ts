import { z } from 'zod';
import { roomIds } from '@/lib/catalog/rooms';
import { operations, type OperationTable, type RestRowId } from '@/lib/core/operations';
import { optionPageSizes } from '@/lib/core/option-rows';
import { batchAnswerSchemas, batchRequestSchemas, siteBatchSchemas } from '@/lib/core/batch-schemas';
import { problemSchema } from '@/lib/http/problem-schema';
import {
  maxBatchBodyBytes,
  maxJobBodyBytes,
  maxQueryLength,
  queryText,
  uriReference,
} from '@/lib/core/schemas';
import { routes, type RouteRow } from '../contract';
import type { EndpointDescription, HeaderSpec } from '../endpoint';
import { readDescriptions, type ReadRowDescription, type ReadRowWords } from './reads-endpoints';
import { appParam, cursorParam, decimalInteger, limitParam, sandboxParam } from '../params';
import { json, markdown } from './shared';

/**
 * The versioned REST rows (/docs/api, "Endpoints") and the release rows:
 * search, the catalog, releases and downloads, batch and jobs. Their
 * schemas are what lib/endpoints/handlers/v1-handlers.ts validates with; a read's
 * answer is its operation's output (lib/core/operations.ts).
 */

const idempotencyKeyHeader: HeaderSpec = {
  description:
    'Optional. 1–200 letters, digits, `.`, `_`, `-`. The first answer is kept 24 hours per client; a retry with the same key and body gets the same bytes with `Idempotency-Replayed: true`.',
  // The draft's structured-field form (a quoted string) is accepted too.
  schema: z.string().regex(/^(?:[A-Za-z0-9._-]{1,200}|"[A-Za-z0-9._-]{1,200}")$/),
};

/** The query of a catalog list: a page of it, live or from the sandbox. */
const listQuery = () => z.object({ limit: limitParam, cursor: cursorParam, sandbox: sandboxParam });

/** A catalog list's words: its own prose, the shared page parameters and codes. */
const listWords = (summary: string, description: string, answer: string) =>
  ({
    tag: 'Catalog',
    summary,
    description,
    query: listQuery(),
    inputProblems: { cursor: 'invalid_cursor' },
    answer,
    errors: ['invalid_parameter'],
  }) as const satisfies ReadRowWords;

/** What a release row answers, and its path parameter. */
const releaseWords = { tag: 'Releases', params: z.object({ app: appParam }), answer: 'The release' } as const;

/**
 * The REST door's words for the rows of the operation table
 * (lib/core/operations.ts): each row's prose and parameters; its answer's
 * schema and its failure codes are the operation's (lib/endpoints/descriptions/reads-endpoints.ts).
 */
const v1ReadWords = {
  searchDocs: {
    tag: 'Search',
    summary: 'Search the documentation',
    description:
      'Scores the same index as /api/search, one entry per page section, ranked. `total` counts results across all pages; walk pages with `next_cursor`.',
    query: z.object({
      q: queryText('The query'),
      limit: limitParam,
      cursor: cursorParam,
      sandbox: sandboxParam,
    }),
    inputProblems: { q: 'missing_query', cursor: 'invalid_cursor' },
    answer: 'A page of ranked hits',
    errors: ['invalid_parameter'],
  },
  listDesktops: listWords(
    'Desktops and the line that installs each',
    'One row per desktop. `pins` is the desktop the install URL pre-answers, or null when the line goes through /layer.sh (which asks); desktops in their own repository carry the `--desktop=<flakeref>` flag.',
    'A page of desktops',
  ),
  listRooms: listWords(
    'Rooms, the option namespaces each owns, and its docs page',
    'Takes the same `limit`, `cursor` and `sandbox` parameters as /v1/desktops (the spec leaves them open; they behave identically).',
    'A page of rooms',
  ),
  listApps: listWords(
    'Downloadable apps with their release and download URLs',
    'One row per app with a macOS release: its title and blurb, the URL of its latest release on this API (/v1/releases/{app}), its download redirect (/download/{app}), its repository on the code host and its docs page. Listing looks nothing up on the code host. Takes the same `limit`, `cursor` and `sandbox` parameters as /v1/desktops.',
    'A page of apps',
  ),
  listOptions: {
    ...listWords(
      'Every option of the reference, with its type, default, rules and marks',
      'The rows of the option browser (/docs/options), as the reference states them, in its order. One page holds every option (`limit` 1–200, default 200), so one call reads them all. Filters combine: `room`; `q`, words that must all appear (case-insensitively) in the name, type, default or rules; `host_only` (`true` or `false`, the Host-only mark); `desktop_safe` (`true`: a desktop may set it, i.e. no Host-only mark; `false`: it may not; `per_key`: marked Desktop-safe per key). A `cursor` is bound to the filters it was issued with. Sandbox answers the same rows (they involve no live lookup) with `sandbox: true`.',
      'A page of options',
    ),
    query: z.object({
      room: z.enum(roomIds).optional().describe('Only this room\'s options'),
      q: z.string().max(maxQueryLength).optional().describe(`Words to find in the name, type, default or rules; at most ${maxQueryLength} characters`),
      host_only: z.enum(['true', 'false']).optional().describe('Only options with (`true`) or without (`false`) the Host-only mark'),
      desktop_safe: z.enum(['true', 'false', 'per_key']).optional().describe('`true`: a desktop may set it; `false`: it may not; `per_key`: marked Desktop-safe per key'),
      limit: decimalInteger(1, optionPageSizes.max)
        .optional()
        .describe(`Page size, 1–${optionPageSizes.max}; default ${optionPageSizes.default} (every option)`)
        .meta({ default: optionPageSizes.default }),
      cursor: cursorParam,
      sandbox: sandboxParam,
    }),
  },
  getRelease: {
    ...releaseWords,
    summary: 'Latest signed macOS release of an app',
    description:
      'Looked up live on the code host (cached five minutes at the edge and in the store). The asset is the most-preferred macOS artifact: disk image over archive.',
    query: z.object({ sandbox: sandboxParam }),
  },
  getReleaseAlias: {
    ...releaseWords,
    summary: 'Latest release (un-versioned alias)',
    description: 'The alias of /v1/releases/{app} that shipped first; returns the same document. No sandbox parameter is declared.',
  },
} as const satisfies Record<string, ReadRowWords>;

/** Every row the site's operations name: with the door's words where it has them, else from the entry. */
type ReadRows = {
  readonly [Id in RestRowId]: Id extends keyof typeof v1ReadWords ? ReadRowDescription<(typeof v1ReadWords)[Id]> : EndpointDescription;
};

/**
 * The door's rows over a table and a contract (the site's, unless a test
 * hands copies with more): the rows its operations name, then batch, jobs
 * and downloads, whose bodies and answers take the table's batch kinds.
 */
export function v1DescriptionsOf(table: OperationTable, contract: readonly RouteRow[]) {
  const { batchRequestSchema, jobRequestSchema } = table === operations ? siteBatchSchemas : batchRequestSchemas(table);
  const { batchAnswerSchema, jobSchema } = batchAnswerSchemas(table, problemSchema);
  return {
    ...(readDescriptions(table, v1ReadWords, contract) as unknown as ReadRows),
    download: {
      tag: 'Releases',
      summary: 'Download the latest release',
      description:
        '302 to the most-preferred macOS asset of the latest release; when no signed artifact is found, 302 to the repository\'s releases page. Only code-host URLs are redirect targets. An unknown app is a 404: markdown naming where to look for non-HTML clients, the site\'s 404 page for browsers.',
      params: z.object({ app: appParam }),
      responses: {
        302: {
          description: 'Redirect to the asset or the releases page',
          representation: 'redirect',
          headers: { Location: { description: 'Target on the code host', schema: z.url(), required: true } },
        },
        404: { ...markdown('Not a downloadable app: markdown naming where to look; the site\'s 404 page (text/html) for browsers'), alternates: [{ representation: 'html', schema: z.string() }] },
      },
      errors: [],
    },
    runBatch: {
      tag: 'Batch and jobs',
      summary: 'Run up to 20 reads in one request',
      description:
        'One result per operation, in order. A failing operation is an `ok:false` entry carrying its problem inside a 200. For more than 20 operations use /v1/jobs.',
      headers: { 'Idempotency-Key': idempotencyKeyHeader },
      body: { schema: batchRequestSchema, description: 'The operations and an optional `sandbox`; the byte cap is this site\'s own limit (the spec sets none)', maxBytes: maxBatchBodyBytes },
      inputProblems: { 'Idempotency-Key': 'invalid_idempotency_key' },
      responses: {
        200: json('The batch answer', batchAnswerSchema, {
          'Idempotency-Replayed': { description: '`true` when answered from idempotency memory', schema: z.literal('true') },
        }),
      },
      errors: [
        'invalid_json',
        'invalid_batch',
        'batch_too_large',
        'invalid_idempotency_key',
        'idempotency_key_in_use',
        'idempotency_key_reused',
        'rate_limited',
        'store_unavailable',
      ],
    },
    submitJob: {
      tag: 'Batch and jobs',
      summary: 'Submit a batch as an asynchronous job',
      description:
        'Same body as /v1/batch, up to 100 operations and 64 KiB (both this site\'s own limits: the spec says a job body has a limit, not its value). Poll the `Location` for the result; results are kept one hour after completion. A job whose run has not finished 30 seconds after it started reads as `failed` (this site\'s own limit; the spec sets none).',
      body: { schema: jobRequestSchema, description: 'The operations and an optional `sandbox`; the byte cap is this site\'s own limit (the spec sets none)', maxBytes: maxJobBodyBytes },
      responses: {
        202: json('The queued job', jobSchema, {
          Location: { description: 'The job URL (equals `url`)', schema: uriReference(), required: true },
          'Retry-After': { description: 'Seconds before the first poll (1)', schema: z.literal(1), required: true },
        }),
      },
      errors: ['invalid_json', 'invalid_batch', 'job_too_large', 'rate_limited', 'store_unavailable'],
    },
    getJob: {
      tag: 'Batch and jobs',
      summary: 'Read a job',
      description:
        '`queued`, `done` with the result (same shape as the batch answer), or `failed` when the job itself crashed or its runner died. `sandbox` is accepted like on every /v1 read and changes nothing: reading a job looks nothing up live, and a job submitted with `"sandbox": true` already holds fixture answers.',
      params: z.object({ id: z.string().describe('The job id from the 202') }),
      query: z.object({ sandbox: sandboxParam }),
      responses: { 200: json('The job', jobSchema) },
      errors: ['unknown_job', 'rate_limited', 'store_unavailable'],
    },
  } as const satisfies Record<string, EndpointDescription>;
}

export const v1Descriptions = v1DescriptionsOf(operations, routes);

