import { errorCodes, type ErrorCode } from '@/lib/core/error-codes';

/**
 * The HTTP status of each failure code (/docs/api/errors, "Codes"), for the
 * problem+json door; the codes, titles and explanations are the core's
 * (lib/core/error-codes.ts).
 */
export const problemStatus = {
  missing_query: 400,
  invalid_cursor: 400,
  invalid_parameter: 400,
  invalid_json: 400,
  invalid_batch: 400,
  batch_too_large: 400,
  job_too_large: 400,
  invalid_idempotency_key: 400,
  body_too_large: 413,
  unsupported_media_type: 415,
  unauthorized: 401,
  unknown_app: 404,
  unknown_desktop: 404,
  no_release: 404,
  unknown_job: 404,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  index_unavailable: 503,
  store_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** One name for the codes: the core's (lib/core/error-codes.ts); this module adds their status. */
export type { ErrorCode };

/** Each code with its status, title and explanation: what the problem pages, OpenAPI and the docs show. */
export const problemCodes = Object.fromEntries(
  (Object.keys(errorCodes) as ErrorCode[]).map((code) => [code, { status: problemStatus[code], ...errorCodes[code] }]),
) as { [C in ErrorCode]: { status: (typeof problemStatus)[C] } & (typeof errorCodes)[C] };

export const allProblemCodes = Object.keys(problemCodes) as ErrorCode[];

export function isProblemCode(value: string): value is ErrorCode {
  return Object.hasOwn(problemCodes, value);
}
