import { tokenHandler } from '@/lib/api/handlers/discovery';
import { serve } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(tokenHandler);
