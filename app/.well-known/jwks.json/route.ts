import { jwksHandler } from '@/lib/endpoints/handlers/discovery-handlers';
import { serve } from '@/lib/endpoints/route-exports';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(jwksHandler);
