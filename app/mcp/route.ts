import { mcpRouteOptions, mcpTransport } from '@/lib/api/handlers/agents';
import { routeHandlers } from '@/lib/api/route-handlers';

// MCP for coding agents (spec "Agent endpoints"): serverInfo `svc`, every tool.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/mcp', { POST: mcpTransport }, mcpRouteOptions);
