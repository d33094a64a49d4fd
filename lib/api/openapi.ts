import { z } from 'zod';
import { problemCodes } from '@/lib/http/problem-codes';
import { problemSchema } from '@/lib/http/problem';
import { repositoryUrl, siteRepo } from '@/lib/site';
import {
  allowHeader,
  endpointTags,
  mediaTypes,
  preflightMaxAgeSeconds,
  preflightRequestHeaders,
  type EndpointSpec,
  type HttpMethod,
  type ResponseSpec,
} from './endpoint';
import { endpoints, rateLimitHeaders } from './endpoints';

/**
 * The OpenAPI 3.1 description, generated from the endpoint table and its
 * zod schemas (`z.toJSONSchema`), never written by hand. Named schemas
 * (`.meta({ id })`) land in components.schemas and are referenced.
 */
type JsonSchema = Record<string, unknown>;

const info = {
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

function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, target: 'draft-2020-12', reused: 'inline', unrepresentable: 'any' });
  // Named schemas come back under $defs; OpenAPI keeps them in components.
  const result = JSON.parse(JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const { $defs, $schema: _ignored, ...rest } = result;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] ??= def;
  // A top-level named schema becomes a component and a reference.
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) {
    components[id] ??= rest;
    return { $ref: `#/components/schemas/${id}` };
  }
  return rest;
}

type HeaderSpecs = Record<string, { description: string; schema: z.ZodType; required?: boolean }>;

function headersOf(specs: HeaderSpecs | undefined, components: Record<string, JsonSchema>) {
  if (!specs) return undefined;
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      { description: spec.description, ...(spec.required ? { required: true } : {}), schema: schemaOf(spec.schema, 'output', components) },
    ]),
  );
}

const mediaTypeOf = (response: Pick<ResponseSpec, 'representation' | 'mediaType'>) =>
  response.mediaType ?? mediaTypes[response.representation as keyof typeof mediaTypes];

/** What a `cors: 'open'` row's answers carry (lib/api/route-handlers.ts `openCors`). */
const corsHeaders: HeaderSpecs = {
  'Access-Control-Allow-Origin': { description: '`*`: any origin may read the answer (open CORS)', schema: z.literal('*'), required: true },
  'Access-Control-Expose-Headers': { description: 'The response headers a browser may read: the RateLimit headers, `Retry-After`, `Allow` and the documented ones', schema: z.string(), required: true },
};

/** Headers every answer of a row carries: the rate limit, and open CORS. */
const commonHeaders = (endpoint: EndpointSpec): HeaderSpecs => ({
  ...(endpoint.rateLimited ? rateLimitHeaders : {}),
  ...(endpoint.cors === 'open' ? corsHeaders : {}),
});

function responseOf(response: ResponseSpec, endpoint: EndpointSpec, components: Record<string, JsonSchema>) {
  const headers = {
    ...commonHeaders(endpoint),
    ...response.headers,
  };
  const content =
    response.representation === 'redirect' || response.representation === 'none'
      ? undefined
      : Object.fromEntries(
          [response, ...(response.alternates ?? [])].map((entry) => [
            mediaTypeOf(entry),
            { schema: entry.schema ? schemaOf(entry.schema, 'output', components) : {} },
          ]),
        );
  return {
    description: response.description,
    ...(Object.keys(headers).length ? { headers: headersOf(headers, components) } : {}),
    ...(content ? { content } : {}),
  };
}

function operationOf(endpoint: EndpointSpec, components: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(endpoint.params?.shape ?? {})) {
    parameters.push({ name, in: 'path', required: true, description: (schema as z.ZodType).description, schema: schemaOf(schema as z.ZodType, 'output', components) });
  }
  for (const [name, schema] of Object.entries(endpoint.query?.shape ?? {})) {
    const zod = schema as z.ZodType;
    const { description: _d, ...paramSchema } = schemaOf(zod, 'output', components);
    parameters.push({ name, in: 'query', required: !zod.safeParse(undefined).success, description: zod.description, schema: paramSchema });
  }
  for (const [name, spec] of Object.entries(endpoint.headers ?? {})) {
    parameters.push({ name, in: 'header', required: spec.required ?? false, description: spec.description, schema: schemaOf(spec.schema, 'output', components) });
  }

  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(endpoint.responses)) {
    responses[status] = responseOf(response, endpoint, components);
  }
  // Group the row's problem codes by status; each status lists its codes.
  const byStatus = new Map<number, string[]>();
  for (const code of endpoint.errors) {
    const { status } = problemCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    const extra: HeaderSpecs = {};
    if (status === 429) extra['Retry-After'] = { description: 'Seconds to wait', schema: z.number().int(), required: true };
    if (status === 405) extra.Allow = { description: 'The methods the path takes', schema: z.string(), required: true };
    responses[String(status)] = {
      description: `Problem: ${codes.map((code) => `\`${code}\``).join(', ')}`,
      headers: headersOf({ ...commonHeaders(endpoint), ...extra }, components),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  responses['405'] ??= methodNotAllowedRef;
  // A row that documents its own 500 (the MCP transports' JSON-RPC error) keeps it.
  if (endpoint.errors.length > 0 && !endpoint.responses[500]) {
    responses['500'] = {
      description: 'Problem: `internal_error` (with a `request_id` that is also logged)',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }

  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    ...(endpoint.deprecated ? { deprecated: true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            description: `${endpoint.body.description}. At most ${endpoint.body.maxBytes} bytes.`,
            content: { 'application/json': { schema: schemaOf(endpoint.body.schema, 'input', components) } },
            'x-max-bytes': endpoint.body.maxBytes,
          },
        }
      : {}),
    responses,
  };
}

/**
 * The 405 every path answers for a method it does not take (spec "Errors":
 * `method_not_allowed`). OpenAPI has no responses per path, so each
 * operation of the path lists it, by reference: one description.
 */
const methodNotAllowedRef = { $ref: '#/components/responses/MethodNotAllowed' };

/** The OPTIONS every path answers (lib/api/route-handlers.ts, proxy.ts) unless its row declares its own. */
function optionsOperation(path: string, rows: readonly EndpointSpec[], components: Record<string, JsonSchema>) {
  const parameters = Object.entries(rows[0]!.params?.shape ?? {}).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema: schemaOf(schema as z.ZodType, 'output', components),
  }));
  const allow = allowHeader(rows.map((row) => row.method as HttpMethod));
  const open = rows.some((row) => row.cors === 'open');
  const requestHeaders = preflightRequestHeaders(rows).join(', ');
  const preflight: HeaderSpecs = open
    ? {
        ...corsHeaders,
        'Access-Control-Allow-Methods': { description: `\`${allow}\``, schema: z.string(), required: true },
        'Access-Control-Allow-Headers': { description: `\`${requestHeaders}\``, schema: z.string(), required: true },
        'Access-Control-Max-Age': { description: `Seconds a browser may keep the preflight (${preflightMaxAgeSeconds})`, schema: z.number().int(), required: true },
      }
    : {};
  const description = open
    ? `An open CORS preflight: a page of any origin may send ${path} the methods \`${allow}\` with the request headers \`${requestHeaders}\`, and its browser may keep this answer ${preflightMaxAgeSeconds} seconds. Not counted against the rate limit.`
    : `The methods ${path} takes, in \`Allow\`. No CORS headers, so a browser's preflight from a page of another origin fails. Not counted against the rate limit.`;
  return {
    operationId: `options${rows[0]!.id[0]!.toUpperCase()}${rows[0]!.id.slice(1)}`,
    summary: `Methods of ${path}`,
    description,
    tags: [rows[0]!.tag],
    ...(parameters.length ? { parameters } : {}),
    responses: {
      204: {
        description: `No body; \`Allow: ${allow}\`${open ? ' (an open CORS preflight)' : ''}`,
        headers: headersOf({ Allow: { description: 'The methods the path takes', schema: z.string(), required: true }, ...preflight }, components),
      },
      405: methodNotAllowedRef,
    },
  };
}

/** Headers a shared response carries only on some paths: not required, and saying where. */
const optionalHeaders = (specs: HeaderSpecs, where: string): HeaderSpecs =>
  Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { description: `${spec.description}; ${where}`, schema: spec.schema }]));

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

export function buildOpenApiDocument(serverUrl?: string) {
  const components: Record<string, JsonSchema> = {};
  schemaOf(problemSchema, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};
  const rowsByPath = new Map<string, EndpointSpec[]>();
  for (const endpoint of endpoints as readonly EndpointSpec[]) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operationOf(endpoint, components);
    rowsByPath.set(endpoint.path, [...(rowsByPath.get(endpoint.path) ?? []), endpoint]);
  }
  for (const [path, rows] of rowsByPath) {
    if (!rows.some((row) => row.method === 'OPTIONS')) paths[path]!.options = optionsOperation(path, rows, components);
  }
  return {
    openapi: '3.1.1',
    info,
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    // Anonymous access only (spec "Authentication" 1): no security requirement.
    security: [],
    tags: Object.entries(endpointTags).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: components,
      responses: {
        MethodNotAllowed: {
          description:
            'Problem `method_not_allowed`: the path exists but does not take the method asked (any method its operations do not list; `HEAD` goes with `GET`). Listed under every operation of the path.',
          headers: headersOf(
            {
              Allow: { description: 'The methods the path takes', schema: z.string(), required: true },
              ...optionalHeaders(rateLimitHeaders, 'on a rate-limited path, where the 405 counts against the window'),
              ...optionalHeaders(corsHeaders, 'on a path with open CORS'),
            },
            components,
          ),
          content: problemContent,
        },
      },
    },
  };
}
