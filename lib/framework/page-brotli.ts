import type http from 'node:http';
import { prefersBrotli } from '@/lib/http/negotiation';
import { inlineHeaders, responseHeader as header } from './response-headers';
import { brotliAtBestQuality } from './static-brotli';

/**
 * Best-quality brotli copies of pages Next serves from its prerender cache
 * (HTML with an ETag, the same bytes for every visitor until the next
 * build), as a CDN keeps them. Quality 11 is far too slow per request, so
 * the first answer of a page is compressed on the fly
 * (lib/framework/response-compression.ts) while its body is kept aside and
 * compressed once, off the event loop; later answers with the same ETag and
 * length get the copy. The smaller copy can fit a slow phone's first round
 * trip (figures: docs/decisions/0004-brotli-at-the-server.md).
 */
/** Bounds on what is kept in memory: far above this site's prerendered pages. */
const maxEntries = 256;
const maxTotalBytes = 16 * 1024 * 1024;
const maxPageBytes = 2 * 1024 * 1024;

type Chunk = string | Uint8Array;
type End = (chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) => http.ServerResponse;
type Write = (chunk: Chunk, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void) => boolean;

const toBuffer = (chunk: Chunk, encoding?: unknown) =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk);

export class PageBrotliCache {
  readonly #copies = new Map<string, Buffer>();
  readonly #pending = new Set<string>();
  #totalBytes = 0;

  /** The cache key of a response as its headers stand: a prerendered HTML page with a validator, or undefined. */
  static keyOf(response: http.ServerResponse, status: number, inline?: Record<string, unknown>): string | undefined {
    if (status !== 200) return undefined;
    const type = header(response, 'Content-Type', inline);
    const etag = header(response, 'ETag', inline);
    const cache = header(response, 'x-nextjs-cache', inline);
    const encoding = header(response, 'Content-Encoding', inline);
    if (!type?.startsWith('text/html') || !etag || (cache !== 'HIT' && cache !== 'STALE') || encoding) return undefined;
    if (header(response, 'Set-Cookie', inline) !== undefined) return undefined;
    return `${etag}|${header(response, 'Content-Length', inline) ?? ''}`;
  }

  get size(): number {
    return this.#copies.size;
  }

  /**
   * Attaches to a response after the compression middleware (so these
   * wrappers run first): answers from a ready copy, else keeps the body to
   * make one.
   */
  attach(request: http.IncomingMessage, response: http.ServerResponse): void {
    if (request.method !== 'GET') return;
    const innerWriteHead = response.writeHead.bind(response) as (...args: unknown[]) => http.ServerResponse;
    const innerWrite = response.write.bind(response) as Write;
    const innerEnd = response.end.bind(response) as End;
    let copy: Buffer | undefined;
    let key: string | undefined;
    let kept: Buffer[] | undefined;
    let keptBytes = 0;

    response.writeHead = ((...args: unknown[]) => {
      if (!response.headersSent) {
        const status = typeof args[0] === 'number' ? args[0] : response.statusCode;
        const inline = inlineHeaders(args);
        key = PageBrotliCache.keyOf(response, status, inline);
        copy = key !== undefined && prefersBrotli(request.headers['accept-encoding']) ? this.#copies.get(key) : undefined;
        if (copy) {
          // Set before the middleware's header hook runs: it leaves an encoded body alone.
          response.setHeader('Content-Encoding', 'br');
          response.setHeader('Content-Length', String(copy.length));
          response.removeHeader('Transfer-Encoding');
          // Next's own prerender-cache headers say nothing a browser reads on a document, and they cost
          // about 100 bytes of the first congestion window this copy is sized for.
          for (const name of response.getHeaderNames()) if (name.startsWith('x-nextjs-')) response.removeHeader(name);
          if (inline) for (const name of Object.keys(inline)) if (/^content-length$|^x-nextjs-/i.test(name)) delete inline[name];
          // Vary: Accept-Encoding comes from the middleware's header hook, as for every compressible answer.
        } else if (key !== undefined && !this.#copies.has(key) && !this.#pending.has(key)) {
          kept = [];
        }
      }
      return innerWriteHead(...args);
    }) as typeof response.writeHead;

    const keep = (chunk: Chunk, encoding: unknown) => {
      if (!kept) return;
      keptBytes += chunk.length;
      if (keptBytes > maxPageBytes) kept = undefined;
      else kept.push(toBuffer(chunk, encoding));
    };
    const ensureHeaders = () => {
      if (!response.headersSent) response.writeHead(response.statusCode);
    };

    response.write = ((chunk: Chunk, encoding?: never, callback?: never) => {
      ensureHeaders();
      if (copy) return true; // the copy is sent whole at the end
      if (chunk !== undefined) keep(chunk, encoding);
      return innerWrite(chunk, encoding, callback);
    }) as typeof response.write;

    response.end = ((chunk?: Chunk | (() => void), encoding?: never, callback?: never) => {
      ensureHeaders();
      if (copy) return innerEnd(copy, typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback);
      if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, encoding);
      const result = innerEnd(chunk as Chunk, encoding, callback);
      if (kept && key !== undefined) {
        const body = Buffer.concat(kept);
        const entry = key;
        kept = undefined;
        response.once('finish', () => void this.store(entry, body));
      }
      return result;
    }) as typeof response.end;
  }

  /** Compresses a page once at best quality and keeps it, within the bounds. */
  async store(key: string, body: Buffer): Promise<void> {
    if (this.#copies.has(key) || this.#pending.has(key) || this.#copies.size + this.#pending.size >= maxEntries) return;
    this.#pending.add(key);
    try {
      const compressed = await brotliAtBestQuality(body);
      if (this.#totalBytes + compressed.length > maxTotalBytes) return;
      this.#totalBytes += compressed.length;
      this.#copies.set(key, compressed);
    } catch {
      // A page that fails to compress keeps being compressed on the fly.
    } finally {
      this.#pending.delete(key);
    }
  }
}
