import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/http/problem';
import type { Clock, KeyValueStore, Log } from '@/lib/store/types';
import { err, ok, type Result } from './result';

/**
 * `Idempotency-Key` on POST /v1/batch (spec "Limits": 1–200 characters of
 * letters, digits, dot, underscore, hyphen; remembered 24 hours), after the
 * IETF draft "The Idempotency-Key HTTP Header Field": the first request
 * with a key runs and its response is stored; a retry with the same key and
 * body is answered from memory; a retry while the first still runs gets
 * 409; the same key with another body gets 422.
 *
 * Exactly-once rests on the store's atomic `setIfAbsent`: callers race to
 * claim the key with a short-lived `running` record, one wins. The lease
 * frees the key if the winner dies before it stores its response.
 */

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotentOutcome =
  | { kind: 'executed'; response: StoredResponse }
  | { kind: 'replayed'; response: StoredResponse };

export interface IdempotencyOptions {
  kv: KeyValueStore;
  clock: Clock;
  /** Who the key belongs to (the client id): keys of different clients never meet. */
  scope: string;
  /** The validated `Idempotency-Key`. */
  key: string;
  /** `requestFingerprint(body)`: tells a retry from a different request under the same key. */
  fingerprint: string;
  /** How long a completed response is remembered (spec "Limits": 24 hours). */
  ttlMs?: number;
  /** How long a claim holds while the first request runs. */
  leaseMs?: number;
  log?: Log;
}

export const idempotencyTtlMs = 24 * 60 * 60 * 1000;
export const idempotencyLeaseMs = 30_000;

const idempotencyKeyPattern = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * The key from the header value. The draft sends it as a structured-field
 * string (`"abc"`); the quoted and bare forms name the same key.
 */
export function validateIdempotencyKey(value: string): Result<string, ApiError> {
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (idempotencyKeyPattern.test(key)) return ok(key);
  return err(
    new ApiError('invalid_idempotency_key', 'The `Idempotency-Key` header must be 1–200 characters of letters, digits, dot, underscore and hyphen.'),
  );
}

/** JSON with object keys sorted at every depth, so equal bodies print equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the canonical JSON of a parsed request body. */
export const requestFingerprint = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const storedResponseSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
const recordSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('running'), fingerprint: z.string(), startedAt: z.number() }),
  z.object({ state: z.literal('done'), fingerprint: z.string(), completedAt: z.number(), response: storedResponseSchema }),
]);
type IdempotencyRecord = z.infer<typeof recordSchema>;

function parseRecord(value: string | null): IdempotencyRecord | 'absent' | 'unreadable' {
  if (value === null) return 'absent';
  try {
    const parsed = recordSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

const storeUnavailable = () =>
  new ApiError('store_unavailable', 'The store that keeps idempotency records did not answer; nothing was executed. Retry later with the same `Idempotency-Key`.');
const keyInUse = () =>
  new ApiError(
    'idempotency_key_in_use',
    'A request with this `Idempotency-Key` is still being processed. Retry in a moment; once it completes, the retry is answered from memory.',
    { 'Retry-After': '1' },
  );
const keyReused = () =>
  new ApiError('idempotency_key_reused', 'This `Idempotency-Key` was already used with a different request body. Use a new key for a different request.');

/** Store calls whose failure means "the store is down" rather than a bug in `execute`. */
async function storeCall<T>(call: () => Promise<T>): Promise<Result<T, ApiError>> {
  try {
    return ok(await call());
  } catch {
    return err(storeUnavailable());
  }
}

/**
 * Runs `execute` at most once per (scope, key) within `ttlMs`, or answers
 * from memory. If `execute` throws, the claim is released (so a retry can
 * run) and the error propagates; a 5xx response is not remembered either.
 */
export async function runIdempotent(
  options: IdempotencyOptions,
  execute: () => Promise<StoredResponse>,
): Promise<Result<IdempotentOutcome, ApiError>> {
  const { kv, clock, fingerprint, ttlMs = idempotencyTtlMs, leaseMs = idempotencyLeaseMs, log } = options;
  // The scope (a client id, maybe an address) is hashed so the store never holds it.
  const recordKey = `idempotency:v1:${sha256(options.scope)}:${options.key}`;
  const running: IdempotencyRecord = { state: 'running', fingerprint, startedAt: clock() };

  async function executeClaimed(): Promise<StoredResponse> {
    let response: StoredResponse;
    try {
      response = await execute();
    } catch (error) {
      await kv.delete(recordKey).catch(() => undefined);
      throw error;
    }
    if (response.status >= 500) {
      // A server failure is not the answer to remember; let a retry run again.
      await kv.delete(recordKey).catch(() => undefined);
      return response;
    }
    const done: IdempotencyRecord = { state: 'done', fingerprint, completedAt: clock(), response };
    try {
      await kv.set(recordKey, JSON.stringify(done), ttlMs);
    } catch (error) {
      // The client still gets its answer; a retry after the lease runs it again (reads only, so harmless).
      log?.('warn', 'idempotent response not stored', { cause: String(error) });
    }
    return response;
  }

  // A claim can expire between setIfAbsent and get; then the key is free again, so try once more.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claimed = await storeCall(() => kv.setIfAbsent(recordKey, JSON.stringify(running), leaseMs));
    if (!claimed.ok) return claimed;
    if (claimed.value) return ok({ kind: 'executed', response: await executeClaimed() });

    const stored = await storeCall(() => kv.get(recordKey));
    if (!stored.ok) return stored;
    const record = parseRecord(stored.value);
    if (record === 'absent') continue;
    if (record === 'unreadable') return err(keyInUse());
    if (record.fingerprint !== fingerprint) return err(keyReused());
    if (record.state === 'running') return err(keyInUse());
    return ok({ kind: 'replayed', response: record.response });
  }
  return err(keyInUse());
}
