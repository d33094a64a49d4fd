import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson, idempotencyLeaseMs, requestFingerprint, runIdempotent, validateIdempotencyKey, type IdempotencyOptions } from '@/lib/core/idempotency';
import { AbandonedClaims, abandonedClaimRetryMs, abandonedClaimsOf, UnstoredAnswers, unstoredAnswersOf } from '@/lib/core/idempotency-background-writes';
import { CoreError } from '@/lib/core/core-error';
import { err, ok, type Result } from '@/lib/core/result';
import { systemMonotonicClock, type MonotonicClock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';
import { createFakeClock } from '../helpers/fake-kv';
import { until, useFakeTime } from '../helpers/fake-time';
import { createStallingKv } from '../helpers/stalling-kv';
import { problemStatus } from '@/lib/http/problem-codes';
import { problemResponse } from '@/lib/http/problem';

const body = { operations: [{ kind: 'release', app: 'pounce' }] };
const answer = (n: number) => JSON.stringify({ results: [], n });
const response = (n: number): Result<string, CoreError> => ok(answer(n));
/** A run that failed: not the answer to remember. */
const failed = (): Result<string, CoreError> => err(new CoreError('upstream_unavailable', 'The code host did not answer.'));
type Run = Result<string, CoreError>;

afterEach(() => {
  vi.useRealTimers();
});

function setup(monotonic: MonotonicClock = systemMonotonicClock) {
  const time = createFakeClock();
  const kv = createStallingKv(time.clock);
  const options = (overrides: Partial<IdempotencyOptions> = {}): IdempotencyOptions => ({
    kv,
    clock: time.clock,
    monotonic,
    scope: '203.0.113.7',
    key: 'key-1',
    fingerprint: requestFingerprint(body),
    ...overrides,
  });
  return { time, kv, options };
}

const outcomeOf = (result: Awaited<ReturnType<typeof runIdempotent>>) => (result.ok ? result.value.kind : result.error.code);

describe('validateIdempotencyKey', () => {
  it('takes 1–200 letters, digits, dot, underscore and hyphen', () => {
    for (const key of ['a', 'A.b_c-9', 'x'.repeat(200), '8e03978e-40d5-43e8-bc93-6894a57f9324']) {
      expect(validateIdempotencyKey(key)).toEqual({ ok: true, value: key });
    }
  });

  it('accepts the draft’s quoted structured-field form as the same key', () => {
    expect(validateIdempotencyKey('"abc-1"')).toEqual({ ok: true, value: 'abc-1' });
  });

  it('refuses anything else', () => {
    for (const key of ['', 'x'.repeat(201), 'has space', 'slash/y', 'colon:y', 'ünï', '""', '"a']) {
      const result = validateIdempotencyKey(key);
      expect(result.ok ? 'ok' : result.error.code).toBe('invalid_idempotency_key');
    }
  });
});

describe('request fingerprint', () => {
  it('ignores key order and whitespace, not content', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(requestFingerprint(JSON.parse('{ "sandbox": true, "operations": [] }'))).toBe(
      requestFingerprint({ operations: [], sandbox: true }),
    );
    expect(requestFingerprint({ operations: [], sandbox: true })).not.toBe(requestFingerprint({ operations: [], sandbox: false }));
  });

  /** The recursive form it had: fingerprints kept for a day stay valid, so the output must not change. */
  function recursiveCanonicalJson(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map((item) => recursiveCanonicalJson(item ?? null)).join(',')}]`;
    if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      const fields = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${recursiveCanonicalJson(record[key])}`);
      return `{${fields.join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
  }

  it('prints what the recursive form printed, for any JSON value (and undefined members)', () => {
    const withUndefined = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.constant(undefined),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(withUndefined, (value) => {
        expect(canonicalJson(value)).toBe(recursiveCanonicalJson(value));
      }),
      { seed: 1128, numRuns: 500 },
    );
  });

  it('prints a body nested deeper than the stack holds (a batch body with an Idempotency-Key answered 500)', () => {
    const depth = 100_000;
    const nested = JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`) as unknown;
    expect(canonicalJson(nested)).toBe(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);
    expect(requestFingerprint(nested)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('runIdempotent', () => {
  it('executes once for 50 concurrent callers with one key', async () => {
    const { options } = setup();
    let executions = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        runIdempotent(options(), async () => {
          executions += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return response(executions);
        }),
      ),
    );
    expect(executions).toBe(1);
    const outcomes = results.map(outcomeOf);
    expect(outcomes.filter((outcome) => outcome === 'executed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'idempotency_key_in_use')).toHaveLength(49);
  });

  it('replays the stored answer byte for byte', async () => {
    const { options } = setup();
    const first = await runIdempotent(options(), async () => response(1));
    let ranAgain = false;
    const second = await runIdempotent(options(), async () => {
      ranAgain = true;
      return response(2);
    });
    expect(ranAgain).toBe(false);
    expect(first.ok && first.value.kind).toBe('executed');
    expect(second.ok && second.value).toEqual({ kind: 'replayed', answer: answer(1) });
    expect(second.ok && second.value.answer).toBe(first.ok && first.value.answer);
  });

  it('replays a record kept as a whole HTTP response before the answer was stored alone, by its body', async () => {
    const { options, kv } = setup();
    await runIdempotent(options(), async () => response(1));
    const [recordKey] = kv.keys();
    const stored = JSON.parse((await kv.peek(recordKey!))!) as { answer: string };
    const { answer: body, ...rest } = stored;
    await kv.set(recordKey!, JSON.stringify({ ...rest, response: { status: 200, headers: { 'Content-Type': 'application/json' }, body } }), 60_000);
    expect((await runIdempotent(options(), async () => response(2)))).toEqual(ok({ kind: 'replayed', answer: answer(1) }));
  });

  it('answers 422 idempotency_key_reused for the same key with another body', async () => {
    const { options } = setup();
    await runIdempotent(options(), async () => response(1));
    const other = await runIdempotent(options({ fingerprint: requestFingerprint({ operations: [] }) }), async () => response(2));
    expect(other.ok ? 'ok' : [other.error.code, problemStatus[other.error.code]]).toEqual(['idempotency_key_reused', 422]);
  });

  it('answers 409 idempotency_key_in_use while the first runs, with Retry-After', async () => {
    const { options } = setup();
    let finish: () => void = () => undefined;
    const first = runIdempotent(options(), () => new Promise<Run>((resolve) => (finish = () => resolve(response(1)))));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await runIdempotent(options(), async () => response(2));
    expect(second.ok ? 'ok' : [second.error.code, problemStatus[second.error.code], problemResponse(second.error).headers.get('retry-after')]).toEqual([
      'idempotency_key_in_use',
      409,
      '1',
    ]);
    finish();
    expect(outcomeOf(await first)).toBe('executed');
    expect(outcomeOf(await runIdempotent(options(), async () => response(3)))).toBe('replayed');
  });

  it('answers 503 store_unavailable when the store is down, without executing', async () => {
    const { options, kv } = setup();
    kv.down = true;
    let ran = false;
    const result = await runIdempotent(options(), async () => {
      ran = true;
      return response(1);
    });
    expect(result.ok ? 'ok' : [result.error.code, problemStatus[result.error.code]]).toEqual(['store_unavailable', 503]);
    expect(ran).toBe(false);
  });

  it('keeps keys of different clients apart', async () => {
    const { options } = setup();
    await runIdempotent(options({ scope: 'client-a' }), async () => response(1));
    const b = await runIdempotent(options({ scope: 'client-b' }), async () => response(2));
    expect(b.ok && b.value).toEqual({ kind: 'executed', answer: answer(2) });
  });

  it('never stores the client id itself', async () => {
    const { options, kv } = setup();
    await runIdempotent(options(), async () => response(1));
    expect(kv.keys().join(' ')).not.toContain('203.0.113.7');
  });

  it('logs one line per run of a key’s work, by a digest of its record that names neither the client nor the key', async () => {
    const { options } = setup();
    const lines: { message: string; fields?: Record<string, unknown> }[] = [];
    const log: Log = (_level, message, fields) => lines.push({ message, fields });
    await Promise.all(Array.from({ length: 5 }, () => runIdempotent(options({ log }), async () => response(1))));
    await runIdempotent(options({ log }), async () => response(2));
    await runIdempotent(options({ log, key: 'key-2' }), async () => response(3));
    const runs = lines.filter((line) => line.message === 'idempotent request executed').map((line) => line.fields?.idempotency_record);
    const digest = (key: string) => createHash('sha256').update(`idempotency:v1:${createHash('sha256').update('203.0.113.7').digest('hex')}:${key}`).digest('hex').slice(0, 16);
    expect(runs).toEqual([digest('key-1'), digest('key-2')]);
    expect(JSON.stringify(lines)).not.toMatch(/203\.0\.113\.7|key-1|key-2/);
  });

  it('releases the claim when execute throws, so a retry runs', async () => {
    const { options } = setup();
    await expect(runIdempotent(options(), async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const retry = await runIdempotent(options(), async () => response(2));
    expect(retry.ok && retry.value.kind).toBe('executed');
  });

  it('does not remember a failed run, and answers with its failure', async () => {
    const { options } = setup();
    expect(outcomeOf(await runIdempotent(options(), async () => failed()))).toBe('upstream_unavailable');
    const retry = await runIdempotent(options(), async () => response(2));
    expect(retry.ok && retry.value.kind).toBe('executed');
  });

  it('remembers for 24 hours, then runs again', async () => {
    const { options, time } = setup();
    await runIdempotent(options(), async () => response(1));
    time.advance(24 * 60 * 60 * 1000 - 1);
    expect(outcomeOf(await runIdempotent(options(), async () => response(2)))).toBe('replayed');
    time.advance(2);
    expect(outcomeOf(await runIdempotent(options(), async () => response(3)))).toBe('executed');
  });

  it('frees the key when the first runner’s lease runs out', async () => {
    const { options, time } = setup();
    // A runner that claimed the key and never finished (its process died).
    void runIdempotent(options(), () => new Promise<Run>(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(outcomeOf(await runIdempotent(options(), async () => response(1)))).toBe('idempotency_key_in_use');
    time.advance(30_001);
    expect(outcomeOf(await runIdempotent(options(), async () => response(1)))).toBe('executed');
  });
});

// A claim whose write timed out (the store stalled) must not block the retry:
// the client was told nothing ran, so its retry must run.
describe('runIdempotent after a store stall', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const counting = () => {
    let runs = 0;
    return {
      get runs() {
        return runs;
      },
      execute: async () => response(++runs),
    };
  };

  it('answers 503 without running; once the stalled claim lands, the retry runs and the next one replays', async () => {
    const { options, kv } = setup();
    const work = counting();
    kv.stall();
    const stalled = await runIdempotent(options(), work.execute);
    expect(stalled.ok ? 'ok' : [stalled.error.code, problemStatus[stalled.error.code]]).toEqual(['store_unavailable', 503]);
    expect(work.runs).toBe(0);
    // The claim and the first undo attempt wait in the "socket buffer" and land in order.
    expect(kv.pending).toBeGreaterThanOrEqual(2);
    await kv.resume();
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('executed');
    expect(work.runs).toBe(1);
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('replayed');
    expect(work.runs).toBe(1);
  });

  it('takes over its own given-up claim when only the claim landed', async () => {
    const { options, kv } = setup();
    const work = counting();
    kv.stall();
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('store_unavailable');
    await kv.resume([0]); // the claim lands; the undo attempt is lost
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('executed');
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('replayed');
    expect(work.runs).toBe(1);
  });

  it('a claim that lands after its tombstone changes nothing; any retry takes the tombstone over', async () => {
    const { options, kv } = setup();
    const work = counting();
    kv.stall();
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('store_unavailable');
    await kv.resume([1, 0]); // the undo attempt overtakes the claim
    expect(JSON.parse((await kv.peek(kv.keys()[0]!))!)).toMatchObject({ state: 'abandoned' });
    // The retry reaches another instance: it knows nothing of the claim, only the tombstone.
    expect(outcomeOf(await runIdempotent(options({ kv: kv.sibling() }), work.execute))).toBe('executed');
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('replayed');
    expect(work.runs).toBe(1);
  });

  it('a client retrying during the stall: every given-up claim is known, the first one to land is taken over', async () => {
    const { options, kv } = setup();
    const work = counting();
    kv.stall();
    for (let i = 0; i < 3; i += 1) expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('store_unavailable');
    const registry = abandonedClaimsOf(kv, { leaseMs: idempotencyLeaseMs, monotonic: systemMonotonicClock });
    expect(registry.size).toBe(1);
    await kv.resume([0]); // only the first claim lands; every undo attempt is lost
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('executed');
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('replayed');
    expect(work.runs).toBe(1);
  });

  /** Counts the undo attempts (replaceIf calls) made on `kv`. */
  const countUndos = (kv: ReturnType<typeof setup>['kv']) => {
    const replaceIf = kv.replaceIf;
    const counter = { attempts: 0 };
    kv.replaceIf = (...args) => {
      counter.attempts += 1;
      return replaceIf(...args);
    };
    return counter;
  };

  it('keeps trying to undo while the store is down, backing off, and stops once it answers', async () => {
    const time = useFakeTime();
    const { options, kv } = setup(time.monotonic);
    const undos = countUndos(kv);
    const work = counting();
    kv.down = true;
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('store_unavailable');
    const registry = abandonedClaimsOf(kv, { leaseMs: idempotencyLeaseMs, monotonic: time.monotonic });
    expect(registry.size).toBe(1);
    await time.advance(0);
    expect(undos.attempts).toBe(1);
    // Retries after 100, then 200, then 400 ms.
    await time.advance(99);
    expect(undos.attempts).toBe(1);
    await time.advance(1);
    expect(undos.attempts).toBe(2);
    await time.advance(200);
    expect(undos.attempts).toBe(3);
    kv.down = false;
    await time.advance(399);
    expect(registry.size).toBe(1);
    await time.advance(1);
    expect(undos.attempts).toBe(4);
    expect(registry.size).toBe(0);
    await time.advance(60_000);
    expect(undos.attempts).toBe(4);
    expect(outcomeOf(await runIdempotent(options(), work.execute))).toBe('executed');
  });

  it('gives up undoing when its retry window (by the injected monotonic clock) ends, and says so once', async () => {
    const time = useFakeTime();
    const { options, kv } = setup(time.monotonic);
    const logs: Parameters<Log>[] = [];
    kv.down = true;
    expect(outcomeOf(await runIdempotent(options({ log: (...line) => logs.push(line) }), counting().execute))).toBe('store_unavailable');
    const registry = abandonedClaimsOf(kv, { leaseMs: idempotencyLeaseMs, monotonic: time.monotonic });
    await time.advance(abandonedClaimRetryMs - 5_000);
    expect(registry.size).toBe(1);
    expect(logs).toEqual([]);
    await time.advance(5_000);
    expect(registry.size).toBe(0);
    expect(logs).toEqual([['warn', expect.stringContaining('not undone'), expect.any(Object)]]);
  });

  it('still executes once for 50 concurrent retries after a stall', async () => {
    const { options, kv } = setup();
    let executions = 0;
    const slow = async () => {
      executions += 1;
      await sleep(20);
      return response(executions);
    };
    kv.stall();
    expect(outcomeOf(await runIdempotent(options(), slow))).toBe('store_unavailable');
    await kv.resume();
    const outcomes = (await Promise.all(Array.from({ length: 50 }, () => runIdempotent(options(), slow)))).map(outcomeOf);
    expect(executions).toBe(1);
    expect(outcomes.filter((outcome) => outcome === 'executed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'idempotency_key_in_use')).toHaveLength(49);
  });

  it('never releases a claim that is not its own', async () => {
    const { options, time } = setup();
    let finishFirst: () => void = () => undefined;
    const first = runIdempotent(options(), () => new Promise<Run>((resolve) => (finishFirst = () => resolve(failed()))));
    await sleep(5);
    time.advance(idempotencyLeaseMs + 1); // the first runner's lease ran out
    let finishSecond: () => void = () => undefined;
    const second = runIdempotent(options(), () => new Promise<Run>((resolve) => (finishSecond = () => resolve(response(2)))));
    await sleep(5);
    finishFirst(); // a failure: the first releases its claim, which is no longer in the store
    await first;
    expect(outcomeOf(await runIdempotent(options(), async () => response(3)))).toBe('idempotency_key_in_use');
    finishSecond();
    expect(outcomeOf(await second)).toBe('executed');
  });
});

// The store stops answering between a run's claim and its answer: the answer
// is given, and stored when the store answers again, so the work runs once.
describe('runIdempotent when the store stops before the answer is stored', () => {
  /** A run that takes the store down (connection refused) as it finishes, as a Redis stopped mid-request. */
  const runThenStoreDown = (kv: ReturnType<typeof setup>['kv'], work: { runs: number }) => async () => {
    work.runs += 1;
    kv.down = true;
    return response(work.runs);
  };

  it('gives the client its answer; other clients get 409 until the store is back, then the replay; the work runs once', async () => {
    const time = useFakeTime();
    const { options, kv } = setup(time.monotonic);
    const work = { runs: 0 };
    const first = await runIdempotent(options(), runThenStoreDown(kv, work));
    expect(first).toEqual(ok({ kind: 'executed', answer: answer(1) }));
    const registry = unstoredAnswersOf(kv, { monotonic: time.monotonic });
    expect(registry.size).toBe(1);
    // While the store is down: 503, nothing runs.
    expect(outcomeOf(await runIdempotent(options(), runThenStoreDown(kv, work)))).toBe('store_unavailable');
    await time.advance(1_000);
    kv.down = false;
    // Another instance may be asked before the background write: the claim still holds the key.
    const sibling = kv.sibling();
    const before = await runIdempotent(options({ kv: sibling }), runThenStoreDown(kv, work));
    expect([outcomeOf(before), registry.size]).toEqual(['idempotency_key_in_use', 1]);
    await time.advance(5_000);
    expect(registry.size).toBe(0);
    expect(await runIdempotent(options({ kv: sibling }), runThenStoreDown(kv, work))).toEqual(ok({ kind: 'replayed', answer: answer(1) }));
    // Past the claim's lease, still the replay: the answer replaced the claim.
    await time.advance(idempotencyLeaseMs);
    expect(outcomeOf(await runIdempotent(options(), runThenStoreDown(kv, work)))).toBe('replayed');
    expect(work.runs).toBe(1);
  });

  it('stores the answer when the claim expired while the store was down, and never over another runner’s claim', async () => {
    const time = useFakeTime();
    const { options, kv, time: wall } = setup(time.monotonic);
    const work = { runs: 0 };
    await runIdempotent(options(), runThenStoreDown(kv, work));
    wall.advance(idempotencyLeaseMs + 1); // the claim's lease ran out in the store
    kv.down = false;
    await time.advance(100);
    expect(outcomeOf(await runIdempotent(options({ kv: kv.sibling() }), runThenStoreDown(kv, work)))).toBe('replayed');

    // Another key: its lease runs out and another runner claims it before the store takes the first answer.
    const other = { runs: 0 };
    kv.down = false;
    await runIdempotent(options({ key: 'key-2' }), runThenStoreDown(kv, other));
    wall.advance(idempotencyLeaseMs + 1);
    let finish: (() => void) | undefined;
    const rival = runIdempotent(options({ key: 'key-2', kv: kv.sibling() }), () => new Promise<Run>((resolve) => (finish = () => resolve(response(7)))));
    await until(() => finish !== undefined);
    kv.down = false;
    await time.advance(6_000);
    expect(unstoredAnswersOf(kv, { monotonic: time.monotonic }).size).toBe(0);
    finish!();
    expect(await rival).toEqual(ok({ kind: 'executed', answer: answer(7) }));
    expect(await runIdempotent(options({ key: 'key-2', kv: kv.sibling() }), async () => response(8))).toEqual(ok({ kind: 'replayed', answer: answer(7) }));
  });

  it('gives up storing when its retry window ends, says so once, and the lease frees the key', async () => {
    const time = useFakeTime();
    const { options, kv, time: wall } = setup(time.monotonic);
    const logs: Parameters<Log>[] = [];
    const log: Log = (...line) => logs.push(line);
    const work = { runs: 0 };
    expect(outcomeOf(await runIdempotent(options({ log }), runThenStoreDown(kv, work)))).toBe('executed');
    expect(logs.map(([level, message]) => [level, message])).toEqual([
      ['info', 'idempotent request executed'],
      ['warn', expect.stringContaining('not stored yet')],
    ]);
    await time.advance(abandonedClaimRetryMs);
    expect(unstoredAnswersOf(kv, { monotonic: time.monotonic }).size).toBe(0);
    expect(logs.filter(([level]) => level === 'warn')).toHaveLength(2);
    expect(logs.at(-1)).toEqual(['warn', expect.stringContaining('not stored;'), expect.any(Object)]);
    kv.down = false;
    wall.advance(idempotencyLeaseMs);
    expect(outcomeOf(await runIdempotent(options(), async () => response(9)))).toBe('executed');
  });
});

describe('UnstoredAnswers', () => {
  it('holds at most its bound of answers and of characters under a flood', async () => {
    const time = createFakeClock();
    const kv = createStallingKv(time.clock);
    kv.down = true;
    const registry = new UnstoredAnswers(kv, { monotonic: () => 0, maxEntries: 100, maxCharacters: 10_000, retryForMs: 50 });
    for (let i = 0; i < 5_000; i += 1) registry.add(`k${i}`, `c${i}`, 'x'.repeat(10), 1000);
    expect(registry.size).toBeLessThanOrEqual(100);
    for (let i = 0; i < 50; i += 1) registry.add(`big${i}`, `c${i}`, 'x'.repeat(1_000), 1000);
    expect(registry.size).toBeLessThanOrEqual(10);
    await until(() => registry.size === 0);
  });
});

// The registry of given-up claims is bounded (memory stays bounded under a flood).
describe('AbandonedClaims', () => {
  it('holds at most its bound under a flood of distinct keys', async () => {
    const time = createFakeClock();
    const kv = createStallingKv(time.clock);
    kv.down = true;
    // Time stands still; a window shorter than the first retry delay gives up after one attempt.
    const registry = new AbandonedClaims(kv, { leaseMs: 1000, monotonic: () => 0, maxEntries: 100, retryForMs: 50 });
    for (let i = 0; i < 5_000; i += 1) registry.add(`k${i}`, `v${i}`, `c${i}`);
    expect(registry.size).toBeLessThanOrEqual(100);
    expect(registry.owns('k4999', 'v4999')).toBe(true);
    expect(registry.owns('k0', 'v0')).toBe(false);
    // One key given up on again and again keeps its newest claims only.
    for (let i = 0; i < 1_000; i += 1) registry.add('same', `s${i}`, `c${i}`);
    expect(registry.owns('same', 's999')).toBe(true);
    expect(registry.owns('same', 's0')).toBe(false);
    expect(registry.size).toBeLessThanOrEqual(100);
    // Each gives up after its retry window.
    await until(() => registry.size === 0);
  });
});

