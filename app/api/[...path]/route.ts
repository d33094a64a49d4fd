import { readRoutes } from '@/lib/endpoints/handlers/v1-handlers';

// The reads of the operation table at their paths, and a not_found problem for any other path here.
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = readRoutes;
