import type { EndpointSpec } from '@/lib/endpoints/endpoint';
import { endpoints } from '@/lib/endpoints/descriptions';
import { rateLimitHeaders } from '@/lib/endpoints/descriptions/shared';
import { buildOpenApiDocument } from '@/lib/endpoints/openapi';
import { problemCodes, type ErrorCode } from '@/lib/http/problem-codes';
import { problemTypeRoute } from '@/lib/routes';

/**
 * The reference part of the API pages (content/docs/api), read from the
 * OpenAPI document that /openapi.json serves (itself generated from the
 * endpoint table), so parameter lists, response shapes and error codes in
 * the docs cannot drift from what the service answers. The prose and curl
 * examples stay in the MDX; components/endpoint-reference.tsx renders this.
 */

type JsonSchema = Record<string, unknown>;

export interface ApiField {
  name: string;
  /** `path`, `query` or `header` for parameters; absent for body and response fields. */
  in?: 'path' | 'query' | 'header';
  type: string;
  required: boolean;
  description?: string;
}

/** A named object (or union of objects) of a request or response body. */
export interface ApiSchemaTable {
  name: string;
  description?: string;
  fields: ApiField[];
  /** For a union: one entry per alternative. */
  variants: { name: string; fields: ApiField[] }[];
}

interface ApiResponse {
  status: string;
  mediaType?: string;
  description: string;
  /** The body's schema name, when it is a named schema. */
  schema?: string;
  /** Headers specific to this response (the RateLimit headers are documented once, under Limits). */
  headers: ApiField[];
}

interface ApiProblemCode {
  code: ErrorCode;
  status: number;
  title: string;
  href: string;
}

export interface ApiEndpointReference {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  rateLimited: boolean;
  deprecated: boolean;
  parameters: ApiField[];
  body?: { mediaType: string; description: string; maxBytes: number; schemas: ApiSchemaTable[] };
  /** Every non-problem response, in status order. */
  responses: ApiResponse[];
  /** Named schemas of the JSON success responses, expanded `depth` levels deep. */
  responseSchemas: ApiSchemaTable[];
  /** The problem codes the endpoint answers with (besides `internal_error`). */
  errors: ApiProblemCode[];
}

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;
const openApi = () => (cached ??= buildOpenApiDocument());

const componentSchemas = () => openApi().components.schemas as Record<string, JsonSchema>;

/** `#/components/schemas/Release` → `Release`. */
const refName = (schema: JsonSchema): string | undefined =>
  typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;

function resolve(schema: JsonSchema): JsonSchema {
  const name = refName(schema);
  if (!name) return schema;
  const target = componentSchemas()[name];
  if (!target) throw new Error(`OpenAPI schema ${name} is not in components`);
  // A $ref with siblings (e.g. a description) keeps them.
  const { $ref: _ref, ...siblings } = schema;
  return { ...target, ...siblings };
}

const isObjectSchema = (schema: JsonSchema) => schema.type === 'object' || typeof schema.properties === 'object';
const unionMembers = (schema: JsonSchema) => (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;

/** A schema worth a table of its own: a named object, or a named union of objects. */
function isTableSchema(schema: JsonSchema): boolean {
  const resolved = resolve(schema);
  if (isObjectSchema(resolved)) return true;
  const members = unionMembers(resolved);
  return Boolean(members?.every((member) => isObjectSchema(resolve(member))));
}

// zod's `.int()` bounds; saying them adds nothing.
const safeInteger = Number.MAX_SAFE_INTEGER;

/** A short, readable type: `integer, 1–50, default 10`, `array of SearchHit`, `"queued" or "done"`. */
export function describeType(schema: JsonSchema): string {
  const name = refName(schema);
  if (name) {
    const target = resolve(schema);
    // Enumerations read better as their values.
    if (Array.isArray(target.enum)) return describeType(target);
    return name;
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' or ');
  // `type: ["string", "null"]`: each type described on its own.
  if (Array.isArray(schema.type)) {
    return (schema.type as string[]).map((type) => describeType({ ...schema, type })).join(' or ');
  }
  const members = unionMembers(schema);
  if (members) {
    const parts = members.map((member) => describeType(member));
    return [...new Set(parts)].join(' or ');
  }
  const parts: string[] = [];
  switch (schema.type) {
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      parts.push(`array of ${describeType(items)}`);
      if (typeof schema.minItems === 'number' && schema.minItems > 0) parts.push(`at least ${schema.minItems}`);
      if (typeof schema.maxItems === 'number') parts.push(`at most ${schema.maxItems}`);
      break;
    }
    case 'string':
      parts.push(typeof schema.format === 'string' ? `string (${schema.format})` : 'string');
      if (typeof schema.minLength === 'number' && schema.minLength > 0) {
        parts.push(`at least ${schema.minLength} character${schema.minLength === 1 ? '' : 's'}`);
      }
      if (typeof schema.maxLength === 'number') parts.push(`at most ${schema.maxLength} characters`);
      break;
    case 'integer':
    case 'number': {
      parts.push(String(schema.type));
      const min = typeof schema.minimum === 'number' && Math.abs(schema.minimum) !== safeInteger ? schema.minimum : undefined;
      const max = typeof schema.maximum === 'number' && Math.abs(schema.maximum) !== safeInteger ? schema.maximum : undefined;
      if (min !== undefined && max !== undefined) parts.push(`${min}–${max}`);
      else if (min !== undefined) parts.push(`≥ ${min}`);
      else if (max !== undefined) parts.push(`≤ ${max}`);
      break;
    }
    case 'object':
      parts.push('object');
      break;
    case 'null':
      parts.push('null');
      break;
    default:
      parts.push(typeof schema.type === 'string' ? schema.type : 'any');
  }
  if ('default' in schema) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

function fieldsOf(schema: JsonSchema): ApiField[] {
  const resolved = resolve(schema);
  const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((resolved.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: describeType(property),
    required: required.has(name),
    description: typeof property.description === 'string' ? property.description : undefined,
  }));
}

/** Variant name: its schema name, else its constant discriminator (`ok: true`). */
function variantName(member: JsonSchema, index: number): string {
  const name = refName(member);
  if (name) return name;
  const properties = (resolve(member).properties ?? {}) as Record<string, JsonSchema>;
  const discriminator = Object.entries(properties).find(([, property]) => 'const' in property);
  return discriminator ? `${discriminator[0]}: ${JSON.stringify(discriminator[1].const)}` : `Variant ${index + 1}`;
}

function tableOf(name: string, schema: JsonSchema): ApiSchemaTable {
  const resolved = resolve(schema);
  const members = unionMembers(resolved);
  return {
    name,
    description: typeof resolved.description === 'string' ? resolved.description : undefined,
    fields: members ? [] : fieldsOf(resolved),
    variants: members ? members.map((member, index) => ({ name: variantName(member, index), fields: fieldsOf(member) })) : [],
  };
}

/** Named schemas a schema mentions directly (through properties, items and unions). */
function childRefs(schema: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [];
  const visit = (node: JsonSchema, top: boolean) => {
    if (!top && refName(node)) {
      found.push(node);
      return;
    }
    const resolved = top ? resolve(node) : node;
    for (const property of Object.values((resolved.properties ?? {}) as Record<string, JsonSchema>)) visit(property, false);
    if (resolved.items) visit(resolved.items as JsonSchema, false);
    for (const member of unionMembers(resolved) ?? []) visit(member, false);
  };
  visit(schema, true);
  return found;
}

/**
 * Tables for a schema and the named schemas under it, breadth first,
 * `depth` levels below the root. Problem is documented on the Errors page
 * and is not repeated.
 */
function schemaTables(root: JsonSchema, depth: number, skip: readonly string[] = ['Problem']): ApiSchemaTable[] {
  const tables: ApiSchemaTable[] = [];
  const seen = new Set<string>(skip);
  let level: JsonSchema[] = [root];
  for (let d = 0; d <= depth && level.length > 0; d += 1) {
    const next: JsonSchema[] = [];
    for (const schema of level) {
      const name = refName(schema);
      if (!name || seen.has(name) || !isTableSchema(schema)) continue;
      seen.add(name);
      tables.push(tableOf(name, schema));
      next.push(...childRefs(schema));
    }
    level = next;
  }
  return tables;
}

interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { description: string; content: Record<string, { schema: JsonSchema }> };
  /** A `$ref` is a shared response (components.responses: the 405 every path answers). */
  responses: Record<string, { $ref?: string; description: string; headers?: Record<string, { description: string; schema: JsonSchema }>; content?: Record<string, { schema: JsonSchema }> }>;
}

export function findEndpoint(id: string): EndpointSpec {
  const row = endpoints.find((endpoint) => endpoint.id === id);
  if (!row) throw new Error(`No endpoint with id "${id}" in lib/endpoints/contract.ts`);
  return row;
}

function operationOf(row: EndpointSpec): OpenApiOperation {
  const operation = (openApi().paths[row.path] as Record<string, OpenApiOperation> | undefined)?.[row.method.toLowerCase()];
  if (!operation) throw new Error(`${row.method} ${row.path} is not in the OpenAPI document`);
  return operation;
}

// Problems are listed by code (the Errors page explains each), shared responses included.
const isProblemResponse = (response: OpenApiOperation['responses'][string]) =>
  response.$ref !== undefined || (Object.keys(response.content ?? {}).includes('application/problem+json') && response.description.startsWith('Problem'));

/** The reference of one endpoint, by its operationId (the `id` of its row in the endpoint table). */
export function endpointReference(id: string, options: { depth?: number } = {}): ApiEndpointReference {
  const row = findEndpoint(id);
  const operation = operationOf(row);
  const depth = options.depth ?? 2;

  const parameters: ApiField[] = (operation.parameters ?? []).map((parameter) => ({
    name: parameter.name,
    in: parameter.in,
    type: describeType(parameter.schema),
    required: parameter.required,
    description: parameter.description ?? (typeof parameter.schema.description === 'string' ? parameter.schema.description : undefined),
  }));

  let body: ApiEndpointReference['body'];
  if (operation.requestBody && row.body) {
    const [mediaType, content] = Object.entries(operation.requestBody.content)[0]!;
    body = {
      mediaType,
      description: row.body.description,
      maxBytes: row.body.maxBytes,
      schemas: schemaTables(content.schema, 1),
    };
  }

  const responses: ApiResponse[] = [];
  const responseSchemas: ApiSchemaTable[] = [];
  const shown = new Set<string>(['Problem']);
  for (const [status, response] of Object.entries(operation.responses).sort(([a], [b]) => Number(a) - Number(b))) {
    if (isProblemResponse(response)) continue;
    const [mediaType, content] = Object.entries(response.content ?? {})[0] ?? [];
    const headers = Object.entries(response.headers ?? {})
      .filter(([name]) => !(name in rateLimitHeaders))
      .map(([name, header]) => ({ name, type: describeType(header.schema), required: false, description: header.description }));
    const schemaName = content ? refName(content.schema) : undefined;
    responses.push({ status, mediaType, description: response.description, schema: schemaName, headers });
    if (content && mediaType?.endsWith('json') && schemaName) {
      for (const table of schemaTables(content.schema, depth, [...shown])) {
        shown.add(table.name);
        responseSchemas.push(table);
      }
    }
  }

  const errors: ApiProblemCode[] = row.errors.map((code) => ({
    code,
    status: problemCodes[code].status,
    title: problemCodes[code].title,
    href: problemTypeRoute(code),
  }));

  return {
    id: row.id,
    method: row.method,
    path: row.path,
    summary: operation.summary,
    description: operation.description,
    tag: operation.tags[0] ?? row.tag,
    rateLimited: row.rateLimited,
    deprecated: operation.deprecated === true,
    parameters,
    body,
    responses,
    responseSchemas,
    errors,
  };
}
