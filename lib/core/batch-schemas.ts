import { z } from 'zod';
import { namedOperations, operations, type OperationId, type OperationOutput, type OperationTable } from './operations';
import { maxBatchOperations, maxJobOperations, siteLimit, uriReference, jobStatusSchema } from './schemas';

/**
 * The bodies and answers of POST /v1/batch and /v1/jobs
 * (/docs/api/batch-and-jobs), made from an operation table: one entry kind
 * per operation with a `batch` name, whose fields are that operation's
 * arguments. The answer carries a failed entry as the door's failure document
 * (the HTTP door's problem, lib/http/problem-schema.ts), so the answer
 * schemas take it.
 */

/** `install` → `InstallOperation`: the named schema of one entry kind. */
const entryId = (kind: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)}Operation`;

/** A failed entry's or job's failure as the door describes it (an RFC 9457 problem on the HTTP door). */
export type FailureDocument = Record<string, unknown>;

/** One read of a batch: an operation's batch name as `kind`, and its arguments. */
export interface BatchEntry {
  kind: string;
  [argument: string]: unknown;
}

/** The body of POST /v1/batch and of POST /v1/jobs. */
export interface BatchRequest {
  operations: BatchEntry[];
  sandbox?: boolean;
}

/** What an entry answers: the output of an operation with a batch name (of the site's table; a copy's entries answer theirs). */
type EntryData = { [Id in OperationId]: (typeof operations)[Id]['names'] extends { readonly batch: string } ? OperationOutput<Id> : never }[OperationId];

export type OperationResult = { ok: true; kind: string; data: EntryData } | { ok: false; kind: string; problem: FailureDocument };

export interface BatchAnswer {
  results: OperationResult[];
  sandbox?: true;
}

type Kinds = [string, ...string[]];

/** The request schemas of a table: its batch entries, and the two bodies that take them. */
export function batchRequestSchemas(table: OperationTable = operations) {
  const named = namedOperations(table, 'batch');
  if (named.length === 0) throw new Error('no operation has a batch name');
  const entries = named.map(({ spec }) => z.object({ kind: z.literal(spec.names.batch!), ...spec.input.shape }).meta({ id: entryId(spec.names.batch!) }));
  const operationSchema = z.discriminatedUnion('kind', entries as [(typeof entries)[number], ...typeof entries]).meta({ id: 'Operation' });
  /** The body of POST /v1/batch (at most 20 operations) and of POST /v1/jobs (at most 100): the same shape. */
  const requestSchema = (maxOperations: number, id: string, bound: string) =>
    z
      .object({
        operations: z.array(operationSchema).min(1).max(maxOperations).describe(`The reads to run, answered in order; 1–${maxOperations} (${bound})`),
        sandbox: z.boolean().optional().describe('true answers every operation from deterministic fixtures'),
      })
      .meta({ id }) as unknown as z.ZodType<BatchRequest>;
  return {
    kinds: named.map(({ spec }) => spec.names.batch!) as Kinds,
    operationSchema,
    batchRequestSchema: requestSchema(maxBatchOperations, 'BatchRequest', 'the spec\'s limit'),
    jobRequestSchema: requestSchema(maxJobOperations, 'JobRequest', `${maxJobOperations} is ${siteLimit}`),
  };
}

/** The answer schemas of a table: an entry's result, the batch answer, and the job that holds one. */
export function batchAnswerSchemas(table: OperationTable, failure: z.ZodType) {
  const named = namedOperations(table, 'batch');
  const kind = () => z.enum(named.map(({ spec }) => spec.names.batch!) as Kinds);
  const operationResultSchema = z
    .discriminatedUnion('ok', [
      z.object({
        ok: z.literal(true),
        kind: kind(),
        data: z.union(named.map(({ spec }) => spec.output) as [z.ZodType, ...z.ZodType[]]),
      }),
      z.object({ ok: z.literal(false), kind: kind(), problem: failure }),
    ])
    .meta({ id: 'OperationResult' });
  const batchAnswerSchema = z
    .object({
      results: z.array(operationResultSchema).describe('One entry per operation, in order'),
      sandbox: z.literal(true).optional(),
    })
    .meta({ id: 'BatchAnswer' });
  const jobSchema = z
    .object({
      id: z.string(),
      status: jobStatusSchema,
      url: uriReference().describe('Where to poll; equal to the Location of the 202'),
      created_at: z.iso.datetime(),
      completed_at: z.iso.datetime().nullable(),
      operations: z.number().int().describe('Number of operations in the job'),
      result: batchAnswerSchema.optional().describe('Present once done; same shape as the batch answer'),
      problem: failure.optional().describe('Present when failed: why the job itself crashed'),
    })
    .meta({ id: 'Job' });
  return { operationResultSchema, batchAnswerSchema, jobSchema };
}

export type BatchRequestSchemas = ReturnType<typeof batchRequestSchemas>;

/** The site's batch and job bodies (lib/core/operations.ts). */
export const siteBatchSchemas = batchRequestSchemas();
export const { operationSchema, jobRequestSchema } = siteBatchSchemas;
