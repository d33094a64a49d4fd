import { routeHandlers } from '@/lib/api/route-handlers';
import { searchIndexHandler } from '@/lib/docs/search-index';

// Static JSON: the whole index, built once at build time.
export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/api/search', { GET: searchIndexHandler });
