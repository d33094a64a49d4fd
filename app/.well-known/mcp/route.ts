import { wellKnownMcpTransport, mcpRouteOptions } from '@/lib/endpoints/handlers/agents-handlers';
import { serve } from '@/lib/endpoints/route-exports';

// The same transport as /mcp, at its well-known address.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(wellKnownMcpTransport, mcpRouteOptions);
