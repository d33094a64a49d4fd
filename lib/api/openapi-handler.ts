import { buildOpenApiDocument } from './openapi';
import type { RouteHandler } from '@/lib/http/route-handler';

/** GET /openapi.json: built once from the endpoint table. */
let body: string | undefined;
export const openApiHandler: RouteHandler = async () => {
  body ??= JSON.stringify(buildOpenApiDocument(), null, 2);
  return new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' } });
};
