import { serve } from '@/lib/endpoints/route-exports';
import { sendFeedback } from '@/lib/endpoints/handlers/insights-handlers';

// "Was this page helpful?": JSON, or the page's form posted without JavaScript.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(sendFeedback);
