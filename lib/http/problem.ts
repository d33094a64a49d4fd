import { z } from 'zod';
import { problemTypeRoute } from '@/lib/routes';
import { problemCodes, type ProblemCode } from './problem-codes';

export const problemContentType = 'application/problem+json';

/** RFC 9457 problem details, with the spec's stable `code`. */
export const problemSchema = z
  .object({
    type: z.string().meta({ format: 'uri-reference' }).describe('URI reference of a page on this host that explains the code'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable failure kind; see the Errors table'),
    request_id: z.string().optional().describe('Present on 500 responses; also in the service log'),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

/**
 * The one error type of the service. Thrown or returned by handlers and
 * rendered by `toResponse()`; its `detail` is written for the client and
 * never carries internals.
 */
const apiErrorBrand = Symbol.for('svc.api-error');

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly [apiErrorBrand] = true;

  /**
   * Brand check rather than `instanceof`: Next bundles routes separately and
   * a class can be loaded more than once in one process.
   */
  static is(value: unknown): value is ApiError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[apiErrorBrand] === true;
  }

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly requestId?: string,
  ) {
    super(`${code}: ${detail}`);
    this.status = problemCodes[code].status;
  }

  toProblem(): Problem {
    return {
      type: problemTypeRoute(this.code),
      title: problemCodes[this.code].title,
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(this.requestId ? { request_id: this.requestId } : {}),
    };
  }

  toResponse(extraHeaders?: HeadersInit): Response {
    const headers = new Headers(extraHeaders);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    headers.set('Content-Type', problemContentType);
    headers.set('Cache-Control', 'no-store');
    return new Response(JSON.stringify(this.toProblem()), { status: this.status, headers });
  }
}

/** 404 `not_found` for a method and path nothing answers (every door words it the same). */
export const notFoundError = (method: string, path: string) => new ApiError('not_found', `No endpoint answers ${method} ${path}.`);

/** 405 `method_not_allowed` with the `Allow` header (RFC 9110 §15.5.6). */
export const methodNotAllowedError = (method: string, path: string, allow: string) =>
  new ApiError('method_not_allowed', `${method} is not allowed on ${path}. Allowed: ${allow}.`, { Allow: allow });

export function problemResponse(code: ProblemCode, detail: string, headers?: Record<string, string>): Response {
  return new ApiError(code, detail, headers).toResponse();
}

/** An unexpected exception for the log: its stack when it has one (never sent to a client). */
export const describeError = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** Renders an unexpected exception as a 500 problem; logs it with a request id. */
export function internalErrorResponse(error: unknown, log: (line: string) => void = console.error): Response {
  const requestId = crypto.randomUUID();
  const message = describeError(error);
  log(`[svc] request ${requestId} failed: ${message}`);
  return new ApiError(
    'internal_error',
    `The service failed unexpectedly. Quote request id ${requestId} when reporting it.`,
    {},
    requestId,
  ).toResponse();
}
