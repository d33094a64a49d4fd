import { serve } from '@/lib/endpoints/route-exports';
import { insightsPage } from '@/lib/endpoints/handlers/insights-handlers';

// The maintainers' view of search insights and feedback, behind INSIGHTS_TOKEN.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(insightsPage);
