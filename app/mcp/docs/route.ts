import { mcpDocsTransport, mcpRouteOptions } from '@/lib/endpoints/handlers/agents-handlers';
import { serve } from '@/lib/endpoints/route-exports';

// The documentation-only MCP transport: serverInfo `svc-docs`, only `search_docs`.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpDocsTransport, mcpRouteOptions);
