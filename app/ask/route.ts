import { askGet, askPost } from '@/lib/endpoints/handlers/ask-handlers';
import { serve } from '@/lib/endpoints/route-exports';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve([askGet, askPost]);
