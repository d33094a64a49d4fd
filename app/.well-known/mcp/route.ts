import { mcpRouteOptions, mcpTransport } from '@/lib/api/handlers/agents';
import { routeHandlers } from '@/lib/api/route-handlers';

// The same transport as /mcp, at its well-known address.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/.well-known/mcp', { POST: mcpTransport }, mcpRouteOptions);
