import { serve } from '@/lib/endpoints/route-exports';
import { insightsJson } from '@/lib/endpoints/handlers/insights-handlers';

// Search insights and feedback as JSON, behind INSIGHTS_TOKEN.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(insightsJson);
