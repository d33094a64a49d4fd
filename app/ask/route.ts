import { askGet, askPost } from '@/lib/api/handlers/ask';
import { routeHandlers } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/ask', { GET: askGet, POST: askPost });
