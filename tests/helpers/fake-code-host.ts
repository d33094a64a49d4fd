import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake code host on loopback: one server plays the API host
 * (GITHUB_API_URL), one the raw-file host (GITHUB_RAW_URL), and a third,
 * "elsewhere", is the foreign host that redirect scenarios point at (it
 * should never be reached). Every request is recorded; per-path scenarios
 * switch a path to a failure mode.
 *
 * Default routes:
 *   raw: GET /{owner}/{repo}/{ref}/install.sh → stub installer printing $LAYER_DESKTOP
 *        GET /{owner}/{repo}/{ref}/DESIGN.md  → a small markdown document
 *   api: GET /repos/{owner}/{repo}/releases/latest → GitHub-shaped release
 *        (tag v2026.11.20, a .dmg and a .zip asset), ETag + 304 on If-None-Match
 *   anything else → 404 (GitHub's JSON shape on the API host)
 */

type FakeHostName = 'api' | 'raw' | 'elsewhere';

export interface RecordedRequest {
  host: FakeHostName;
  method: string;
  /** The request target exactly as sent (still percent-encoded). */
  path: string;
  headers: IncomingHttpHeaders;
  /** Set once the connection closed before the answer was complete: the client gave up waiting (or a `drop` scenario cut it). */
  abandoned?: true;
}

export type Scenario =
  /** The default route for the path. */
  | { kind: 'normal' }
  /** Answer with this status (and an optional body). */
  | { kind: 'status'; status: number; body?: string }
  /** Destroy the socket without answering. */
  | { kind: 'drop' }
  /** Answer normally after `delayMs` (longer than the client's timeout). */
  | { kind: 'slow'; delayMs: number }
  /** Take the request and never answer (the socket stays open until the client gives up or the fake closes). */
  | { kind: 'hang' }
  /** 200 with exactly these bytes (base64), e.g. an empty body, NUL bytes or invalid UTF-8. */
  | { kind: 'bytes'; base64: string; contentType?: string }
  /** 302 to the "elsewhere" host. */
  | { kind: 'redirect-other-host' }
  /** 302 to another path on the same host. */
  | { kind: 'redirect-same-host'; to: string }
  /** A body of `bytes` bytes; with `declareLength` false it is streamed chunked, without Content-Length. */
  | { kind: 'oversized'; bytes: number; declareLength: boolean }
  /** API: the latest release, but with no assets. */
  | { kind: 'release-without-assets' }
  /** API: GitHub's 404 for a repository with no release. */
  | { kind: 'not-found' }
  /** Any JSON body with a status. */
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> };

/** Scenario shorthands. */
export const scenarios = {
  normal: { kind: 'normal' },
  serverError: { kind: 'status', status: 500, body: 'upstream broke' },
  drop: { kind: 'drop' },
  slow: (delayMs: number) => ({ kind: 'slow', delayMs }),
  hang: { kind: 'hang' },
  bytes: (bytes: Uint8Array | string, contentType?: string) => ({
    kind: 'bytes',
    base64: Buffer.from(bytes).toString('base64'),
    ...(contentType ? { contentType } : {}),
  }),
  redirectOtherHost: { kind: 'redirect-other-host' },
  redirectSameHost: (to: string) => ({ kind: 'redirect-same-host', to }),
  oversized: (bytes: number, declareLength = true) => ({ kind: 'oversized', bytes, declareLength }),
  releaseWithoutAssets: { kind: 'release-without-assets' },
  notFound: { kind: 'not-found' },
} as const satisfies Record<string, Scenario | ((...args: never[]) => Scenario)>;

export const stubInstaller = '#!/bin/sh\necho "desktop=${LAYER_DESKTOP:-none}"\n';
export const stubDesignDoc = (ref: string) => `# Visual standard\n\nThe design rules of the layer, at ${ref}.\n`;

export const fakeReleaseTag = 'v2026.11.20';
const fakeReleasePublishedAt = '2026-11-20T14:03:11Z';

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** A release as GitHub's "get the latest release" returns it (trimmed of nothing that matters). */
export function fakeRelease(owner: string, repo: string, options: { withAssets?: boolean } = {}) {
  const withAssets = options.withAssets ?? true;
  const api = `https://api.github.com/repos/${owner}/${repo}`;
  const web = `https://github.com/${owner}/${repo}`;
  const version = fakeReleaseTag.slice(1);
  const uploader = {
    login: 'github-actions[bot]',
    id: 41898282,
    type: 'Bot',
    site_admin: false,
  };
  const asset = (id: number, name: string, contentType: string, size: number) => ({
    url: `${api}/releases/assets/${id}`,
    id,
    node_id: `RA_kwDO${id}`,
    name,
    label: '',
    uploader,
    content_type: contentType,
    state: 'uploaded',
    size,
    digest: `sha256:${createHash('sha256').update(name).digest('hex')}`,
    download_count: 1234,
    created_at: '2026-11-20T13:58:40Z',
    updated_at: '2026-11-20T13:58:52Z',
    browser_download_url: `${web}/releases/download/${fakeReleaseTag}/${name}`,
  });
  return {
    url: `${api}/releases/190000001`,
    assets_url: `${api}/releases/190000001/assets`,
    upload_url: `https://uploads.github.com/repos/${owner}/${repo}/releases/190000001/assets{?name,label}`,
    html_url: `${web}/releases/tag/${fakeReleaseTag}`,
    id: 190000001,
    author: uploader,
    node_id: 'RE_kwDOfake',
    tag_name: fakeReleaseTag,
    target_commitish: 'main',
    name: `${capitalised(repo)} ${version}`,
    draft: false,
    immutable: false,
    prerelease: false,
    created_at: '2026-11-20T13:50:02Z',
    updated_at: '2026-11-20T14:03:11Z',
    published_at: fakeReleasePublishedAt,
    assets: withAssets
      ? [
          asset(310000001, `${capitalised(repo)}-${version}.dmg`, 'application/x-apple-diskimage', 8_421_337),
          asset(310000002, `${capitalised(repo)}-${version}.zip`, 'application/zip', 7_902_114),
        ]
      : [],
    tarball_url: `${api}/tarball/${fakeReleaseTag}`,
    zipball_url: `${api}/zipball/${fakeReleaseTag}`,
    body: `Signed and notarized build of ${capitalised(repo)} ${version}.`,
  };
}

const notFoundBody = {
  message: 'Not Found',
  documentation_url: 'https://docs.github.com/rest/releases/releases#get-the-latest-release',
  status: '404',
};

export interface FakeCodeHost {
  apiUrl: string;
  rawUrl: string;
  /** Origin of the foreign host that redirects point at. */
  elsewhereUrl: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Requests received for a path (exact request target), on any host. */
  calls(path: string, host?: FakeHostName): number;
  /** Switches a path (exact pathname, or '*' for every path) to a scenario. */
  setScenario(path: string, scenario: Scenario): void;
  /** Clears scenarios and the request log. */
  reset(): void;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const rawFilePattern = /^\/([^/]+)\/([^/]+)\/([^/]+)\/(install\.sh|DESIGN\.md)$/;
const latestReleasePattern = /^\/repos\/([^/]+)\/([^/]+)\/releases\/latest$/;

function serveRaw(req: IncomingMessage, res: ServerResponse, pathname: string) {
  const match = rawFilePattern.exec(pathname);
  if (req.method !== 'GET' || !match) return sendText(res, 404, '404: Not Found');
  const [, , , ref, file] = match as unknown as [string, string, string, string, string];
  if (file === 'install.sh') return sendText(res, 200, stubInstaller);
  return sendText(res, 200, stubDesignDoc(decodeURIComponent(ref)));
}

function serveApi(req: IncomingMessage, res: ServerResponse, pathname: string, withAssets: boolean) {
  const match = latestReleasePattern.exec(pathname);
  if (req.method !== 'GET' || !match) return sendJson(res, 404, notFoundBody);
  const [, owner, repo] = match as unknown as [string, string, string];
  const body = JSON.stringify(fakeRelease(owner, repo, { withAssets }));
  const etag = `W/"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
  const common = {
    etag,
    'cache-control': 'private, max-age=60, s-maxage=60',
    'x-github-api-version-selected': '2022-11-28',
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '59',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, common);
    return res.end();
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...common });
  res.end(body);
}

export async function startFakeCodeHost(): Promise<FakeCodeHost> {
  const requests: RecordedRequest[] = [];
  const scenarioByPath = new Map<string, Scenario>();
  const timers = new Set<NodeJS.Timeout>();
  const servers: Server[] = [];
  let elsewhereUrl = '';

  const handle = (host: FakeHostName) => (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const recorded: RecordedRequest = { host, method: req.method ?? 'GET', path: target, headers: { ...req.headers } };
    requests.push(recorded);
    res.once('close', () => {
      if (!res.writableFinished) recorded.abandoned = true;
    });
    if (host === 'elsewhere') return sendText(res, 200, 'you should not be here');
    const pathname = target.split('?')[0] ?? target;
    const scenario = scenarioByPath.get(pathname) ?? scenarioByPath.get('*') ?? scenarios.normal;
    const serveNormally = (withAssets = true) =>
      host === 'api' ? serveApi(req, res, pathname, withAssets) : serveRaw(req, res, pathname);

    switch (scenario.kind) {
      case 'normal':
        return serveNormally();
      case 'status':
        return sendText(res, scenario.status, scenario.body ?? `status ${scenario.status}`);
      case 'drop':
        return req.socket.destroy();
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) serveNormally();
        }, scenario.delayMs);
        timers.add(timer);
        return;
      }
      case 'hang':
        // Nothing is sent; close() destroys the socket.
        return;
      case 'bytes': {
        const bytes = Buffer.from(scenario.base64, 'base64');
        res.writeHead(200, { 'content-type': scenario.contentType ?? 'text/plain; charset=utf-8', 'content-length': bytes.length });
        return res.end(bytes);
      }
      case 'redirect-other-host':
        res.writeHead(302, { location: `${elsewhereUrl}/stolen${pathname}` });
        return res.end();
      case 'redirect-same-host':
        res.writeHead(302, { location: scenario.to });
        return res.end();
      case 'oversized': {
        const chunk = Buffer.alloc(16 * 1024, 'a');
        res.writeHead(200, {
          'content-type': 'text/plain; charset=utf-8',
          ...(scenario.declareLength ? { 'content-length': scenario.bytes } : {}),
        });
        // Written in chunks so an early cancel by the client stops the transfer.
        let left = scenario.bytes;
        const pump = () => {
          while (left > 0 && !res.destroyed) {
            const size = Math.min(left, chunk.length);
            left -= size;
            if (!res.write(chunk.subarray(0, size))) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
      case 'release-without-assets':
        return serveNormally(false);
      case 'not-found':
        return sendJson(res, 404, notFoundBody);
      case 'json':
        return sendJson(res, scenario.status, scenario.body, scenario.headers);
    }
  };

  const listen = async (host: FakeHostName) => {
    const server = createServer(handle(host));
    server.on('clientError', (_error, socket) => socket.destroy());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  const apiUrl = await listen('api');
  const rawUrl = await listen('raw');
  elsewhereUrl = await listen('elsewhere');

  return {
    apiUrl,
    rawUrl,
    elsewhereUrl,
    requests,
    calls: (path, host) => requests.filter((r) => r.path === path && (!host || r.host === host)).length,
    setScenario: (path, scenario) => void scenarioByPath.set(path, scenario),
    reset() {
      scenarioByPath.clear();
      requests.length = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
