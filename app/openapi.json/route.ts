import { routeHandlers } from '@/lib/api/route-handlers';
import { openApiHandler } from '@/lib/api/openapi-handler';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/openapi.json', { GET: openApiHandler });
