import { mcpRouteOptions } from '@/lib/api/handlers/agents';
import { mcpTransport } from '@/lib/api/handlers/agent-doors';
import { serve } from '@/lib/api/route-handlers';

// MCP for coding agents (spec "Agent endpoints"): serverInfo `svc`, every tool.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpTransport, mcpRouteOptions);
