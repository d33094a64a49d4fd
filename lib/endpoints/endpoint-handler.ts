import { readCappedText } from '@/lib/http/read-body';
import type { z } from 'zod';
import { CoreError } from '@/lib/core/core-error';
import type { ErrorCode } from '@/lib/core/error-codes';
import { inputFailure } from '@/lib/core/input-errors';
import { internalErrorResponse, problemResponse } from '@/lib/http/problem';
import { problemCodes } from '@/lib/http/problem-codes';
import { requestClient } from '@/lib/http/rate-limit';
import { withHeaders, type RouteContext, type RouteHandler } from '@/lib/http/route-handler';
import { runtime } from '@/lib/runtime';
import { consoleLog, type Log } from '@/lib/platform/log';
import { err, ok, type Result } from '@/lib/core/result';
import type { EndpointSpec } from './endpoint';

/**
 * The handler wrapper every endpoint goes through: it parses and validates
 * path, query, headers and body against the row's zod schemas (failures
 * become the 400 codes of /docs/api/errors), runs the implementation, renders its
 * failure (a CoreError value) as problem+json, turns anything thrown into a
 * 500 problem with a logged request id, and adds the row's deprecation
 * headers. Expected failures are values from end to end: the parsing steps
 * and the implementation return a Result, rendered here once.
 */


type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

interface HandlerInput<E extends EndpointSpec> {
  request: Request;
  url: URL;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  /** The parsed JSON body (domain validation is the implementation's). */
  body: unknown;
  /** Raw bytes of the body, for idempotency fingerprints. */
  rawBody: string;
  /** Declared request headers that were present. */
  headers: Partial<Record<keyof NonNullable<E['headers']> & string, string>>;
  /** Who the rate limiter counts this request against (its client IP). */
  client: string;
}

export interface JsonReply {
  status?: number;
  json: unknown;
  headers?: Record<string, string>;
}

/** What an implementation answers: a reply, or its expected failure as a value (only a bug throws). */
export type Implementation<E extends EndpointSpec> = (input: HandlerInput<E>) => Promise<Result<Response | JsonReply, CoreError>>;

function jsonResponse(reply: JsonReply): Response {
  const headers = new Headers(reply.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(reply.json), { status: reply.status ?? 200, headers });
}

/** Sunset is an HTTP-date (RFC 8594); `Deprecation: true` per /docs/api, "Versioning". */
export function deprecationHeaders(endpoint: EndpointSpec): Record<string, string> {
  if (!endpoint.deprecated) return {};
  return { Deprecation: 'true', Sunset: endpoint.deprecated.sunset.toUTCString() };
}

function validationError(endpoint: EndpointSpec, where: string, error: z.ZodError, input: Record<string, unknown>): CoreError {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? where);
  return inputFailure(endpoint.inputProblems?.[field], field, input[field], (code) =>
    new CoreError(code, `Invalid ${where} \`${field}\`: ${issue?.message ?? 'not accepted'}. See /openapi.json for what it takes.`),
  );
}

/** Query string → object; empty values count as absent (an empty `cursor` asks for the first page). */
function queryObject(url: URL): Result<Record<string, string>, CoreError> {
  const out: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    if (values.length > 1) return err(new CoreError('invalid_parameter', `The query parameter \`${key}\` was given more than once.`));
    if (values[0] !== '') out[key] = values[0]!;
  }
  return ok(out);
}

/** Validates `raw` against the row's schema for it (none: an empty object). */
function parsePart(endpoint: EndpointSpec, schema: z.ZodObject | undefined, where: string, raw: Record<string, unknown>): Result<unknown, CoreError> {
  if (!schema) return ok({});
  const parsed = schema.safeParse(raw);
  return parsed.success ? ok(parsed.data) : err(validationError(endpoint, where, parsed.error, raw));
}

/** The declared request headers that are present, each checked against its schema. */
function requestHeaders(endpoint: EndpointSpec, request: Request): Result<Record<string, string>, CoreError> {
  const headers: Record<string, string> = {};
  for (const [name, spec] of Object.entries(endpoint.headers ?? {})) {
    const value = request.headers.get(name);
    if (value === null) continue;
    if (!spec.schema.safeParse(value).success) {
      return err(
        inputFailure(endpoint.inputProblems?.[name], name, value, (code) =>
          new CoreError(code, `The \`${name}\` header is not valid. ${problemCodes[code].explanation}`),
        ),
      );
    }
    headers[name] = value;
  }
  return ok(headers);
}

const formType = 'application/x-www-form-urlencoded';

/**
 * The JSON body, at most the row's byte cap, and its raw text (for
 * idempotency fingerprints). With `forms`, a form-encoded body is read too
 * (each field a string), and a body of any other declared type is a 415.
 */
async function requestBody(
  endpoint: EndpointSpec,
  request: Request,
  tooLarge: ErrorCode,
  forms: boolean,
): Promise<Result<{ body: unknown; rawBody: string }, CoreError>> {
  if (!endpoint.body) return ok({ body: undefined, rawBody: '' });
  const type = request.headers.get('content-type')?.split(';', 1)[0]!.trim().toLowerCase();
  const form = forms && type === formType;
  if (forms && !form && type && type !== 'application/json' && !type.endsWith('+json')) {
    return err(new CoreError('unsupported_media_type', `The body is \`${type.slice(0, 100)}\`; send \`application/json\` or \`${formType}\`.`));
  }
  const text = await readCappedText(request.body, endpoint.body.maxBytes);
  if (text === undefined) return err(new CoreError(tooLarge, `The body is larger than ${endpoint.body.maxBytes} bytes.`));
  if (form) return ok({ body: Object.fromEntries(new URLSearchParams(text)), rawBody: text });
  try {
    return ok({ body: JSON.parse(text) as unknown, rawBody: text });
  } catch {
    return err(new CoreError('invalid_json', 'The request body is not valid JSON.'));
  }
}

/** The request as the implementation takes it: every part validated, the first failure as the value. */
async function handlerInput<E extends EndpointSpec>(
  endpoint: E,
  request: Request,
  context: RouteContext | undefined,
  tooLarge: ErrorCode,
  forms: boolean,
): Promise<Result<HandlerInput<E>, CoreError>> {
  const url = new URL(request.url);
  const params = parsePart(endpoint, endpoint.params, 'path parameter', (await context?.params) ?? {});
  if (!params.ok) return params;
  const rawQuery = queryObject(url);
  if (!rawQuery.ok) return rawQuery;
  const query = parsePart(endpoint, endpoint.query, 'query parameter', rawQuery.value);
  if (!query.ok) return query;
  const headers = requestHeaders(endpoint, request);
  if (!headers.ok) return headers;
  const body = await requestBody(endpoint, request, tooLarge, forms);
  if (!body.ok) return body;
  return ok({
    request,
    url,
    params: params.value as HandlerInput<E>['params'],
    query: query.value as HandlerInput<E>['query'],
    ...body.value,
    headers: headers.value as HandlerInput<E>['headers'],
    client: requestClient(request, runtime().rateLimit.clientIp),
  });
}


/**
 * A handler that knows its row: what a route file serves
 * (lib/endpoints/route-exports.ts `serve`), which takes the path, the methods
 * and the route layer's flags from the row, not from the route file.
 */
export type EndpointHandler = RouteHandler & { readonly endpoint: EndpointSpec };

/** The runtime's log, or the console's when the runtime itself is what failed (a bad configuration). */
function failureLog(): Log {
  try {
    return runtime().log;
  } catch {
    return consoleLog;
  }
}

/**
 * Binds a handler to its row (the contract's row joined with its description, lib/endpoints/descriptions/),
 * and is the one way a route fails: a throw becomes the `internal_error` problem naming a logged request id,
 * never Next's bare 500, whatever the handler (`implement`'s, a document's, a transport's, a text view's).
 */
export function endpointHandler(endpoint: EndpointSpec, handler: RouteHandler): EndpointHandler {
  return Object.assign(failSafe(handler), { endpoint });
}

/** A handler whose throw is the `internal_error` problem (the route layer's own steps are wrapped in it too). */
export function failSafe(handler: RouteHandler): RouteHandler {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return internalErrorResponse(error, failureLog());
    }
  };
}

export const isEndpointHandler = (value: unknown): value is EndpointHandler => typeof value === 'function' && 'endpoint' in value;

export function implement<E extends EndpointSpec>(
  endpoint: E,
  implementation: Implementation<E>,
  options: { bodyTooLarge?: ErrorCode; forms?: boolean } = {},
): EndpointHandler {
  // Only a bug throws: endpointHandler makes it a 500 naming a logged request id.
  return endpointHandler(endpoint, async (request, context) => {
    const input = await handlerInput(endpoint, request, context, options.bodyTooLarge ?? 'invalid_parameter', options.forms === true);
    const result = input.ok ? await implementation(input.value) : input;
    if (!result.ok) return problemResponse(result.error, deprecationHeaders(endpoint));
    const response = result.value instanceof Response ? result.value : jsonResponse(result.value);
    return withHeaders(response, deprecationHeaders(endpoint));
  });
}
