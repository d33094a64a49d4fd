import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CoreError } from './core-error';
import type { ConditionalKeyValueStore } from '@/lib/store/types';
import type { Clock, MonotonicClock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';
import { err, ok, type Result } from './result';
import { abandonedClaimsOf, unstoredAnswersOf } from './idempotency-background-writes';

/**
 * `Idempotency-Key` on POST /v1/batch (/docs/api/batch-and-jobs,
 * "Idempotency": 1–200 characters of letters, digits, dot, underscore,
 * hyphen; remembered 24 hours), after the IETF draft "The Idempotency-Key
 * HTTP Header Field": the first request with a key runs and its answer is
 * stored; a retry with the same key and body is answered from memory; a retry
 * while the first still runs gets 409; the same key with another body gets
 * 422. What is stored is the answer's bytes, not an HTTP response: the door
 * renders it (status and headers) the same way whether it ran or was
 * replayed.
 *
 * Exactly-once rests on the store's atomic `setIfAbsent`: callers race to
 * claim the key with a short-lived `running` record, one wins. The lease
 * frees the key if the winner dies before it stores its answer.
 *
 * A claim whose write fails or times out is answered 503 "nothing ran", yet
 * the write may still land: a stalled Redis executes the command waiting in
 * its socket buffer when it resumes, which left the key `running` for the
 * whole lease and the client's retry at 409. Every claim
 * carries its own id, so the process that gave up on one can name exactly
 * that claim: it takes it over when the retry comes to it, and until the
 * store answers again it keeps asking the store to replace that claim (or
 * the empty key, should the claim still be in flight) with an `abandoned`
 * tombstone, which any instance's retry takes over atomically.
 *
 * An answer that ran but could not be stored (the store stopped answering
 * between the claim and the answer) is given to its client and stored in
 * the background once the store answers again, over the claim that still
 * holds the key: the other clients of the key get 409 meanwhile and then
 * the replay, so the work runs once (docs/decisions/0016). Both background
 * writes are in lib/core/idempotency-background-writes.ts.
 */

/**
 * One run of the request: its answer, serialised (replayed byte for byte), or
 * a failure, which is not remembered: a retry runs again.
 */
export type IdempotentRun = () => Promise<Result<string, CoreError>>;

export interface IdempotentOutcome {
  kind: 'executed' | 'replayed';
  /** The answer's bytes, as the run produced them. */
  answer: string;
}

export interface IdempotencyOptions {
  kv: ConditionalKeyValueStore;
  clock: Clock;
  /** What the background undo of a given-up claim measures its retry window with. */
  monotonic: MonotonicClock;
  /** Who the key belongs to (the client id): keys of different clients never meet. */
  scope: string;
  /** The validated `Idempotency-Key`. */
  key: string;
  /** `requestFingerprint(body)`: tells a retry from a different request under the same key. */
  fingerprint: string;
  /** How long a completed answer is remembered (/docs/api/limits, "Lifetimes": 24 hours). */
  ttlMs?: number;
  /** How long a claim holds while the first request runs. */
  leaseMs?: number;
  log?: Log;
}

const idempotencyTtlMs = 24 * 60 * 60 * 1000;
export const idempotencyLeaseMs = 30_000;

const idempotencyKeyPattern = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * The key from the header value. The draft sends it as a structured-field
 * string (`"abc"`); the quoted and bare forms name the same key.
 */
export function validateIdempotencyKey(value: string): Result<string, CoreError> {
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (idempotencyKeyPattern.test(key)) return ok(key);
  return err(
    new CoreError('invalid_idempotency_key', 'The `Idempotency-Key` header must be 1–200 characters of letters, digits, dot, underscore and hyphen.'),
  );
}

/**
 * JSON with object keys sorted at every depth, so equal bodies print
 * equally. Written with a work list, not recursion: a body may nest
 * thousands of levels within its size limit, more than the stack holds.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Last in, first out: each entry is text to write or a value to print.
  const work: Array<{ text: string } | { value: unknown }> = [{ value }];
  while (work.length > 0) {
    const item = work.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const current = item.value;
    const parts: Array<{ text: string } | { value: unknown }> = [];
    if (Array.isArray(current)) {
      parts.push({ text: '[' });
      current.forEach((child: unknown, index) => {
        if (index > 0) parts.push({ text: ',' });
        parts.push({ value: child ?? null });
      });
      parts.push({ text: ']' });
    } else if (typeof current === 'object' && current !== null) {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      parts.push({ text: '{' });
      keys.forEach((key, index) => {
        parts.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` }, { value: record[key] });
      });
      parts.push({ text: '}' });
    } else {
      out.push(JSON.stringify(current) ?? 'null');
      continue;
    }
    for (let index = parts.length - 1; index >= 0; index -= 1) work.push(parts[index]!);
  }
  return out.join('');
}

/** SHA-256 of the canonical JSON of a parsed request body. */
export const requestFingerprint = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const recordSchema = z.discriminatedUnion('state', [
  // `claim` names one claim; records written before claims had ids have none.
  z.object({ state: z.literal('running'), fingerprint: z.string(), startedAt: z.number(), claim: z.string().optional() }),
  z.object({
    state: z.literal('done'),
    fingerprint: z.string(),
    completedAt: z.number(),
    answer: z.string().optional(),
    // Records written before the answer was stored alone kept the whole HTTP response; its body is the answer.
    response: z.object({ body: z.string() }).optional(),
  }),
  // A claim whose owner gave up before running anything: the key is free.
  z.object({ state: z.literal('abandoned'), claim: z.string() }),
]);
type IdempotencyRecord = z.infer<typeof recordSchema>;

function parseRecord(value: string | null): IdempotencyRecord | 'absent' | 'unreadable' {
  if (value === null) return 'absent';
  try {
    const parsed = recordSchema.safeParse(JSON.parse(value));
    if (!parsed.success) return 'unreadable';
    const record = parsed.data;
    return record.state === 'done' && answerOf(record) === undefined ? 'unreadable' : record;
  } catch {
    return 'unreadable';
  }
}

const answerOf = (record: Extract<IdempotencyRecord, { state: 'done' }>) => record.answer ?? record.response?.body;

const storeUnavailable = () =>
  new CoreError('store_unavailable', 'The store that keeps idempotency records did not answer; nothing was executed. Retry later with the same `Idempotency-Key`.');
const keyInUse = () =>
  new CoreError(
    'idempotency_key_in_use',
    'A request with this `Idempotency-Key` is still being processed. Retry in a moment; once it completes, the retry is answered from memory.',
  );
const keyReused = () =>
  new CoreError('idempotency_key_reused', 'This `Idempotency-Key` was already used with a different request body. Use a new key for a different request.');

/** Store calls whose failure means "the store is down" rather than a bug in `execute`. */
async function storeCall<T>(call: () => Promise<T>): Promise<Result<T, CoreError>> {
  try {
    return ok(await call());
  } catch {
    return err(storeUnavailable());
  }
}

/**
 * Runs `execute` at most once per (scope, key) within `ttlMs`, or answers
 * from memory. If `execute` fails, the claim is released (so a retry can
 * run) and its failure is the outcome; if it throws, the same, and the
 * error propagates.
 */
export async function runIdempotent(options: IdempotencyOptions, execute: IdempotentRun): Promise<Result<IdempotentOutcome, CoreError>> {
  const { kv, clock, monotonic, fingerprint, ttlMs = idempotencyTtlMs, leaseMs = idempotencyLeaseMs, log } = options;
  // The scope (a client id, maybe an address) is hashed so the store never holds it.
  const recordKey = `idempotency:v1:${sha256(options.scope)}:${options.key}`;
  const abandoned = abandonedClaimsOf(kv, { leaseMs, monotonic, log });

  function newClaim() {
    const claim = randomUUID();
    const value = JSON.stringify({ state: 'running', fingerprint, startedAt: clock(), claim } satisfies IdempotencyRecord);
    return { claim, value };
  }

  /** The store did not answer a claim: it may still land, so it is given up on exactly. */
  function giveUp(claimed: { claim: string; value: string }) {
    abandoned.add(recordKey, claimed.value, claimed.claim);
    return err(storeUnavailable());
  }

  async function executeClaimed(claimed: string): Promise<Result<IdempotentOutcome, CoreError>> {
    // Only our own claim is released: past the lease the key may be someone else's.
    const release = () => kv.replaceIf(recordKey, [claimed], null).catch(() => false);
    let result: Result<string, CoreError>;
    try {
      result = await execute();
    } catch (error) {
      await release();
      throw error;
    }
    if (!result.ok) {
      // A failure is not the answer to remember; let a retry run again.
      await release();
      return result;
    }
    // One line per run of a key's work, so runs per key can be counted from the logs (/docs/operate/telemetry,
    // "Logs"); the record's digest names neither the client nor its key.
    log?.('info', 'idempotent request executed', { idempotency_record: sha256(recordKey).slice(0, 16) });
    const done = JSON.stringify({ state: 'done', fingerprint, completedAt: clock(), answer: result.value } satisfies IdempotencyRecord);
    try {
      // Over our own claim, or the empty key should the lease have run out: never over another runner's claim.
      await kv.replaceIf(recordKey, [claimed, null], { value: done, ttlMs });
    } catch (error) {
      // The client still gets its answer; the claim holds the key (409) until the store takes the answer.
      log?.('warn', 'idempotent answer not stored yet; it is stored once the store answers', { cause: String(error) });
      unstoredAnswersOf(kv, { monotonic, log }).add(recordKey, claimed, done, ttlMs);
    }
    return ok({ kind: 'executed', answer: result.value });
  }

  // A claim can expire between setIfAbsent and get; then the key is free again, so try once more.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claim = newClaim();
    const claimed = await storeCall(() => kv.setIfAbsent(recordKey, claim.value, leaseMs));
    if (!claimed.ok) return giveUp(claim);
    if (claimed.value) return executeClaimed(claim.value);

    const stored = await storeCall(() => kv.get(recordKey));
    if (!stored.ok) return stored;
    const current = stored.value;
    if (current === null) continue;
    const record = parseRecord(current);
    if (record === 'absent' || record === 'unreadable') return err(keyInUse());

    // A tombstone, or a claim this process gave up on: nobody runs under it, so take the key over.
    if (record.state === 'abandoned' || (record.state === 'running' && abandoned.owns(recordKey, current))) {
      const takeover = newClaim();
      const taken = await storeCall(() => kv.replaceIf(recordKey, [current], { value: takeover.value, ttlMs: leaseMs }));
      if (!taken.ok) return giveUp(takeover);
      if (!taken.value) continue; // Someone else changed it first; look again.
      abandoned.forget(recordKey);
      return executeClaimed(takeover.value);
    }

    if (record.fingerprint !== fingerprint) return err(keyReused());
    if (record.state === 'running') return err(keyInUse());
    return ok({ kind: 'replayed', answer: answerOf(record)! });
  }
  return err(keyInUse());
}
