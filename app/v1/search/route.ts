import { searchDocs } from '@/lib/api/handlers/v1';
import { serve } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(searchDocs);
