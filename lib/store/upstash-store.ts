import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { checkedTtlMs, secondsUntil, StoreUnavailableError, type ConditionalKeyValueStore, type RateLimiter, type Store } from './types';
import { systemClock, type Clock } from '@/lib/platform/clock';
import { peerTimeoutSignal } from '@/lib/platform/deadline';
import { createUpstashInsights } from './upstash-insights';

/** Upstash Redis over REST: shared by every instance, survives restarts. */
export interface UpstashStoreOptions {
  url: string;
  token: string;
  /** Only converts the limiter's reset timestamp to seconds; @upstash/ratelimit buckets by Date.now(). */
  clock?: Clock;
  limit: number;
  windowMs: number;
  /** Per-request timeout of the limiter path (it fails open after `failOpenTimeoutMs`, lib/store/fail-open.ts). */
  timeoutMs?: number;
  /** Per-request timeout of key-value operations. */
  kvTimeoutMs?: number;
  /** Most identifiers remembered as blocked in-process (see below). */
  maxBlockedKeys?: number;
}

const rateLimitPrefix = 'svc:rl';
const kvPrefix = 'svc:kv:';

/**
 * replaceIf as one Lua script, so the read and the write are one atomic
 * step in Redis. ARGV: the new value, its PX ('0' deletes), '1' when an
 * absent key counts as expected, then the expected values.
 */
const replaceIfScript = `
local current = redis.call('GET', KEYS[1])
local match = false
if current == false then
  match = ARGV[3] == '1'
else
  for i = 4, #ARGV do
    if current == ARGV[i] then match = true break end
  end
end
if not match then return 0 end
if ARGV[2] == '0' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;

/**
 * @upstash/ratelimit's ephemeral cache remembers denied identifiers until
 * their window turns, sparing Redis a call per request from a client that
 * is already over the limit. Its default Map is unbounded; this one drops
 * its oldest entry when full.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  private readonly maxSize: number;
  constructor(maxSize: number) {
    super();
    this.maxSize = maxSize;
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.maxSize) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

function redisClient(url: string, token: string, timeoutMs: number, automaticDeserialization: boolean): Redis {
  return new Redis({
    url,
    token,
    // `retry: false` still makes two attempts in 1.39; `retries: 0` makes one.
    // A retry would not fit in the time budget anyway.
    retry: { retries: 0 },
    // A function gives every request its own deadline; a fixed signal would
    // expire once and (in 1.39) turn into a fake successful result. Measured
    // by peerTimeout, not AbortSignal.timeout: a busy event loop is not Redis's silence.
    signal: () => peerTimeoutSignal(timeoutMs),
    automaticDeserialization,
    enableTelemetry: false,
  });
}

/**
 * The error callers see. @upstash/redis puts the whole command, keys and
 * values included, into its messages ("..., command was: [...]"); keys are
 * client IPs and values are stored records, so neither the message nor the
 * original error travels on.
 */
function unavailable(operation: string, error: unknown, timeoutMs: number): StoreUnavailableError {
  let reason = 'unknown error';
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') {
      reason = `no answer within ${timeoutMs} ms`;
    } else {
      reason = error.message.split(', command was:')[0]!;
      const code = (error.cause as { code?: unknown } | undefined)?.code;
      if (typeof code === 'string') reason += ` (${code})`;
    }
  }
  return new StoreUnavailableError(`Redis ${operation} failed: ${reason}`);
}

export function createUpstashStore(options: UpstashStoreOptions): Store {
  const { url, token, limit, windowMs, clock = systemClock } = options;
  const timeoutMs = options.timeoutMs ?? 250;
  const kvTimeoutMs = options.kvTimeoutMs ?? 1000;

  const ratelimit = new Ratelimit({
    redis: redisClient(url, token, timeoutMs, true),
    limiter: Ratelimit.fixedWindow(limit, `${windowMs} ms`),
    prefix: rateLimitPrefix,
    // None of the library's own (a plain timer, which a busy event loop fires
    // before it reads Redis's answer): failOpenLimiter bounds the wait, and the
    // client's signal ends the request.
    timeout: 0,
    analytics: false,
    ephemeralCache: new BoundedMap<string, number>(options.maxBlockedKeys ?? 10_000),
    enableTelemetry: false,
  });

  const limiter: RateLimiter = {
    async limit(name) {
      // A name that could not be made fails with its own error (the salt's store call).
      const key = await name;
      let response: Awaited<ReturnType<typeof ratelimit.limit>>;
      try {
        response = await ratelimit.limit(key);
      } catch (error) {
        throw unavailable('rate limit', error, timeoutMs);
      }
      return {
        allowed: response.success,
        limit: response.limit,
        remaining: Math.max(0, response.remaining),
        resetSeconds: secondsUntil(response.reset, clock()),
      };
    },
  };

  // Values are opaque strings: automatic JSON deserialization would turn a
  // stored "42" into a number.
  const redis = redisClient(url, token, kvTimeoutMs, false);
  async function attempt<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unavailable(operation, error, kvTimeoutMs);
    }
  }

  // EVAL each time rather than EVALSHA first: a fresh Redis would cost a
  // second round trip (NOSCRIPT, then EVAL) inside one time budget.
  const replaceIf = redis.createScript<number>(replaceIfScript);
  const kv: ConditionalKeyValueStore = {
    get: (key) => attempt('GET', () => redis.get<string>(kvPrefix + key)),
    async set(key, value, ttlMs) {
      const px = checkedTtlMs(ttlMs);
      await attempt('SET', () => redis.set(kvPrefix + key, value, { px }));
    },
    async setIfAbsent(key, value, ttlMs) {
      const px = checkedTtlMs(ttlMs);
      // SET NX PX is atomic in Redis; "OK" when set, null when the key exists.
      const result = await attempt('SET NX', () => redis.set(kvPrefix + key, value, { nx: true, px }));
      return result === 'OK';
    },
    async delete(key) {
      await attempt('DEL', () => redis.del(kvPrefix + key));
    },
    async replaceIf(key, expected, next) {
      const px = next ? String(checkedTtlMs(next.ttlMs)) : '0';
      const values = expected.filter((value): value is string => value !== null);
      const args = [next?.value ?? '', px, expected.includes(null) ? '1' : '0', ...values];
      const result = await attempt('EVAL', () => replaceIf.eval([kvPrefix + key], args));
      return Number(result) === 1;
    },
  };

  return { kind: 'upstash', kv, limiter, insights: createUpstashInsights(redis, attempt) };
}
