import { searchServer } from '@/lib/docs/search-index';

// Static JSON: the whole index, built once at build time.
export const revalidate = false;
export const GET = searchServer.staticGET;
