import { randomUUID } from 'node:crypto';
import {
  batchRequestSchema,
  jobRequestSchema,
  maxBatchOperations,
  maxJobOperations,
  type BatchAnswer,
  type BatchRequest,
  type Operation,
  type OperationResult,
} from '@/lib/core/schemas';
import { ApiError, describeError } from '@/lib/http/problem';
import type { Log } from '@/lib/store/types';
import { installAnswer } from './installs';
import type { ReleaseService } from './releases';
import { err, ok, type Result } from './result';
import type { Sandbox } from './sandbox';
import type { DocsSearch } from './search';

/**
 * POST /v1/batch and the body of POST /v1/jobs (spec "Versioned REST"): a
 * list of reads of kinds `search`, `release` and `install`, answered in
 * order. A failing read is an `ok:false` entry carrying its problem, never
 * a failure of the whole batch (spec "Errors").
 */

export interface BatchDeps {
  search: DocsSearch;
  releases: Pick<ReleaseService, 'latestRelease'>;
  sandbox: Sandbox;
  /** Public origin of the install lines. */
  origin: string;
  log?: Log;
}

export interface BatchLimits {
  maxOperations: number;
  tooLargeCode: 'batch_too_large' | 'job_too_large';
  schema: typeof batchRequestSchema | typeof jobRequestSchema;
}

/** Spec "Limits": a batch takes at most 20 operations; a job body more. */
export const batchLimits: BatchLimits = { maxOperations: maxBatchOperations, tooLargeCode: 'batch_too_large', schema: batchRequestSchema };
export const jobLimits: BatchLimits = { maxOperations: maxJobOperations, tooLargeCode: 'job_too_large', schema: jobRequestSchema };

const invalidBatch = (detail: string) => err(new ApiError('invalid_batch', detail));

/** `['operations', 3, 'kind']` → `operations[3].kind`. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/**
 * Validates a parsed JSON body as a batch. The operation count is checked
 * before the entries, so an oversized body is refused without walking it.
 */
export function parseBatchBody(raw: unknown, limits: BatchLimits): Result<BatchRequest, ApiError> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return invalidBatch('The body must be a JSON object with an `operations` array.');
  }
  const operations: unknown = (raw as Record<string, unknown>).operations;
  if (!Array.isArray(operations)) {
    return invalidBatch('`operations` must be an array of operations, each with a `kind` of `search`, `release` or `install`.');
  }
  if (operations.length === 0) return invalidBatch('`operations` is empty; send at least one operation.');
  if (operations.length > limits.maxOperations) {
    const advice =
      limits.tooLargeCode === 'batch_too_large' ? 'Split the batch, or send it to POST /v1/jobs.' : 'Split the work into several jobs.';
    return err(
      new ApiError(limits.tooLargeCode, `${operations.length} operations sent; at most ${limits.maxOperations} are taken. ${advice}`),
    );
  }
  const parsed = limits.schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalidBatch(issue ? `${formatPath(issue.path) || 'body'}: ${issue.message}` : 'The batch is malformed.');
  }
  return ok(parsed.data);
}

type OperationData = Extract<OperationResult, { ok: true }>['data'];

async function answerOperation(operation: Operation, sandbox: boolean, deps: BatchDeps): Promise<Result<OperationData, ApiError>> {
  switch (operation.kind) {
    case 'search': {
      const input = { q: operation.q, limit: operation.limit, cursor: operation.cursor };
      return sandbox ? deps.sandbox.search(input) : deps.search.search(input);
    }
    case 'release':
      return sandbox ? deps.sandbox.release(operation.app) : deps.releases.latestRelease(operation.app);
    case 'install':
      return sandbox ? deps.sandbox.installAnswer(operation.desktop, deps.origin) : installAnswer(operation.desktop, deps.origin);
  }
}

/** Runs every operation concurrently; the answer keeps the request's order. */
export async function runBatch(request: BatchRequest, deps: BatchDeps): Promise<BatchAnswer> {
  const sandbox = request.sandbox === true;
  const results = await Promise.all(
    request.operations.map(async (operation): Promise<OperationResult> => {
      try {
        const result = await answerOperation(operation, sandbox, deps);
        return result.ok
          ? { ok: true, kind: operation.kind, data: result.value }
          : { ok: false, kind: operation.kind, problem: result.error.toProblem() };
      } catch (error) {
        // A bug in one read must not sink the others; it becomes that entry's 500 problem.
        const requestId = randomUUID();
        deps.log?.('error', 'batch operation failed', {
          requestId,
          kind: operation.kind,
          cause: describeError(error),
        });
        const problem = new ApiError('internal_error', `This operation failed unexpectedly. Quote request id ${requestId} when reporting it.`, {}, requestId);
        return { ok: false, kind: operation.kind, problem: problem.toProblem() };
      }
    }),
  );
  return sandbox ? { results, sandbox: true } : { results };
}
