import { z } from 'zod';
import { problemCodes } from '@/lib/http/problem-codes';
import { problemSchema } from '@/lib/http/problem';
import { endpointTags, info } from './openapi-info';
import {
  allowHeader,
  mediaTypes,
  preflightMaxAgeSeconds,
  preflightRequestHeaders,
  type EndpointSpec,
  type HttpMethod,
  type ResponseSpec,
} from './endpoint';
import { endpoints } from './descriptions';
import { rateLimitHeaders } from './descriptions/shared';

/**
 * The OpenAPI 3.1 description, generated from the endpoint table and its
 * zod schemas (`z.toJSONSchema`), never written by hand. Named schemas
 * (`.meta({ id })`) land in components.schemas and are referenced.
 */
type JsonSchema = Record<string, unknown>;

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

/** What a `cors: 'open'` row's answers carry (lib/endpoints/route-exports.ts `openCors`). */
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
 * The 405 every path answers for a method it does not take (/docs/api/errors,
 * "Methods and malformed paths": `method_not_allowed`). OpenAPI has no responses per path, so each
 * operation of the path lists it, by reference: one description.
 */
const methodNotAllowedRef = { $ref: '#/components/responses/MethodNotAllowed' };

/** The OPTIONS every path answers (lib/endpoints/route-exports.ts, proxy.ts) unless its row declares its own. */
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

/** The document of an endpoint table: the site's, unless a test hands one made from copies of its tables. */
export function buildOpenApiDocument(serverUrl?: string, rows: readonly EndpointSpec[] = endpoints) {
  const components: Record<string, JsonSchema> = {};
  schemaOf(problemSchema, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};
  const rowsByPath = new Map<string, EndpointSpec[]>();
  for (const endpoint of rows) {
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
    // Anonymous access only (/docs/api: every request is anonymous): no security requirement.
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
