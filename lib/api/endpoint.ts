import type { z } from 'zod';
import type { ProblemCode } from '@/lib/http/problem-codes';

/**
 * The shape of one row of the endpoint table (lib/api/endpoints.ts). A row
 * describes everything the service answers at one method and path: JSON
 * reads, POSTs, text/plain and text/markdown documents, redirects, and (in
 * later work) SSE streams and JSON-RPC transports. From the rows come the
 * handlers' validation, /openapi.json, the proxy's rate-limited paths and
 * the path list the real-server tests walk.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export type Representation =
  | 'json'
  | 'problem'
  | 'text'
  | 'markdown'
  | 'html'
  | 'xml'
  | 'sse'
  | 'json-rpc'
  | 'redirect'
  | 'image'
  | 'none';

export const mediaTypes: Record<Exclude<Representation, 'redirect' | 'none'>, string> = {
  json: 'application/json',
  problem: 'application/problem+json',
  text: 'text/plain',
  markdown: 'text/markdown',
  html: 'text/html',
  xml: 'application/xml',
  sse: 'text/event-stream',
  'json-rpc': 'application/json',
  image: 'image/png',
};

export interface HeaderSpec {
  description: string;
  schema: z.ZodType;
  required?: boolean;
}

export interface ResponseSpec {
  description: string;
  representation: Representation;
  /** Overrides the representation's default media type (e.g. a vendor JSON type). */
  mediaType?: string;
  schema?: z.ZodType;
  headers?: Record<string, HeaderSpec>;
  /**
   * Other representations of the same status, chosen by `Accept` (a docs
   * page's markdown twin) or by the client kind (a browser's HTML 404).
   */
  alternates?: Array<{ representation: Representation; mediaType?: string; schema?: z.ZodType }>;
}

export interface EndpointSpec {
  /** OpenAPI operationId; unique. */
  id: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/releases/{app}`. */
  path: string;
  summary: string;
  description?: string;
  tag: EndpointTag;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the endpoint reads (beyond the platform's). */
  headers?: Record<string, HeaderSpec>;
  body?: { schema: z.ZodType; description: string; maxBytes: number };
  responses: Record<number, ResponseSpec>;
  /** Problem codes this endpoint may answer with (added to `responses`). */
  errors: ProblemCode[];
  /**
   * Input field → problem code when that field fails validation. Fields
   * not named here fail as `invalid_parameter`.
   */
  inputProblems?: Partial<Record<string, ProblemCode>>;
  /** Counted against the per-client rate limit (spec: "Limits"). */
  rateLimited: boolean;
  /**
   * A rate-limit window of its own: requests count against
   * `<bucket>:<client>` instead of the client's shared window (same
   * ceiling), and `RateLimit-Policy` names the bucket. Only the site's
   * search dialog uses one, so typing never spends the API's window.
   */
  rateLimitBucket?: string;
  /**
   * Open CORS (spec "Authentication" 2, for the MCP endpoints): every answer
   * of the path, the route layer's 405, 429 and OPTIONS included, carries
   * `Access-Control-Allow-Origin: *` and exposes the response headers the
   * rows document; OPTIONS answers an open preflight.
   */
  cors?: 'open';
  /** A deprecated row answers with `Deprecation: true` and `Sunset`. */
  deprecated?: { sunset: Date };
  /** Concrete examples the real-server walk requests, with their statuses. */
  examples: EndpointExample[];
}

export interface EndpointExample {
  /** Concrete path with query, e.g. `/v1/releases/pounce?sandbox=true`. */
  url: string;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

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

/** `Allow` for the declared methods: HEAD goes with GET, OPTIONS is always answered. */
export function allowHeader(declared: readonly HttpMethod[]): string {
  const methods = new Set<string>(declared);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].join(', ');
}

/**
 * What an open preflight allows besides the path's methods (spec
 * "Authentication" 2): the request headers `content-type`, `accept` and
 * those the path's rows read, kept by a browser for a day. The route layer
 * answers with these and /openapi.json documents them.
 */
export const preflightMaxAgeSeconds = 86400;
export function preflightRequestHeaders(rows: readonly Pick<EndpointSpec, 'headers'>[]): string[] {
  const names = new Set(['content-type', 'accept']);
  for (const row of rows) for (const name of Object.keys(row.headers ?? {})) names.add(name.toLowerCase());
  return [...names];
}

/** Builds an OpenAPI-style path template matcher: `/v1/jobs/{id}` → RegExp. */
export function pathPattern(template: string): RegExp {
  const escaped = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? `(?<${part.slice(1, -1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}
