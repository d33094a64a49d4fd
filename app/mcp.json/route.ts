import { mcpManifest } from '@/lib/api/handlers/agent-doors';
import { serve } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(mcpManifest);
