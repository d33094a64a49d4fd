import { mcpTransport, mcpRouteOptions } from '@/lib/endpoints/handlers/agents-handlers';
import { serve } from '@/lib/endpoints/route-exports';

// MCP for coding agents (/docs/agents/mcp): serverInfo `svc`, every tool.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpTransport, mcpRouteOptions);
