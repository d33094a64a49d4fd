import { randomUUID } from 'node:crypto';
import { consoleLog, describeError, type Log } from '@/lib/platform/log';
import { requestContext } from '@/lib/platform/request-context';
import { markUnexpected } from '@/lib/platform/telemetry';
import type { ErrorCode } from './error-codes';

/**
 * The one error type of the core: a failure code (/docs/api/errors) and a detail
 * written for the client, never internals. It carries no HTTP: each door
 * renders it its own way (lib/http/problem.ts as RFC 9457 problem+json, the
 * MCP server as an `isError` result, A2A as a data part). Expected failures
 * travel as values (lib/core/result.ts); only bugs throw.
 */
const coreErrorBrand = Symbol.for('svc.core-error');

export class CoreError extends Error {
  override name = 'CoreError';
  readonly [coreErrorBrand] = true;

  /**
   * Brand check rather than `instanceof`: Next bundles routes separately and
   * a class can be loaded more than once in one process.
   */
  static is(value: unknown): value is CoreError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[coreErrorBrand] === true;
  }

  readonly code: ErrorCode;
  readonly detail: string;
  /** Set on `internal_error`: the id the log line carries too. */
  readonly requestId?: string;

  // Plain fields, not parameter properties: scripts load the core on Node's type stripping, which erases types only.
  constructor(code: ErrorCode, detail: string, requestId?: string) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
    if (requestId !== undefined) this.requestId = requestId;
  }
}

/** What an unexpected failure was doing, for the log line and the client's detail. */
export interface FailureContext {
  /** The log message, e.g. `request failed`. */
  event: string;
  /** What failed, as the detail names it: `The service`, `The tool`, `This operation`. */
  subject: string;
  /** More log fields (never client identifiers). */
  fields?: Record<string, unknown>;
}

/**
 * The one place a bug becomes an answer: the cause (its stack) goes to the
 * log under a fresh request id, and the client gets `internal_error` naming
 * only that id. Every door renders the result as it renders any failure.
 */
export function unexpectedFailure(error: unknown, log: Log | undefined, context: FailureContext): CoreError {
  const requestId = requestContext()?.requestId ?? randomUUID();
  markUnexpected(requestId);
  (log ?? consoleLog)('error', context.event, { requestId, ...context.fields, cause: describeError(error) });
  return new CoreError('internal_error', `${context.subject} failed unexpectedly. Quote request id ${requestId} when reporting it.`, requestId);
}

