import { serve } from '@/lib/endpoints/route-exports';
import { searchClick } from '@/lib/endpoints/handlers/insights-handlers';

// The search dialog's beacon: a result opened, counted for the query's click-through rate.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(searchClick);
