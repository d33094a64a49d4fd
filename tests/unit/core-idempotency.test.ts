import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  requestFingerprint,
  runIdempotent,
  validateIdempotencyKey,
  type IdempotencyOptions,
  type StoredResponse,
} from '@/lib/core/idempotency';
import { createFakeClock, createFakeKv } from '../helpers/fake-kv';

const body = { operations: [{ kind: 'release', app: 'pounce' }] };
const response = (n: number): StoredResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ results: [], n }),
});

function setup() {
  const time = createFakeClock();
  const kv = createFakeKv(time.clock);
  const options = (overrides: Partial<IdempotencyOptions> = {}): IdempotencyOptions => ({
    kv,
    clock: time.clock,
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

  it('replays the stored response byte for byte', async () => {
    const { options } = setup();
    const first = await runIdempotent(options(), async () => response(1));
    let ranAgain = false;
    const second = await runIdempotent(options(), async () => {
      ranAgain = true;
      return response(2);
    });
    expect(ranAgain).toBe(false);
    expect(first.ok && first.value.kind).toBe('executed');
    expect(second.ok && second.value).toEqual({ kind: 'replayed', response: response(1) });
    expect(second.ok && second.value.response.body).toBe(first.ok && first.value.response.body);
  });

  it('answers 422 idempotency_key_reused for the same key with another body', async () => {
    const { options } = setup();
    await runIdempotent(options(), async () => response(1));
    const other = await runIdempotent(options({ fingerprint: requestFingerprint({ operations: [] }) }), async () => response(2));
    expect(other.ok ? 'ok' : [other.error.code, other.error.status]).toEqual(['idempotency_key_reused', 422]);
  });

  it('answers 409 idempotency_key_in_use while the first runs, with Retry-After', async () => {
    const { options } = setup();
    let finish: () => void = () => undefined;
    const first = runIdempotent(options(), () => new Promise<StoredResponse>((resolve) => (finish = () => resolve(response(1)))));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await runIdempotent(options(), async () => response(2));
    expect(second.ok ? 'ok' : [second.error.code, second.error.status, second.error.headers['Retry-After']]).toEqual([
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
    expect(result.ok ? 'ok' : [result.error.code, result.error.status]).toEqual(['store_unavailable', 503]);
    expect(ran).toBe(false);
  });

  it('keeps keys of different clients apart', async () => {
    const { options } = setup();
    await runIdempotent(options({ scope: 'client-a' }), async () => response(1));
    const b = await runIdempotent(options({ scope: 'client-b' }), async () => response(2));
    expect(b.ok && b.value).toEqual({ kind: 'executed', response: response(2) });
  });

  it('never stores the client id itself', async () => {
    const { options, kv } = setup();
    await runIdempotent(options(), async () => response(1));
    expect(kv.keys().join(' ')).not.toContain('203.0.113.7');
  });

  it('releases the claim when execute throws, so a retry runs', async () => {
    const { options } = setup();
    await expect(runIdempotent(options(), async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const retry = await runIdempotent(options(), async () => response(2));
    expect(retry.ok && retry.value.kind).toBe('executed');
  });

  it('does not remember a 5xx response', async () => {
    const { options } = setup();
    await runIdempotent(options(), async () => ({ status: 503, headers: {}, body: '{}' }));
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
    void runIdempotent(options(), () => new Promise<StoredResponse>(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(outcomeOf(await runIdempotent(options(), async () => response(1)))).toBe('idempotency_key_in_use');
    time.advance(30_001);
    expect(outcomeOf(await runIdempotent(options(), async () => response(1)))).toBe('executed');
  });
});
