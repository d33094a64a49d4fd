import {
  batchRequestSchema,
  jobRequestSchema,
  maxBatchOperations,
  maxJobOperations,
  type BatchAnswer,
  type BatchRequest,
  type Operation,
  type OperationResult,
  type Problem,
} from '@/lib/core/schemas';
import type { Log } from '@/lib/platform/log';
import { CoreError, unexpectedFailure } from './core-error';
import { operationNamed, runOperation, type OperationId } from './operations';
import { err, ok, type Result } from './result';
import type { ReadServices } from './services';

/**
 * POST /v1/batch and the body of POST /v1/jobs (spec "Versioned REST"): a
 * list of reads of kinds `search`, `release` and `install`, answered in
 * order. A failing read is an `ok:false` entry carrying its problem, never
 * a failure of the whole batch (spec "Errors").
 */

export interface BatchDeps {
  /** The request's services, live or sandbox as the batch's `sandbox` asks (lib/core/services.ts). */
  services: (sandbox: boolean) => ReadServices;
  /** How the answer carries a failed entry: the problem document of the HTTP door. */
  describeFailure: (error: CoreError) => Problem;
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

const invalidBatch = (detail: string) => err(new CoreError('invalid_batch', detail));

/** `['operations', 3, 'kind']` → `operations[3].kind`. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/**
 * Validates a parsed JSON body as a batch. The operation count is checked
 * before the entries, so an oversized body is refused without walking it.
 */
export function parseBatchBody(raw: unknown, limits: BatchLimits): Result<BatchRequest, CoreError> {
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
      new CoreError(limits.tooLargeCode, `${operations.length} operations sent; at most ${limits.maxOperations} are taken. ${advice}`),
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

/** An entry's kind is an operation's batch name; its other fields are that operation's input. */
function answerOperation(operation: Operation, services: ReadServices): Promise<Result<OperationData, CoreError>> {
  const { kind, ...input } = operation;
  const id = operationNamed('batch', kind) as OperationId;
  return runOperation(id, input as never, services) as Promise<Result<OperationData, CoreError>>;
}

/** Runs every operation concurrently; the answer keeps the request's order. */
export async function runBatch(request: BatchRequest, deps: BatchDeps): Promise<BatchAnswer> {
  const { describeFailure } = deps;
  const services = deps.services(request.sandbox === true);
  const results = await Promise.all(
    request.operations.map(async (operation): Promise<OperationResult> => {
      try {
        const result = await answerOperation(operation, services);
        return result.ok
          ? { ok: true, kind: operation.kind, data: result.value }
          : { ok: false, kind: operation.kind, problem: describeFailure(result.error) };
      } catch (error) {
        // A bug in one read must not sink the others; it becomes that entry's 500 problem.
        const failure = unexpectedFailure(error, deps.log, { event: 'batch operation failed', subject: 'This operation', fields: { kind: operation.kind } });
        return { ok: false, kind: operation.kind, problem: describeFailure(failure) };
      }
    }),
  );
  return services.sandbox ? { results, sandbox: true } : { results };
}
