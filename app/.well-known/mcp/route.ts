import { mcpRouteOptions } from '@/lib/endpoints/handlers/agents';
import { wellKnownMcpTransport } from '@/lib/endpoints/handlers/agent-doors';
import { serve } from '@/lib/endpoints/route-handlers';

// The same transport as /mcp, at its well-known address.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(wellKnownMcpTransport, mcpRouteOptions);
