import type { z } from 'zod';
import type { ErrorCode } from '@/lib/http/problem-codes';
import type { HttpMethod, RouteRow } from './contract';
import type { EndpointTag } from './openapi-info';

export type { EndpointTag, HttpMethod };

/**
 * The shapes of the endpoint table: a row of the routing contract
 * (lib/endpoints/contract.ts) joined with its description (lib/endpoints/descriptions/) describes
 * everything the service answers at one method and path: JSON reads,
 * POSTs, text/plain and text/markdown documents, redirects, SSE streams and
 * JSON-RPC transports. From them come the handlers' validation,
 * /openapi.json, the proxy's paths and the route layer's 405s.
 */
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

/**
 * The description of one row of the routing contract (lib/endpoints/contract.ts):
 * its request and response schemas, which the handler wrapper validates with
 * (lib/endpoints/endpoint-handler.ts), and its OpenAPI text (lib/endpoints/openapi.ts). The descriptions
 * are in lib/endpoints/descriptions/, keyed by row id.
 */
export interface EndpointDescription {
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
  errors: ErrorCode[];
  /**
   * Input field → problem code when that field fails validation. Fields
   * not named here fail as `invalid_parameter`.
   */
  inputProblems?: Partial<Record<string, ErrorCode>>;
}

/** A row of the contract joined with its description: everything about one method and path. */
export interface EndpointSpec extends RouteRow, EndpointDescription {}

/** `Allow` for the declared methods: HEAD goes with GET, OPTIONS is always answered. */
export function allowHeader(declared: readonly HttpMethod[]): string {
  const methods = new Set<string>(declared);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].join(', ');
}

/**
 * What an open preflight allows besides the path's methods (/docs/agents/mcp,
 * "Protocol revisions"): the request headers `content-type`, `accept` and
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
