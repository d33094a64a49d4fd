import { listOptionsHandler } from '@/lib/api/handlers/v1';
import { routeHandlers } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/v1/options', { GET: listOptionsHandler });
