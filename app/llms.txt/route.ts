import { routeHandlers } from '@/lib/api/route-handlers';
import { llmsTxtHandler } from '@/lib/docs/text-views';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers('/llms.txt', { GET: llmsTxtHandler });
