import { runtime } from '@/lib/runtime';
import { platformDescriptions } from './descriptions/platform-endpoints';
import { endpointById } from './descriptions/shared';
import { endpointHandler } from './endpoint-handler';
import { buildOpenApiDocument } from './openapi';

/**
 * GET /openapi.json: built once per process from the endpoint table, with
 * the runtime's public origin as its server (the document describes the
 * host that serves it, so it is rendered at request time, not at build).
 */
let body: string | undefined;
export const openApiHandler = endpointHandler(endpointById(platformDescriptions, 'openApi'), async () => {
  body ??= JSON.stringify(buildOpenApiDocument(runtime().origin), null, 2);
  return new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' } });
});
