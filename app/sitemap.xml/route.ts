import { routeHandlers } from '@/lib/api/route-handlers';
import { sitemapHandler } from '@/lib/docs/sitemap';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/sitemap.xml', { GET: sitemapHandler });
