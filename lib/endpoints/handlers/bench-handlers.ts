import { createFromSource } from 'fumadocs-core/search/server';
import { routeDocs } from '@/lib/docs-source/route-docs';
import { notFoundError, problemResponse } from '@/lib/http/problem';
import { runtime } from '@/lib/runtime';
import type { RouteHandler } from '@/lib/http/route-handler';

/**
 * Baselines for `npm run bench`, answered only when BENCH_ROUTES=1 (else
 * 404 like any unknown path). proxy.ts does not run for /bench/*, so
 * these measure Next's own floor:
 * - /bench/floor: the same bytes as GET /v1/rooms?sandbox=true, with no
 *   proxy, limiter or validation work;
 * - /bench/fumadocs-search: Fumadocs' stock `createFromSource` search route
 *   (its default tokenizer and scoring) over the same content, for
 *   /v1/search to be measured against, for speed and for ranking.
 */
const enabled = () => process.env.BENCH_ROUTES === '1';
const notFound = (request: Request) =>
  problemResponse(notFoundError(request.method, new URL(request.url).pathname));

let floorBody: string | undefined;
export const benchFloor: RouteHandler = async (request) => {
  if (!enabled()) return notFound(request);
  floorBody ??= JSON.stringify((runtime().services({ sandbox: true }).rooms({}) as { ok: true; value: unknown }).value);
  return new Response(floorBody, { headers: { 'Content-Type': 'application/json' } });
};

let stockSearch: ReturnType<typeof createFromSource> | undefined;
export const benchFumadocsSearch: RouteHandler = async (request) => {
  if (!enabled()) return notFound(request);
  stockSearch ??= createFromSource((await routeDocs()).source);
  return stockSearch.GET(request);
};
