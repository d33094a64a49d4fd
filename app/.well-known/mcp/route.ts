import { mcpRouteOptions } from '@/lib/api/handlers/agents';
import { wellKnownMcpTransport } from '@/lib/api/handlers/agent-doors';
import { serve } from '@/lib/api/route-handlers';

// The same transport as /mcp, at its well-known address.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(wellKnownMcpTransport, mcpRouteOptions);
