import { createHash } from 'node:crypto';
import { ifNoneMatchMatches } from '@/lib/http/conditional';
import { keptForLast } from '@/lib/platform/kept-for-last';
import { internalErrorResponse } from '@/lib/http/problem';
import type { RouteHandler } from '@/lib/http/route-handler';

/**
 * The one responder of the site's documents (discovery documents, the
 * agent page, /auth.md, the skills, structured data, the MCP manifests and
 * cards): a document's bytes and media type in, a GET handler out.
 *
 * - The bytes are built on first use and kept: every document is a pure
 *   function of the deployment (its public origin, its tables, its pages).
 * - A strong `ETag` (RFC 9110 §8.8.3) is the SHA-256 of the bytes, so two
 *   processes of one deployment agree on it without sharing anything.
 * - `If-None-Match` is evaluated as RFC 9110 §13.1.2 says (weak comparison,
 *   `*` matches any current representation): a match is a 304 with no
 *   body that repeats the ETag, Cache-Control and Vary (§15.4.5).
 * - HEAD needs nothing here: Next answers it with GET's headers and no body.
 * - CORS and the rate limit are the route layer's (the rows' `cors: 'open'`
 *   and `rateLimited`, lib/endpoints/route-exports.ts), so every answer of the
 *   path, its 405 and 429 included, carries them.
 */
export interface DocumentSpec {
  /** Media type with parameters, e.g. `application/json` or `text/markdown; charset=utf-8`. */
  contentType: string;
  /** The bytes, built once (lib/platform/kept-for-last.ts: a failed build is tried again by the next request). */
  body: () => string | Promise<string>;
  cacheControl: string;
  /** Extra headers of every answer (a `Vary`, a `Link`), built with the bytes on first use. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /**
   * What the bytes are made from, when it can change while the server runs:
   * they are built again when it answers another value (the docs source,
   * new after an edit under `next dev`; one per process in production).
   */
  version?: () => Promise<unknown>;
}

/** Cache lifetimes (documented on the rows): an hour for documents that change with a deploy only. */
export const documentCache = {
  /** Discovery documents and skills: an hour at the client, a day at shared caches. */
  deployed: 'public, max-age=3600, s-maxage=86400',
  /** Answers that differ by request headers and must not be stored (the agent page: /docs/agents/discovery, "Agent mode"). */
  none: 'private, no-store',
  /** The search index (/api/search): five minutes at the client, an hour at shared caches. */
  searchIndex: 'public, max-age=300, s-maxage=3600',
} as const;

export const strongEtag = (bytes: string) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

export function documentResponder(spec: DocumentSpec): RouteHandler {
  const built = keptForLast(async (_version: unknown) => {
    const body = await spec.body();
    return { body, etag: strongEtag(body), headers: typeof spec.headers === 'function' ? spec.headers() : spec.headers };
  });
  return async (request) => {
    try {
      const document = await built(spec.version ? await spec.version() : undefined);
      const headers = new Headers(document.headers);
      headers.set('ETag', document.etag);
      headers.set('Cache-Control', spec.cacheControl);
      if (ifNoneMatchMatches(request.headers.get('if-none-match'), document.etag)) {
        return new Response(null, { status: 304, headers });
      }
      headers.set('Content-Type', spec.contentType);
      return new Response(document.body, { status: 200, headers });
    } catch (error) {
      return internalErrorResponse(error);
    }
  };
}

/** A JSON document of the deployment's origin (pretty-printed, cached like every deployed document). */
export function jsonDocument(
  origin: () => string,
  build: (origin: string) => unknown,
  options: { contentType?: string; headers?: (origin: string) => Record<string, string> } = {},
): RouteHandler {
  const { contentType = 'application/json', headers } = options;
  return documentResponder({
    contentType,
    body: () => JSON.stringify(build(origin()), null, 2),
    cacheControl: documentCache.deployed,
    headers: headers && (() => headers(origin())),
  });
}
