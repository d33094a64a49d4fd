import { serve } from '@/lib/endpoints/route-exports';
import { sitemapHandler } from '@/lib/docs/sitemap';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(sitemapHandler);
