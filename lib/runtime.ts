import { createCodeHostClient, createRequestSigner, type CodeHostClient, type RequestSigner } from '@/lib/code-host';
import { env as readEnv, publicOrigin, type Env } from '@/lib/env';
import { installerMaxBytes } from '@/lib/installers/installer';
import { runBatch } from '@/lib/core/batch';
import { createCursorCodec, type CursorCodec } from '@/lib/core/cursor';
import { createJobService, type JobService } from '@/lib/core/jobs';
import { createReleaseService, trustedAssetUrlPolicy, type ReleaseService } from '@/lib/core/releases';
import { createSandbox, type Sandbox } from '@/lib/core/sandbox';
import { resolveServices, type ReadServices, type ServiceRequest } from '@/lib/core/services';
import { createDocsSearch, searchSignal, type PreloadableDocsSearch } from '@/lib/core/search';
import { createInsights, type Insights } from '@/lib/insights/insights';
import { batchedAfterResponse } from '@/lib/http/after-response';
import { noDocsReader, type DocsReader } from '@/lib/core/docs-reader';
import type { SearchResponse } from '@/lib/core/schemas';
import { toProblem } from '@/lib/http/problem';
import type { RateLimitDeps } from '@/lib/http/rate-limit';
import { signatureDirectoryRoute } from '@/lib/routes';
import { createStore } from '@/lib/store';
import { type Store } from '@/lib/store/types';
import { systemClock, systemMonotonicClock, type Clock, type MonotonicClock } from '@/lib/platform/clock';
import { consoleLog, type Log } from '@/lib/platform/log';

/**
 * The composition root: the service's edges (configuration, clock, log,
 * store, code host) built once per process and handed to the handlers.
 * Kept on globalThis because Next bundles the proxy and each route
 * separately; one process must share one store. Tests build their own
 * runtime with `createRuntime` and install it with `installRuntime`.
 */
export interface Runtime {
  env: Env;
  clock: Clock;
  /** What request deadlines and retry windows measure with. */
  monotonic: MonotonicClock;
  log: Log;
  store: Store;
  /** Public origin for install lines and absolute links. */
  origin: string;
  /** Signs outbound requests when WEB_BOT_AUTH_PRIVATE_KEY is set (Web Bot Auth). */
  signer: RequestSigner;
  /** The only way out to the code host (installers, releases, design.md). */
  codeHost: CodeHostClient;
  cursors: CursorCodec;
  search: PreloadableDocsSearch;
  /** The documentation pages, whole (the MCP resources); installed by instrumentation.ts, as the search index is. */
  docs: DocsReader;
  releases: ReleaseService;
  sandbox: Sandbox;
  jobs: JobService;
  /**
   * The read services of one request, live or sandbox: the one choice
   * every door makes through here (lib/core/services.ts).
   */
  services(request: ServiceRequest): ReadServices;
  /** The per-client limit as the route layer applies it (lib/http/rate-limit.ts). */
  rateLimit: RateLimitDeps;
  /** Search insights and page feedback, on the store (lib/insights). */
  insights: Insights;
}

/**
 * Signs pagination cursors. Without CURSOR_SECRET a fixed development
 * secret is used: cursors still detect corruption and cross-list reuse, but
 * only a configured secret makes them unforgeable.
 */
const developmentCursorSecret = 'layer-site-development-cursor-secret';
/**
 * Sandbox cursors are signed with a fixed, public key: they address only the
 * sandbox fixtures (the live codec, with its own key and a scope check,
 * refuses them), and a fixed key keeps every sandbox answer, next_cursor
 * included, the same bytes on every deployment (/docs/api, "Sandbox"), so
 * the docs can show generated examples.
 */
const sandboxCursorSecret = 'svc-sandbox-cursors-are-public';

export interface RuntimeOverrides {
  env?: Env;
  clock?: Clock;
  monotonic?: MonotonicClock;
  log?: Log;
  store?: Store;
  fetch?: typeof fetch;
  /** The exported search index; defaults to the one /api/search serves. */
  loadSearchIndex?: () => Promise<unknown>;
  /** The content's version, asked on each search: the index is loaded again when it changes (`next dev`). */
  searchContentVersion?: () => unknown | Promise<unknown>;
  /** The documentation pages whole; defaults to none (a read answers that none is installed). */
  docsReader?: DocsReader;
  /** Runs work once the answer is sent; defaults to Next's `after()`. */
  defer?: (task: () => Promise<void>) => void;
}

/**
 * Without an index loader the search answers `index_unavailable`. The site's
 * loader (the index /api/search serves, built from every docs page) is
 * installed by instrumentation.ts at server start: importing it here would
 * put the whole docs source in every module graph that reaches the runtime,
 * including the docs' own build (lib/docs-build/remark-api-examples.ts runs the
 * handlers while the docs compile).
 */
const noSearchIndex = () => Promise.reject(new Error('no search index is installed (instrumentation.ts installs the site index)'));

export function createRuntime(overrides: RuntimeOverrides = {}): Runtime {
  const env = overrides.env ?? readEnv();
  const clock = overrides.clock ?? systemClock;
  const monotonic = overrides.monotonic ?? systemMonotonicClock;
  const log = overrides.log ?? consoleLog;
  const store = overrides.store ?? createStore(env, { clock, log });
  const origin = publicOrigin(env);
  const signer = createRequestSigner({
    privateKeyJwk: env.WEB_BOT_AUTH_PRIVATE_KEY,
    // Without an explicit agent URL, verifiers are pointed at this site's own key directory.
    signatureAgentUrl: env.WEB_BOT_AUTH_SIGNATURE_AGENT ?? `${origin}${signatureDirectoryRoute}`,
  });
  const codeHost = createCodeHostClient({
    apiUrl: env.GITHUB_API_URL,
    rawUrl: env.GITHUB_RAW_URL,
    token: env.GITHUB_TOKEN,
    signer,
    clock,
    maxBytes: installerMaxBytes,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  });
  const cursors = createCursorCodec(env.CURSOR_SECRET ?? developmentCursorSecret);
  const search = createDocsSearch({
    loadIndex: overrides.loadSearchIndex ?? noSearchIndex,
    ...(overrides.searchContentVersion ? { contentVersion: overrides.searchContentVersion } : {}),
    cursors,
    log,
  });
  const releases = createReleaseService({
    api: codeHost,
    kv: store.kv,
    clock,
    log,
    isTrustedAssetUrl: trustedAssetUrlPolicy({ apiUrl: env.GITHUB_API_URL, rawUrl: env.GITHUB_RAW_URL }),
  });
  const sandbox = createSandbox({ cursors: createCursorCodec(sandboxCursorSecret) });
  const insights = createInsights({
    store: store.insights,
    clock,
    log,
    defer: overrides.defer ?? batchedAfterResponse({ serverless: Boolean(env.VERCEL) }),
    recording: env.INSIGHTS_RECORDING === 'on',
    retentionDays: env.INSIGHTS_RETENTION_DAYS,
    minClients: env.INSIGHTS_MIN_CLIENTS,
  });
  const searched = (response: SearchResponse) =>
    insights.searched({ query: response.query, results: response.total, hit: response.results[0]?.url ?? '', weak: () => searchSignal(response)?.weak() ?? false });
  const serviceDeps = { search, releases, sandbox, cursors, origin, searched };
  const services = (request: ServiceRequest) => resolveServices(serviceDeps, request);
  const jobs = createJobService({
    kv: store.kv,
    clock,
    log,
    describeFailure: toProblem,
    run: (request) => runBatch(request, { door: 'job', services: (sandbox) => services({ sandbox }), describeFailure: toProblem, log }),
  });
  const rateLimit: RateLimitDeps = {
    limiter: store.limiter,
    perMinute: env.RATE_LIMIT_PER_MINUTE,
    clientIp: { onVercel: Boolean(env.VERCEL), trustProxyHops: env.TRUST_PROXY_HOPS },
    clientKey: (client) => insights.pseudonym(client),
  };
  const docs = overrides.docsReader ?? noDocsReader;
  return { env, clock, monotonic, log, store, origin, signer, codeHost, cursors, search, docs, releases, sandbox, jobs, services, rateLimit, insights };
}

const slot = Symbol.for('svc.runtime');
type Holder = { [slot]?: Runtime };

export function runtime(): Runtime {
  const holder = globalThis as Holder;
  holder[slot] ??= createRuntime();
  return holder[slot];
}

export function installRuntime(value: Runtime | undefined): void {
  (globalThis as Holder)[slot] = value;
}
