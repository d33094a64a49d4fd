import { serve } from '@/lib/endpoints/route-exports';
import { openApiHandler } from '@/lib/endpoints/openapi-handler';

// Dynamic: the document names the runtime's origin, and the rate limit runs on every request.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(openApiHandler);
