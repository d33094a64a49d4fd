import { readdir, readFile, stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ifNoneMatchMatches } from '@/lib/http/conditional';
import { prefersBrotli } from '@/lib/http/negotiation';

/**
 * Brotli at its best quality for Next's static assets (`/_next/static/…`),
 * which `next start` sends gzipped on every request (a CDN would store a
 * brotli copy; `next start` has none). The files are immutable (their names
 * are content hashes), so each is compressed once, off the event loop, when
 * first asked for or when the server warms the cache at start, and kept
 * (figures: docs/decisions/0004-brotli-at-the-server.md). Until a copy is
 * ready, and for a range request or a client without brotli, Next answers
 * as before (lib/framework/response-compression.ts compresses on the fly).
 */
const brotliCompress = promisify(zlib.brotliCompress);

/** Brotli at quality 11 in the thread pool, too slow per request: for bytes compressed once and kept. */
export const brotliAtBestQuality = (source: Buffer): Promise<Buffer> =>
  brotliCompress(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
const staticPrefix = '/_next/static/';

/** The compressible files Next writes under static/, with the types Next's own static server sends. */
const contentTypes: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
};

/** Bounds on what is kept in memory: far above one build's assets. */
const maxEntries = 512;
const maxTotalBytes = 16 * 1024 * 1024;
const maxFileBytes = 4 * 1024 * 1024;

interface CompressedAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** Next's distDir, as next.config.mjs sets it. */
function staticRoot(): string {
  return path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'static');
}

/** The path below static/ when the target names a compressible static asset, else undefined. */
function assetPath(target: string): string | undefined {
  const pathname = target.split(/[?#]/, 1)[0]!;
  if (!pathname.startsWith(staticPrefix)) return undefined;
  const relative = pathname.slice(staticPrefix.length);
  // Next's names: letters, digits and a few marks; no escapes, no dot segments.
  if (!/^[A-Za-z0-9_~-][A-Za-z0-9._~/-]*$/.test(relative) || relative.split('/').some((part) => part === '..' || part === '.')) {
    return undefined;
  }
  return contentTypes[path.extname(relative)] ? relative : undefined;
}

export class StaticBrotliCache {
  readonly #ready = new Map<string, CompressedAsset>();
  readonly #pending = new Map<string, Promise<void>>();
  #totalBytes = 0;

  constructor(private readonly root: string = staticRoot()) {}

  /**
   * Answers a GET or HEAD for a static asset with its brotli copy when one
   * is ready and the client takes brotli; returns false (and starts the
   * copy) when Next should answer instead.
   */
  serve(request: http.IncomingMessage, response: http.ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const relative = assetPath(request.url ?? '/');
    if (relative === undefined) return false;
    const asset = this.#ready.get(relative);
    if (!asset) {
      void this.prepare(relative);
      return false;
    }
    if (request.headers.range !== undefined || !prefersBrotli(request.headers['accept-encoding'])) return false;
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Type': asset.contentType,
      'Content-Encoding': 'br',
      Vary: 'Accept-Encoding',
      ETag: asset.etag,
    };
    if (ifNoneMatchMatches(request.headers['if-none-match'], asset.etag)) {
      response.writeHead(304, headers).end();
    } else {
      response.writeHead(200, { ...headers, 'Content-Length': String(asset.body.length) });
      response.end(request.method === 'HEAD' ? undefined : asset.body);
    }
    request.resume();
    return true;
  }

  /** Compresses one asset (at most once at a time); a missing or oversized file is left to Next. */
  prepare(relative: string): Promise<void> {
    if (this.#ready.has(relative)) return Promise.resolve();
    const running = this.#pending.get(relative);
    if (running) return running;
    if (this.#ready.size + this.#pending.size >= maxEntries) return Promise.resolve();
    const job = this.#compress(relative)
      .catch(() => undefined)
      .finally(() => this.#pending.delete(relative));
    this.#pending.set(relative, job);
    return job;
  }

  /** Compresses every asset of the build, one at a time, so a start does not take both cores. */
  async warm(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.root, { recursive: true })).map((name) => name.split(path.sep).join('/'));
    } catch {
      return; // no build output (next dev): nothing to warm
    }
    for (const name of names) {
      if (assetPath(staticPrefix + name) !== undefined) await this.prepare(name);
    }
  }

  async #compress(relative: string): Promise<void> {
    const file = path.join(this.root, relative);
    if (!file.startsWith(this.root + path.sep)) return;
    const info = await stat(file);
    if (!info.isFile() || info.size > maxFileBytes) return;
    const source = await readFile(file);
    const body = await brotliAtBestQuality(source);
    if (this.#totalBytes + body.length > maxTotalBytes) return;
    this.#totalBytes += body.length;
    // Next's own validator for the file (size and time, in hex), marked as this coding's.
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-br"`;
    this.#ready.set(relative, { body, contentType: contentTypes[path.extname(relative)]!, etag });
  }
}
