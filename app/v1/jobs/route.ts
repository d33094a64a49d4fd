import { submitJob } from '@/lib/endpoints/handlers/v1-handlers';
import { serve } from '@/lib/endpoints/route-exports';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(submitJob);
