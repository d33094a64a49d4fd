import { serve } from '@/lib/endpoints/route-exports';
import { docsSearchDialog } from '@/lib/endpoints/handlers/docs-search-handlers';

// The search dialog's queries: the search core, rate-limited in a window of its own.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(docsSearchDialog);
