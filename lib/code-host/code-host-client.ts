import { count, inSpan, SpanKind } from '@/lib/platform/telemetry';
import { readCappedBytes } from '@/lib/http/read-body';
import { timeoutWithin, type Deadline } from '@/lib/platform/deadline';
import type { Clock } from '@/lib/platform/clock';
import { repositoryUrl, siteName, siteRepo } from '@/lib/site';
import type { RequestSigner } from './request-signer';

/**
 * The one way the service talks to the code host: its REST API
 * (GITHUB_API_URL) and its raw-file host (GITHUB_RAW_URL). Every outbound
 * request is built here so the hardening lives in one place: URLs come
 * only from the configured origin plus encoded fixed segments, the origin
 * is re-checked on every hop, redirects never leave the origin, each call
 * is time-boxed (by its own timeout and by what is left of the request's
 * deadline) and its body size-capped and checked to be UTF-8 text, and
 * requests are signed with Web Bot Auth when a key is installed
 * (/docs/install, "Signed outbound requests").
 */

/** `malformed`: a body that is not what was asked for (here: not valid UTF-8; callers add their own checks). */
type CodeHostFailureReason = 'unreachable' | 'timeout' | 'status' | 'too_large' | 'redirect' | 'malformed';

export interface CodeHostSuccess {
  ok: true;
  /** A 2xx status, or 304 when an `etag` was sent and still matches. */
  status: number;
  headers: Headers;
  body: string;
}

export interface CodeHostFailure {
  ok: false;
  reason: CodeHostFailureReason;
  /** The upstream status, for `status` and `redirect` failures. */
  status?: number;
  /** What was wrong with a `malformed` body, as a phrase ("is empty"). */
  detail?: string;
}

export type CodeHostResult = CodeHostSuccess | CodeHostFailure;

export interface CodeHostClient {
  /** GET on the API host; pass the last ETag to get a cheap 304 back. */
  api(pathSegments: readonly string[], opts?: { etag?: string; deadline?: Deadline }): Promise<CodeHostResult>;
  /** GET on the raw-file host. */
  raw(pathSegments: readonly string[], opts?: { deadline?: Deadline }): Promise<CodeHostResult>;
}

export interface CodeHostClientOptions {
  apiUrl: string;
  rawUrl: string;
  /** GITHUB_TOKEN: sent to the API host only, never to the raw host. */
  token?: string;
  signer?: RequestSigner;
  fetch?: typeof globalThis.fetch;
  clock: Clock;
  /** Deadline for the whole call, redirects and body included; a request's deadline may shorten it. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (after content decoding). */
  maxBytes: number;
  userAgent?: string;
}

/** GitHub asks API clients to name themselves in User-Agent. */
export const defaultUserAgent = `${siteName}-svc/1.0 (+${repositoryUrl(siteRepo)})`;
const maxRedirects = 3;

/** Raised for a path that could escape its place; callers validate input first, so this is a bug. */
export class CodeHostPathError extends Error {
  override name = 'CodeHostPathError';
}

interface CodeHostBase {
  origin: string;
  /** Path prefix of the configured URL without a trailing slash ('' for a bare origin). */
  basePath: string;
}

function parseBase(configured: string, label: string): CodeHostBase {
  const url = new URL(configured);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CodeHostPathError(`${label} must be an http(s) URL`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new CodeHostPathError(`${label} must not carry credentials, a query or a fragment`);
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * Builds `<origin><basePath>/<seg>/<seg>…` with each segment percent-encoded,
 * so `/`, `?`, `#`, `@` inside a segment stay inside it. Dot segments and
 * empty segments are refused: the URL parser would resolve them (even as
 * `%2E%2E`), moving the request elsewhere on the host.
 */
export function buildCodeHostUrl(base: CodeHostBase, segments: readonly string[]): URL {
  if (segments.length === 0) throw new CodeHostPathError('a code-host path needs at least one segment');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new CodeHostPathError('empty and dot segments are not allowed in a code-host path');
    }
  }
  const path = `${base.basePath}/${segments.map(encodeURIComponent).join('/')}`;
  const url = new URL(path, base.origin);
  assertSameOrigin(url, base);
  if (url.pathname !== path) throw new CodeHostPathError('the code-host path was rewritten while parsing');
  return url;
}

function assertSameOrigin(url: URL, base: CodeHostBase): void {
  if (url.origin !== base.origin) {
    throw new CodeHostPathError(`refusing to send a request to ${url.origin}, expected ${base.origin}`);
  }
}

const isRedirectStatus = (status: number) => status >= 300 && status < 400 && status !== 304;

/**
 * Releases an unread body without waiting: under `next start` fetch bodies
 * are tee'd (Next's patched fetch), and cancelling one branch can stay
 * pending until the other is read, which hung error answers for seconds.
 */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the body as a stream and stops as soon as it passes `maxBytes`.
 * Invalid UTF-8 is `malformed`, not silently replaced: every file and
 * document asked of the code host is text.
 */
async function readCappedBody(response: Response, maxBytes: number): Promise<string | 'too_large' | 'malformed'> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discardBody(response);
    return 'too_large';
  }
  const bytes = await readCappedBytes(response.body, maxBytes);
  if (!bytes) return 'too_large';
  try {
    return utf8.decode(bytes);
  } catch {
    return 'malformed';
  }
}

export function createCodeHostClient(options: CodeHostClientOptions): CodeHostClient {
  const apiBase = parseBase(options.apiUrl, 'GITHUB_API_URL');
  const rawBase = parseBase(options.rawUrl, 'GITHUB_RAW_URL');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const userAgent = options.userAgent ?? defaultUserAgent;

  /**
   * A client span per request to the code host (/docs/operate/telemetry):
   * its host and path (public repository names; the token travels in a
   * header, never in the URL), the status, and the outcome, also counted.
   */
  async function get(base: CodeHostBase, start: URL, headers: Headers, deadline: Deadline | undefined): Promise<CodeHostResult> {
    const attributes = { 'http.request.method': 'GET', 'server.address': start.hostname, 'url.path': start.pathname };
    return inSpan('GET', { kind: SpanKind.CLIENT, attributes }, async (span) => {
      const result = await request(base, start, headers, deadline);
      const outcome = result.ok ? 'ok' : result.reason;
      if (result.status !== undefined) span.setAttribute('http.response.status_code', result.status);
      if (!result.ok) span.setAttribute('error.type', result.reason);
      count.codeHost(outcome);
      return result;
    });
  }

  async function request(base: CodeHostBase, start: URL, headers: Headers, deadline: Deadline | undefined): Promise<CodeHostResult> {
    const budgetMs = timeoutWithin(timeoutMs, deadline);
    // Nothing left of the request's budget: do not start what cannot finish.
    if (budgetMs <= 0) return { ok: false, reason: 'timeout' };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, budgetMs);
    const failed = (): CodeHostFailure => ({ ok: false, reason: timedOut ? 'timeout' : 'unreachable' });
    try {
      let target = start;
      for (let hop = 0; ; hop += 1) {
        assertSameOrigin(target, base);
        // `cache: 'no-store'`: Next's patched fetch must not cache or dedupe; caching is ours (upstream-cache, releases).
        let request = new Request(target, { method: 'GET', headers, redirect: 'manual', signal: controller.signal, cache: 'no-store' });
        // Signed per hop: created/expires and the nonce belong to this request.
        if (options.signer) request = await options.signer.signRequest(request, options.clock());
        let response: Response;
        try {
          response = await fetchImpl(request);
        } catch {
          return failed();
        }
        if (isRedirectStatus(response.status)) {
          discardBody(response);
          const location = response.headers.get('location');
          let next: URL | undefined;
          try {
            next = location ? new URL(location, target) : undefined;
          } catch {
            next = undefined;
          }
          // Only same-origin redirects are followed (e.g. a renamed repository on the API).
          if (!next || next.origin !== base.origin || hop >= maxRedirects) {
            return { ok: false, reason: 'redirect', status: response.status };
          }
          target = next;
          continue;
        }
        if (!response.ok && response.status !== 304) {
          discardBody(response);
          return { ok: false, reason: 'status', status: response.status };
        }
        let body: string | 'too_large' | 'malformed';
        try {
          body = await readCappedBody(response, options.maxBytes);
        } catch {
          return failed();
        }
        if (body === 'too_large') return { ok: false, reason: 'too_large', status: response.status };
        if (body === 'malformed') return { ok: false, reason: 'malformed', status: response.status, detail: 'is not valid UTF-8 text' };
        return { ok: true, status: response.status, headers: response.headers, body };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async api(pathSegments, opts) {
      const url = buildCodeHostUrl(apiBase, pathSegments);
      const headers = new Headers({
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': userAgent,
      });
      if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
      if (opts?.etag) headers.set('If-None-Match', opts.etag);
      return get(apiBase, url, headers, opts?.deadline);
    },
    async raw(pathSegments, opts) {
      const url = buildCodeHostUrl(rawBase, pathSegments);
      // No Authorization here: the raw host serves public files and must never see the token.
      return get(rawBase, url, new Headers({ 'User-Agent': userAgent }), opts?.deadline);
    },
  };
}
