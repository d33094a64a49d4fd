import { serve } from '@/lib/endpoints/route-exports';
import { searchIndexHandler } from '@/lib/docs/search-index';

// The whole index as JSON, built once per process; dynamic so the rate limit runs on every request.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(searchIndexHandler);
