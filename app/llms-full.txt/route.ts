import { serve } from '@/lib/endpoints/route-handlers';
import { llmsFullTxtHandler } from '@/lib/docs/text-views';

export const dynamic = 'force-static';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(llmsFullTxtHandler);
