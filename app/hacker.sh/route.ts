import { hackerInstaller } from '@/lib/endpoints/handlers/installers-handlers';
import { serve } from '@/lib/endpoints/route-exports';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(hackerInstaller);
