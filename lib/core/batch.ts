import { inSpan, operationSpan } from '@/lib/platform/telemetry';
import type { z } from 'zod';
import { maxBatchOperations, maxJobOperations } from '@/lib/core/schemas';
import type { Log } from '@/lib/platform/log';
import { siteBatchSchemas, type BatchAnswer, type BatchRequestSchemas, type BatchEntry, type BatchRequest, type FailureDocument, type OperationResult } from './batch-schemas';
import { CoreError, unexpectedFailure } from './core-error';
import { operationNamed, operations, type OperationTable } from './operations';
import { err, ok, type Result } from './result';
import type { ReadServices } from './services';

/**
 * POST /v1/batch and the body of POST /v1/jobs (/docs/api/batch-and-jobs):
 * a list of reads, each of the kind of an operation with a batch name
 * (lib/core/operations.ts), answered in order. A failing read is an
 * `ok:false` entry carrying its problem, never a failure of the whole
 * batch (/docs/api/batch-and-jobs, "Answers").
 */

export interface BatchDeps {
  /** The request's services, live or sandbox as the batch's `sandbox` asks (lib/core/services.ts). */
  services: (sandbox: boolean) => ReadServices;
  /** The door the batch came through, for its spans: a batch's request, or a job's run. */
  door?: 'batch' | 'job';
  /** How the answer carries a failed entry: the problem document of the HTTP door. */
  describeFailure: (error: CoreError) => FailureDocument;
  /** The table the kinds name (the site's, unless a test hands another). */
  operations?: OperationTable;
  log?: Log;
}

export interface BatchLimits {
  maxOperations: number;
  tooLargeCode: 'batch_too_large' | 'job_too_large';
  schema: z.ZodType<BatchRequest>;
  /** The entry kinds the schema takes, for the message of a body without `operations`. */
  kinds: readonly string[];
}

/** /docs/api/limits, "Sizes": a batch takes at most 20 operations; a job body more. Both take the entries of one table's schemas. */
export function batchLimitsOf(schemas: BatchRequestSchemas = siteBatchSchemas): { batch: BatchLimits; job: BatchLimits } {
  const { kinds, batchRequestSchema, jobRequestSchema } = schemas;
  return {
    batch: { maxOperations: maxBatchOperations, tooLargeCode: 'batch_too_large', schema: batchRequestSchema, kinds },
    job: { maxOperations: maxJobOperations, tooLargeCode: 'job_too_large', schema: jobRequestSchema, kinds },
  };
}
export const { batch: batchLimits, job: jobLimits } = batchLimitsOf();

/** `a`, `b` or `c`. */
const either = (kinds: readonly string[]) =>
  kinds.length === 1 ? `\`${kinds[0]}\`` : `${kinds.slice(0, -1).map((kind) => `\`${kind}\``).join(', ')} or \`${kinds.at(-1)}\``;

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
  const entries: unknown = (raw as Record<string, unknown>).operations;
  if (!Array.isArray(entries)) {
    return invalidBatch(`\`operations\` must be an array of operations, each with a \`kind\` of ${either(limits.kinds)}.`);
  }
  if (entries.length === 0) return invalidBatch('`operations` is empty; send at least one operation.');
  if (entries.length > limits.maxOperations) {
    const advice =
      limits.tooLargeCode === 'batch_too_large' ? 'Split the batch, or send it to POST /v1/jobs.' : 'Split the work into several jobs.';
    return err(
      new CoreError(limits.tooLargeCode, `${entries.length} operations sent; at most ${limits.maxOperations} are taken. ${advice}`),
    );
  }
  const parsed = limits.schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalidBatch(issue ? `${formatPath(issue.path) || 'body'}: ${issue.message}` : 'The batch is malformed.');
  }
  return ok(parsed.data);
}

/** An entry's kind is an operation's batch name; its other fields are that operation's input. */
async function answerOperation(entry: BatchEntry, services: ReadServices, table: OperationTable, door: 'batch' | 'job'): Promise<Result<unknown, CoreError>> {
  const { kind, ...input } = entry;
  const id = operationNamed('batch', kind, table)!;
  return operationSpan(door, id, () => table[id]!.run(input, services));
}

/** Runs every operation concurrently; the answer keeps the request's order. */
export async function runBatch(request: BatchRequest, deps: BatchDeps): Promise<BatchAnswer> {
  const { describeFailure, operations: table = operations, door = 'batch' } = deps;
  const services = deps.services(request.sandbox === true);
  // One span for the batch, a child per entry.
  const results = await inSpan(door, { attributes: { 'svc.door': door, 'svc.batch.operations': request.operations.length } }, () => Promise.all(
    request.operations.map(async (operation): Promise<OperationResult> => {
      try {
        const result = await answerOperation(operation, services, table, door);
        return result.ok
          ? { ok: true, kind: operation.kind, data: result.value as Extract<OperationResult, { ok: true }>['data'] }
          : { ok: false, kind: operation.kind, problem: describeFailure(result.error) };
      } catch (error) {
        // A bug in one read must not sink the others; it becomes that entry's 500 problem.
        const failure = unexpectedFailure(error, deps.log, { event: 'batch operation failed', subject: 'This operation', fields: { kind: operation.kind } });
        return { ok: false, kind: operation.kind, problem: describeFailure(failure) };
      }
    }),
  ));
  return services.sandbox ? { results, sandbox: true } : { results };
}
