import { z } from 'zod';
import { problemCodes } from '@/lib/http/problem-codes';
import { problemSchema } from '@/lib/http/problem';
import { mediaTypes, endpointTags, type EndpointSpec, type ResponseSpec } from './endpoint';
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
    '**Rate limit**: 600 requests per minute per client IP, one window shared across the rate-limited endpoints. Their responses, errors included, carry `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (integers) and the IETF draft\'s `RateLimit-Policy` and `RateLimit`. Over the limit: 429 `rate_limited` with `Retry-After`. Counted per edge node, so the headers are an approximation.',
    '',
    '**Sandbox**: every /v1 read takes `sandbox=true|1|yes` (anything else is off); POST /v1/batch and /v1/jobs take `"sandbox": true` in the body. Sandbox answers are deterministic fixtures, byte-identical on every call, with `sandbox: true`; the rate limit still applies.',
    '',
    '**Choices the spec leaves open**: list pages are `{ items, next_cursor, total }`; batch bodies are `{ operations: [{ kind, ... }], sandbox? }` and answers `{ results: [{ ok, kind, data | problem }] }`; a job body may hold at most 100 operations and 64 KiB; cursors are opaque, signed, and bound to their query or list.',
    '',
    '**Versioning**: /v1 is path-versioned. A deprecated endpoint keeps answering and adds `Deprecation: true` and a `Sunset` HTTP-date.',
  ].join('\n'),
  license: { name: 'MIT', identifier: 'MIT' },
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

function headersOf(specs: Record<string, { description: string; schema: z.ZodType }> | undefined, components: Record<string, JsonSchema>) {
  if (!specs) return undefined;
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { description: spec.description, schema: schemaOf(spec.schema, 'output', components) }]),
  );
}

function responseOf(response: ResponseSpec, endpoint: EndpointSpec, components: Record<string, JsonSchema>) {
  const headers = {
    ...(endpoint.rateLimited ? rateLimitHeaders : {}),
    ...response.headers,
  };
  const content =
    response.representation === 'redirect' || response.representation === 'none'
      ? undefined
      : {
          [response.mediaType ?? mediaTypes[response.representation]]: {
            schema: response.schema ? schemaOf(response.schema, 'output', components) : {},
          },
        };
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
    const extra: Record<string, { description: string; schema: z.ZodType }> = {};
    if (status === 429) extra['Retry-After'] = { description: 'Seconds to wait', schema: z.number().int() };
    responses[String(status)] = {
      description: `Problem: ${codes.map((code) => `\`${code}\``).join(', ')}`,
      headers: headersOf({ ...(endpoint.rateLimited ? rateLimitHeaders : {}), ...extra }, components),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  if (endpoint.errors.length > 0) {
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
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(serverUrl?: string) {
  const components: Record<string, JsonSchema> = {};
  schemaOf(problemSchema, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints as readonly EndpointSpec[]) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operationOf(endpoint, components);
  }
  return {
    openapi: '3.1.1',
    info,
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    // Anonymous access only (spec "Authentication" 1): no security requirement.
    security: [],
    tags: Object.entries(endpointTags).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas: components },
  };
}
