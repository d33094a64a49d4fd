import { strongEtag } from '@/lib/endpoints/document-responder';
import { endpointById } from '@/lib/endpoints/descriptions/shared';
import { docsDescriptions } from '@/lib/endpoints/descriptions/docs-endpoints';
import { endpointHandler } from '@/lib/endpoints/endpoint-handler';
import { httpDate, isNotModified } from '@/lib/http/conditional';
import { htmlVary } from '@/lib/http/negotiation';
import { routeDocs, type RouteDocs } from '@/lib/docs-source/route-docs';
import { runtime } from '@/lib/runtime';
import { llmsFullTxtRoute } from '@/lib/routes';

const markdownHeaders = { 'Content-Type': 'text/markdown; charset=utf-8' };
const plainHeaders = { 'Content-Type': 'text/plain; charset=utf-8' };
/** Twins change with a deploy only; unknown paths are never cached (a stranger's typo must not fill a cache). */
const twinCache = 'public, max-age=300, s-maxage=3600';

/** A text view's bytes and validators. */
interface TextView {
  body: string;
  /** Strong (RFC 9110 §8.8.3): the SHA-256 of the bytes as written, before the server's content coding. */
  etag: string;
  /** ISO 8601: when the page (or, for the llms files, the newest page or meta.json) last changed. */
  lastModified: string;
}

const textView = (body: string, lastModified: string): TextView => ({ body, etag: strongEtag(body), lastModified });

/**
 * A text view's answer: 200 with `ETag` and `Last-Modified`, or 304 with no
 * body when the request's `If-None-Match`, or without one its
 * `If-Modified-Since`, says the client holds these bytes (RFC 9110 §13.2.2).
 * The 304 repeats what the 200 tells caches (§15.4.5): the validators,
 * `Cache-Control` and `Vary`. The server's hooks add the 200's Vary by its
 * Content-Type, which a 304 does not carry, so it is named here
 * (lib/framework/node-server-hooks.ts, lib/framework/response-compression.ts).
 */
function answer(request: Request, view: TextView, headers: Record<string, string>, vary: string): Response {
  const validators = { ETag: view.etag, 'Last-Modified': httpDate(view.lastModified) };
  if (isNotModified(request.headers, view)) {
    const cache: Record<string, string> = headers['Cache-Control'] ? { 'Cache-Control': headers['Cache-Control'] } : {};
    return new Response(null, { status: 304, headers: { ...validators, ...cache, Vary: vary } });
  }
  return new Response(view.body, { headers: { ...headers, ...validators } });
}

export async function markdownTwinResponse(request: Request, segments: readonly string[]): Promise<Response> {
  const { findPage, llms, dates } = await routeDocs();
  const page = segments.at(-1) === 'content.md' ? findPage(segments.slice(0, -1)) : undefined;
  if (!page) {
    return new Response('# Not found\n\nNo documentation page has this path. See /llms.txt for every page.\n', {
      status: 404,
      headers: { ...markdownHeaders, 'Cache-Control': 'no-store' },
    });
  }
  const [body, { of }] = await Promise.all([llms.page(page), dates()]);
  runtime().insights.read(page.url, 'twin');
  // Its Vary is a page's: the same URL answers HTML or this twin by Accept.
  return answer(request, textView(body, of(page.path)), { ...markdownHeaders, 'Cache-Control': twinCache }, htmlVary);
}

/**
 * The llms files of one docs source, made once: in production the source
 * is made once per process, so each file is written and hashed once (the
 * full text is every page); under `next dev` every request has its own.
 */
const llmsViews = new WeakMap<RouteDocs, { index?: Promise<TextView>; full?: Promise<TextView> }>();

function llmsView(docs: RouteDocs, which: 'index' | 'full'): Promise<TextView> {
  let views = llmsViews.get(docs);
  if (!views) llmsViews.set(docs, (views = {}));
  const made = (views[which] ??= Promise.all([docs.llms[which](), docs.dates()]).then(([body, { newest }]) => textView(body, newest)));
  made.catch(() => {
    if (views[which] === made) views[which] = undefined;
  });
  return made;
}

/** llmstxt.org index: one entry per page. */
export const llmsTxtHandler = endpointHandler(endpointById(docsDescriptions, 'llmsTxt'), async (request) =>
  answer(request, await llmsView(await routeDocs(), 'index'), plainHeaders, 'Accept-Encoding'),
);

/** Every page's markdown, one after another. */
export const llmsFullTxtHandler = endpointHandler(endpointById(docsDescriptions, 'llmsFullTxt'), async (request) => {
  const view = await llmsView(await routeDocs(), 'full');
  runtime().insights.read(llmsFullTxtRoute, 'twin');
  return answer(request, view, plainHeaders, 'Accept-Encoding');
});
