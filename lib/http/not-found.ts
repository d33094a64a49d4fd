import { preferredMediaType } from './negotiation';

/**
 * Whether a request is a browser's page load: a GET or HEAD whose Accept
 * prefers HTML over JSON. Such requests for paths nothing answers get the
 * site's 404 page; everyone else gets a `not_found` problem.
 */
export function wantsHtml(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.get('accept');
  if (!accept || !/text\/html/i.test(accept)) return false;
  return preferredMediaType(accept, ['text/html', 'application/problem+json', 'application/json']) === 'text/html';
}

/**
 * A path no route answers: a rewrite to it renders app/not-found.tsx with
 * status 404, server-side like any page. (A catch-all page calling
 * `notFound()` would not: Next serves that 404 as an empty document that
 * only script fills in, without the theme script's class on <html>.)
 */
export const notFoundPagePath = '/missing-page';
