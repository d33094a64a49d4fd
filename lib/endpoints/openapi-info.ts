import { repositoryUrl, siteRepo } from '@/lib/site';

/**
 * The prose of /openapi.json that belongs to no one row: the document's
 * `info` and the tags the rows are grouped by. Each row's own summary and
 * description are in its row's description (lib/endpoints/descriptions/).
 */
export const info = {
  title: 'layer site API',
  version: '1.0.0',
  summary: 'Read-only API of the layer site: documentation search, releases, installers, batch and jobs.',
  description: [
    'Public and read-only: no API keys, no accounts. POST endpoints only bundle reads.',
    '',
    '**Errors** are `application/problem+json` (RFC 9457) with a stable `code`; each `type` is a page on this host explaining the code. Installer errors are `text/plain`.',
    '',
    '**Rate limit**: 600 requests per minute per client IP, one window shared across the rate-limited endpoints (except /api/docs-search, the site\'s search dialog, which counts in a window of its own: `RateLimit-Policy` names the window). Their responses, errors included, carry `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (integers) and the IETF draft\'s `RateLimit-Policy` and `RateLimit`. Over the limit: 429 `rate_limited` with `Retry-After`. Counted per edge node, so the headers are an approximation.',
    '',
    '**Sandbox**: every /v1 read takes `sandbox=true|1|yes` (anything else is off); POST /v1/batch and /v1/jobs take `"sandbox": true` in the body. Sandbox answers are deterministic fixtures, byte-identical on every call, with `sandbox: true`; the rate limit still applies.',
    '',
    '**Choices the spec leaves open**: list pages are `{ items, next_cursor, total }`; batch bodies are `{ operations: [{ kind, ... }], sandbox? }` and answers `{ results: [{ ok, kind, data | problem }] }`; a job body may hold at most 100 operations and 64 KiB; cursors are opaque, signed, and bound to their query or list.',
    '',
    '**Methods**: every path answers `OPTIONS` with 204 and `Allow`, and `HEAD` wherever it answers `GET`. Any other method on a path the service answers is a 405 `method_not_allowed` problem with `Allow` (components.responses.MethodNotAllowed, listed under every operation of the path), whatever the method (TRACE, PROPFIND, …); any method on a path nothing answers is a 404 `not_found` problem, or the site\'s 404 page for a browser. `OPTIONS *` answers 204 with the server\'s methods.',
    '',
    '**Paths with bad percent-encoding** are read as the WHATWG URL Standard reads them: an escape sequence that is not UTF-8 stands for U+FFFD and a `%` without two hex digits for itself. Such a path names no app, job or page, so it gets that path\'s usual 404 (`unknown_app`, `unknown_job`, `not_found`, or the 404 page).',
    '',
    '**Limits of inputs**: from the spec, `q` is at least 1 character, `limit` is 1–50 and a batch takes 1–20 operations; the site\'s own choices, where the spec gives no figure: `q` at most 500 characters, `limit` in decimal digits only, a job 1–100 operations, each body at most 64 KiB (`x-max-bytes`).',
    '',
    '**Compression** (a choice the spec leaves open): answers over 1 KiB are compressed by `Accept-Encoding`, brotli first, then gzip; server-sent events never are.',
    '',
    '**Versioning**: /v1 is path-versioned. A deprecated endpoint keeps answering and adds `Deprecation: true` and a `Sunset` HTTP-date.',
    '',
    '**MCP** (tag Agents): /mcp, /mcp/docs and /.well-known/mcp take JSON-RPC 2.0 over MCP Streamable HTTP, stateless, answered as JSON in the 2026-07-28 and the 2025 protocol revisions, with open CORS. Their body errors are JSON-RPC errors; tool failures are tool results with `isError`; the 405 and 429 are the problems above. `mcp-protocol-version` on every answer names the revision answered.',
  ].join('\n'),
  // The site's repository on the code host (configuration: GITHUB_OWNER, GITHUB_SITE_REPO). No licence
  // is stated: the repository has none.
  contact: { url: repositoryUrl(siteRepo) },
};

export const endpointTags = {
  Search: 'Full-text search over the documentation.',
  Catalog: 'Desktops, rooms and apps: the typed catalog behind the docs.',
  Releases: 'Latest signed macOS releases of the apps and their downloads.',
  'Batch and jobs': 'Several reads in one request, synchronously or as an asynchronous job.',
  'Natural-language query': 'A question to the documentation, answered with ranked sections (NLWeb envelope, JSON or server-sent events). Documentation search, not a chat model.',
  Installers: 'The installer one-liners, proxied from the code host.',
  Documentation: 'The documentation and its machine-readable text views.',
  Platform: 'Problem pages, the OpenAPI description and signing keys.',
  Agents: 'The MCP transports for coding agents (JSON-RPC 2.0) and their discovery documents.',
} as const;
export type EndpointTag = keyof typeof endpointTags;
