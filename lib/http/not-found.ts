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

/** Any path that reaches app/[...missing]/page.tsx renders the 404 page. */
export const notFoundPagePath = '/missing-page';
