import { installerHandlers } from '@/lib/api/handlers/installers';
import { routeHandlers } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/minimal.sh', { GET: installerHandlers.installer.minimal });
