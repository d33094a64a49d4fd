import compressible from 'compressible';
import compression from 'compression';
import { Duplex } from 'node:stream';
import type http from 'node:http';
import zlib from 'node:zlib';
import type { PageBrotliCache } from './page-brotli';
import { responseHeader } from './response-headers';

/**
 * Response compression for `next start`, in Next's place (`compress: false`
 * in next.config.mjs): Next's bundled middleware offers gzip only, while
 * every current browser takes brotli, whose 4 MiB window also folds the
 * page's React payload onto the HTML it repeats. The same `compression`
 * middleware Next bundles, at the version that added brotli; quality 5 is
 * fast enough per request (figures: docs/decisions/0004-brotli-at-the-server.md).
 * Precompressed static assets are lib/framework/static-brotli.ts; prerendered
 * pages get best-quality copies from lib/framework/page-brotli.ts.
 */
const brotliQuality = 5;

type Middleware = (request: http.IncomingMessage, response: http.ServerResponse, next: () => void) => void;

/**
 * The middleware's own filter reads Content-Type as a string, but a route
 * handler's headers reach Node as arrays (`['application/json']`), which it
 * calls incompressible: Next's bundled copy never compressed /v1 or
 * /api/search. Server-sent events stay as written, each
 * event on the wire when sent, whatever buffers a compressed stream.
 */
function isCompressible(_request: http.IncomingMessage, response: http.ServerResponse): boolean {
  const value = responseHeader(response, 'Content-Type');
  if (value === undefined || /^text\/event-stream\b/i.test(value)) return false;
  return compressible(value) === true;
}

const middleware = compression({
  filter: isCompressible as unknown as compression.CompressionFilter,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
}) as unknown as Middleware;

const noop = () => {};

/**
 * The middleware never ends its zlib stream when the client goes away
 * first, and the stream then outlives the response; Next releases it the
 * same way (next/dist/server/lib/release-compression-stream.js): the
 * middleware's `on('drain')` hands back the stream it writes to.
 */
function releaseCompressionStream(response: http.ServerResponse): void {
  const stream = response.on('drain', noop) as unknown;
  if (stream === response || !(stream instanceof Duplex)) {
    response.off('drain', noop);
    return;
  }
  stream.destroy();
}

/** Compresses what Next writes to this response, negotiated by Accept-Encoding (brotli, then gzip). */
export function compressResponse(request: http.IncomingMessage, response: http.ServerResponse, pages?: PageBrotliCache): void {
  middleware(request, response, noop);
  // After the middleware, so the page copies' wrappers see Next's writes first.
  pages?.attach(request, response);
  response.once('close', () => {
    if (!response.writableFinished) releaseCompressionStream(response);
  });
}
