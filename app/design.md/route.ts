import { installerHandlers } from '@/lib/api/handlers/installers';
import { routeHandlers } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/design.md', { GET: installerHandlers.designDoc });
