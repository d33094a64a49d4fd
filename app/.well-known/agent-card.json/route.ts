import { agentCard } from '@/lib/endpoints/handlers/agent-doors';
import { serve } from '@/lib/endpoints/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(agentCard);
