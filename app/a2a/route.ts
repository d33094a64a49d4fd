import { a2aTransport } from '@/lib/endpoints/handlers/agents-handlers';
import { serve } from '@/lib/endpoints/route-exports';

// A2A (/docs/agents/a2a): JSON-RPC 2.0, SendMessage (1.0) and message/send (0.3).
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(a2aTransport);
