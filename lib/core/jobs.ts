import { annotate, count, inSpan, type SpanLink } from '@/lib/platform/telemetry';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { jobRequestSchema, type BatchAnswer, type BatchRequest, type FailureDocument } from './batch-schemas';
import type { jobStatusSchema } from './schemas';
import { v1 } from '@/lib/routes';
import type { KeyValueStore } from '@/lib/store/types';
import type { Clock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';
import { CoreError, unexpectedFailure } from './core-error';
import { err, ok, type Result } from './result';

/**
 * Asynchronous jobs (/docs/api/batch-and-jobs, "/v1/jobs/{id}"): POST
 * /v1/jobs stores a `queued` job and answers 202; the runner (`execute`,
 * called after the response) answers every operation and stores `done` with
 * the batch answer, or `failed` if the run itself crashes. One hour after
 * completion the job is gone (`unknown_job`).
 *
 * A job carries a lease: a runner that dies leaves a job whose lease runs
 * out with no progress, and that job reads as `failed`, never stuck
 * `queued`.
 */

/** A job as clients read it (/docs/api/batch-and-jobs, "/v1/jobs/{id}"); lib/core/batch-schemas.ts has its schema. */
interface Job {
  id: string;
  status: z.output<typeof jobStatusSchema>;
  url: string;
  created_at: string;
  completed_at: string | null;
  operations: number;
  result?: BatchAnswer;
  problem?: FailureDocument;
}

type Problem = FailureDocument;

export interface JobServiceOptions {
  kv: KeyValueStore;
  clock: Clock;
  /** How long a job may wait for, or run in, its runner before it reads as failed. */
  leaseMs?: number;
  /** How long a finished job stays readable (/docs/api/limits, "Lifetimes": one hour). */
  retentionMs?: number;
  /** Answers the operations; `runBatch` bound to its dependencies. */
  run: (request: BatchRequest) => Promise<BatchAnswer>;
  newId?: () => string;
  /** How a failed job carries its failure: the problem document of the HTTP door. */
  describeFailure: (error: CoreError) => Problem;
  log?: Log;
}

export interface JobService {
  submit(request: BatchRequest): Promise<Result<Job, CoreError>>;
  /** Runs a queued job once; never throws (failures are stored or logged). */
  /** Runs a queued job; `links` are the spans its run links to (the request that queued it). */
  execute(id: string, trace?: { links?: SpanLink[] }): Promise<void>;
  read(id: string): Promise<Result<Job, CoreError>>;
}

const jobLeaseMs = 30_000;
const jobRetentionMs = 3_600_000;

const jobIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const jobRecordSchema = z.object({
  id: z.string(),
  /** `running` is internal: the public status stays `queued` until the job completes. */
  state: z.enum(['queued', 'running', 'done', 'failed']),
  createdAt: z.number(),
  leaseExpiresAt: z.number(),
  completedAt: z.number().nullable(),
  operations: z.number().int(),
  request: jobRequestSchema.optional(),
  // The answer and the failure are stored as this service made them (the door's documents), and read back whole.
  result: z.custom<BatchAnswer>((value) => typeof value === 'object' && value !== null && Array.isArray((value as BatchAnswer).results)).optional(),
  problem: z.record(z.string(), z.unknown()).optional(),
});
type JobRecord = z.infer<typeof jobRecordSchema>;

const recordKey = (id: string) => `job:v1:${id}`;
const runnerKey = (id: string) => `job:v1:${id}:runner`;

const unknownJob = () =>
  new CoreError('unknown_job', 'No job has this id, or its result aged out: results are kept one hour after the job completes.');
const storeUnavailable = () =>
  new CoreError('store_unavailable', 'The store that keeps jobs did not answer. Retry later.');

const iso = (ms: number) => new Date(ms).toISOString();

export function createJobService(options: JobServiceOptions): JobService {
  const { kv, clock, run, leaseMs = jobLeaseMs, retentionMs = jobRetentionMs, newId = randomUUID, describeFailure, log } = options;

  function abandoned(): Problem {
    const seconds = Math.round(leaseMs / 1000);
    return describeFailure(
      new CoreError('internal_error', `The job stopped before it finished: its runner did not report back within ${seconds} seconds. Submit it again.`),
    );
  }

  /** The job as clients see it at `now`, or undefined once it has aged out. */
  function publicJob(record: JobRecord, now: number): Job | undefined {
    const base = { id: record.id, url: v1.job(record.id), created_at: iso(record.createdAt), operations: record.operations };
    if (record.state === 'queued' || record.state === 'running') {
      if (now < record.leaseExpiresAt) return { ...base, status: 'queued', completed_at: null };
      // The runner died: the job failed when its lease ran out.
      if (now >= record.leaseExpiresAt + retentionMs) return undefined;
      return { ...base, status: 'failed', completed_at: iso(record.leaseExpiresAt), problem: abandoned() };
    }
    const completedAt = record.completedAt ?? record.leaseExpiresAt;
    if (now >= completedAt + retentionMs) return undefined;
    return record.state === 'done'
      ? { ...base, status: 'done', completed_at: iso(completedAt), result: record.result }
      : { ...base, status: 'failed', completed_at: iso(completedAt), problem: record.problem ?? abandoned() };
  }

  async function readRecord(id: string): Promise<JobRecord | undefined> {
    const value = await kv.get(recordKey(id));
    if (value === null) return undefined;
    try {
      const parsed = jobRecordSchema.safeParse(JSON.parse(value));
      if (parsed.success) return parsed.data;
    } catch {
      // Falls through: an unreadable record is no job.
    }
    log?.('error', 'unreadable job record', { id });
    return undefined;
  }

  async function writeRecord(record: JobRecord, ttlMs: number): Promise<void> {
    await kv.set(recordKey(record.id), JSON.stringify(record), ttlMs);
  }

  async function finish(record: JobRecord, outcome: { result: BatchAnswer } | { problem: Problem }): Promise<void> {
    const now = clock();
    // Past its lease the job already reads as failed; keep it failed so no client sees it change.
    const late = now >= record.leaseExpiresAt;
    const kept: JobRecord = { ...record, request: undefined };
    let finished: JobRecord;
    if (late) finished = { ...kept, state: 'failed', completedAt: record.leaseExpiresAt, problem: abandoned() };
    else if ('result' in outcome) finished = { ...kept, state: 'done', completedAt: now, result: outcome.result };
    else finished = { ...kept, state: 'failed', completedAt: now, problem: outcome.problem };
    count.job(finished.state);
    annotate({ 'svc.job.state': finished.state });
    const keepFor = (finished.completedAt ?? now) + retentionMs - now;
    if (keepFor > 0) await writeRecord(finished, keepFor);
  }

  async function executeJob(id: string): Promise<void> {
    try {
      // One runner per job, even if execute is called twice.
      if (!(await kv.setIfAbsent(runnerKey(id), String(clock()), leaseMs + retentionMs))) return;
      const record = await readRecord(id);
      if (!record || record.state !== 'queued' || !record.request) return;
      const now = clock();
      if (now >= record.leaseExpiresAt) return; // Too late: it already reads as failed.

      const running: JobRecord = { ...record, state: 'running', leaseExpiresAt: now + leaseMs };
      await writeRecord(running, leaseMs + retentionMs);
      let outcome: { result: BatchAnswer } | { problem: Problem };
      try {
        outcome = { result: await run(record.request) };
      } catch (error) {
        outcome = { problem: describeFailure(unexpectedFailure(error, log, { event: 'job crashed', subject: 'The job', fields: { id } })) };
      }
      await finish(running, outcome);
    } catch (error) {
      // The store failed; the job's lease runs out and it reads as failed.
      log?.('error', 'job could not be run', { id, cause: String(error) });
    }
  }

  return {
    async submit(request) {
      const now = clock();
      const record: JobRecord = {
        id: newId(),
        state: 'queued',
        createdAt: now,
        leaseExpiresAt: now + leaseMs,
        completedAt: null,
        operations: request.operations.length,
        request,
      };
      try {
        await writeRecord(record, leaseMs + retentionMs);
      } catch {
        return err(storeUnavailable());
      }
      const job = publicJob(record, now);
      return job ? ok(job) : err(unknownJob());
    },

    execute(id, trace) {
      // A trace of its own (it runs after the answer), linked to the request that queued it.
      return inSpan('job run', { root: true, links: trace?.links, attributes: { 'svc.door': 'job' } }, () => executeJob(id));
    },

    async read(id) {
      if (!jobIdPattern.test(id)) return err(unknownJob());
      let record: JobRecord | undefined;
      try {
        record = await readRecord(id);
      } catch {
        return err(storeUnavailable());
      }
      const job = record && publicJob(record, clock());
      return job ? ok(job) : err(unknownJob());
    },
  };
}
