import { z } from 'zod';

/**
 * Configuration, parsed and validated once (create-t3-app's `createEnv`
 * pattern). Every variable is listed in `.env.example` and in the README's
 * configuration table; `tests/unit/env.test.ts` keeps the three in step.
 */
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
/** An owner or repository name on the code host (GitHub's alphabet). */
const codeHostName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'letters, digits, `.`, `_` and `-`');

export const envSchema = z
  .object({
    SITE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    // The port `next start` listens on: it reads PORT, and sets it from `-p` once listening.
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_535).optional()),
    GITHUB_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://api.github.com')),
    GITHUB_RAW_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/ }).default('https://raw.githubusercontent.com'),
    ),
    GITHUB_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
    GITHUB_OWNER: z.preprocess(emptyToUndefined, codeHostName.default('layer-desktop')),
    GITHUB_LAYER_REPO: z.preprocess(emptyToUndefined, codeHostName.default('layer')),
    GITHUB_SITE_REPO: z.preprocess(emptyToUndefined, codeHostName.default('site')),
    UPSTASH_REDIS_REST_URL: z.preprocess(emptyToUndefined, optionalUrl),
    UPSTASH_REDIS_REST_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
    KV_REST_API_URL: z.preprocess(emptyToUndefined, optionalUrl),
    KV_REST_API_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
    TRUST_PROXY_HOPS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
    RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(600)),
    // How long Redis may take before the limiter fails open, and before a key-value call is store_unavailable.
    RATE_LIMIT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600_000).default(250)),
    STORE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600_000).default(1000)),
    // Search insights and page feedback (/docs/operate/insights): the maintainers' token (unset: /insights answers 404),
    // whether searches and reads are recorded, how long, and from how many distinct clients a query is listed.
    INSIGHTS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'at least 16 characters').optional()),
    INSIGHTS_RECORDING: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
    INSIGHTS_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(90)),
    INSIGHTS_MIN_CLIENTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(3)),
    // OpenTelemetry's standard variables (/docs/operate/telemetry), checked here so a bad value stops the
    // server naming it; the SDK (lib/platform/telemetry-sdk.ts) reads them from the environment as the specification says.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, optionalUrl),
    OTEL_EXPORTER_OTLP_PROTOCOL: z.preprocess(emptyToUndefined, z.enum(['http/protobuf', 'http/json']).optional()),
    OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().optional()),
    OTEL_TRACES_SAMPLER: z.preprocess(
      emptyToUndefined,
      z.enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio']).optional(),
    ),
    OTEL_TRACES_SAMPLER_ARG: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).optional()),
    OTEL_METRIC_EXPORT_INTERVAL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
    WEB_BOT_AUTH_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    WEB_BOT_AUTH_SIGNATURE_AGENT: z.preprocess(emptyToUndefined, optionalUrl),
    CURSOR_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
    VERCEL: z.preprocess(emptyToUndefined, z.string().optional()),
    VERCEL_PROJECT_PRODUCTION_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  })
  .refine((env) => Boolean(env.UPSTASH_REDIS_REST_URL) === Boolean(env.UPSTASH_REDIS_REST_TOKEN), {
    message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together',
  })
  .refine((env) => Boolean(env.KV_REST_API_URL) === Boolean(env.KV_REST_API_TOKEN), {
    message: 'KV_REST_API_URL and KV_REST_API_TOKEN must be set together',
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment; throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'environment';
    return `  ${name}: ${issue.message}`;
  });
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable and its default.`);
}

/** Redis credentials, when configured (Upstash names win over Vercel KV names). */
export function redisCredentials(env: Env): { url: string; token: string } | undefined {
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    return { url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN };
  }
  if (env.KV_REST_API_URL && env.KV_REST_API_TOKEN) {
    return { url: env.KV_REST_API_URL, token: env.KV_REST_API_TOKEN };
  }
  return undefined;
}

/** Next's own default port (`next start`, `next dev`). */
const defaultPort = 3000;

/**
 * The public origin used in install lines and absolute links. Without
 * SITE_URL (and off Vercel) it is this machine on the port the server
 * listens on, so a server started with `PORT=4000` names port 4000.
 */
export function publicOrigin(env: Env): string {
  if (env.SITE_URL) return env.SITE_URL.replace(/\/+$/, '');
  if (env.VERCEL_PROJECT_PRODUCTION_URL) return `https://${env.VERCEL_PROJECT_PRODUCTION_URL}`;
  return `http://localhost:${env.PORT ?? defaultPort}`;
}

let cached: Env | undefined;
/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
