import { serve } from '@/lib/endpoints/route-exports';
import { docsTreeFolder } from '@/lib/docs/docs-tree-folder';

// A large sidebar folder's whole list, fetched when a reader opens it.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(docsTreeFolder);
