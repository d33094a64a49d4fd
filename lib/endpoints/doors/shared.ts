import { z } from 'zod';
import { problemSchema } from '@/lib/http/problem';
import { routeById, type EndpointId, type Route } from '../contract';
import type { DoorSpec, HeaderSpec, ResponseSpec } from '../endpoint';

/**
 * What the doors (lib/endpoints/doors/*.ts) share: the response and header
 * builders, the RateLimit headers every rate-limited answer carries, and
 * the join of a door's specs with the routing contract (lib/endpoints/contract.ts).
 */

/** A row of the contract joined with its door's spec. */
export type Joined<D, I extends keyof D & EndpointId> = Extract<Route, { id: I }> & D[I];

/**
 * The typed lookup of one door: `endpointById(id)` is the contract's row
 * with the door's spec, so a handler is typed by its row. A route imports
 * only its own door.
 */
export function doorLookup<D extends { readonly [I in EndpointId]?: DoorSpec }>(door: D) {
  const joined = new Map<string, unknown>();
  return function endpointById<I extends keyof D & EndpointId>(id: I): Joined<D, I> {
    const spec = door[id];
    if (!spec) throw new Error(`No endpoint ${id}`);
    if (!joined.has(id)) joined.set(id, { ...routeById(id), ...spec });
    return joined.get(id) as Joined<D, I>;
  };
}

export const requiredHeader = (description: string): HeaderSpec => ({ description, schema: z.string(), required: true });

export const rateLimitHeaders: Record<string, HeaderSpec> = {
  'RateLimit-Limit': { description: 'Requests allowed per window (600)', schema: z.number().int(), required: true },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: z.number().int(), required: true },
  'RateLimit-Reset': { description: 'Seconds until the window turns', schema: z.number().int(), required: true },
  'RateLimit-Policy': { description: 'IETF draft form: `"default";q=600;w=60`', schema: z.string() },
  RateLimit: { description: 'IETF draft form: `"default";r=<remaining>;t=<reset>`', schema: z.string() },
};

/** Problem responses are in every row's `errors`; the 500 is implicit. */
export const problemResponse: ResponseSpec = {
  description: 'A problem (RFC 9457)',
  representation: 'problem',
  schema: problemSchema,
};

export const json = (description: string, schema: z.ZodType, headers?: Record<string, HeaderSpec>): ResponseSpec => ({
  description,
  representation: 'json',
  schema,
  headers,
});
export const text = (description: string, headers?: Record<string, HeaderSpec>): ResponseSpec => ({
  description,
  representation: 'text',
  schema: z.string(),
  headers,
});
export const markdown = (description: string): ResponseSpec => ({ description, representation: 'markdown', schema: z.string() });
export const html = (description: string): ResponseSpec => ({ description, representation: 'html', schema: z.string() });

/** The 304 of a document whose `If-None-Match` matched. */
const notModified = (headers: Record<string, HeaderSpec>): ResponseSpec => ({
  description: '`If-None-Match` matched (RFC 9110 §13.1.2): no body',
  representation: 'none',
  headers,
});

/** What every 200 and 304 of a document carries. */
export const documentHeaders = (cacheControl: string): Record<string, HeaderSpec> => ({
  ETag: requiredHeader('Strong entity tag, the SHA-256 of the bytes (base64url); send it back in `If-None-Match` for a 304'),
  'Cache-Control': requiredHeader(`\`${cacheControl}\``),
});

export interface DocumentDoor extends Pick<DoorSpec, 'tag' | 'summary' | 'errors' | 'params'> {
  description: string;
  response: Omit<ResponseSpec, 'description'>;
  cacheControl: string;
  headers?: Record<string, HeaderSpec>;
  extraResponses?: Record<number, ResponseSpec>;
}

/** The door of a document served by the document responder (lib/endpoints/document-responder.ts): its 200 and its 304. */
export function documentDoor(door: DocumentDoor): DoorSpec {
  const headers = { ...documentHeaders(door.cacheControl), ...door.headers };
  return {
    tag: door.tag,
    summary: door.summary,
    description: `${door.description} Open CORS. A strong ETag; \`If-None-Match\` with it (or \`*\`) answers 304. HEAD answers the headers alone.`,
    ...(door.params ? { params: door.params } : {}),
    responses: {
      200: { description: door.summary, ...door.response, headers },
      304: notModified(headers),
      ...door.extraResponses,
    },
    errors: door.errors,
  };
}

export { notModified };
