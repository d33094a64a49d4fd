import { apiNotFound } from '@/lib/endpoints/handlers/not-found';

// Any method on a path under this prefix that no endpoint answers.
export const dynamic = 'force-dynamic';
export const GET = apiNotFound;
export const POST = apiNotFound;
export const PUT = apiNotFound;
export const PATCH = apiNotFound;
export const DELETE = apiNotFound;
export const OPTIONS = apiNotFound;
