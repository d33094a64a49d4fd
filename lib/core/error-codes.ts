/**
 * Every failure code of the service (/docs/api/errors, "Codes"): its title,
 * its meaning in one line (the Errors page's table, `<ProblemCodes />`), and
 * the explanation served at /problems/{code}. A core failure carries one of
 * these codes and a detail; each door renders it (lib/http/problem-codes.ts
 * adds the HTTP status of the problem+json door). Later codes go in this same
 * table; the problem pages, the OpenAPI document and the tests are generated
 * from it.
 */
export const errorCodes = {
  missing_query: {
    title: 'Missing query',
    meaning: '`q` is missing or empty.',
    explanation: 'The request needs a search query: `q` in the query string (or `query` in a JSON body) with at least one character.',
  },
  invalid_cursor: {
    title: 'Invalid cursor',
    meaning: 'The `cursor` is malformed, was altered, or belongs to another query or list.',
    explanation:
      'The `cursor` is not one this service issued for this query: it is malformed, was altered, or belongs to another list. Pass back `next_cursor` exactly as received, or omit `cursor` to start from the first page.',
  },
  invalid_parameter: {
    title: 'Invalid parameter',
    meaning: 'A query parameter, path parameter or header is outside what the endpoint takes, such as `limit=51`; the detail names it.',
    explanation:
      'A query parameter, path parameter or header has a value outside what the endpoint accepts (for example `limit` outside 1–50). The `detail` names the parameter and what it takes; `/openapi.json` lists every parameter.',
  },
  invalid_json: {
    title: 'Invalid JSON',
    meaning: 'The request body is not valid JSON.',
    explanation: 'The request body is not valid JSON. Send `Content-Type: application/json` with a well-formed JSON document.',
  },
  invalid_batch: {
    title: 'Invalid batch',
    meaning: 'The JSON body is not a valid batch; the detail points at the first mistake, such as `operations[0].kind`.',
    explanation:
      'The JSON body is not a valid batch: it needs an `operations` array whose entries each have the `kind` of a read (the `Operation` schema of `/openapi.json` lists them) and that kind\'s fields. The `detail` points at the first problem found.',
  },
  batch_too_large: {
    title: 'Batch too large',
    meaning: 'A batch has more than 20 operations or more than 64 KiB (the 64 KiB is this site\'s own limit).',
    explanation: 'POST /v1/batch takes at most 20 operations. Split the batch, or send it to POST /v1/jobs, which takes more.',
  },
  job_too_large: {
    title: 'Job too large',
    meaning: 'A job has more than 100 operations or more than 64 KiB (both this site\'s own limits).',
    explanation: 'A job body may hold at most 100 operations and 64 KiB (this site\'s own limits; the spec sets none). Split the work into several jobs.',
  },
  invalid_idempotency_key: {
    title: 'Invalid Idempotency-Key',
    meaning: 'The `Idempotency-Key` is not 1–200 letters, digits, `.`, `_` or `-`.',
    explanation:
      'The `Idempotency-Key` header must be 1–200 characters of letters, digits, dot, underscore and hyphen.',
  },
  body_too_large: {
    title: 'Body too large',
    meaning: 'The request body is larger than the endpoint takes; the detail gives the limit.',
    explanation: 'The request body is larger than this endpoint accepts. `/openapi.json` gives each body\'s limit; send less.',
  },
  unsupported_media_type: {
    title: 'Unsupported media type',
    meaning: 'The body\'s `Content-Type` is not one the endpoint reads; the detail names those it does.',
    explanation: 'The request body\'s `Content-Type` is not one this endpoint reads. The `detail` names the types it takes, such as `application/json`.',
  },
  unauthorized: {
    title: 'Unauthorized',
    meaning: 'The maintainers\' view needs `Authorization: Bearer` with its token; `WWW-Authenticate` says how.',
    explanation:
      'This path is for the site\'s maintainers: send `Authorization: Bearer <token>` with the token the site was configured with (a browser may sign in with HTTP Basic, the token as the password). A token in the URL is never read.',
  },
  unknown_app: {
    title: 'Unknown app',
    meaning: '`app` is not `pounce` or `perch`; the detail names them.',
    explanation: 'The `app` is not one of the downloadable apps. The downloadable apps are `pounce` and `perch`.',
  },
  unknown_desktop: {
    title: 'Unknown desktop',
    meaning: 'An `install` operation names a desktop that is not in the gallery; the detail names the desktops.',
    explanation:
      'The `desktop` is not one of the desktops in the gallery. The `detail` names the valid ones; `/v1/desktops` lists each with the line that installs it.',
  },
  no_release: {
    title: 'No macOS release',
    meaning: 'The app\'s latest release has no macOS download.',
    explanation:
      'The app\'s latest release carries no macOS download (no disk image or archive). `/download/{app}` sends you to the app\'s releases page on the code host instead; try again after the next release.',
  },
  unknown_job: {
    title: 'Unknown job',
    meaning: 'No job has this id, or its result aged out one hour after the job completed.',
    explanation: 'No job has this id, or its result aged out: results are kept one hour after the job completes.',
  },
  not_found: {
    title: 'Not found',
    meaning: 'No endpoint answers this method and path.',
    explanation: 'No endpoint answers this method and path. `/openapi.json` lists every path the service answers, and `/llms.txt` every documentation page.',
  },
  method_not_allowed: {
    title: 'Method not allowed',
    meaning: 'The path exists but not for this method; the `Allow` header lists the methods it takes.',
    explanation: 'The path exists but does not take this method. The `Allow` header lists the methods it takes.',
  },
  not_acceptable: {
    title: 'Not acceptable',
    meaning: 'A page has no representation the `Accept` header allows.',
    explanation:
      'The resource has no representation matching the `Accept` header. Documentation pages come as `text/html` or, as their markdown twin, `text/markdown`.',
  },
  idempotency_key_in_use: {
    title: 'Idempotency key in use',
    meaning: 'A request with the same `Idempotency-Key` is still running; retry after `Retry-After`.',
    explanation:
      'A request with the same `Idempotency-Key` is still being processed. Retry after a moment; once it completes, the retry is answered from memory.',
  },
  idempotency_key_reused: {
    title: 'Idempotency key reused',
    meaning: 'The `Idempotency-Key` was already used with a different body.',
    explanation:
      'The `Idempotency-Key` was already used with a different request body. Use a new key for a different request.',
  },
  rate_limited: {
    title: 'Rate limited',
    meaning: 'Over the [rate limit](/docs/api/limits); wait the seconds in `Retry-After`.',
    explanation:
      'The client sent more than 600 requests in one minute. Wait the number of seconds in `Retry-After`; the `RateLimit-*` headers show the window.',
  },
  internal_error: {
    title: 'Internal error',
    meaning: 'The site failed unexpectedly; the problem carries a `request_id`.',
    explanation:
      'The service failed unexpectedly. The response carries a `request_id` that is also in the service\'s log; quote it when reporting the problem.',
  },
  upstream_unavailable: {
    title: 'Upstream unavailable',
    meaning: 'The code host\'s release API could not be reached, answered with an error, or took longer than 5 seconds.',
    explanation:
      'The code host\'s release API could not be reached, answered with an error, or took longer than 5 seconds. Retry later.',
  },
  index_unavailable: {
    title: 'Index unavailable',
    meaning: 'The search index could not be loaded; `sandbox=true` still answers.',
    explanation: 'The documentation search index could not be loaded. Retry later; `?sandbox=true` answers from fixtures meanwhile.',
  },
  store_unavailable: {
    title: 'Store unavailable',
    meaning: 'The store that keeps idempotency records and jobs did not answer; nothing ran. Retry later.',
    explanation:
      'The store that keeps idempotency records and jobs did not answer. Nothing was executed or lost; retry later with the same `Idempotency-Key`.',
  },
} as const satisfies Record<string, { title: string; meaning: string; explanation: string }>;

export type ErrorCode = keyof typeof errorCodes;
export const allErrorCodes = Object.keys(errorCodes) as ErrorCode[];
