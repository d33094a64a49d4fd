import { structuredDataHandler } from '@/lib/api/handlers/structured-data';
import { serve } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(structuredDataHandler);
