import { z } from 'zod';
import { routeById, type EndpointId, type Route } from '../contract';
import type { EndpointDescription, HeaderSpec, ResponseSpec } from '../endpoint';

/**
 * What the descriptions (lib/endpoints/descriptions/*.ts) share: the
 * response and header builders, the RateLimit headers every rate-limited
 * answer carries, and the join of a row's description with the routing
 * contract (lib/endpoints/contract.ts).
 */

/** A row of the contract joined with its description. */
export type Joined<D, I extends keyof D & EndpointId> = Extract<Route, { id: I }> & D[I];

const joinedRows = new WeakMap<object, Map<string, unknown>>();

/**
 * A row of the endpoint table by id: the contract's row joined with its
 * description in `descriptions`, typed by both, so a handler is typed by
 * its row. A handler passes the descriptions of its own door
 * (lib/endpoints/descriptions/<door>.ts), so its route loads no other
 * door's schemas; whatever needs every row passes `descriptions` of
 * lib/endpoints/descriptions/index.ts.
 */
export function endpointById<D extends { readonly [I in EndpointId]?: EndpointDescription }, I extends keyof D & EndpointId>(
  descriptions: D,
  id: I,
): Joined<D, I> {
  const description = descriptions[id];
  if (!description) throw new Error(`No endpoint ${id}`);
  let rows = joinedRows.get(descriptions);
  if (!rows) joinedRows.set(descriptions, (rows = new Map()));
  if (!rows.has(id)) rows.set(id, { ...routeById(id), ...description });
  return rows.get(id) as Joined<D, I>;
}

export const requiredHeader = (description: string): HeaderSpec => ({ description, schema: z.string(), required: true });

export const rateLimitHeaders: Record<string, HeaderSpec> = {
  'RateLimit-Limit': { description: 'Requests allowed per window (600)', schema: z.number().int(), required: true },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: z.number().int(), required: true },
  'RateLimit-Reset': { description: 'Seconds until the window turns', schema: z.number().int(), required: true },
  'RateLimit-Policy': { description: 'IETF draft form: `"default";q=600;w=60`', schema: z.string() },
  RateLimit: { description: 'IETF draft form: `"default";r=<remaining>;t=<reset>`', schema: z.string() },
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

export interface DocumentDescription extends Pick<EndpointDescription, 'tag' | 'summary' | 'errors' | 'params'> {
  description: string;
  response: Omit<ResponseSpec, 'description'>;
  cacheControl: string;
  headers?: Record<string, HeaderSpec>;
  extraResponses?: Record<number, ResponseSpec>;
}

/** The description of a document served by the document responder (lib/endpoints/document-responder.ts): its 200 and its 304. */
export function documentDescription(document: DocumentDescription): EndpointDescription {
  const headers = { ...documentHeaders(document.cacheControl), ...document.headers };
  return {
    tag: document.tag,
    summary: document.summary,
    description: `${document.description} Open CORS. A strong ETag; \`If-None-Match\` with it (or \`*\`) answers 304. HEAD answers the headers alone.`,
    ...(document.params ? { params: document.params } : {}),
    responses: {
      200: { description: document.summary, ...document.response, headers },
      304: notModified(headers),
      ...document.extraResponses,
    },
    errors: document.errors,
  };
}

export { notModified };
