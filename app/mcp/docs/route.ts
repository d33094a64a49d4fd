import { mcpRouteOptions } from '@/lib/api/handlers/agents';
import { mcpDocsTransport } from '@/lib/api/handlers/agent-doors';
import { serve } from '@/lib/api/route-handlers';

// The documentation-only MCP transport: serverInfo `svc-docs`, only `search_docs`.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpDocsTransport, mcpRouteOptions);
