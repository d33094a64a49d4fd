import type { ConditionalKeyValueStore } from '@/lib/store/types';
import type { MonotonicClock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';

/**
 * What idempotency (lib/core/idempotency.ts) writes in the background, when
 * the store did not answer in a request's time: the undo of a claim given
 * up on, and an answer that ran but could not be stored. Each is retried
 * until the store answers once, per store (so per process) and bounded
 * (docs/decisions/0005-bounded-memory.md).
 */

// --- claims given up on ------------------------------------------------------

/** At most this many keys with given-up claims are tracked per store; past it the oldest are left to their lease. */
const maxAbandonedClaims = 1_000;
/** Given-up claims remembered per key (a client retrying during a stall gives up one per retry). */
const maxClaimsPerKey = 8;
/** How long a given-up claim is undone in the background before it is left to its lease. */
export const abandonedClaimRetryMs = 120_000;
const firstRetryDelayMs = 100;
const maxRetryDelayMs = 5_000;

/**
 * The claims this process wrote, or may have written, and then gave up on
 * because the store did not answer. One registry per store (the store is
 * one per process), bounded in keys, claims per key and time.
 */
export class AbandonedClaims {
  /** Record key → the exact `running` values that may sit (or land) there. */
  private readonly claims = new Map<string, string[]>();

  constructor(
    private readonly kv: ConditionalKeyValueStore,
    private readonly options: { leaseMs: number; monotonic: MonotonicClock; log?: Log; maxEntries?: number; retryForMs?: number },
  ) {}

  /** Keys with given-up claims. */
  get size(): number {
    return this.claims.size;
  }

  /** True when `value` is a claim this process gave up on: nobody runs under it. */
  owns(recordKey: string, value: string): boolean {
    return this.claims.get(recordKey)?.includes(value) ?? false;
  }

  forget(recordKey: string): void {
    this.claims.delete(recordKey);
  }

  /** Remembers a claim whose write failed and starts undoing it in the background. */
  add(recordKey: string, value: string, claim: string): void {
    const values = this.claims.get(recordKey) ?? [];
    this.claims.delete(recordKey); // re-inserted below as the newest
    const max = this.options.maxEntries ?? maxAbandonedClaims;
    while (this.claims.size >= max) {
      const oldest = this.claims.keys().next().value;
      if (oldest === undefined) break;
      this.claims.delete(oldest);
    }
    this.claims.set(recordKey, [...values.slice(1 - maxClaimsPerKey), value]);
    void this.undo(recordKey, value, claim);
  }

  private drop(recordKey: string, value: string): void {
    const values = this.claims.get(recordKey)?.filter((held) => held !== value);
    if (values?.length) this.claims.set(recordKey, values);
    else this.claims.delete(recordKey);
  }

  /**
   * Replaces the claim, or the empty key where the claim may still land,
   * with a tombstone, until one attempt gets an answer. Redis runs the
   * commands of one connection in order, so an attempt sent after the claim
   * runs after it even when both waited out a stall.
   */
  private async undo(recordKey: string, value: string, claim: string): Promise<void> {
    const tombstone = JSON.stringify({ state: 'abandoned', claim });
    await untilTheStoreAnswers(() => this.kv.replaceIf(recordKey, [null, value], { value: tombstone, ttlMs: this.options.leaseMs }), {
      ...this.options,
      wanted: () => this.owns(recordKey, value),
      givenUp: 'abandoned idempotency claim not undone; it frees the key when its lease ends',
    });
    this.drop(recordKey, value);
  }
}

/**
 * Sends `write` until the store answers it once (whatever the answer),
 * backing off from 100 ms to 5 s, while `wanted()` holds and for at most
 * `retryForMs` by the injected monotonic clock; past that it logs `givenUp`
 * once. The timers are unref'd: a background retry never holds the process.
 */
async function untilTheStoreAnswers(
  write: () => Promise<unknown>,
  options: { monotonic: MonotonicClock; log?: Log; retryForMs?: number; wanted: () => boolean; givenUp: string },
): Promise<void> {
  const started = options.monotonic();
  let delay = firstRetryDelayMs;
  while (options.wanted()) {
    try {
      await write();
      return;
    } catch (error) {
      if (options.monotonic() - started + delay > (options.retryForMs ?? abandonedClaimRetryMs)) {
        options.log?.('warn', options.givenUp, { cause: String(error) });
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        (timer as { unref?: () => void }).unref?.();
      });
      delay = Math.min(delay * 2, maxRetryDelayMs);
    }
  }
}

// --- answers not stored ------------------------------------------------------

/** At most this many answers wait to be stored per store, and at most this many characters of them. */
const maxUnstoredAnswers = 1_000;
const maxUnstoredCharacters = 8 * 1024 * 1024;

/**
 * Answers this process ran, gave to their clients and could not store
 * because the store stopped answering. Until one is stored, its key holds
 * this process's claim, so every retry answers 409 rather than running the
 * work again; each is written over that claim, or over the empty key should
 * the claim have expired meanwhile, once the store answers. One registry per
 * store, bounded in answers and characters (the oldest past the bound is
 * left to its claim's lease) and in time (abandonedClaimRetryMs).
 */
export class UnstoredAnswers {
  /** Record key → the answer's record, oldest first (each entry is its own object, so a newer answer under the key stops an older write). */
  private readonly answers = new Map<string, { record: string }>();
  private characters = 0;

  constructor(
    private readonly kv: ConditionalKeyValueStore,
    private readonly options: { monotonic: MonotonicClock; log?: Log; maxEntries?: number; maxCharacters?: number; retryForMs?: number },
  ) {}

  /** Answers waiting to be stored. */
  get size(): number {
    return this.answers.size;
  }

  /** Stores `record` under `recordKey` over the claim `claimed` once the store answers. */
  add(recordKey: string, claimed: string, record: string, ttlMs: number): void {
    this.remove(recordKey);
    const entry = { record };
    this.answers.set(recordKey, entry);
    this.characters += record.length;
    const maxEntries = this.options.maxEntries ?? maxUnstoredAnswers;
    const maxCharacters = this.options.maxCharacters ?? maxUnstoredCharacters;
    while (this.answers.size > maxEntries || (this.characters > maxCharacters && this.answers.size > 1)) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    void untilTheStoreAnswers(() => this.kv.replaceIf(recordKey, [claimed, null], { value: record, ttlMs }), {
      ...this.options,
      wanted: () => this.answers.get(recordKey) === entry,
      givenUp: "idempotent answer not stored; a retry runs the work again when its claim's lease ends",
    }).finally(() => {
      if (this.answers.get(recordKey) === entry) this.remove(recordKey);
    });
  }

  private remove(recordKey: string): void {
    const entry = this.answers.get(recordKey);
    if (!entry) return;
    this.answers.delete(recordKey);
    this.characters -= entry.record.length;
  }
}

const unstoredRegistries = new WeakMap<ConditionalKeyValueStore, UnstoredAnswers>();

/** The registry of answers of `kv` not yet stored (one per store, so one per process). */
export function unstoredAnswersOf(kv: ConditionalKeyValueStore, options: { monotonic: MonotonicClock; log?: Log }): UnstoredAnswers {
  let registry = unstoredRegistries.get(kv);
  if (!registry) unstoredRegistries.set(kv, (registry = new UnstoredAnswers(kv, options)));
  return registry;
}

const registries = new WeakMap<ConditionalKeyValueStore, AbandonedClaims>();

/** The registry of given-up claims of `kv` (one per store, so one per process). */
export function abandonedClaimsOf(kv: ConditionalKeyValueStore, options: { leaseMs: number; monotonic: MonotonicClock; log?: Log }): AbandonedClaims {
  let registry = registries.get(kv);
  if (!registry) registries.set(kv, (registry = new AbandonedClaims(kv, options)));
  return registry;
}
