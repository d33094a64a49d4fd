import { z } from 'zod';
import { problemSchema } from '@/lib/http/problem';
import { appParam, cursorParam, decimalInteger, limitParam, refParam, sandboxParam } from './params';
import { roomIds } from '@/lib/catalog/rooms';
import { optionPageSizes } from '@/lib/core/options';
import {
  appPageSchema,
  askAnswerSchema,
  askRequestSchema,
  batchAnswerSchema,
  batchRequestSchema,
  desktopPageSchema,
  jobRequestSchema,
  jobSchema,
  maxBatchBodyBytes,
  maxJobBodyBytes,
  maxQueryLength,
  queryText,
  optionPageSchema,
  releaseSchema,
  roomPageSchema,
  searchResponseSchema,
  uriReference,
} from '@/lib/core/schemas';
import { debounceMs, maxDialogRequestsPerMinute, tokenBurst, tokenEveryMs } from '@/lib/search-dialog-pacing';
import { docsSearchRoute } from '@/lib/routes';
import { dialogSearchRowSchema } from './docs-search-rows';
import type { EndpointSpec, HeaderSpec, ResponseSpec } from './endpoint';
import { agentEndpoints } from './agent-endpoints';
import { discoveryEndpoints, requiredHeader } from './discovery-endpoints';
import { documentCache } from './document-responder';

/** What every 200 and 304 of /api/search carries. */
const searchIndexHeaders: Record<string, HeaderSpec> = {
  ETag: requiredHeader('Strong entity tag, the SHA-256 of the bytes (base64url); send it back in `If-None-Match` for a 304'),
  'Cache-Control': requiredHeader(`\`${documentCache.searchIndex}\``),
};

/** The dialog's pacing (lib/search-dialog-pacing.ts) in a sentence, for the endpoint's description. */
const dialogPacingDescription =
  `The dialog spends a token per request from a bucket of ${tokenBurst} that refills one token every ${tokenEveryMs} ms ` +
  `(never more than ${maxDialogRequestsPerMinute} requests in a minute, however fast and long someone types), ` +
  `asks only after ${debounceMs} ms without a keystroke (a burst of keys costs one request) and keeps every answered query ` +
  `for the page's lifetime (backspacing asks nothing); the last keystroke is answered after ${debounceMs} ms plus the server's time, ` +
  `and waits for a token (at most ${tokenEveryMs} ms) only after a long run of requests.`;

/**
 * The endpoint table: every method and path the service answers, once.
 * Handlers (lib/api/route-handlers.ts), /openapi.json (lib/api/openapi.ts),
 * the proxy's rate-limited paths and the real-server walk all read it.
 */

const rateLimitHeaders: Record<string, HeaderSpec> = {
  'RateLimit-Limit': { description: 'Requests allowed per window (600)', schema: z.number().int(), required: true },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: z.number().int(), required: true },
  'RateLimit-Reset': { description: 'Seconds until the window turns', schema: z.number().int(), required: true },
  'RateLimit-Policy': { description: 'IETF draft form: `"default";q=600;w=60`', schema: z.string() },
  RateLimit: { description: 'IETF draft form: `"default";r=<remaining>;t=<reset>`', schema: z.string() },
};

const idempotencyKeyHeader: HeaderSpec = {
  description:
    'Optional. 1–200 letters, digits, `.`, `_`, `-`. The first answer is kept 24 hours per client; a retry with the same key and body gets the same bytes with `Idempotency-Replayed: true`.',
  // The draft's structured-field form (a quoted string) is accepted too.
  schema: z.string().regex(/^(?:[A-Za-z0-9._-]{1,200}|"[A-Za-z0-9._-]{1,200}")$/),
};

const json = (description: string, schema: z.ZodType, headers?: Record<string, HeaderSpec>): ResponseSpec => ({
  description,
  representation: 'json',
  schema,
  headers,
});
const text = (description: string, headers?: Record<string, HeaderSpec>): ResponseSpec => ({
  description,
  representation: 'text',
  schema: z.string(),
  headers,
});
const markdown = (description: string): ResponseSpec => ({ description, representation: 'markdown', schema: z.string() });
const html = (description: string): ResponseSpec => ({ description, representation: 'html', schema: z.string() });

const installerHeaders = (pinned: boolean): Record<string, HeaderSpec> => ({
  'x-svc-ref': { description: 'The ref the script was fetched from (`main` or a release tag)', schema: z.string() },
  ...(pinned
    ? { 'x-svc-desktop': { description: 'The desktop the script pins (echoes LAYER_DESKTOP)', schema: z.string() } }
    : {}),
});

const askDescription =
  'Documentation search, not a chat model: the question is read by the same search core as /v1/search (a question\'s filler words are dropped, option names are read by their parts, an option\'s own entry ranks above pages that mention it) and the top 10 sections come back, nothing generated. JSON is the NLWeb envelope: `_meta` (`response_type` `answer`, `version` 0.54, `query`, `query_id`, `mode` `list`, `site`) and `results` (`url`, `name`, `site`, `score`, `description`: the excerpt, `breadcrumbs`), the field names of NLWeb\'s REST API. The stream is `text/event-stream`: event `start` (data: the `_meta`), one `result` per result in rank order (data: the result), then `complete` (data: `count` and `elapsed_ms`); each `data:` is one line of JSON. `sandbox` answers from the sandbox search fixtures. The question takes 1–500 characters (500 is this site\'s own limit; the spec sets none).';

const askResponse: ResponseSpec = {
  description: 'The answer: JSON (NLWeb envelope), or a stream of server-sent events `start`, `result`…, `complete`',
  representation: 'json',
  schema: askAnswerSchema,
  alternates: [{ representation: 'sse', schema: z.string().describe('Server-sent events: start, result…, complete') }],
  headers: { Vary: { description: 'Accept: the representation follows it', schema: z.string() } },
};

function installer(name: 'layer' | 'hacker' | 'everyday' | 'minimal'): EndpointSpec {
  const pinned = name !== 'layer';
  return {
    id: `${name}Installer`,
    method: 'GET',
    path: `/${name}.sh`,
    tag: 'Installers',
    summary: pinned ? `Installer with the ${name} desktop pinned` : 'Installer that asks which desktop to build',
    description:
      (pinned
        ? `The layer installer with \`LAYER_DESKTOP=${name}\` set right after the shebang, so running it pre-answers the desktop question. Run it with \`curl -fsSL <site>/${name}.sh | sh\`.`
        : 'The layer installer as published; it asks which desktop to build. A desktop in its own repository installs with `curl -fsSL <site>/layer.sh | sh -s -- --desktop=<flakeref>`.') +
      ' Only a script is served: non-empty UTF-8 text without NUL bytes that starts with a shebang (`#!`). An upstream answer that is not one (an empty body, an HTML page) is a 502, never cached.',
    query: z.object({ ref: refParam }),
    responses: {
      200: text('The installer script', installerHeaders(pinned)),
      400: text('`ref` is not a release tag; the body says what a valid ref looks like'),
      502: text('The upstream script could not be fetched, or what came back is not a script'),
    },
    errors: [],
    rateLimited: false,
    examples: [
      { url: `/${name}.sh?ref=main`, status: 400 },
      { url: `/${name}.sh?ref=..%2F..%2Fetc`, status: 400 },
    ],
  };
}

export const endpoints = [
  // --- Search -------------------------------------------------------------
  {
    id: 'searchDocs',
    method: 'GET',
    path: '/v1/search',
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
    responses: { 200: json('A page of ranked hits', searchResponseSchema) },
    errors: ['missing_query', 'invalid_cursor', 'invalid_parameter', 'rate_limited', 'index_unavailable'],
    rateLimited: true,
    examples: [
      { url: '/v1/search?q=wallpaper', status: 200 },
      { url: '/v1/search?q=wallpaper&sandbox=true', status: 200 },
      { url: '/v1/search', status: 400 },
      { url: '/v1/search?q=x&cursor=forged', status: 400 },
      { url: '/v1/search?q=x&limit=51', status: 400 },
      { url: `/v1/search?q=${'x'.repeat(501)}`, status: 400 },
    ],
  },
  {
    id: 'searchIndex',
    method: 'GET',
    path: '/api/search',
    tag: 'Search',
    summary: 'The complete search index',
    description:
      'The Fumadocs (Orama-shaped) index, served whole as static JSON: one row per documentation page with breadcrumbs, one row per section with url, breadcrumbs, content and a `page_id` back to its page. For programs that search offline; the site\'s own search dialog asks /api/docs-search instead of downloading it. A strong ETag (the SHA-256 of the bytes); `If-None-Match` with it (or `*`) answers 304, so a program that keeps a copy revalidates it without downloading it again.',
    responses: {
      200: { ...json('The exported index', z.record(z.string(), z.unknown())), headers: searchIndexHeaders },
      304: { description: '`If-None-Match` matched (RFC 9110 §13.1.2): no body', representation: 'none', headers: searchIndexHeaders },
    },
    errors: ['rate_limited'],
    rateLimited: true,
    examples: [
      { url: '/api/search', status: 200 },
      { url: '/api/search', status: 304, headers: { 'if-none-match': '*' } },
    ],
  },
  {
    id: 'docsSearchDialog',
    method: 'GET',
    path: docsSearchRoute,
    // The site's own door (its search dialog); programs search with /v1/search.
    tag: 'Documentation',
    summary: 'Search as the site\'s search dialog asks it',
    description: [
      'The hits of /v1/search (same index, same scoring, first page) as Fumadocs result rows, so a Fumadocs search UI with a `fetch` client reads them: grouped by page in the order of each page\'s best hit, a `page` row (title, with the folders above it as `breadcrumbs`, never repeating the title), then the page\'s matching sections as `heading` rows (with an `excerpt`) or `text` rows. At most 10 sections; no paging: programs use /v1/search.',
      '',
      'Rate limit: 600 requests a minute per client, in a window of its own (`RateLimit-Policy: "docs-search"`), so searching on the site never spends the window of the API. ' + dialogPacingDescription + ' Answers may be cached for five minutes: the index changes only with a deployment.',
    ].join('\n'),
    query: z.object({
      query: queryText('The query', " (Fumadocs' `fetch` client sends `query`)"),
    }),
    inputProblems: { query: 'missing_query' },
    responses: { 200: json('Result rows, grouped by page', z.array(dialogSearchRowSchema)) },
    errors: ['missing_query', 'invalid_parameter', 'rate_limited', 'index_unavailable'],
    rateLimited: true,
    rateLimitBucket: 'docs-search',
    examples: [
      { url: `${docsSearchRoute}?query=wallpaper`, status: 200 },
      { url: `${docsSearchRoute}?query=accordionPadding`, status: 200 },
      { url: docsSearchRoute, status: 400 },
      { url: `${docsSearchRoute}?query=${'x'.repeat(501)}`, status: 400 },
    ],
  },
  // --- Catalog ------------------------------------------------------------
  {
    id: 'listDesktops',
    method: 'GET',
    path: '/v1/desktops',
    tag: 'Catalog',
    summary: 'Desktops and the line that installs each',
    description:
      'One row per desktop. `pins` is the desktop the install URL pre-answers, or null when the line goes through /layer.sh (which asks); desktops in their own repository carry the `--desktop=<flakeref>` flag.',
    query: z.object({ limit: limitParam, cursor: cursorParam, sandbox: sandboxParam }),
    inputProblems: { cursor: 'invalid_cursor' },
    responses: { 200: json('A page of desktops', desktopPageSchema) },
    errors: ['invalid_cursor', 'invalid_parameter', 'rate_limited'],
    rateLimited: true,
    examples: [
      { url: '/v1/desktops', status: 200 },
      { url: '/v1/desktops?limit=2&sandbox=yes', status: 200 },
      { url: '/v1/desktops?cursor=nope', status: 400 },
    ],
  },
  {
    id: 'listRooms',
    method: 'GET',
    path: '/v1/rooms',
    tag: 'Catalog',
    summary: 'Rooms, the option namespaces each owns, and its docs page',
    description: 'Takes the same `limit`, `cursor` and `sandbox` parameters as /v1/desktops (the spec leaves them open; they behave identically).',
    query: z.object({ limit: limitParam, cursor: cursorParam, sandbox: sandboxParam }),
    inputProblems: { cursor: 'invalid_cursor' },
    responses: { 200: json('A page of rooms', roomPageSchema) },
    errors: ['invalid_cursor', 'invalid_parameter', 'rate_limited'],
    rateLimited: true,
    examples: [{ url: '/v1/rooms', status: 200 }],
  },
  {
    id: 'listApps',
    method: 'GET',
    path: '/v1/apps',
    tag: 'Catalog',
    summary: 'Downloadable apps with their release and download URLs',
    description:
      'One row per app with a macOS release: its title and blurb, the URL of its latest release on this API (/v1/releases/{app}), its download redirect (/download/{app}), its repository on the code host and its docs page. Listing looks nothing up on the code host. Takes the same `limit`, `cursor` and `sandbox` parameters as /v1/desktops.',
    query: z.object({ limit: limitParam, cursor: cursorParam, sandbox: sandboxParam }),
    inputProblems: { cursor: 'invalid_cursor' },
    responses: { 200: json('A page of apps', appPageSchema) },
    errors: ['invalid_cursor', 'invalid_parameter', 'rate_limited'],
    rateLimited: true,
    examples: [{ url: '/v1/apps', status: 200 }, { url: '/v1/apps?sandbox=1', status: 200 }],
  },
  {
    id: 'listOptions',
    method: 'GET',
    path: '/v1/options',
    tag: 'Catalog',
    summary: 'Every option of the reference, with its type, default, rules and marks',
    description:
      'The rows of the option browser (/docs/options), as the reference states them, in its order. One page holds every option (`limit` 1–200, default 200), so one call reads them all. Filters combine: `room`; `q`, words that must all appear (case-insensitively) in the name, type, default or rules; `host_only` (`true` or `false`, the Host-only mark); `desktop_safe` (`true`: a desktop may set it, i.e. no Host-only mark; `false`: it may not; `per_key`: marked Desktop-safe per key). A `cursor` is bound to the filters it was issued with. Sandbox answers the same rows (they involve no live lookup) with `sandbox: true`.',
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
    inputProblems: { cursor: 'invalid_cursor' },
    responses: { 200: json('A page of options', optionPageSchema) },
    errors: ['invalid_cursor', 'invalid_parameter', 'rate_limited'],
    rateLimited: true,
    examples: [
      { url: '/v1/options', status: 200 },
      { url: '/v1/options?room=windows&host_only=false&sandbox=true', status: 200 },
      { url: '/v1/options?q=glow&limit=2', status: 200 },
      { url: '/v1/options?desktop_safe=per_key', status: 200 },
      { url: '/v1/options?room=kitchen', status: 400 },
      { url: '/v1/options?limit=201', status: 400 },
    ],
  },
  // --- Releases -----------------------------------------------------------
  {
    id: 'getRelease',
    method: 'GET',
    path: '/v1/releases/{app}',
    tag: 'Releases',
    summary: 'Latest signed macOS release of an app',
    description:
      'Looked up live on the code host (cached five minutes at the edge and in the store). The asset is the most-preferred macOS artifact: disk image over archive.',
    params: z.object({ app: appParam }),
    query: z.object({ sandbox: sandboxParam }),
    responses: { 200: json('The release', releaseSchema) },
    errors: ['unknown_app', 'no_release', 'rate_limited', 'upstream_unavailable'],
    rateLimited: true,
    examples: [
      { url: '/v1/releases/pounce?sandbox=true', status: 200 },
      { url: '/v1/releases/pounce', status: 200 },
      { url: '/v1/releases/nope', status: 404 },
    ],
  },
  {
    id: 'getReleaseAlias',
    method: 'GET',
    path: '/api/release/{app}',
    tag: 'Releases',
    summary: 'Latest release (un-versioned alias)',
    description: 'The alias of /v1/releases/{app} that shipped first; returns the same document. No sandbox parameter is declared.',
    params: z.object({ app: appParam }),
    responses: { 200: json('The release', releaseSchema) },
    errors: ['unknown_app', 'no_release', 'rate_limited', 'upstream_unavailable'],
    rateLimited: true,
    examples: [
      { url: '/api/release/perch', status: 200 },
      { url: '/api/release/nope', status: 404 },
    ],
  },
  {
    id: 'download',
    method: 'GET',
    path: '/download/{app}',
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
    rateLimited: false,
    examples: [
      { url: '/download/pounce', status: 302 },
      { url: '/download/nope', status: 404 },
      { url: '/download/nope', status: 404, headers: { accept: 'text/html' } },
    ],
  },
  // --- Batch and jobs -----------------------------------------------------
  {
    id: 'runBatch',
    method: 'POST',
    path: '/v1/batch',
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
    rateLimited: true,
    examples: [
      {
        url: '/v1/batch',
        status: 200,
        body: { sandbox: true, operations: [{ kind: 'search', q: 'theme' }, { kind: 'release', app: 'pounce' }, { kind: 'install', desktop: 'hacker' }] },
      },
      { url: '/v1/batch', status: 400, body: { operations: 'nope' } },
    ],
  },
  {
    id: 'submitJob',
    method: 'POST',
    path: '/v1/jobs',
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
    rateLimited: true,
    examples: [{ url: '/v1/jobs', status: 202, body: { sandbox: true, operations: [{ kind: 'install' }] } }],
  },
  {
    id: 'getJob',
    method: 'GET',
    path: '/v1/jobs/{id}',
    tag: 'Batch and jobs',
    summary: 'Read a job',
    description:
      '`queued`, `done` with the result (same shape as the batch answer), or `failed` when the job itself crashed or its runner died. `sandbox` is accepted like on every /v1 read and changes nothing: reading a job looks nothing up live, and a job submitted with `"sandbox": true` already holds fixture answers.',
    params: z.object({ id: z.string().describe('The job id from the 202') }),
    query: z.object({ sandbox: sandboxParam }),
    responses: { 200: json('The job', jobSchema) },
    errors: ['unknown_job', 'rate_limited', 'store_unavailable'],
    rateLimited: true,
    examples: [{ url: '/v1/jobs/00000000-0000-4000-8000-000000000000', status: 404 }],
  },
  // --- Natural-language query ---------------------------------------------
  {
    id: 'askGet',
    method: 'GET',
    path: '/ask',
    tag: 'Natural-language query',
    summary: 'Ask the documentation a question',
    description: askDescription,
    query: z.object({
      q: queryText('The question'),
      streaming: z
        .enum(['true', 'false'])
        .optional()
        .describe('`true` selects server-sent events; so does an `Accept` that prefers `text/event-stream`, whatever `streaming` says (either one selects the stream). Otherwise JSON'),
      sandbox: sandboxParam,
    }),
    inputProblems: { q: 'missing_query' },
    responses: { 200: askResponse },
    errors: ['missing_query', 'invalid_parameter', 'not_acceptable', 'rate_limited', 'index_unavailable'],
    rateLimited: true,
    examples: [
      { url: '/ask?q=How%20do%20I%20hide%20desktop%20icons%3F', status: 200 },
      { url: '/ask?q=wallpaper&streaming=true', status: 200 },
      { url: '/ask?q=wallpaper', status: 200, headers: { accept: 'text/event-stream' } },
      { url: '/ask?q=glow&sandbox=true', status: 200 },
      { url: '/ask', status: 400 },
      { url: '/ask?q=x&streaming=maybe', status: 400 },
      { url: '/ask?q=x', status: 406, headers: { accept: 'text/html' } },
    ],
  },
  {
    id: 'askPost',
    method: 'POST',
    path: '/ask',
    tag: 'Natural-language query',
    summary: 'Ask the documentation a question (JSON body)',
    description: `${askDescription} The body is NLWeb's: \`query\` and \`prefer.streaming\`; \`Accept: text/event-stream\` also selects the stream, even with \`prefer.streaming: false\`.`,
    body: { schema: askRequestSchema, description: 'The question, and whether to stream the answer; the byte cap is this site\'s own limit (the spec sets none)', maxBytes: 16 * 1024 },
    responses: { 200: askResponse },
    errors: ['missing_query', 'invalid_json', 'invalid_parameter', 'not_acceptable', 'rate_limited', 'index_unavailable'],
    rateLimited: true,
    examples: [
      { url: '/ask', status: 200, body: { query: 'which editor does it install by default' } },
      { url: '/ask', status: 200, body: { query: 'hot corners', prefer: { streaming: true } } },
      { url: '/ask', status: 400, body: { prefer: { streaming: false } } },
      { url: '/ask', status: 400, body: { query: 42 } },
    ],
  },
  // --- Installers ---------------------------------------------------------
  installer('layer'),
  installer('hacker'),
  installer('everyday'),
  installer('minimal'),
  // --- Documentation ------------------------------------------------------
  {
    id: 'homePage',
    method: 'GET',
    path: '/',
    tag: 'Documentation',
    summary: 'The home page',
    description:
      'HTML for browsers. Agent mode answers the agent page of /index.md instead (the same bytes, `text/markdown`, never cached): with `mode=agent`, when `Accept` prefers `text/markdown` (quality values honoured), or for an AI crawler\'s or agent\'s user agent (the list is in the description of /index.md). Responses vary on Accept, User-Agent and Accept-Encoding. A client accepting neither HTML, markdown nor a wildcard gets 406.',
    query: z.object({ mode: z.enum(['agent']).optional().describe('`agent`: the agent page, whatever `Accept` and `User-Agent` say') }),
    responses: {
      200: { ...html('The home page, or in agent mode the agent page (markdown)'), alternates: [{ representation: 'markdown', schema: z.string() }] },
      406: { description: 'The client accepts neither HTML, markdown nor a wildcard (`not_acceptable`)', representation: 'problem', schema: problemSchema },
    },
    errors: [],
    rateLimited: false,
    examples: [
      { url: '/', status: 200 },
      { url: '/?mode=agent', status: 200 },
      { url: '/', status: 200, headers: { accept: 'text/markdown, text/html;q=0.5' } },
      { url: '/', status: 200, headers: { 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)' } },
      { url: '/', status: 406, headers: { accept: 'application/json' } },
    ],
  },
  {
    id: 'docsPage',
    method: 'GET',
    path: '/docs/{path}',
    tag: 'Documentation',
    summary: 'A documentation page',
    description:
      'HTML, or its markdown twin when `Accept` prefers `text/markdown` (quality values honoured). A client accepting neither HTML, markdown nor a wildcard gets 406. Responses vary on Accept, User-Agent and Accept-Encoding.',
    params: z.object({ path: z.string().describe('Page path, e.g. `rooms/appearance`') }),
    responses: {
      200: {
        description: 'The page: HTML, or its markdown twin when `Accept` prefers `text/markdown`',
        representation: 'html',
        schema: z.string(),
        alternates: [{ representation: 'markdown', schema: z.string() }],
      },
      404: html('No such page'),
      406: { description: 'No acceptable representation (`not_acceptable`)', representation: 'problem', schema: problemSchema },
    },
    errors: [],
    rateLimited: false,
    examples: [
      { url: '/docs/rooms/appearance', status: 200 },
      { url: '/docs/rooms/appearance', status: 200, headers: { accept: 'text/markdown' } },
      { url: '/docs/rooms/appearance', status: 406, headers: { accept: 'application/json' } },
    ],
  },
  {
    id: 'docsMarkdown',
    method: 'GET',
    path: '/docs/{path}.md',
    tag: 'Documentation',
    summary: 'Markdown twin of a documentation page',
    description:
      'The page as markdown (`# Title (url)`, then its text): the same bytes its own URL answers when `Accept` prefers `text/markdown`. Cached five minutes (an hour at shared caches); a path that names no page is a 404, never cached, pointing at /llms.txt.',
    params: z.object({ path: z.string() }),
    responses: { 200: markdown('The page as markdown'), 404: markdown('No such page') },
    errors: [],
    rateLimited: false,
    examples: [
      { url: '/docs/install.md', status: 200 },
      { url: '/docs/no-such-page.md', status: 404 },
    ],
  },
  {
    id: 'llmsTxt',
    method: 'GET',
    path: '/llms.txt',
    tag: 'Documentation',
    summary: 'One entry per documentation page (llmstxt.org)',
    description:
      'The llmstxt.org index: the documentation\'s page tree as a markdown list, a link and the description of each page, folders as nested lists. Each page\'s markdown is at its `.md` twin; /llms-full.txt holds them all.',
    responses: { 200: text('The index') },
    errors: [],
    rateLimited: false,
    examples: [{ url: '/llms.txt', status: 200 }],
  },
  {
    id: 'llmsFullTxt',
    method: 'GET',
    path: '/llms-full.txt',
    tag: 'Documentation',
    summary: 'Full text of every documentation page',
    description: 'Every documentation page as its `.md` twin renders it (`# Title (url)`, then its text), one after another in one file.',
    responses: { 200: text('Every page as markdown') },
    errors: [],
    rateLimited: false,
    examples: [{ url: '/llms-full.txt', status: 200 }],
  },
  {
    id: 'designDoc',
    method: 'GET',
    path: '/design.md',
    tag: 'Documentation',
    summary: 'The visual standard, proxied from upstream',
    description:
      'The layer repository\'s visual standard, from its main branch on the code host, as markdown. Cached five minutes; an empty upstream file is a 502 like an unreachable one.',
    responses: { 200: markdown('The visual standard'), 502: text('The upstream file could not be fetched') },
    errors: [],
    rateLimited: false,
    examples: [{ url: '/design.md', status: 200 }],
  },
  {
    id: 'sitemap',
    method: 'GET',
    path: '/sitemap.xml',
    tag: 'Documentation',
    summary: 'Every indexable URL',
    description: 'The home page, every documentation page and every problem page, as absolute URLs on the public origin, each with a change frequency and a priority (sitemaps.org 0.9).',
    responses: { 200: { description: 'The sitemap', representation: 'xml', schema: z.string() } },
    errors: [],
    rateLimited: false,
    examples: [{ url: '/sitemap.xml', status: 200 }],
  },
  {
    id: 'robots',
    method: 'GET',
    path: '/robots.txt',
    tag: 'Documentation',
    summary: 'Crawler rules and the sitemap',
    description:
      'Every crawler may read the whole site but the internal text routes (/llms.mdx/) and the page images (/og/). Names the sitemap (`Sitemap:`) and the resource-discovery catalog (`Agentmap:`) as absolute URLs.',
    responses: { 200: text('robots.txt') },
    errors: [],
    rateLimited: false,
    examples: [{ url: '/robots.txt', status: 200 }],
  },
  // --- Platform -----------------------------------------------------------
  {
    id: 'openApi',
    method: 'GET',
    path: '/openapi.json',
    tag: 'Platform',
    summary: 'This OpenAPI 3.1 description',
    description:
      'Generated from the endpoint table the handlers validate with: every path and method the site answers, with its parameters, bodies, responses, headers and problem codes. `servers` names the public origin of the deployment that serves it. Cached five minutes.',
    responses: { 200: json('The OpenAPI document', z.record(z.string(), z.unknown())) },
    errors: ['rate_limited'],
    rateLimited: true,
    examples: [{ url: '/openapi.json', status: 200 }],
  },
  {
    id: 'problemPage',
    method: 'GET',
    path: '/problems/{code}',
    tag: 'Platform',
    summary: 'Explanation of a problem code (the `type` of every problem)',
    description:
      'The title, HTTP status and explanation of one problem `code`: the page the `type` of every problem points at (RFC 9457 §3.1.1). HTML, or its markdown twin when `Accept` prefers `text/markdown` (quality values honoured). A client accepting neither HTML, markdown nor a wildcard gets 406.',
    params: z.object({ code: z.string() }),
    responses: {
      200: { ...html('The explanation: HTML, or its markdown twin when `Accept` prefers `text/markdown`'), alternates: [{ representation: 'markdown', schema: z.string() }] },
      404: html('Unknown code'),
      406: { description: 'No acceptable representation (`not_acceptable`)', representation: 'problem', schema: problemSchema },
    },
    errors: [],
    rateLimited: false,
    examples: [
      { url: '/problems/rate_limited', status: 200 },
      { url: '/problems/rate_limited', status: 200, headers: { accept: 'text/markdown' } },
      { url: '/problems/rate_limited', status: 406, headers: { accept: 'application/json' } },
    ],
  },
  {
    id: 'problemMarkdown',
    method: 'GET',
    path: '/problems/{code}.md',
    tag: 'Platform',
    summary: 'Markdown twin of a problem page',
    description: 'The problem page as markdown: title, code, HTTP status and explanation. An unknown code is a 404, never cached.',
    params: z.object({ code: z.string() }),
    responses: { 200: markdown('The explanation'), 404: markdown('Unknown code') },
    errors: [],
    rateLimited: false,
    examples: [{ url: '/problems/not_found.md', status: 200 }],
  },
  {
    id: 'signatureDirectory',
    method: 'GET',
    path: '/.well-known/http-message-signatures-directory',
    tag: 'Platform',
    summary: 'Public keys the service signs its outbound requests with (Web Bot Auth)',
    description: 'A JWK Set of Ed25519 keys; `keys` is empty when no signing key is installed. The service signs no responses.',
    responses: {
      200: {
        description: 'The key directory',
        representation: 'json',
        mediaType: 'application/http-message-signatures-directory+json',
        schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
      },
    },
    errors: ['rate_limited'],
    rateLimited: true,
    examples: [{ url: '/.well-known/http-message-signatures-directory', status: 200 }],
  },
  // --- Agents (lib/api/agent-endpoints.ts) ---------------------------------
  ...agentEndpoints,
  // --- Agent mode and discovery (lib/api/discovery-endpoints.ts) ----------
  ...discoveryEndpoints,
] as const satisfies readonly EndpointSpec[];

export type Endpoint = (typeof endpoints)[number];
export type EndpointId = Endpoint['id'];

export function endpointById<I extends EndpointId>(id: I): Extract<Endpoint, { id: I }> {
  const found = endpoints.find((row) => row.id === id);
  if (!found) throw new Error(`No endpoint ${id}`);
  return found as Extract<Endpoint, { id: I }>;
}

/** Problem responses are in every row's `errors`; the 500 is implicit. */
export const problemResponse: ResponseSpec = {
  description: 'A problem (RFC 9457)',
  representation: 'problem',
  schema: problemSchema,
};
export { rateLimitHeaders };
