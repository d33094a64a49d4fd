import { serve } from '@/lib/endpoints/route-handlers';
import { robotsHandler } from '@/lib/docs/sitemap';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(robotsHandler);
