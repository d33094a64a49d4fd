import { annotate } from '@/lib/platform/telemetry';
import { z } from 'zod';
import { releaseSchema, type Release } from '@/lib/core/schemas';
import { appNames, appRepositoryUrl, findApp, type App } from '@/lib/catalog';
import { CoreError } from './core-error';
import { beforeDeadline, timeoutWithin, type Deadline } from '@/lib/platform/deadline';
import type { KeyValueStore } from '@/lib/store/types';
import type { Clock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';
import { err, ok, type Result } from './result';

/**
 * Latest-release metadata of the apps (/docs/api/releases:
 * GET /v1/releases/{app} and GET /download/{app}).
 * One upstream call per app per five minutes: a store-backed cache shared
 * by every instance, revalidated with the ETag when stale, with in-process
 * single-flight so a burst of requests makes one upstream call.
 *
 * Each caller may pass its request's deadline: the store read and the
 * upstream call take at most what is left of it, and a caller waiting on a
 * shared lookup stops waiting when its own deadline passes.
 */

/** The code-host client as this module uses it (lib/code-host/code-host-client.ts `api`). */
export type ReleaseApiResult =
  | { ok: true; status: number; headers: Headers; body: string }
  | { ok: false; reason: 'unreachable' | 'timeout' | 'status' | 'too_large' | 'redirect' | 'malformed'; status?: number };
export interface ReleaseApi {
  api(pathSegments: readonly string[], opts?: { etag?: string; deadline?: Deadline }): Promise<ReleaseApiResult>;
}

/** Where /download/{app} sends the browser. */
type DownloadTarget = { kind: 'asset'; url: string } | { kind: 'releases-page'; url: string };

export interface ReleaseService {
  latestRelease(app: string, deadline?: Deadline): Promise<Result<Release, CoreError>>;
  downloadTarget(app: string, deadline?: Deadline): Promise<Result<DownloadTarget, CoreError>>;
}

export interface ReleaseServiceOptions {
  api: ReleaseApi;
  kv: KeyValueStore;
  clock: Clock;
  /** How long a looked-up release is answered without asking upstream (/docs/api/limits, "Lifetimes": five minutes). */
  ttlMs?: number;
  /** Deadline of one upstream call, on top of the client's own; a caller's deadline may shorten it. */
  timeoutMs?: number;
  /** Which asset URLs a release may carry (and /download redirect to); see `trustedAssetUrlPolicy`. */
  isTrustedAssetUrl?: (url: URL) => boolean;
  log?: Log;
}

const releaseCacheTtlMs = 300_000;
/** A stale entry is kept this long so its ETag can still turn a refresh into a cheap 304. */
const cacheRetentionMs = 24 * 60 * 60 * 1000;

export function unknownAppError(app: string): CoreError {
  const valid = appNames.map((name) => `\`${name}\``).join(' and ');
  return new CoreError('unknown_app', `\`${app}\` is not a downloadable app. The downloadable apps are ${valid}.`);
}

/** The repository's releases page: where /download goes when there is no asset to send. */
const releasesPageUrl = (app: App) => `${appRepositoryUrl(app)}/releases`;

/**
 * Asset URLs a release may carry: the code host's web and asset hosts, plus
 * the configured API and raw origins (and the web host next to an `api.`
 * host), without userinfo, so neither the release document nor the
 * /download redirect ever points off the code host.
 */
export function trustedAssetUrlPolicy(configured: { apiUrl?: string; rawUrl?: string } = {}): (url: URL) => boolean {
  const origins = new Set(['https://github.com', 'https://objects.githubusercontent.com']);
  for (const value of [configured.apiUrl, configured.rawUrl]) {
    if (!value) continue;
    const url = new URL(value);
    origins.add(url.origin);
    if (url.hostname.startsWith('api.')) origins.add(`${url.protocol}//${url.host.slice('api.'.length)}`);
  }
  return (url) => origins.has(url.origin) && url.username === '' && url.password === '';
}

// --- the code host's answer ------------------------------------------------

/** The fields of GitHub's "get the latest release" this module reads. */
const upstreamReleaseSchema = z.object({
  tag_name: z.string().min(1),
  published_at: z.string().nullish(),
  created_at: z.string().nullish(),
  assets: z.array(
    z.object({
      name: z.string(),
      size: z.number().int().nonnegative(),
      browser_download_url: z.string(),
      state: z.string().optional(),
    }),
  ),
});
type UpstreamAsset = z.infer<typeof upstreamReleaseSchema>['assets'][number];

// Names that mark a build for another platform; a macOS archive may say `mac`, `macos`, `darwin` or nothing.
const otherPlatformWords = new Set(['linux', 'windows', 'win', 'win32', 'win64', 'android', 'ios', 'freebsd', 'ubuntu', 'debian']);

/** Disk image before archive (/docs/api/releases); anything else is no macOS download. */
function assetPreference(asset: UpstreamAsset, isTrustedAssetUrl: (url: URL) => boolean): number | null {
  if (asset.state !== undefined && asset.state !== 'uploaded') return null;
  const name = asset.name.toLowerCase();
  // Checksums and signatures (`.dmg.sha256`, `.zip.sig`) end otherwise and drop out here.
  const rank = name.endsWith('.dmg') ? 0 : name.endsWith('.zip') ? 1 : null;
  if (rank === null) return null;
  if (name.split(/[^a-z0-9]+/).some((word) => otherPlatformWords.has(word))) return null;
  return isUsableAssetUrl(asset.browser_download_url, isTrustedAssetUrl) ? rank : null;
}

/**
 * The one URL policy of every door: an asset URL off the code host, or
 * with userinfo, makes that asset unusable. A release left without a
 * usable macOS asset is `no_release` (404), not
 * `upstream_unavailable` (502): the code host did answer, the answer stays
 * the same on a retry, and /download sends people to the releases page as
 * for any release without a macOS download.
 */
function isUsableAssetUrl(value: string, isTrustedAssetUrl: (url: URL) => boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && isTrustedAssetUrl(url);
}

/** The most-preferred usable macOS asset; ties keep the code host's order. */
export function pickMacAsset(
  assets: readonly UpstreamAsset[],
  isTrustedAssetUrl: (url: URL) => boolean = trustedAssetUrlPolicy(),
): UpstreamAsset | undefined {
  let best: { asset: UpstreamAsset; rank: number } | undefined;
  for (const asset of assets) {
    const rank = assetPreference(asset, isTrustedAssetUrl);
    if (rank !== null && (!best || rank < best.rank)) best = { asset, rank };
  }
  return best?.asset;
}

function publishedAt(release: z.infer<typeof upstreamReleaseSchema>): string | null {
  const value = release.published_at ?? release.created_at;
  if (!value) return null;
  if (z.iso.datetime().safeParse(value).success) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

// --- the cache -------------------------------------------------------------

const outcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('release'), release: releaseSchema }),
  z.object({ kind: z.literal('no_release'), tag: z.string() }),
]);
type Outcome = z.infer<typeof outcomeSchema>;

const cachedReleaseSchema = z.object({
  fetchedAt: z.number(),
  etag: z.string().nullable(),
  outcome: outcomeSchema,
});
type CachedRelease = z.infer<typeof cachedReleaseSchema>;

const cacheKey = (app: App) => `release:v1:${app.repository.owner}/${app.repository.repo}`;

function parseCached(value: string | null): CachedRelease | undefined {
  if (value === null) return undefined;
  try {
    const parsed = cachedReleaseSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

type Upstream = { kind: 'fresh'; outcome: Outcome; etag: string | null } | { kind: 'not-modified' } | { kind: 'failed'; why: string };

function readUpstream(result: ReleaseApiResult, isTrustedAssetUrl: (url: URL) => boolean): Upstream {
  if (!result.ok) return { kind: 'failed', why: result.status ? `${result.reason} ${result.status}` : result.reason };
  if (result.status === 304) return { kind: 'not-modified' };
  let body: unknown;
  try {
    body = JSON.parse(result.body);
  } catch {
    return { kind: 'failed', why: 'not JSON' };
  }
  const parsed = upstreamReleaseSchema.safeParse(body);
  if (!parsed.success) return { kind: 'failed', why: 'not a release' };
  const release = parsed.data;
  const etag = result.headers.get('etag');
  const asset = pickMacAsset(release.assets, isTrustedAssetUrl);
  if (!asset) return { kind: 'fresh', outcome: { kind: 'no_release', tag: release.tag_name }, etag };
  const published = publishedAt(release);
  if (!published) return { kind: 'failed', why: 'no publication date' };
  const mapped = releaseSchema.safeParse({
    tag: release.tag_name,
    asset: asset.name,
    size: asset.size,
    url: asset.browser_download_url,
    publishedAt: published,
  });
  if (!mapped.success) return { kind: 'failed', why: 'unusable asset' };
  return { kind: 'fresh', outcome: { kind: 'release', release: mapped.data }, etag };
}

// --- the service -----------------------------------------------------------

export function createReleaseService(options: ReleaseServiceOptions): ReleaseService {
  const { api, kv, clock, ttlMs = releaseCacheTtlMs, timeoutMs = 5_000, log } = options;
  const isTrustedAssetUrl = options.isTrustedAssetUrl ?? trustedAssetUrlPolicy();
  // Both maps are keyed by app name, and only catalog apps get here (findApp),
  // so each holds at most one entry per downloadable app and needs no bound.
  /** The last entry this instance saw per app: spares a store read while it is fresh. */
  const local = new Map<string, CachedRelease>();
  /** One lookup per app at a time; concurrent callers share it. */
  const inflight = new Map<string, Promise<Result<Release, CoreError>>>();

  const isFresh = (entry: CachedRelease) => clock() - entry.fetchedAt < ttlMs;
  const upstreamUnavailable = (app: App) =>
    new CoreError('upstream_unavailable', `The code host's release API did not answer usefully for ${app.name}. Retry later.`);

  async function readCache(app: App, deadline: Deadline | undefined): Promise<CachedRelease | undefined> {
    const read = kv.get(cacheKey(app)).then(parseCached, (error: unknown) => {
      // The cache is an optimisation: a store outage means asking upstream.
      log?.('warn', 'release cache unreadable; asking the code host', { app: app.name, cause: String(error) });
      return undefined;
    });
    // A slow store must not eat the budget of the upstream call that follows.
    return beforeDeadline(read, deadline, () => undefined);
  }

  function writeCache(app: App, entry: CachedRelease): void {
    local.set(app.name, entry);
    // Not awaited: the answer is known, and a slow store must not delay it.
    kv.set(cacheKey(app), JSON.stringify(entry), cacheRetentionMs).catch((error: unknown) => {
      log?.('warn', 'release cache not written', { app: app.name, cause: String(error) });
    });
  }

  async function callUpstream(app: App, etag: string | null, deadline: Deadline | undefined): Promise<ReleaseApiResult> {
    const segments = ['repos', app.repository.owner, app.repository.repo, 'releases', 'latest'];
    const call = Promise.resolve()
      .then(() => api.api(segments, { ...(etag ? { etag } : {}), ...(deadline ? { deadline } : {}) }))
      .catch((): ReleaseApiResult => ({ ok: false, reason: 'unreachable' }));
    return beforeDeadline(call, { remaining: () => timeoutWithin(timeoutMs, deadline) }, () => ({ ok: false, reason: 'timeout' }));
  }

  function answer(app: App, outcome: Outcome): Result<Release, CoreError> {
    // Entries cached before the URL policy (or under another configuration) are held to it too.
    if (outcome.kind === 'release' && isUsableAssetUrl(outcome.release.url, isTrustedAssetUrl)) return ok(outcome.release);
    const tag = outcome.kind === 'release' ? outcome.release.tag : outcome.tag;
    return err(
      new CoreError('no_release', `The latest release of ${app.name} (${tag}) has no macOS download. Its releases page is ${releasesPageUrl(app)}.`),
    );
  }

  async function lookUp(app: App, deadline: Deadline | undefined): Promise<Result<Release, CoreError>> {
    let cached = local.get(app.name);
    if (!cached || !isFresh(cached)) {
      const stored = await readCache(app, deadline);
      if (stored && (!cached || stored.fetchedAt >= cached.fetchedAt)) cached = stored;
    }
    // Whether the answer came from the cache, on the operation's span (/docs/operate/telemetry).
    annotate({ 'svc.code_host.cache': cached && isFresh(cached) ? 'hit' : 'miss' });
    if (cached && isFresh(cached)) {
      local.set(app.name, cached);
      return answer(app, cached.outcome);
    }

    const upstream = readUpstream(await callUpstream(app, cached?.etag ?? null, deadline), isTrustedAssetUrl);
    if (upstream.kind === 'not-modified' && cached) {
      writeCache(app, { ...cached, fetchedAt: clock() });
      return answer(app, cached.outcome);
    }
    if (upstream.kind === 'fresh') {
      writeCache(app, { fetchedAt: clock(), etag: upstream.etag, outcome: upstream.outcome });
      return answer(app, upstream.outcome);
    }
    const why = upstream.kind === 'failed' ? upstream.why : 'unexpected 304';
    log?.('warn', 'release lookup failed', { app: app.name, why });
    return err(upstreamUnavailable(app));
  }

  async function latestRelease(name: string, deadline?: Deadline): Promise<Result<Release, CoreError>> {
    const app = findApp(name);
    if (!app) return err(unknownAppError(name));
    let lookup = inflight.get(app.name);
    if (!lookup) {
      // The first caller's deadline bounds the shared lookup.
      const started = lookUp(app, deadline).finally(() => inflight.delete(app.name));
      inflight.set(app.name, started);
      lookup = started;
    }
    // A later caller with less time left stops waiting at its own deadline.
    return beforeDeadline(lookup, deadline, () => err(upstreamUnavailable(app)));
  }

  return {
    latestRelease,

    async downloadTarget(name, deadline) {
      const app = findApp(name);
      if (!app) return err(unknownAppError(name));
      // latestRelease serves only releases whose asset is on the code host.
      const release = await latestRelease(name, deadline);
      if (release.ok) return ok({ kind: 'asset', url: new URL(release.value.url).href });
      // No release, no usable macOS asset, or the code host is down: the releases page still helps.
      return ok({ kind: 'releases-page', url: releasesPageUrl(app) });
    },
  };
}
