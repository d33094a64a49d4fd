import { runtime } from '@/lib/runtime';
import { buildOpenApiDocument } from './openapi';
import type { RouteHandler } from '@/lib/http/route-handler';

/**
 * GET /openapi.json: built once per process from the endpoint table, with
 * the runtime's public origin as its server (the document describes the
 * host that serves it, so it is rendered at request time, not at build).
 */
let body: string | undefined;
export const openApiHandler: RouteHandler = async () => {
  body ??= JSON.stringify(buildOpenApiDocument(runtime().origin), null, 2);
  return new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' } });
};
