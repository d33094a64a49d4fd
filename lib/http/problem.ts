import { CoreError, unexpectedFailure } from '@/lib/core/core-error';
import { problemSchema, type Problem } from './problem-schema';
import type { Log } from '@/lib/platform/log';
import { problemTypeRoute } from '@/lib/routes';
import { problemCodes } from './problem-codes';

export { problemSchema, type Problem };

const problemContentType = 'application/problem+json';

/** A core failure as an RFC 9457 problem document, with its stable `code` (/docs/api/errors). */
export function toProblem(error: CoreError): Problem {
  return {
    type: problemTypeRoute(error.code),
    title: problemCodes[error.code].title,
    status: problemCodes[error.code].status,
    detail: error.detail,
    code: error.code,
    ...(error.requestId ? { request_id: error.requestId } : {}),
  };
}

/**
 * Headers a code's answer always carries: a claim still running is retried
 * in a second (RFC 9110 §10.2.3 `Retry-After`), as the detail says.
 */
const codeHeaders: Partial<Record<CoreError['code'], Record<string, string>>> = {
  idempotency_key_in_use: { 'Retry-After': '1' },
};

/**
 * The HTTP door's rendering of a core failure: problem+json with the code's
 * status, never cached. `headers` are the status's own (405's `Allow`) and
 * the route's (deprecation, CORS).
 */
export function problemResponse(error: CoreError, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(codeHeaders[error.code] ?? {})) merged.set(name, value);
  merged.set('Content-Type', problemContentType);
  merged.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(toProblem(error)), { status: problemCodes[error.code].status, headers: merged });
}

/** 404 `not_found` for a method and path nothing answers (every door words it the same). */
export const notFoundError = (method: string, path: string) => new CoreError('not_found', `No endpoint answers ${method} ${path}.`);

/** 405 `method_not_allowed`: answered with the `Allow` header (RFC 9110 §15.5.6). */
export const methodNotAllowedError = (method: string, path: string, allow: string) =>
  new CoreError('method_not_allowed', `${method} is not allowed on ${path}. Allowed: ${allow}.`);

export function methodNotAllowedResponse(method: string, path: string, allow: string): Response {
  return problemResponse(methodNotAllowedError(method, path, allow), { Allow: allow });
}

/** Renders an unexpected exception as a 500 problem; the cause is logged with the request id. */
export function internalErrorResponse(error: unknown, log?: Log): Response {
  return problemResponse(unexpectedFailure(error, log, { event: 'request failed', subject: 'The service' }));
}
