import { serve } from '@/lib/endpoints/route-exports';
import { robotsHandler } from '@/lib/docs/sitemap';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(robotsHandler);
