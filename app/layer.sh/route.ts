import { layerInstaller } from '@/lib/api/handlers/installers';
import { serve } from '@/lib/api/route-handlers';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(layerInstaller);
