import { mcpRouteOptions } from '@/lib/endpoints/handlers/agents';
import { mcpTransport } from '@/lib/endpoints/handlers/agent-doors';
import { serve } from '@/lib/endpoints/route-handlers';

// MCP for coding agents (spec "Agent endpoints"): serverInfo `svc`, every tool.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpTransport, mcpRouteOptions);
