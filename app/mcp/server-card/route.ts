import { serverCardHandler } from '@/lib/api/handlers/agents';
import { routeHandlers } from '@/lib/api/route-handlers';

// The server card at the transport (SEP-2127's `<streamable-http-url>/server-card`); the same document as the well-known one.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/mcp/server-card', { GET: serverCardHandler });
