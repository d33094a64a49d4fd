import { mcpDocsTransport, mcpRouteOptions } from '@/lib/api/handlers/agents';
import { routeHandlers } from '@/lib/api/route-handlers';

// The documentation-only MCP transport: serverInfo `svc-docs`, only `search_docs`.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/mcp/docs', { POST: mcpDocsTransport }, mcpRouteOptions);
