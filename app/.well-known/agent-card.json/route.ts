import { agentCardHandler } from '@/lib/api/handlers/agents';
import { routeHandlers } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/.well-known/agent-card.json', { GET: agentCardHandler });
