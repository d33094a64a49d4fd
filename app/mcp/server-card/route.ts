import { mcpServerCardAlias } from '@/lib/endpoints/handlers/agents-handlers';
import { serve } from '@/lib/endpoints/route-exports';

// The server card at the transport (SEP-2127's `<streamable-http-url>/server-card`); the same document as the well-known one.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpServerCardAlias);
