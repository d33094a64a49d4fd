import { mcpRouteOptions } from '@/lib/endpoints/handlers/agents';
import { mcpDocsTransport } from '@/lib/endpoints/handlers/agent-doors';
import { serve } from '@/lib/endpoints/route-handlers';

// The documentation-only MCP transport: serverInfo `svc-docs`, only `search_docs`.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpDocsTransport, mcpRouteOptions);
