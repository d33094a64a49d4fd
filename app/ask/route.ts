import { askGet, askPost } from '@/lib/api/handlers/ask';
import { serve } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve([askGet, askPost]);
