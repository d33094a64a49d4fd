import { serve } from '@/lib/endpoints/route-exports';
import { llmsTxtHandler } from '@/lib/docs/text-views';

// Per request: the answer reads the request's validators (a 304 to If-None-Match or If-Modified-Since).
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(llmsTxtHandler);
