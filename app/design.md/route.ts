import { installerHandlers } from '@/lib/installers/default-deps';

export const dynamic = 'force-dynamic';
export const GET = installerHandlers.designDoc;
