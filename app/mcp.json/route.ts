import { mcpManifestHandler } from '@/lib/api/handlers/agents';
import { routeHandlers } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/mcp.json', { GET: mcpManifestHandler });
