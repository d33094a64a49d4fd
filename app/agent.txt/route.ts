import { agentPageHandler } from '@/lib/api/handlers/discovery';
import { routeHandlers } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/agent.txt', { GET: agentPageHandler });
