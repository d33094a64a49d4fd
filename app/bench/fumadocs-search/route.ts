import { benchFumadocsSearch } from '@/lib/api/handlers/bench';

export const dynamic = 'force-dynamic';
export const GET = benchFumadocsSearch;
