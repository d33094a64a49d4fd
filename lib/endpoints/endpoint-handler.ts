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
import type { EndpointSpec } from './endpoint';

/**
 * The handler wrapper every endpoint goes through: it parses and validates
 * path, query, headers and body against the row's zod schemas (failures
 * become the spec's 400 codes), runs the implementation, renders a CoreError
 * as problem+json, turns anything unexpected into a 500 problem with a
 * logged request id, and adds the row's deprecation headers.
 */


type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface HandlerInput<E extends EndpointSpec> {
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

export type Implementation<E extends EndpointSpec> = (input: HandlerInput<E>) => Promise<Response | JsonReply>;

export function jsonResponse(reply: JsonReply): Response {
  const headers = new Headers(reply.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(reply.json), { status: reply.status ?? 200, headers });
}

/** Sunset is an HTTP-date (RFC 8594); `Deprecation: true` per the spec's "Versioning". */
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

/** Query string → object; empty values count as absent (spec: empty `cursor` = first page). */
function queryObject(endpoint: EndpointSpec, url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    if (values.length > 1) throw new CoreError('invalid_parameter', `The query parameter \`${key}\` was given more than once.`);
    if (values[0] !== '') out[key] = values[0]!;
  }
  return out;
}


/**
 * A handler that knows its row: what a route file serves
 * (lib/endpoints/route-exports.ts `serve`), which takes the path, the methods
 * and the route layer's flags from the row, not from the route file.
 */
export type EndpointHandler = RouteHandler & { readonly endpoint: EndpointSpec };

/** Binds a handler to its row (the contract's row joined with its description, lib/endpoints/descriptions/). */
export function endpointHandler(endpoint: EndpointSpec, handler: RouteHandler): EndpointHandler {
  return Object.assign((request: Request, context?: RouteContext) => handler(request, context), { endpoint });
}

export const isEndpointHandler = (value: unknown): value is EndpointHandler => typeof value === 'function' && 'endpoint' in value;

export function implement<E extends EndpointSpec>(
  endpoint: E,
  implementation: Implementation<E>,
  options: { bodyTooLarge?: ErrorCode } = {},
): EndpointHandler {
  return endpointHandler(endpoint, async (request, context) => {
    try {
      const url = new URL(request.url);
      const rawParams = (await context?.params) ?? {};
      const params = endpoint.params ? endpoint.params.safeParse(rawParams) : { success: true as const, data: {} };
      if (!params.success) throw validationError(endpoint, 'path parameter', params.error, rawParams);

      const rawQuery = queryObject(endpoint, url);
      const query = endpoint.query ? endpoint.query.safeParse(rawQuery) : { success: true as const, data: {} };
      if (!query.success) throw validationError(endpoint, 'query parameter', query.error, rawQuery);

      const headers: Record<string, string> = {};
      for (const [name, spec] of Object.entries(endpoint.headers ?? {})) {
        const value = request.headers.get(name);
        if (value === null) continue;
        if (!spec.schema.safeParse(value).success) {
          throw inputFailure(endpoint.inputProblems?.[name], name, value, (code) =>
            new CoreError(code, `The \`${name}\` header is not valid. ${problemCodes[code].explanation}`),
          );
        }
        headers[name] = value;
      }

      let body: unknown;
      let rawBody = '';
      if (endpoint.body) {
        const text = await readCappedText(request.body, endpoint.body.maxBytes);
        if (text === undefined) {
          throw new CoreError(
            options.bodyTooLarge ?? 'invalid_parameter',
            `The body is larger than ${endpoint.body.maxBytes} bytes.`,
          );
        }
        rawBody = text;
        try {
          body = JSON.parse(text);
        } catch {
          throw new CoreError('invalid_json', 'The request body is not valid JSON.');
        }
      }

      const result = await implementation({
        request,
        url,
        params: params.data as HandlerInput<E>['params'],
        query: query.data as HandlerInput<E>['query'],
        body,
        rawBody,
        headers: headers as HandlerInput<E>['headers'],
        client: requestClient(request, runtime().rateLimit.clientIp),
      });
      const response = result instanceof Response ? result : jsonResponse(result);
      return withHeaders(response, deprecationHeaders(endpoint));
    } catch (error) {
      if (CoreError.is(error)) return problemResponse(error, deprecationHeaders(endpoint));
      return internalErrorResponse(error, runtime().log);
    }
  });
}
