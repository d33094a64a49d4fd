import http from 'node:http';
import { installPeerToken, peerHeader, peerStamp } from '@/lib/http/client-ip';
import type { CoreError } from '@/lib/core/core-error';
import { methodNotAllowedError, notFoundError, problemResponse, toProblem } from '@/lib/http/problem';
import { normalizeRequestTarget } from './request-target';
import { compressResponse } from './response-compression';
import { inlineHeaders, responseHeader } from './response-headers';
import type { PageBrotliCache } from './page-brotli';
import type { SecurityHeaderSets } from '@/lib/http/security-header-sets';
import type { StaticBrotliCache } from './static-brotli';

/**
 * Hooks on Node's HTTP server, installed once from instrumentation.ts
 * before the server takes requests. Each does what Next 16 gives no other
 * place for, at the one point every request and response passes:
 *
 * 1. `x-svc-peer`: each request's socket address, replacing any copy a
 *    client sent, stamped with this process's token (lib/http/client-ip.ts).
 *    The proxy sees only headers (no socket, no `request.ip`), and Next
 *    keeps a client-sent X-Forwarded-For as is.
 * 2. The front door (never a 500: /docs/api/errors, "Methods and malformed
 *    paths"): a path whose percent-encoding is not UTF-8 is repaired and
 *    escapes of unreserved characters are decoded
 *    (lib/framework/request-target.ts; the router then decodes each segment
 *    once, and nothing after it decodes again), and a method Next does not
 *    route (TRACE, PROPFIND, M-SEARCH, …) or a target that is not a path
 *    (`OPTIONS *`) is answered here with a problem document, where Next would
 *    answer a bare 500 or an empty 400.
 * 3. `Vary` on HTML and markdown responses: /docs/api, "Accept negotiation",
 *    promises `Accept, User-Agent, Accept-Encoding` on every HTML response,
 *    but Next's page renderer replaces Vary after the proxy and next.config
 *    headers ran; and `X-Content-Type-Options: nosniff` on every response
 *    (JSON answers echo input such as `q`), including the proxy's and Next's
 *    own. With them the security headers (lib/http/security-headers.mjs): the
 *    page set on HTML answers, the short one on every other answer, whoever
 *    wrote it (a prerendered page, its brotli copy, the 404 page, a route
 *    handler, the proxy, this front door).
 * 4. No internal route on an answer: Next's `x-middleware-*` headers are
 *    dropped (`dropInternalHeaders`).
 * 5. Compression with brotli (lib/framework/response-compression.ts), where
 *    Next's own offers gzip only, and the static assets' best-quality
 *    brotli copies (lib/framework/static-brotli.ts), and the prerendered pages'
 *    (lib/framework/page-brotli.ts).
 */
const installed = Symbol.for('svc.node-server-hooks');
const negotiatedVary = ['Accept', 'User-Agent', 'Accept-Encoding'];

/** The methods Next's router dispatches to route handlers and pages. */
const routedMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** What `OPTIONS *` (RFC 9110 §9.3.7) says the server takes as a whole. */
const serverMethods = 'GET, HEAD, POST, OPTIONS';

export interface NodeServerHooksOptions {
  /** The `Allow` value of a path the service answers, or undefined when nothing answers it. */
  allowedMethods: (pathname: string) => string | undefined;
  /** Brotli copies of Next's static assets (production builds: their names are content hashes). */
  staticAssets?: StaticBrotliCache;
  /** Best-quality brotli copies of prerendered pages (production builds). */
  pages?: PageBrotliCache;
  /** The security headers of HTML answers and of the others. */
  security?: SecurityHeaderSets;
  /** Told of every answer once it is sent (the `http.server.request.duration` metric), when telemetry is on. */
  answered?: (method: string, pathname: string, status: number, seconds: number) => void;
}

export function mergeVary(current: string | undefined, required: readonly string[]): string {
  const tokens = (current ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const seen = new Set(tokens.map((token) => token.toLowerCase()));
  for (const token of required) if (!seen.has(token.toLowerCase())) tokens.push(token);
  return tokens.join(', ');
}

function isNegotiatedDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^text\/(html|markdown)\b/i.test(contentType);
}

/**
 * Sets an answer's security headers by its type. A 304 is left as it is:
 * it updates the headers a cache stored with the answer it revalidates
 * (RFC 9111 §4.3.4), whose type it does not say.
 */
export function applySecurityHeaders(
  response: http.ServerResponse,
  status: number,
  contentType: unknown,
  inline: Record<string, unknown> | undefined,
  sets: SecurityHeaderSets,
): void {
  if (status === 304) return;
  // Headers given to writeHead win over those set before: drop any copy there.
  const dropInline = (name: string) => {
    if (inline) for (const key of Object.keys(inline)) if (key.toLowerCase() === name.toLowerCase()) delete inline[key];
  };
  const html = typeof contentType === 'string' && /^text\/html\b/i.test(contentType);
  for (const [name, value] of Object.entries(html ? sets.document : sets.other)) {
    dropInline(name);
    response.setHeader(name, value);
  }
  if (html) return;
  for (const name of sets.documentOnly) {
    dropInline(name);
    response.removeHeader(name);
  }
}

/**
 * Next's proxy step tells its router what it decided in `x-middleware-*`
 * headers and leaves `x-middleware-rewrite` (the internal route a page's
 * twin is served from) on the answer. No client reads them: the App
 * Router's own, `x-nextjs-rewritten-path`, is sent to RSC requests only.
 */
const internalHeader = /^x-middleware-/i;

function dropInternalHeaders(response: http.ServerResponse, inline: Record<string, unknown> | undefined): void {
  for (const name of response.getHeaderNames()) if (internalHeader.test(name)) response.removeHeader(name);
  if (inline) for (const name of Object.keys(inline)) if (internalHeader.test(name)) delete inline[name];
}

interface FrontDoorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function problemAnswer(error: CoreError, headers?: Record<string, string>): FrontDoorAnswer {
  const response = problemResponse(error, headers);
  return { status: response.status, headers: Object.fromEntries(response.headers), body: JSON.stringify(toProblem(error)) };
}

/**
 * What the front door answers for a method and request target, or
 * undefined to let Next route it (with the target as repaired).
 */
function frontDoor(method: string, target: string, options: NodeServerHooksOptions): FrontDoorAnswer | undefined {
  if (!target.startsWith('/')) {
    // Asterisk-form (and anything else that is not a path).
    if (method === 'OPTIONS' && target === '*') return { status: 204, headers: { Allow: serverMethods }, body: '' };
    return problemAnswer(notFoundError(method, target.slice(0, 100)));
  }
  if (routedMethods.has(method)) return undefined;
  const path = target.split(/[?#]/, 1)[0]!;
  // The target was repaired (bad escapes read as U+FFFD), so it decodes.
  const shownPath = decodeURIComponent(path).slice(0, 200);
  const shownMethod = method.slice(0, 32);
  const allow = options.allowedMethods(path);
  if (allow === undefined) return problemAnswer(notFoundError(shownMethod, shownPath));
  return problemAnswer(methodNotAllowedError(shownMethod, shownPath, allow), { Allow: allow });
}

export function installNodeServerHooks(options: NodeServerHooksOptions): void {
  const serverProto = http.Server.prototype as http.Server & { [installed]?: boolean };
  if (serverProto[installed]) return;
  serverProto[installed] = true;
  installPeerToken();

  const emit = serverProto.emit;
  serverProto.emit = function emitThroughFrontDoor(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      const response = args[1] as http.ServerResponse;
      if (options.answered) {
        // The path as asked: Next's router may rewrite request.url before the answer is sent.
        const started = performance.now();
        const { answered } = options;
        const pathname = (request.url ?? '/').split('?')[0]!;
        response.once('finish', () => answered(request.method ?? 'GET', pathname, response.statusCode, (performance.now() - started) / 1000));
      }
      request.headers[peerHeader] = peerStamp(request.socket?.remoteAddress ?? 'unknown');
      const target = normalizeRequestTarget(request.url ?? '/');
      const answer = frontDoor(request.method ?? 'GET', target, options);
      if (answer) {
        response.writeHead(answer.status, answer.headers).end(answer.body);
        request.resume();
        return true;
      }
      request.url = target;
      if (options.staticAssets?.serve(request, response)) return true;
      compressResponse(request, response, options.pages);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;

  const responseProto = http.ServerResponse.prototype;
  const writeHead = responseProto.writeHead;
  responseProto.writeHead = function writeHeadWithVary(this: http.ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      const inline = inlineHeaders(args);
      // A route handler's headers reach Node as arrays (lib/http/response-headers.ts).
      const contentType = responseHeader(this, 'content-type', inline);
      if (isNegotiatedDocument(contentType)) {
        const current = this.getHeader('vary');
        this.setHeader('Vary', mergeVary(Array.isArray(current) ? current.join(', ') : current?.toString(), negotiatedVary));
      }
      this.setHeader('X-Content-Type-Options', 'nosniff');
      dropInternalHeaders(this, inline);
      if (options.security) {
        const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
        applySecurityHeaders(this, status, contentType, inline, options.security);
      }
    }
    return Reflect.apply(writeHead, this, args) as http.ServerResponse;
  } as typeof writeHead;
}
