import { serve } from '@/lib/endpoints/route-handlers';
import { llmsTxtHandler } from '@/lib/docs/text-views';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(llmsTxtHandler);
