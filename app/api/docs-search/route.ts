import { serve } from '@/lib/api/route-handlers';
import { docsSearchDialog } from '@/lib/api/handlers/docs-search';

// The search dialog's queries: the search core, rate-limited in a window of its own.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(docsSearchDialog);
